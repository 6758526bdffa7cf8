import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// The BooksTrack JSON layout, and what the reader does with files that do not follow it.
@Suite struct BooksTrackJSONTests {
    let library: ExportLibrary
    /// Alice's library of five books, exported with photos.
    let export: URL

    init() throws {
        library = try ExportLibrary()
        try library.fill(fixtures: 3)
        export = library.url("library.json")
        _ = try library.exporter(for: library.store).exportJSON(to: export, includePhotos: true)
    }

    // MARK: Layout

    @Test func eachAuthorAndEachBookSitsOnItsOwnLineOfOneJSONDocument() throws {
        // Given an export of five books
        let lines = try exportLines()
        // When its lines are taken apart
        let booksLine = try #require(lines.firstIndex(of: "],\"books\":["))
        let authors = lines[1..<booksLine]
        let books = lines[(booksLine + 1)...].prefix { $0 != "]}" }
        // Then the header opens the authors, each item parses alone, and the whole file parses too
        #expect(lines[0].hasPrefix("{\"format\":\"bookstrack\",\"version\":1,\"exportedAt\":\"2025-06-15T12:00:00"))
        #expect(lines[0].hasSuffix("\"authors\":["))
        #expect(authors.count == (try library.store.allAuthors().count))
        #expect(books.count == 5)
        for item in authors + books {
            let object = item.hasSuffix(",") ? String(item.dropLast()) : item
            #expect((try? JSONSerialization.jsonObject(with: Data(object.utf8))) is [String: Any])
        }
        #expect((try JSONSerialization.jsonObject(with: Data(contentsOf: export))) is [String: Any])
    }

    @Test func theFirstBatchCarriesEveryAuthorAndTheOthersNone() throws {
        // Given an export of five books
        // When it is read two books at a time
        let batches = try read(export, batchSize: 2)
        // Then there are three batches, and only the first lists the authors
        #expect(batches.map(\.books.count) == [2, 2, 1])
        let first = try #require(batches.first)
        #expect(first.authors == (try library.store.allAuthors()))
        #expect(batches.dropFirst().allSatisfy { $0.authors.isEmpty })
    }

    @Test func aPrettyPrintedExportIsReadLikeTheOriginal() throws {
        // Given the same document with its first line broken, as a pretty-printer would
        let text = try String(contentsOf: export, encoding: .utf8)
        let reformatted = try file("pretty.json", "{\n  " + text.dropFirst())
        // When both are read
        let original = try read(export).flatMap(\.books)
        let pretty = try read(reformatted).flatMap(\.books)
        // Then the same books come out
        #expect(pretty.map(\.newBook) == original.map(\.newBook))
        #expect(pretty.map(\.photos) == original.map(\.photos))
    }

    @Test func everyDateIsISO8601TextAndNoneIsANumber() throws {
        // Given an export of five books with reads, sessions, quotes and photos
        let books = try exportLines().filter { $0.hasPrefix("{\"work\"") }

        // When every member named like a date is collected
        var dates: [Any] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, member) in object {
                    // `publicationDate` is a partial date ("1969", "1969-03"), not a moment.
                    let isMoment = key.lowercased().contains("date") || key.hasSuffix("At") || key == "lastModified"
                    if isMoment, key != "publicationDate" { dates.append(member) }
                    collect(member)
                }
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        for line in books {
            collect(try JSONSerialization.jsonObject(with: Data((line.hasSuffix(",") ? String(line.dropLast()) : line).utf8)))
        }

