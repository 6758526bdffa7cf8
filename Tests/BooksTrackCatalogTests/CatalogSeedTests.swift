import BooksTrackCatalog
import BooksTrackCore
import BooksTrackTesting
import Foundation
import Testing

/// The bundled goodbooks-10k seed, loaded once for the tests that only read it.
private let bundledCatalog: Result<(CatalogTestDirectory, CatalogDatabase, CatalogSeedReport?), any Error> = Result {
    let directory = try CatalogTestDirectory()
    let catalog = try CatalogDatabase(path: directory.file("catalog.sqlite").path, now: { CatalogFixtures.now })
    let report = try catalog.loadSeedIfNeeded()
    return (directory, catalog, report)
}

private func bundled() throws -> CatalogDatabase {
    try bundledCatalog.get().1
}

@Suite("Seed catalog")
struct CatalogSeedTests {
    @Test func theBundledSeedLoadsTenThousandBooksOnFirstUse() throws {
        let report = try bundledCatalog.get().2

        #expect(report?.loaded == true)
        #expect(report?.bookCount == 10_000)
        let statistics = try bundled().statistics()
        #expect(statistics.works == 10_000)
        #expect(statistics.editions == 10_000)
        #expect(statistics.sources.first?.kind == .seed)
        #expect(statistics.sources.first?.complete == true)
    }

    @Test func theSeedIsLoadedOnlyOncePerVersion() throws {
        let directory = try CatalogTestDirectory()
        let path = directory.file("catalog.sqlite").path
        let first = try CatalogDatabase(path: path).loadSeedIfNeeded()

        let second = try CatalogDatabase(path: path).loadSeedIfNeeded()

        #expect(first?.loaded == true)
        #expect(second?.loaded == false)
        #expect(try CatalogDatabase(path: path).statistics().works == 10_000)
    }

    @Test(arguments: [
        // Plain ISBN-10 with its leading zero lost in the CSV: padded, then converted.
        ("9780439023481", "The Hunger Games", "Suzanne Collins"),
        ("0439554934", "Harry Potter and the Sorcerer's Stone", "J.K. Rowling"),
        // Only the float ISBN-13 was there: the one valid ISBN that rounds to it.
        ("9780671723651", "How to Win Friends and Influence People", "Dale Carnegie"),
        // An ISBN-10 whose X had become 0, confirmed by the float.
        ("081297106X", "Reading Lolita in Tehran", "Azar Nafisi"),
    ])
    func seedISBNsAreRepaired(isbn: String, title: String, author: String) throws {
        let works = try bundled().works(isbn: try ISBN(parsing: isbn))

        #expect(works.map(\.title) == [title])
        #expect(works.first?.authors.first?.name == author)
    }

    @Test func seedTitlesAreSplitIntoTitleSeriesAndPosition() throws {
        let work = try #require(try bundled().works(isbn: try ISBN(parsing: "9780439023481")).first)

        #expect(work.title == "The Hunger Games")
        #expect(work.seriesName == "The Hunger Games")
        #expect(work.seriesPosition == 1)
        #expect(work.firstPublicationYear == 2008)
        #expect(work.originalLanguage == "en")
        #expect(work.popularity == 4_780_653)
        #expect(work.goodreadsWorkIDs == ["2792775"])
        #expect(work.coverImageURL == "https://images.gr-assets.com/books/1447303603m/2767052.jpg")
        #expect(work.primaryProvider == "catalog")
        #expect(work.editions.first?.isbn10 == ["0439023483"])
    }

    @Test func theMostRatedExactTitleComesFirstInTheSeed() throws {
        let results = try bundled().search(title: "the hunger games", limit: 5)

        #expect(results.first?.title == "The Hunger Games")
        #expect(results.first?.authors.first?.name == "Suzanne Collins")
    }

    @Test func aChangedSeedReplacesTheOldOneAndKeepsImportedDumps() throws {
        let directory = try CatalogTestDirectory()
        let catalog = try directory.catalog()
        try catalog.loadSeedIfNeeded()
        let dump = try directory.write(lines: CatalogFixtures.works, to: "works.txt")
        _ = try catalog.importOpenLibraryDump(at: dump)
        let newSeed = CatalogFixtures.seed.split(separator: "\n").prefix(3).joined(separator: "\n")

        let reopened = try directory.catalog(seed: newSeed)
        let report = try reopened.loadSeedIfNeeded()

        #expect(report?.loaded == true)
        #expect(report?.bookCount == 1)
        #expect(try reopened.search(title: "dune", limit: 5).isEmpty)
        #expect(try reopened.search(title: "hunger games", limit: 5).map(\.title) == ["The Hunger Games"])
        #expect(try reopened.search(title: "combating surgical infection", limit: 5).count == 1)
        try reopened.checkSearchIndex()
    }

    @Test func theCatalogIsItsOwnWriteAheadLoggedFileWithNamedMigrations() throws {
        let directory = try CatalogTestDirectory()
        let catalog = try directory.catalog()

        #expect(try catalog.journalMode() == "wal")
        #expect(try catalog.appliedMigrations() == ["catalog-v1"])
        #expect(FileManager.default.fileExists(atPath: directory.file("catalog.sqlite").path))
    }

    @Test func openersOfANewCatalogAtOnceAllSucceed() throws {
        let directory = try CatalogTestDirectory()
        let path = directory.file("catalog.sqlite").path
        let results = AtOnce.run(2) { _ in try CatalogDatabase(path: path, now: { CatalogFixtures.now }).appliedMigrations() }
        for result in results { #expect(throws: Never.self) { _ = try result.get() } }
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let directory = try CatalogTestDirectory()
        let path = try directory.write(Data(repeating: 0x42, count: 8_192), to: "catalog.sqlite").path

        #expect(throws: CatalogError.self) { try CatalogDatabase(path: path) }
    }

    @Test func aMissingSeedFileIsAClearError() throws {
        let directory = try CatalogTestDirectory()
        let catalog = try CatalogDatabase(
            path: directory.file("catalog.sqlite").path, seedResource: directory.file("missing.tsv")
        )

        #expect(throws: CatalogError.self) { try catalog.loadSeedIfNeeded() }
        do {
            try catalog.loadSeedIfNeeded()
        } catch {
            #expect(String(describing: error).contains("missing.tsv"))
        }
    }

    @Test func aSeedFileWithoutItsColumnsIsRejected() throws {
        let directory = try CatalogTestDirectory()
        let catalog = try directory.catalog(seed: "title\tauthors\nDune\tFrank Herbert\n")

        #expect {
            try catalog.loadSeedIfNeeded()
        } throws: { error in
            guard case CatalogError.seedResourceUnreadable(_, let reason) = error else { return false }
            return reason.contains("goodreadsBookID")
        }
    }
}
