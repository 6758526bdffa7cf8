import BooksTrackCLI
import Foundation

exit(await CommandLineRunner.run(Array(CommandLine.arguments.dropFirst())))
