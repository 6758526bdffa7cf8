import ArgumentParser
import BooksTrackCore
import Foundation

/// Turns command-line text into model values with messages that say what is accepted.
enum ArgumentText {
    static func status(_ text: String) throws -> ReadingStatus {
        guard let status = ReadingStatus(parsing: text) else {
            throw CommandFailure.invalid(
                "unknown status \"\(text)\"; use one of: " + ReadingStatus.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        return status
    }

    static func format(_ text: String) throws -> EditionFormat {
        // "other" is a choice; any other text that names no format is a mistake to report.
        guard let format = EditionFormat(parsingBinding: text),
            format != .other || text.trimmingCharacters(in: .whitespaces).lowercased() == "other"
        else {
            throw CommandFailure.invalid(
                "unknown format \"\(text)\"; use one of: " + EditionFormat.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        return format
    }

    static func isbn(_ text: String) throws -> ISBN {
        do {
            return try ISBN(parsing: text)
        } catch {
            throw CommandFailure.invalid("\"\(text)\" is not a valid ISBN: \(error)")
        }
    }

    static func date(_ text: String, option: String) throws -> Date {
        guard let date = PartialDate(parsing: text), date.precision == .day else {
            throw CommandFailure.invalid("\(option) \"\(text)\" is not a date; use YYYY-MM-DD")
        }
        return date.date()
    }
}

/// Commands that act on one named book.
protocol BookCommand {
    var options: LibraryOptions { get }
    var book: String { get }
}

extension BookCommand {
    /// The book as the reader named it.
    var reference: BookReference { .name(book) }

    /// Prints the book after a change: a summary line, or the JSON form with `--json`.
    func report(_ book: LibraryBook, now: Date, message: String? = nil) throws {
        if options.json {
            try JSONOutput.print(BookResource(book, now: now))
        } else {
            if let message { say(message) }
            say(TextFormat.summary(book))
        }
    }
}
