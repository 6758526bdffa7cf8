import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Synchronization
import Testing

/// `LibraryEnricher` over imported books in a real library: only empty fields are filled, and a
/// work stays queued while no online source could be asked.
@Suite struct LibraryEnricherTests {
    static let file = #"""
        Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
        1,Gideon the Ninth,Tamsyn Muir,"Muir, Tamsyn",,"=""""","=""9781250313195""",0,,Tor,Hardcover,448,,,,2020/10/21,,,to-read,,,,0,0
        2,Sabriel,Garth Nix,"Nix, Garth",,"=""""","=""9780060273224""",0,,,,,,,,2021/01/01,,,to-read,,,,0,0

        """#

    /// A search that answers each ISBN with `works`, and says whether a source was reached.
    static func search(_ works: [String: WorkDTO], reached: Bool) -> LibraryEnricher.Search {
        { isbn, _, _ in
            LibraryEnricher.Answer(works: isbn.flatMap { works[$0.isbn13] }.map { [$0] } ?? [], reachedASource: reached)
        }
    }

    static let gideon = WorkDTO(
        title: "Gideon the Ninth", firstPublicationYear: 2019, coverImageURL: "https://covers.example/gideon.jpg",
        editions: [EditionDTO(isbn13: ["9781250313195"], publisher: "Tor.com", pageCount: 999, primaryProvider: "openlibrary")],
        primaryProvider: "openlibrary"
    )

    func importedLibrary() throws -> ImportHarness {
        let harness = try ImportHarness()
        let summary = try harness.importer().importFile(at: try harness.file("goodreads.csv", Self.file))
        #expect(summary.queuedForEnrichment == 2)
        return harness
    }

    func book(_ title: String, in harness: ImportHarness) throws -> (work: Work, edition: Edition?) {
        let book = try #require(try harness.store.books(EntryQuery()).first { $0.work.title == title })
        return (book.work, book.edition)
    }

    @Test func emptyFieldsAreFilledAndImportedValuesAreKept() async throws {
        let harness = try importedLibrary()
        let enricher = LibraryEnricher(
            store: harness.store, search: Self.search(["9781250313195": Self.gideon], reached: true), now: { ImportHarness.now }
        )

        let outcomes = try await enricher.run()
        let gideon = try book("Gideon the Ninth", in: harness)

        #expect(gideon.work.firstPublicationYear == 2019)
        #expect(gideon.work.coverImageURL?.absoluteString == "https://covers.example/gideon.jpg")
        #expect(gideon.edition?.pageCount == 448, "the imported page count is not replaced")
        #expect(gideon.edition?.publisher == "Tor", "the imported publisher is not replaced")
        let outcome = try #require(outcomes.first { $0.title == "Gideon the Ninth" })
        #expect(outcome.filled.contains("cover"))
        #expect(outcome.filled.contains("publication year"))
        #expect(!outcome.filled.contains("page count"))
        #expect(try harness.store.countQueuedForEnrichment() == 0, "both were searched at a reachable source")
    }

    @Test func nothingReachableKeepsEveryWorkQueuedAndSaysWhatIsMissing() async throws {
        let harness = try importedLibrary()
        let enricher = LibraryEnricher(store: harness.store, search: Self.search([:], reached: false), now: { ImportHarness.now })

        let outcomes = try await enricher.run()

        #expect(outcomes.count == 2)
        #expect(outcomes.allSatisfy { $0.requeued })
        let sabriel = try #require(outcomes.first { $0.title == "Sabriel" })
        #expect(sabriel.missing == ["cover", "page count", "publication year"])
        #expect(try harness.store.countQueuedForEnrichment() == 2)
    }

    @Test func whatOnlyTheCatalogAnsweredStaysQueuedWhileSomethingIsMissing() async throws {
        let harness = try importedLibrary()
        var partial = Self.gideon
        partial.coverImageURL = nil
        let enricher = LibraryEnricher(
            store: harness.store, search: Self.search(["9781250313195": partial], reached: false), now: { ImportHarness.now }
        )

        let outcomes = try await enricher.run()
        let gideon = try #require(outcomes.first { $0.title == "Gideon the Ninth" })

        #expect(gideon.filled == ["publication year"])
        #expect(gideon.missing == ["cover"])
        #expect(gideon.requeued)
        #expect(try harness.store.queuedForEnrichment(limit: 10).count == 2)
    }

    @Test func aWorkKeptQueuedWaitsADayBeforeItIsTriedAgainUnlessForced() async throws {
        // Given both imported books, and a search where only the offline catalog answers, without them
        let harness = try importedLibrary()
        let clock = SettableClock(start: ImportHarness.now)
        let asked = Counter()
        let search: LibraryEnricher.Search = { _, _, _ in
            asked.increment()
            return LibraryEnricher.Answer(works: [], reachedASource: false)
        }
        let enricher = LibraryEnricher(store: harness.store, search: search, now: { clock.now })

        // When enriching, then again at once, then forced, then a day later
        let first = try await enricher.run()
        let again = try await enricher.run()
        let askedAfterAgain = asked.value
        let forced = try await enricher.run(force: true)
        clock.advance(by: 86_400 - 1)
        let tooSoon = try await enricher.run()
        clock.advance(by: 1)
        let nextDay = try await enricher.run()

        // Then the first run says nothing was found and keeps both queued; the second asks nothing
        #expect(first.map(\.result) == [.notFound, .notFound])
        #expect(first.allSatisfy { $0.requeued })
        #expect(again.isEmpty)
        #expect(askedAfterAgain == 2)
        #expect(try harness.store.countQueuedForEnrichment() == 2)
        // and forcing tries them now, which starts their wait again
        #expect(forced.count == 2)
        #expect(tooSoon.isEmpty)
        #expect(nextDay.count == 2)
        #expect(asked.value == 6)
    }

    @Test func aSourceThatFailedMakesTheWorkUnreachableAndDueAgainInAnHour() async throws {
        // Given imported books and a search where every source failed
        let harness = try importedLibrary()
        let clock = SettableClock(start: ImportHarness.now)
        let search: LibraryEnricher.Search = { _, _, _ in LibraryEnricher.Answer(works: [], reachedASource: false, aSourceFailed: true) }
        let enricher = LibraryEnricher(store: harness.store, search: search, now: { clock.now })

        // When enriching
        let outcomes = try await enricher.run()

        // Then both could not be reached, and are due again after an hour, not before
        #expect(outcomes.map(\.result) == [.unreachable, .unreachable])
        #expect(try harness.store.countQueuedForEnrichment(dueAt: clock.now.addingTimeInterval(3_599)) == 0)
        #expect(try harness.store.countQueuedForEnrichment(dueAt: clock.now.addingTimeInterval(3_600)) == 2)
    }

    @Test func whatIsFilledOrFoundNowhereIsCountedAsSuch() async throws {
        // Given a search that reaches a provider, which knows only Gideon the Ninth
        let harness = try importedLibrary()
        let enricher = LibraryEnricher(
            store: harness.store, search: Self.search(["9781250313195": Self.gideon], reached: true), now: { ImportHarness.now }
        )

        // When enriching
        let outcomes = try await enricher.run()

        // Then Gideon was filled and Sabriel not found, and both left the queue
        #expect(outcomes.first { $0.title == "Gideon the Ninth" }?.result == .filled)
        #expect(outcomes.first { $0.title == "Sabriel" }?.result == .notFound)
        #expect(try harness.store.countQueuedForEnrichment() == 0)
    }

    @Test func aLimitStopsAfterThatManyWorks() async throws {
        let harness = try importedLibrary()
        let enricher = LibraryEnricher(store: harness.store, search: Self.search([:], reached: true), now: { ImportHarness.now })

        let outcomes = try await enricher.run(limit: 1)

        #expect(outcomes.count == 1)
        #expect(try harness.store.countQueuedForEnrichment() == 1)
    }
}

/// A thread-safe count of calls.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
