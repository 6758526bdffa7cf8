import BooksTrackCLI
import Foundation

exit(CommandLineRunner.run(Array(CommandLine.arguments.dropFirst())))
