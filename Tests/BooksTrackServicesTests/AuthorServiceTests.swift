import BooksTrackCore
import Foundation
import Synchronization
import Testing

@testable import BooksTrackServices

/// The authors' use cases over the one narrow port they take (`AuthorStore` and transactions),
/// with no database: a double of that port alone.
@Suite struct AuthorServiceTests {
    /// Authors in memory. A transaction works on a copy and keeps it only when its body returns,
    /// as a database's would: a body that throws leaves the authors as they were.
    final class Authors: AuthorStore, LibraryTransactions, Sendable {
        let userID = User.ID()
        private let saved = Mutex<[Author.ID: Author]>([:])
        private let pending = Mutex<[Author.ID: Author]?>(nil)
        /// How many write transactions ran.
        let transactions = Mutex(0)

        init(_ authors: [Author]) {
            saved.withLock { saved in for author in authors { saved[author.id] = author } }
        }

        var all: [Author.ID: Author] { saved.withLock { $0 } }

        private var current: [Author.ID: Author] { pending.withLock { $0 } ?? saved.withLock { $0 } }

        func save(_ author: Author) throws {
            pending.withLock { pending in
                var changed = pending ?? [:]
                changed[author.id] = author
                pending = changed
            }
        }
        func author(id: Author.ID) throws -> Author? { current[id] }
        func authors(named name: String) throws -> [Author] { current.values.filter { $0.name == name } }
        func authors(normalizedNames keys: [String]) throws -> [Author] { [] }
        func allAuthors() throws -> [Author] { Array(current.values) }

        func transaction<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
            try blockingTransaction(body)
        }
        func snapshot<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T { try body() }
        func blockingTransaction<T>(_ body: () throws -> T) throws -> T {
            transactions.withLock { $0 += 1 }
            pending.withLock { $0 = saved.withLock { $0 } }
            do {
                let value = try body()
                let written = pending.withLock { pending in defer { pending = nil }; return pending ?? [:] }
                saved.withLock { $0 = written }
                return value
            } catch {
                pending.withLock { $0 = nil }
                throw error
            }
        }
    }

    static let now = Date(timeIntervalSince1970: 1_795_338_000)

    static func suggestion(_ nationality: String) -> AuthorSuggestion {
        AuthorSuggestion(match: "wikidataID", itemID: "Q1", gender: .female, culturalRegion: nil, nationality: nationality,
                         birthYear: 1947, deathYear: nil, wikidataID: nil)
    }

    @Test func suggestionsAreAcceptedTogetherInOneTransactionAndAGoneAuthorIsPassedOver() async throws {
        let butler = Author(name: "Octavia E. Butler", dateCreated: Self.now)
        let leGuin = Author(name: "Ursula K. Le Guin", nationality: "US", dateCreated: Self.now)
        let store = Authors([butler, leGuin])
        let service = AuthorService(store: store, now: { Self.now })

        let accepted = try await service.accept([
            (Self.suggestion("US"), butler.id), (Self.suggestion("GB"), leGuin.id), (Self.suggestion("FR"), Author.ID()),
        ])

        #expect(accepted == 2)
        #expect(store.transactions.withLock { $0 } == 1)
        #expect(store.all[butler.id]?.nationality == "US")
        #expect(store.all[butler.id]?.gender == .female)
        // Only empty fields are filled: a nationality the reader set stays.
        #expect(store.all[leGuin.id]?.nationality == "US")
        #expect(store.all.count == 2)
    }

    @Test func aSuggestionTheRulesRefuseLeavesEveryAuthorAsItWas() async throws {
        let butler = Author(name: "Octavia E. Butler", dateCreated: Self.now)
        let kindred = Author(name: "Another Author", dateCreated: Self.now)
        let store = Authors([butler, kindred])
        let service = AuthorService(store: store, now: { Self.now })
        let impossible = AuthorSuggestion(match: "wikidataID", itemID: "Q2", gender: nil, culturalRegion: nil, nationality: nil,
                                          birthYear: 2000, deathYear: 1900, wikidataID: nil)

        await #expect(throws: (any Error).self) {
            _ = try await service.accept([(Self.suggestion("US"), butler.id), (impossible, kindred.id)])
        }
        #expect(store.all[butler.id]?.nationality == nil, "the first author's change went with the transaction")
    }
}