        // Then each is ISO 8601 text in UTC that reads back as a date
        #expect(dates.count > 10)
        for date in dates {
            guard let text = date as? String else {
                Issue.record("a date written as \(date)")
                continue
            }
            #expect(text.hasSuffix("Z") && ISO8601Text.date(text) != nil, "\(text)")
        }
    }

    @Test func anOlderExportWithDatesAsSecondsIsReadLikeTheNewOne() throws {
        // Given the export rewritten as older versions wrote it: dates as seconds since 2001
        let text = try String(contentsOf: export, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "\"(-?\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z)\"")
        var older = text
        let headerEnd = try #require(text.firstIndex(of: "\n"))
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let range = try #require(Range(match.range, in: text))
            let iso = try #require(Range(match.range(at: 1), in: text))
            // Book lines only: the header's own `exportedAt` was always text.
            if range.lowerBound > headerEnd, text[text.index(before: range.lowerBound)] == ":" {
                let date = try #require(ISO8601Text.date(String(text[iso])))
                older.replaceSubrange(range, with: "\(date.timeIntervalSinceReferenceDate)")
            }
        }
        #expect(older != text)
        let olderFile = try file("older.json", older)

        // When both are read
        // Then the same books come out, to the last bit of every date
        #expect(try read(olderFile).flatMap(\.books).map(\.newBook) == read(export).flatMap(\.books).map(\.newBook))
    }

    // MARK: Refused files

    @Test func aMalformedBookLineIsRefusedWithItsLineNumber() throws {
        // Given an export whose second book line is cut in the middle
        var lines = try exportLines()
        let line = try #require(lines.firstIndex(of: "],\"books\":[")) + 2
        lines[line] = String(lines[line].prefix(40)) + ","
        let broken = try file("broken.json", lines.joined(separator: "\n"))
        // When it is read
        let error = readError(broken)
        // Then the error names that line
        guard case .invalidJSON(let reason)? = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("line \(line + 1): "))
    }

    @Test func aFileOfAnotherFormatIsRefused() throws {
        // Given an export whose format member names another app
        let text = try String(contentsOf: export, encoding: .utf8)
        let other = try file("other.json", text.replacingOccurrences(of: "\"format\":\"bookstrack\"", with: "\"format\":\"hardcover\""))
        // When it is read
        // Then it is refused as not being a BooksTrack export
        #expect(readError(other) == .invalidJSON(reason: "the file's format is \"hardcover\", not \"bookstrack\": it is not a BooksTrack export"))
    }

    @Test func aFileFromANewerBooksTrackIsRefused() throws {
        // Given an export of a layout version this reader does not know
        let text = try String(contentsOf: export, encoding: .utf8)
        let newer = try file("newer.json", text.replacingOccurrences(of: "\"version\":1,", with: "\"version\":2,"))
        // When it is read
        let error = readError(newer)
        // Then the user is told to update
        guard case .invalidJSON(let reason)? = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("newer BooksTrack"))
    }

    @Test(arguments: [0.5, 0.9])
    func aTruncatedFileIsRefusedBeforeAnyBookIsHandedOver(keptFraction: Double) throws {
        // Given an export cut short
        let bytes = try Data(contentsOf: export)
        let truncated = library.url("truncated.json")
        try bytes.prefix(Int(Double(bytes.count) * keptFraction)).write(to: truncated)
        // When it is read
        var handedOver = 0
        let error = readError(truncated) { handedOver += $0.books.count }
        // Then nothing is handed over and the user learns the file was cut short
        #expect(handedOver == 0)
        guard case .invalidJSON(let reason)? = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("cut short"))
    }

    @Test func aFileMissingOnlyItsLastLineIsRefusedAsTruncated() throws {
        // Given an export without its closing line
        let lines = try exportLines().filter { $0 != "]}" }
        let truncated = try file("truncated.json", lines.joined(separator: "\n"))
        // When it is read
        // Then it is refused as cut short
        let error = readError(truncated)
        guard case .invalidJSON(let reason)? = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("before its list of books is closed"))
    }

    @Test(arguments: ["", "\n  \n", "\u{FEFF}"])
    func anEmptyFileIsRefused(text: String) throws {
        // Given a file without content
        let empty = try file("empty.json", text)
        // When it is read
        // Then it is refused as empty
        #expect(readError(empty) == .emptyFile)
    }

    @Test func aMissingCommaBetweenBooksIsReportedOnTheLineThatLacksIt() throws {
        // Given an export whose first book line lost its comma
        var lines = try exportLines()
        let line = try #require(lines.firstIndex(of: "],\"books\":[")) + 1
        lines[line] = String(lines[line].dropLast())
        let broken = try file("comma.json", lines.joined(separator: "\n"))
        // When it is read
        // Then that line is named
        #expect(readError(broken) == .invalidJSON(reason: "line \(line + 1): a comma is missing at the end of the line"))
    }

    @Test func moreBooksThanTheRowCapAreRefusedBeforeAnyIsHandedOver() throws {
        // Given an export of five books and a cap of four
        let limits = ImportLimits(maxRows: 4)
        // When it is read
        var handedOver = 0
        let error = readError(export, limits: limits) { handedOver += $0.books.count }
        // Then it is refused whole
        #expect(error == .tooManyRows(limit: 4))
        #expect(handedOver == 0)
    }

    @Test func aPrettyPrintedFileOverTheByteCapIsRefused() throws {
        // Given a document that is not laid out by line and is larger than the cap
        let text = try String(contentsOf: export, encoding: .utf8)
        let pretty = try file("pretty.json", "{\n" + text.dropFirst())
        let size = try Data(contentsOf: pretty).count
        // When it is read with a cap below its size
        // Then it is refused with its size
        #expect(readError(pretty, limits: ImportLimits(maxBytes: 1_000)) == .fileTooLarge(bytes: size, limit: 1_000))
    }

    @Test func aBookNamingAnAuthorMissingFromTheAuthorListIsRefused() throws {
        // Given an export whose Kindred book names an author the file does not list
        var lines = try exportLines()
        let line = try #require(lines.firstIndex { $0.contains("\"title\":\"Kindred\"") })
        let authorID = try #require(lines[line].firstRange(of: "\"authorIDs\":[\"").map { lines[line][$0.upperBound...].prefix(36) })
        lines[line] = lines[line].replacingOccurrences(of: String(authorID), with: "00000000-0000-0000-0000-000000000001")
        let broken = try file("author.json", lines.joined(separator: "\n"))
        // When it is read
        // Then the line and the missing author are named
        #expect(readError(broken) == .invalidJSON(
            reason: "line \(line + 1): the book names author 00000000-0000-0000-0000-000000000001, who is not in the file's list of authors"
        ))
    }

    // MARK: Helpers

    private func exportLines() throws -> [String] {
        try String(contentsOf: export, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func file(_ name: String, _ text: some StringProtocol) throws -> URL {
        let url = library.url(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func read(_ url: URL, batchSize: Int = 1_000) throws -> [BooksTrackJSONBatch] {
        var batches: [BooksTrackJSONBatch] = []
        try BooksTrackJSONReader(url: url, userID: library.emptyStore.userID, batchSize: batchSize).read { batches.append($0) }
        return batches
    }

    private func readError(
        _ url: URL, limits: ImportLimits = ImportLimits(), body: (BooksTrackJSONBatch) -> Void = { _ in }
    ) -> ImportError? {
        do {
            try BooksTrackJSONReader(url: url, userID: library.emptyStore.userID, limits: limits, batchSize: 1).read(body)
            return nil
        } catch let error as ImportError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }
}
