import ArgumentParser
import BooksTrackCore

/// `bookstrack isbn`: check, convert and hyphenate ISBNs.
struct ISBNCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isbn",
        abstract: "Check ISBNs: validity, ISBN-13, ISBN-10, hyphenation and registration group.",
        discussion: "Exits 2 when any value is not a valid ISBN."
    )

    @Argument(help: "ISBN-10 or ISBN-13 values, as pasted (hyphens, spaces, ISBN: prefix, =\"…\").")
    var values: [String]

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func validate() throws {
        if values.isEmpty { throw ArgumentParser.ValidationError("give at least one ISBN") }
    }

    struct Report: Encodable {
        struct Group: Encodable {
            var prefix: String
            var name: String
        }

        var input: String
        var valid: Bool
        var error: String?
        var isbn13: String?
        var isbn10: String?
        var hyphenated: String?
        var hyphenatedISBN10: String?
        var registrationGroup: Group?
    }

    func run() throws {
        var reports: [Report] = []
        for value in values {
            do {
                let isbn = try ISBN(parsing: value)
                reports.append(
                    Report(
                        input: value, valid: true, isbn13: isbn.isbn13, isbn10: isbn.isbn10, hyphenated: isbn.hyphenated,
                        hyphenatedISBN10: isbn.hyphenatedISBN10,
                        registrationGroup: isbn.registrationGroup.map { Report.Group(prefix: $0.prefix, name: $0.name) }
                    )
                )
            } catch {
                reports.append(Report(input: value, valid: false, error: error.description))
            }
        }
        if json {
            try JSONOutput.print(reports)
        } else {
            for (index, report) in reports.enumerated() {
                if index > 0 { say() }
                guard report.valid else {
                    say("\(report.input): invalid — \(report.error ?? "not an ISBN")")
                    continue
                }
                say("\(report.input): valid")
                say("  ISBN-13:     \(report.isbn13 ?? "")")
                say("  ISBN-10:     \(report.isbn10 ?? "none (979 prefix)")")
                say("  Hyphenated:  \(report.hyphenated ?? "")" + (report.hyphenatedISBN10.map { " / \($0)" } ?? ""))
                say("  Group:       " + (report.registrationGroup.map { "\($0.name) (\($0.prefix))" } ?? "unknown (not in the ISBN ranges)"))
            }
        }
        let invalid = reports.filter { !$0.valid }.count
        if invalid > 0 {
            throw CommandFailure(message: invalid == 1 ? "1 value is not a valid ISBN" : "\(invalid) values are not valid ISBNs", exitCode: CommandLineRunner.invalidInput)
        }
    }
}
