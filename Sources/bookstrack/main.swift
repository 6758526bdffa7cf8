import BooksTrackCLI
// Linked for its malloc and free, which take over the process's allocations (see the README).
import CTCMalloc
import Foundation

exit(await CommandLineRunner.run(Array(CommandLine.arguments.dropFirst())))
