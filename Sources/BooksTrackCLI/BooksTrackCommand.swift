import ArgumentParser
import BooksTrackCatalog
import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import BooksTrackStore
import Foundation

/// `bookstrack`: keep a reading library from the terminal.
package struct BooksTrackCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "bookstrack",
        abstract: "Keep track of the books you read, own and want.",
        discussion: """
            Name a book by its id (or a unique id prefix), an ISBN, or a unique piece of its title.
            Data lives in $BOOKSTRACK_DATA_DIR, else $XDG_DATA_HOME/bookstrack, else ~/.local/share/bookstrack.
            """,
        subcommands: [
            AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self, EditionCommand.self, CoverCommand.self,
            StartCommand.self, ProgressCommand.self, FinishCommand.self, StopCommand.self, HoldCommand.self,
            StatusCommand.self, AcquireCommand.self, RateCommand.self, ReviewCommand.self, ScanCommand.self, NoteCommand.self,
            TagCommand.self, QuoteCommand.self, SessionCommand.self, FavoriteCommand.self, PhotoCommand.self,
            RemoveCommand.self, ISBNCommand.self, SearchCommand.self, CatalogCommand.self, CacheCommand.self,
            ImportCommand.self, ExportCommand.self, EnrichCommand.self, InsightsCommand.self, GoalCommand.self,
            AuthorCommand.self, ServeCommand.self, UserCommand.self, TokenCommand.self, InstallCommand.self,
        ]
    )

    package init() {}
}

/// Runs the command line in-process and returns the exit code.
package enum CommandLineRunner {
    /// Exit code for a rule or validation failure (DESIGN §3: validation errors exit 2).
    package static let invalidInput: Int32 = 2
    /// Exit code for a book or file that was not found, or a name that matched several books.
    package static let notFound: Int32 = 1
    /// Exit code when the library database cannot be opened, read or written (EX_IOERR).
    package static let storageFailure: Int32 = 74
    /// Exit code when the program itself is put together wrongly (EX_SOFTWARE).
    package static let softwareFailure: Int32 = 70

    /// Parses `arguments` (without the program name), runs the command with `context`, reports any
    /// error on standard error and returns the process exit code.
    package static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        await CommandContext.$current.withValue(context) {
            do {
                var command = try BooksTrackCommand.parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
                return 0
            } catch {
                return report(error, context: context)
            }
        }
    }

    private static func report(_ error: any Error, context given: CommandContext) -> Int32 {
        // A message may quote what was typed or stored: it reaches the terminal escaped.
        var context = given
        context.standardError = { [write = given.standardError] text in write(TerminalText.escaped(text)) }
        switch error {
        case let error as EntryLookupError:
            context.standardError("error: \(error)\n")
            return notFound
        case let error as LibraryError:
            context.standardError("error: \(error)\n")
            switch error {
            case .entryNotFound, .workNotFound, .editionNotFound, .authorNotFound, .photoNotFound, .quoteNotFound: return notFound
            default: return invalidInput
            }
        case let error as EditError:
            context.standardError("error: \(error)\n")
            switch error {
            case .editionOfAnotherBook, .noEditionFound: return notFound
            default: return invalidInput
            }
        case is ItemLookupError, is GoalError:
            context.standardError("error: \(error)\n")
            return notFound
        case let error as ScanError:
            context.standardError("error: \(error)\n")
            if case .alreadyDecided = error { return invalidInput }
            if case .ambiguous = error { return invalidInput }
            return notFound
        case is ShelfRecognitionError:
            context.standardError("error: \(error)\n")
            return invalidInput
        case let error as SearchError:
            context.standardError("error: \(error)\n")
            if case .nothingFound = error { return notFound }
            return invalidInput
        case let error as AccountError:
            context.standardError("error: \(error)\n")
            if case .accountNotFound = error { return notFound }
            if case .tokenNotFound = error { return notFound }
            return invalidInput
        case is BooksTrackCore.ValidationError, is UnavailableError, is ISBNError, is AddBookError, is ProviderConfigurationError, is ImageError, is BarcodeError:
            context.standardError("error: \(error)\n")
            return invalidInput
        case let error as ImportError:
            context.standardError("error: \(error)\n")
            if case .unreadable = error { return notFound }
            return invalidInput
        case is StoreError, is CatalogError, is ProgramInstallation.Failure:
            context.standardError("error: \(error)\n")
            return storageFailure
        case let error as CommandFailure:
            context.standardError("error: \(error.message)\n")
            return error.exitCode
        default:
            // Argument-parser errors (usage, --help, --version) keep its messages and exit codes.
            let code = BooksTrackCommand.exitCode(for: error).rawValue
            let message = BooksTrackCommand.fullMessage(for: error)
            if code == 0 {
                if !message.isEmpty { context.standardOutput(message + "\n") }
            } else {
                context.standardError(message.lowercased().hasPrefix("error") ? message + "\n" : "error: \(message)\n")
            }
            return code
        }
    }
}

/// A failure the command line reports with its own message and exit code.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32

    /// Bad input on the command line (exit 2).
    static func invalid(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: CommandLineRunner.invalidInput) }
    /// A file or book that is not there (exit 1).
    static func notFound(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: CommandLineRunner.notFound) }
}

/// Options every library command takes.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: "Whose library to use (created by the first add or import).")
    var user: String = User.defaultLocalName

    @OptionGroup var folder: DataFolderOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    /// The composition root for this run's data folder, environment and clock.
    func app() throws -> any ServiceRoot { try folder.app() }

    /// The user's library and its services; only commands that add books (`creatingUser`) create
    /// a user that does not exist yet: reading never does. A preview (`unknownUserIsEmpty`) of an
    /// unknown user reads an empty library.
    func user(creatingUser: Bool = false, unknownUserIsEmpty: Bool = false) throws -> UserLibrary {
        do {
            _ = try User.validatedName(user)
        } catch {
            throw CommandFailure.invalid("--user: \(error)")
        }
        do {
            return try app().library(user: user, creatingUser: creatingUser, unknownUserIsEmpty: unknownUserIsEmpty)
        } catch let error as UnknownUserError {
            throw CommandFailure.notFound(error.description)
        }
    }

    /// The user's library use cases.
    func library(creatingUser: Bool = false) throws -> LibraryService {
        try user(creatingUser: creatingUser).library
    }
}
