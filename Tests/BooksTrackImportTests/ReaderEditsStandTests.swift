import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import Foundation
import Testing

@testable import BooksTrackImport

/// What a reader sets by hand is the reader's: enrichment fills only what the reader left to it,
/// and importing the same file again, even with `overwrite`, changes none of it.
@Suite struct ReaderEditsStandTests {
    static let rows = [
        GoodreadsText.row(id: 1, title: "Gideon the Ninth", author: "Tamsyn Muir", isbn13: "9781250313195", pages: "448",
                          shelves: "science-fiction, fantasy", shelf: "to-read"),
        GoodreadsText.row(id: 2, title: "Sabriel", author: "Garth Nix", pages: "292", shelves: "fantasy", shelf: "to-read"),
    ]

    static let enrichment = WorkDTO(
        title: "Gideon the Ninth", subtitle: "The Locked Tomb", firstPublicationYear: 2019, description: "Lesbian necromancers in space.",
        subjects: ["Fantasy", "Horror"], seriesName: "The Locked Tomb", seriesPosition: 1, coverImageURL: "https://covers.example/gideon.jpg",
        editions: [EditionDTO(isbn13: ["9781250313195"], publisher: "Tor.com", pageCount: 999, primaryProvider: "openlibrary")],
        primaryProvider: "openlibrary"
    )

    func edited(_ harness: ImportHarness) async throws -> (gideon: LibraryEntry.ID, sabriel: LibraryEntry.ID) {
        let file = try harness.file("goodreads.csv", GoodreadsText.file(Self.rows))
        _ = try harness.importer().importFile(at: file)
        let library = LibraryService(store: harness.store, now: { ImportHarness.now })
        var gideon = BookEdit()
        try gideon.set(.title, text: "Gideon the Ninth (annotated)")
        try gideon.set(.pageCount, text: "503")
        try gideon.set(.description, text: "")  // cleared: the reader wants none
        try gideon.setSeries(text: "Locked Tomb #1")
        try gideon.set(.genres, text: "Science Fiction, Space Opera")
        try gideon.set(.authors, text: "Tamsyn Muir; Tommy Arnold (illustrator)")
        let gideonBook = try await library.edit(.name("Gideon"), gideon).book
        var sabriel = BookEdit()
        try sabriel.set(.pageCount, text: "311")
        try sabriel.set(.title, text: "Sabriel: Old Kingdom")
        let sabrielBook = try await library.edit(.name("Sabriel"), sabriel).book
        return (gideonBook.entry.id, sabrielBook.entry.id)
    }

    @Test func enrichmentLeavesEveryFieldTheReaderSetEvenAnEmptyOne() async throws {
        let harness = try ImportHarness()
        let ids = try await edited(harness)
        let enricher = LibraryEnricher(
            store: harness.store, search: LibraryEnricherTests.search(["9781250313195": Self.enrichment], reached: true),
            now: { ImportHarness.now }
        )
        _ = try await enricher.run(force: true)

        let book = try #require(try harness.store.book(entryID: ids.gideon))
        #expect(book.work.title == "Gideon the Ninth (annotated)")
        #expect(book.edition?.pageCount == 503)
        #expect(book.work.description == nil, "the reader cleared it; enrichment does not fill it")
        #expect(book.work.seriesName == "Locked Tomb")
        #expect(book.work.seriesPosition == 1)
        #expect(book.work.genres == ["Science Fiction", "Space Opera"], "the provider's subjects are not added")
        #expect(book.work.contributors == [Contributor(name: "Tommy Arnold", role: "illustrator")])
        #expect(book.work.subtitle == "The Locked Tomb", "a field the reader left is filled")
        #expect(book.work.firstPublicationYear == 2019)
        #expect(book.edition?.publisher == "Tor", "an imported value is not replaced either")
    }

    @Test func importingTheSameFileAgainWithOverwriteChangesNoneOfTheReadersFields() async throws {
        let harness = try ImportHarness()
        let ids = try await edited(harness)
        let file = try harness.file("goodreads-again.csv", GoodreadsText.file(Self.rows))

        _ = try harness.importer().importFile(at: file, options: ImportOptions(overwrite: true))

        #expect(try harness.store.books(EntryQuery()).count == 2, "the edited books are found again, not added twice")
        let gideon = try #require(try harness.store.book(entryID: ids.gideon))
        #expect(gideon.work.title == "Gideon the Ninth (annotated)")
        #expect(gideon.edition?.pageCount == 503)
        #expect(gideon.work.genres == ["Science Fiction", "Space Opera"])
        #expect(gideon.authors.map(\.name) == ["Tamsyn Muir"])
        let sabriel = try #require(try harness.store.book(entryID: ids.sabriel))
        #expect(sabriel.work.title == "Sabriel: Old Kingdom")
        #expect(sabriel.edition?.pageCount == 311)
        #expect(Set(sabriel.edition?.readerSetFields ?? []) == [.pageCount])
        #expect(sabriel.work.readerSetFields == [.title])
    }

    @Test func aFileWithAnotherPageCountForTheBookLeavesTheReadersOne() async throws {
        let harness = try ImportHarness()
        let ids = try await edited(harness)
        let changed = [GoodreadsText.row(id: 1, title: "Gideon the Ninth", author: "Tamsyn Muir", isbn13: "9781250313195", pages: "450",
                                         shelf: "read")]
        let file = try harness.file("goodreads-changed.csv", GoodreadsText.file(changed))

        _ = try harness.importer().importFile(at: file, options: ImportOptions(overwrite: true))

        let gideon = try #require(try harness.store.book(entryID: ids.gideon))
        #expect(gideon.edition?.pageCount == 503)
        #expect(gideon.entry.status == .read, "the reader's reading state is still the file's to set")
    }
}
