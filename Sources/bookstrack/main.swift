import BooksTrackApp
import BooksTrackCLI
// Linked for its malloc and free, which take over the process's allocations (see the README).
import CTCMalloc
import Foundation

// What the program creates (its library, caches, uploads) is its user's alone, whatever umask it
// was started with; `bookstrack install` sets the modes an installed program needs itself.
umask(0o077)
// The composition root is built here, above the commands, which receive their services from it.
exit(await CommandLineRunner.run(Array(CommandLine.arguments.dropFirst()), context: .process(root: BooksTrackApp.init)))
