import BooksTrackCatalog
import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

@Suite("Open Library dump import")
struct CatalogImportTests {
    private let directory: CatalogTestDirectory
    private let catalog: CatalogDatabase
    /// Books and ISBNs in `CatalogFixtures.seed`.
    private let seedBooks = 11
    private let seedISBNs = 7

    init() throws {
        directory = try CatalogTestDirectory()
        catalog = try directory.catalog()
        try catalog.loadSeedIfNeeded()
    }

    private func importLines(_ lines: [String], name: String, options: CatalogImportOptions = CatalogImportOptions())
        throws -> CatalogImportSummary
    {
        try catalog.importOpenLibraryDump(at: try directory.write(lines: lines, to: name), options: options)
    }

    // MARK: Real-format lines

    @Test func authorsWorksAndEditionsFromARealDumpAreImported() throws {
        let authors = try importLines(CatalogFixtures.authors, name: "ol_dump_authors.txt")
        let works = try importLines(CatalogFixtures.works, name: "ol_dump_works.txt")
        let editions = try importLines(CatalogFixtures.editions, name: "ol_dump_editions.txt")

        #expect((authors.outcome, authors.authors, authors.malformedLines) == (.completed, 3, 0))
        #expect((works.outcome, works.works, works.malformedLines) == (.completed, 3, 0))
        #expect((editions.outcome, editions.editions, editions.malformedLines) == (.completed, 3, 0))
        let schami = try #require(try catalog.works(isbn: try ISBN(parsing: "3446196803")).first)
        #expect(schami.title == "Sieben Doppelgänger")
        #expect(schami.subtitle == "Roman")
        #expect(schami.openLibraryWorkID == "OL19698949W")
        #expect(schami.description == "Ein Roman über Identität.")
        #expect(schami.firstPublicationYear == 1999)
        #expect(schami.subjects == ["German fiction"])
        #expect(schami.coverImageURL == "https://covers.openlibrary.org/b/id/2205289-L.jpg")
        #expect(schami.synthetic == false)
        #expect(schami.authors == [
            AuthorDTO(name: "Rafik Schami", birthYear: 1946, openLibraryID: "OL3091653A", wikidataID: "Q64045"),
        ])
        let edition = try #require(schami.editions.first)
        #expect(edition.openLibraryEditionID == "OL99974M")
        #expect(edition.isbn13 == ["9783446196803"])
        #expect(edition.isbn10 == ["3446196803"])
        #expect(edition.publisher == "C. Hanser")
        #expect(edition.publicationDate == "1999")
        #expect(edition.pageCount == 165)
        #expect(edition.language == "de")
    }

    @Test func editionFieldsAreMappedToTheContract() throws {
        _ = try importLines(CatalogFixtures.editions, name: "editions.txt")

        let work = try #require(try catalog.works(isbn: try ISBN(parsing: "9780104869949")).first)
        let edition = try #require(work.editions.first)

        #expect(edition.title == "The Education Bill")
        #expect(edition.publisher == "Stationery Office Books")
        #expect(edition.publicationDate == "1993-12-31")
        #expect(edition.pageCount == 6)
        #expect(edition.format == EditionFormat.paperback.rawValue)
        #expect(edition.isbn10 == ["0104869941"])
    }

    @Test func anEditionWithoutItsWorkIsStillSearchable() throws {
        _ = try importLines(CatalogFixtures.editions, name: "editions.txt")

        let named = try catalog.search(title: "education bill", limit: 5)
        let unnamed = try catalog.search(title: "football disorder act", limit: 5)

        #expect(named.map(\.title) == ["The Education Bill"])
        #expect(named.first?.synthetic == true)
        #expect(named.first?.openLibraryWorkID == "OL14903216W")
        #expect(unnamed.count == 1)
        #expect(unnamed.first?.openLibraryWorkID == nil)
    }

    @Test func aWorkArrivingAfterItsEditionsCompletesTheInferredWork() throws {
        _ = try importLines(CatalogFixtures.editions, name: "editions.txt")
        let before = try #require(try catalog.works(isbn: try ISBN(parsing: "3446196803")).first)

        _ = try importLines(CatalogFixtures.works, name: "works.txt")
        let after = try #require(try catalog.works(isbn: try ISBN(parsing: "3446196803")).first)

        #expect(before.synthetic == true)
        #expect(after.synthetic == false)
        #expect(after.subtitle == "Roman")
        #expect(try catalog.search(title: "sieben doppelganger", limit: 5).count == 1)
        try catalog.checkSearchIndex()
    }

    @Test func authorsArrivingAfterTheirWorksBecomeSearchable() throws {
        _ = try importLines(CatalogFixtures.works, name: "works.txt")
        #expect(try catalog.search(title: "doppelganger", author: "schami", limit: 5).isEmpty)

        _ = try importLines(CatalogFixtures.authors, name: "authors.txt")

        #expect(try catalog.search(title: "doppelganger", author: "schami", limit: 5).map(\.title) == ["Sieben Doppelgänger"])
        try catalog.checkSearchIndex()
    }

    @Test func importedWorksAreFoundWhateverTheAccents() throws {
        _ = try importLines(CatalogFixtures.works, name: "works.txt")

        #expect(try catalog.search(title: "Doppelgänger", limit: 5).map(\.title) == ["Sieben Doppelgänger"])
        #expect(try catalog.search(title: "SIEBEN DOPPELGANGER", limit: 5).first?.title == "Sieben Doppelgänger")
    }

    @Test func aGzipDumpImportsLikeThePlainFile() throws {
        let data = try #require(Data(base64Encoded: CatalogFixtures.editionsGzipBase64, options: .ignoreUnknownCharacters))
        let file = try directory.write(data, to: "ol_dump_editions.txt.gz")

        let summary = try catalog.importOpenLibraryDump(at: file)

        #expect(summary.outcome == .completed)
        #expect(summary.editions == 3)
        #expect(try catalog.works(isbn: try ISBN(parsing: "9780105425007")).count == 1)
    }

    @Test func concatenatedGzipMembersAreAllRead() throws {
        let member = try #require(Data(base64Encoded: CatalogFixtures.editionsGzipBase64, options: .ignoreUnknownCharacters))
        let file = try directory.write(member + member, to: "twice.txt.gz")

        let summary = try catalog.importOpenLibraryDump(at: file)

        #expect(summary.outcome == .completed)
        #expect(summary.lines == 6)
        #expect(try catalog.statistics().editions == seedBooks + 3)
    }

    // MARK: Malformed lines

    @Test func malformedLinesAreCountedSkippedAndQuoted() throws {
        let lines = [
            CatalogFixtures.editions[0],
            "just some text without tabs",
            "/type/edition\t/books/OL1M\t1\t2010-01-01\t{\"title\": \"Broken", // truncated JSON
            "/type/edition\t/works/OL1W\t1\t2010-01-01\t{\"title\": \"Wrong key\"}",
            "/type/edition\t/books/OL2M\t1\t2010-01-01\t{\"publishers\": [\"No title\"]}",
            "/type/author\t/authors/OL3A\t1\t2010-01-01\t{\"birth_date\": \"1900\"}",
            "/type/redirect\t/books/OL4M\t1\t2010-01-01\t{\"location\": \"/books/OL1M\"}",
            "/type/edition\t/books/OL5M\t1\t2010-01-01\t[\"not\", \"an object\"]",
            "/type/edition\t/books/OL6M\t1\t2010-01-01\t{\"title\": \"Trailing\"} garbage",
            CatalogFixtures.editions[2],
            "/type/edition\t/books/OL7M\t1\t2010-01-01\t{\"title\": \"" + String(repeating: "Long ", count: 100) + "\"",
        ]

        let summary = try importLines(lines, name: "mixed.txt")

        #expect(summary.outcome == .completed)
        #expect(summary.lines == 11)
        #expect(summary.editions == 2)
        #expect(summary.otherRecords == 1)
        #expect(summary.problems == [
            .notFiveFields: 1, .invalidJSON: 4, .badKey: 1, .missingTitle: 1, .missingName: 1,
        ])
        #expect(summary.examples.map(\.line) == [2, 3, 4, 5, 6])
        #expect(summary.examples.first?.text == "just some text without tabs")
        #expect(summary.examples[1].text.hasPrefix(#"/type/edition\t/books/OL1M\t"#))
        #expect(try catalog.statistics().editions == seedBooks + 2)
    }

    @Test func quotedLinesAreCutTo120Characters() throws {
        let long = "/type/edition\t/books/OL9M\t1\t2010-01-01\t{" + String(repeating: "x", count: 500)

        let summary = try importLines([CatalogFixtures.editions[0], long], name: "long.txt")

        let example = try #require(summary.examples.first)
        #expect(example.problem == .invalidJSON)
        #expect(example.text.count == CatalogImportExample.maximumLength + 1)
        #expect(example.text.hasSuffix("…"))
    }

    @Test func aLineLongerThanTheLimitIsSkippedAndReported() throws {
        let huge = "/type/edition\t/books/OL8M\t1\t2010-01-01\t{\"title\": \"" + String(repeating: "y", count: 50_000) + "\"}"
        let lines = [CatalogFixtures.editions[0], huge, CatalogFixtures.editions[2]]

        let summary = try importLines(lines, name: "huge.txt", options: CatalogImportOptions(maximumLineLength: 4_096))

        #expect(summary.problems == [.lineTooLong: 1])
        #expect(summary.examples.map(\.line) == [2])
        #expect(summary.editions == 2)
        #expect(try catalog.works(isbn: try ISBN(parsing: "3446196803")).count == 1)
    }

    @Test func aLineLongerThanTheReadBufferIsSkippedWithoutHoldingItAll() throws {
        let huge = "/type/edition\t/books/OL8M\t1\t2010-01-01\t{\"title\": \"" + String(repeating: "z", count: 3 << 20) + "\"}"
        let lines = [CatalogFixtures.editions[0], huge, CatalogFixtures.editions[2]]

        let summary = try importLines(lines, name: "huge.txt", options: CatalogImportOptions(maximumLineLength: 1 << 20))

        #expect(summary.problems == [.lineTooLong: 1])
        #expect(summary.examples.first?.text.hasPrefix(#"/type/edition\t/books/OL8M"#) == true)
        #expect(summary.editions == 2)
    }

    @Test func invalidISBNsAreDroppedAndCounted() throws {
        let line = CatalogFixtures.editions[0].replacingOccurrences(of: "\"0104869941\"", with: "\"0104869942\"")

        let summary = try importLines([line], name: "bad-isbn.txt")

        #expect(summary.editions == 1)
        #expect(summary.invalidISBNs == 1)
        #expect(try catalog.works(isbn: try ISBN(parsing: "9780104869949")).count == 1)
    }

    // MARK: Resuming

    private var manyEditions: [String] {
        (1...95).map { CatalogFixtures.edition($0, work: $0 % 10 == 0 ? nil : $0 % 30) }
            + ["a malformed line in the middle"]
            + (96...120).map { CatalogFixtures.edition($0) }
    }

    private func counts(_ catalog: CatalogDatabase) throws -> [Int] {
        let statistics = try catalog.statistics()
        return [statistics.works, statistics.editions, statistics.authors, statistics.isbns]
    }

    @Test func aStoppedImportResumesWhereItStoppedWithoutDuplicates() throws {
        let file = try directory.write(lines: manyEditions, to: "ol_dump_editions.txt")
        let options = CatalogImportOptions(batchSize: 10)
        var batches = 0

        let stopped = try catalog.importOpenLibraryDump(at: file, options: options) { _ in
            batches += 1
            return batches < 3
        }
        let resumed = try catalog.importOpenLibraryDump(at: file, options: options)

        let reference = try CatalogTestDirectory()
        let uninterrupted = try reference.catalog()
        try uninterrupted.loadSeedIfNeeded()
        let whole = try uninterrupted.importOpenLibraryDump(at: file, options: options)
        #expect(stopped.outcome == .stopped)
        #expect(stopped.lines == 30)
        #expect(resumed.outcome == .completed)
        #expect(resumed.resumedAfterLine == 30)
        #expect(resumed.linesThisRun == 121 - 30)
        #expect(resumed.lines == whole.lines)
        #expect(resumed.editions == whole.editions)
        #expect(resumed.problems == whole.problems)
        #expect(try counts(catalog) == counts(uninterrupted))
        #expect(try catalog.statistics().editions == seedBooks + 120)
    }

    @Test func anImportKilledInTheMiddleOfABatchLosesOnlyThatBatch() throws {
        let file = try directory.write(lines: manyEditions, to: "ol_dump_editions.txt")
        var options = CatalogImportOptions(batchSize: 10)
        options.failAfterLines = 45

        #expect(throws: (any Error).self) { try catalog.importOpenLibraryDump(at: file, options: options) }
        let afterCrash = try catalog.statistics().editions
        let resumed = try catalog.importOpenLibraryDump(at: file, options: CatalogImportOptions(batchSize: 10))

        #expect(afterCrash == seedBooks + 40)
        #expect(resumed.resumedAfterLine == 40)
        #expect(resumed.outcome == .completed)
        #expect(resumed.editions == 120)
        #expect(try catalog.statistics().editions == seedBooks + 120)
        #expect(try catalog.statistics().isbns == seedISBNs + 120)
        try catalog.checkSearchIndex()
    }

    @Test func aCompletedImportIsNotRepeatedUnlessRestarted() throws {
        let file = try directory.write(lines: manyEditions, to: "ol_dump_editions.txt")
        _ = try catalog.importOpenLibraryDump(at: file)
        let before = try counts(catalog)

        let again = try catalog.importOpenLibraryDump(at: file)
        let restarted = try catalog.importOpenLibraryDump(at: file, options: CatalogImportOptions(restart: true))

        #expect(again.outcome == .alreadyImported)
        #expect(again.editions == 120)
        #expect(restarted.outcome == .completed)
        #expect(restarted.linesThisRun == 121)
        #expect(try counts(catalog) == before)
        try catalog.checkSearchIndex()
    }

    @Test func progressIsReportedAfterEveryBatch() throws {
        let file = try directory.write(lines: manyEditions, to: "ol_dump_editions.txt")
        var reports: [CatalogImportProgress] = []

        _ = try catalog.importOpenLibraryDump(at: file, options: CatalogImportOptions(batchSize: 50)) { progress in
            reports.append(progress)
            return true
        }

        #expect(reports.map(\.lines) == [50, 100, 121])
        #expect(reports.last?.bytesRead == reports.last?.totalBytes)
        #expect(reports.last?.fraction == 1)
        #expect(reports.allSatisfy { $0.fileName == "ol_dump_editions.txt" })
    }

    @Test func theSourcesListTheSeedAndEachDump() throws {
        _ = try importLines(CatalogFixtures.works, name: "ol_dump_works.txt")
        _ = try importLines(["a bad line"] + CatalogFixtures.editions, name: "ol_dump_editions.txt")

        let sources = try catalog.statistics().sources

        #expect(sources.map(\.kind) == [.seed, .openLibraryDump, .openLibraryDump])
        #expect(sources.map(\.name) == ["goodbooks-10k (CC BY-SA 4.0)", "ol_dump_works.txt", "ol_dump_editions.txt"])
        #expect(sources[2].problems == [.notFiveFields: 1])
        #expect(sources[2].editions == 3)
        #expect(sources.allSatisfy { $0.complete })
    }

    // MARK: Hostile files

    @Test func anEmptyFileIsAClearError() throws {
        let file = try directory.write(Data(), to: "empty.txt")

        #expect(throws: CatalogImportError.emptyFile(path: file.path)) { try catalog.importOpenLibraryDump(at: file) }
    }

    @Test func aMissingFileOrAFolderIsAClearError() throws {
        #expect {
            try catalog.importOpenLibraryDump(at: directory.file("nothing-here.txt.gz"))
        } throws: { error in
            if case CatalogImportError.cannotRead = error { return true }
            return false
        }
        #expect {
            try catalog.importOpenLibraryDump(at: directory.url)
        } throws: { error in
            if case CatalogImportError.cannotRead(_, let reason) = error { return reason.contains("folder") }
            return false
        }
    }

    @Test func binaryGarbageIsRejectedAsNotADump() throws {
        var state: UInt64 = 42
        let bytes = (0..<200_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let file = try directory.write(Data(bytes), to: "garbage.bin")

        #expect {
            try catalog.importOpenLibraryDump(at: file)
        } throws: { error in
            if case CatalogImportError.notADump = error { return true }
            return false
        }
        #expect(try catalog.statistics().sources.count == 1)
    }

    @Test func aTextFileThatIsNotADumpIsRejected() throws {
        let file = try directory.write(lines: ["title,author", "Dune,Frank Herbert"], to: "books.csv")

        #expect {
            try catalog.importOpenLibraryDump(at: file)
        } throws: { error in
            guard case CatalogImportError.notADump(_, let example) = error else { return false }
            return example == "title,author"
        }
    }

    @Test func aTruncatedGzipKeepsTheLinesBeforeTheCut() throws {
        let whole = try #require(Data(base64Encoded: CatalogFixtures.editionsGzipBase64, options: .ignoreUnknownCharacters))
        let file = try directory.write(whole.prefix(whole.count - 12), to: "partial.txt.gz")

        #expect {
            try catalog.importOpenLibraryDump(at: file)
        } throws: { error in
            if case CatalogImportError.truncatedGzip = error { return true }
            return false
        }
        #expect(try catalog.statistics().editions == seedBooks + 2)
        #expect(try catalog.statistics().sources.last?.complete == false)
    }

    @Test func aDamagedGzipIsAClearError() throws {
        var data = try #require(Data(base64Encoded: CatalogFixtures.editionsGzipBase64, options: .ignoreUnknownCharacters))
        for index in 20..<60 { data[index] ^= 0x5A }
        let file = try directory.write(data, to: "damaged.txt.gz")

        #expect {
            try catalog.importOpenLibraryDump(at: file)
        } throws: { error in
            if case CatalogImportError.corruptGzip = error { return true }
            if case CatalogImportError.notADump = error { return true }
            return false
        }
    }

    @Test func gzipMagicBytesAloneAreAClearError() throws {
        let file = try directory.write(Data([0x1f, 0x8b]), to: "magic.gz")

        #expect(throws: CatalogImportError.self) { try catalog.importOpenLibraryDump(at: file) }
    }

    @Test func aLineOfNothingButNULBytesIsMalformed() throws {
        let nul = String(decoding: [UInt8](repeating: 0, count: 64), as: UTF8.self)

        let summary = try importLines([CatalogFixtures.editions[0], nul], name: "nul.txt")

        #expect(summary.problems == [.notFiveFields: 1])
        #expect(summary.examples.first?.text.hasPrefix("\\u{0}") == true)
    }

    @Test func deeplyNestedJSONIsMalformedNotACrash() throws {
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let line = "/type/edition\t/books/OL1M\t1\t2010-01-01\t{\"title\": \"Deep\", \"x\": " + nested + "}"

        let summary = try importLines([CatalogFixtures.editions[0], line], name: "nested.txt")

        #expect(summary.problems == [.invalidJSON: 1])
    }

    @Test func yearsOfNineteenOrMoreDigitsAreDroppedAndEveryGoodLineImported() throws {
        // Given an author dump and an edition dump each with one line whose dates hold runs of 19
        // to 40 digits (past what an Int holds), among good lines
        let twentyDigits = String(repeating: "9", count: 20)
        let fortyDigits = String(repeating: "1", count: 40)
        let hugeAuthor = "/type/author\t/authors/OL9A\t1\t2010-01-01\t{\"name\": \"Huge Dates\", "
            + "\"birth_date\": \"\(twentyDigits)\", \"death_date\": \"c. \(fortyDigits) AD\"}"
        let hugeEdition = "/type/edition\t/books/OL9M\t1\t2010-01-01\t{\"title\": \"Huge Year\", "
            + "\"publish_date\": \"\(twentyDigits)\", \"isbn_13\": [\"9781234567897\"], "
            + "\"number_of_pages\": \(fortyDigits)}"
        let authors = [CatalogFixtures.authors[0], hugeAuthor, CatalogFixtures.authors[1], CatalogFixtures.authors[2]]
        let editions = [CatalogFixtures.editions[0], hugeEdition] + CatalogFixtures.editions.dropFirst()

        // When both are imported
        let authorSummary = try importLines(authors, name: "huge_authors.txt")
        let editionSummary = try importLines(editions, name: "huge_editions.txt")

        // Then every line comes in: the good ones whole, the huge one without the numbers it cannot hold
        #expect((authorSummary.outcome, authorSummary.authors, authorSummary.malformedLines) == (.completed, 4, 0))
        #expect((editionSummary.outcome, editionSummary.editions, editionSummary.malformedLines) == (.completed, 4, 0))
        let huge = try #require(try catalog.works(isbn: try ISBN(parsing: "9781234567897")).first)
        #expect(huge.title == "Huge Year")
        #expect(huge.editions.first?.publicationDate == nil)
        #expect(huge.editions.first?.pageCount == nil)
        let schami = try #require(try catalog.works(isbn: try ISBN(parsing: "3446196803")).first)
        #expect(schami.editions.first?.pageCount == 165)
    }

    @Test func randomDigitsInEveryNumberOfADumpNeverStopTheImport() throws {
        // Given one author, work and edition line for each random or extreme value, the value in
        // every date and number the catalog reads
        let values = OutsideNumbers.values(count: 100, seed: 43)
        var lines: [String] = []
        for (index, value) in values.enumerated() {
            let number = OutsideNumbers.isJSONNumber(value) ? value : "\"\(value)\""
            lines.append("/type/author\t/authors/OL\(index)A\t1\t2010-01-01\t{\"name\": \"Author \(index)\", "
                + "\"birth_date\": \"\(value)\", \"death_date\": \"\(value) BC\"}")
            lines.append("/type/work\t/works/OL\(index)W\t1\t2010-01-01\t{\"title\": \"Work \(index)\", "
                + "\"first_publish_date\": \"c. \(value)\", \"covers\": [\(number)], "
                + "\"authors\": [{\"author\": {\"key\": \"/authors/OL\(index)A\"}}]}")
            lines.append("/type/edition\t/books/OL\(index)M\t1\t2010-01-01\t{\"title\": \"Edition \(index)\", "
                + "\"publish_date\": \"\(value)\", \"number_of_pages\": \(number), \"covers\": [\(number)], "
                + "\"works\": [{\"key\": \"/works/OL\(index)W\"}]}")
        }

        // When the dump is imported
        let summary = try importLines(lines, name: "numbers.txt")

        // Then every line is a record, and every number the catalog answers lies within its bounds
        #expect(summary.outcome == .completed)
        #expect((summary.authors, summary.works, summary.editions, summary.malformedLines) == (values.count, values.count, values.count, 0))
        let works = try catalog.search(title: "work", limit: 1_000) + catalog.search(title: "edition", limit: 1_000)
        #expect(!works.isEmpty)
        for work in works {
            #expect(work.firstPublicationYear.map(Bounds.year.contains) ?? true)
            for author in work.authors {
                #expect(author.birthYear.map(Bounds.year.contains) ?? true)
                #expect(author.deathYear.map(Bounds.year.contains) ?? true)
            }
            for edition in work.editions {
                #expect(edition.pageCount.map(Bounds.pageCount.contains) ?? true)
                #expect(edition.publicationDate.map { PartialDate(parsing: $0).map { Bounds.year.contains($0.year) } ?? false } ?? true)
            }
        }
    }

    @Test func invalidUTF8InsideAStringIsRepairedNotFatal() throws {
        var bytes = Array(CatalogFixtures.editions[0].utf8)
        let title = Array("The Education Bill".utf8)
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: title) })
        bytes[start + 4] = 0xFF
        let file = try directory.write(Data(bytes + [0x0A]), to: "utf8.txt")

        let summary = try catalog.importOpenLibraryDump(at: file)

        #expect(summary.editions == 1)
        let work = try #require(try catalog.works(isbn: try ISBN(parsing: "9780104869949")).first)
        #expect(work.editions.first?.title == "The \u{FFFD}ducation Bill")
    }
}
