import BooksTrackCore
import BooksTrackServices
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackStore

/// Adding a book from a search result: the DTO mapper and the reuse of what the library has.
@Suite struct AddFromSearchTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func makeService() throws -> (LibraryService, SQLiteLibraryStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let database = try LibraryDatabase(path: directory.path("library.sqlite"))
        let user = try database.ensureUser(named: "local", now: now)
        let now = self.now
        let store = database.library(for: user.id)
        return (LibraryService(store: store, now: { now }), store, directory)
    }

    let dune = WorkDTO(
        title: "Dune",
        authors: [AuthorDTO(name: "Frank Herbert", birthYear: 1920, deathYear: 1986, openLibraryID: "OL79034A")],
        firstPublicationYear: 1965,
        description: "Set on the desert planet Arrakis.",
        subjects: ["Science fiction", "science fiction", "Arrakis"],
        coverImageURL: "https://covers.openlibrary.org/b/id/11481354-L.jpg",
        openLibraryWorkID: "OL893415W",
        editions: [
            EditionDTO(
                isbn13: ["9780441172719"], isbn10: ["0441172717"], publisher: "Ace", publicationDate: "1990-09", pageCount: 535,
                format: "massMarket", openLibraryEditionID: "OL22950466M", primaryProvider: "openlibrary"
            )
        ],
        primaryProvider: "orchestrated:catalog+openlibrary",
        contributors: ["catalog", "openlibrary"]
    )

    @Test func aSearchResultBecomesWorkEditionAuthorsAndEntry() async throws {
        let (service, _, _) = try makeService()
        let book = try await service.add(dune, status: .reading, owned: true)
        #expect(book.work.title == "Dune")
        #expect(book.work.externalIDs.openLibraryWorkID == "OL893415W")
        #expect(book.work.genres == ["Science fiction", "Arrakis"])
        #expect(book.work.providerTag == "orchestrated:catalog+openlibrary")
        #expect(book.authors.map(\.displayName) == ["Frank Herbert (1920–1986)"])
        #expect(book.authors.first?.externalIDs.openLibraryID == "OL79034A")
        #expect(book.edition?.isbns.map(\.isbn13) == ["9780441172719"])
        #expect(book.edition?.publicationDate == PartialDate(year: 1990, month: 9))
        #expect(book.edition?.format == .massMarket)
        #expect(book.entry.isOwned)
        #expect(book.entry.status == .reading)
    }

    @Test func addingTheSameISBNTwiceIsRefused() async throws {
        let (service, _, _) = try makeService()
        _ = try await service.add(dune)
        await #expect(throws: AddBookError.self) { try await service.add(dune) }
    }

    @Test func aWorkTheLibraryHasWithoutAnEntryIsReusedAndFilled() async throws {
        let (service, store, _) = try makeService()
        // Given a work typed by hand, then removed from the reading list but kept as a work.
        let typed = try await service.add(ManualBook(title: "Dune", authors: ["Herbert, Frank"]))
        try store.deleteEntry(id: typed.entry.id)
        // When the search result is added.
        let book = try await service.add(dune)
        // Then the same work is used, its empty fields filled and its IDs merged.
        #expect(book.work.id == typed.work.id)
        #expect(book.authors.map(\.id) == typed.authors.map(\.id))
        #expect(book.work.description == "Set on the desert planet Arrakis.")
        #expect(book.work.externalIDs.openLibraryWorkID == "OL893415W")
        #expect(book.edition?.pageCount == 535)
    }

    @Test func existingAuthorsAreReusedAndGainExternalIDs() async throws {
        let (service, store, _) = try makeService()
        let other = try await service.add(ManualBook(title: "The Dosadi Experiment", authors: ["Frank Herbert"]))
        let book = try await service.add(dune)
        #expect(book.authors.first?.id == other.authors.first?.id)
        #expect(try store.author(id: other.authors[0].id)?.externalIDs.openLibraryID == "OL79034A")
    }

    @Test func badProviderDataIsCutToTheLimitsOrDropped() async throws {
        let (service, _, _) = try makeService()
        var messy = dune
        messy.title = String(repeating: "t", count: 600)
        messy.description = String(repeating: "d", count: 12_000)
        messy.editions = [EditionDTO(isbn13: ["9780441172718", "garbage"], pageCount: -3, format: "scroll", primaryProvider: "google")]
        let book = try await service.add(messy)
        #expect(book.work.title.count == 512)
        #expect(book.work.description?.count == 10_000)
        #expect(book.edition?.isbns.isEmpty == true)
        #expect(book.edition?.pageCount == nil)
        #expect(book.edition?.format == .other)
    }
}
