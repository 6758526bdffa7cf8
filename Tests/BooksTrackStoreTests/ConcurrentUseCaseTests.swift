import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Two requests doing the same thing at the same moment, as a server gets them.
@Suite struct ConcurrentUseCaseTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The service of one user, and a second service over another connection to the same file
    /// (another process).
    func services() throws -> (LibraryService, LibraryService, SQLiteLibraryStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let database = try LibraryDatabase(path: directory.path("library.sqlite"))
        let user = try database.ensureUser(named: "local", now: now)
        let other = try LibraryDatabase(path: directory.path("library.sqlite"))
        let now = self.now
        let store = database.library(for: user.id)
        return (LibraryService(store: store, now: { now }), LibraryService(store: other.library(for: user.id), now: { now }), store, directory)
    }

    @Test func addingOneISBNTwiceAtOnceEndsWithOneBookAndOneRefusal() async throws {
        let (service, otherProcess, store, _) = try services()
        let isbn = try #require(ISBN("9780441172719"))
        for round in 0..<10 {
            let book = ManualBook(title: "Dune \(round)", authors: ["Frank Herbert"], isbns: [isbn], status: .toRead)
            async let first = Result(catching: { try await service.add(book) })
            async let second = Result(catching: { try await (round.isMultiple(of: 2) ? service : otherProcess).add(book) })
            let results = await [first, second]
            let added = results.compactMap { try? $0.get() }
            let refusals = results.compactMap { result -> AddBookError? in
                if case .failure(let error) = result { return error as? AddBookError }
                return nil
            }
            #expect(added.count == 1, "round \(round)")
            #expect(refusals.count == 1, "round \(round): \(results)")
            if case .alreadyInLibrary(let id, _, let reason)? = refusals.first {
                #expect(id == added.first?.entry.id)
                #expect(reason == "ISBN 9780441172719")
            }
            #expect(try store.entries(isbn: isbn).count == 1)
            _ = try await service.remove(.id(try #require(added.first).entry.id))
        }
    }

    @Test func twoNoteAppendsAtOnceBothLand() async throws {
        let (service, otherProcess, _, _) = try services()
        let book = try await service.add(ManualBook(title: "Kindred", authors: ["Octavia E. Butler"], status: .reading))
        async let first = service.appendNote(.id(book.entry.id), text: "first thought")
        async let second = otherProcess.appendNote(.id(book.entry.id), text: "second thought")
        _ = try await (first, second)
        let notes = try #require(try await service.book(.id(book.entry.id)).entry.notes)
        #expect(notes.contains("first thought"))
        #expect(notes.contains("second thought"))
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
