import BooksTrackCore
import BooksTrackTesting
import Foundation
import GRDB
import Testing

@testable import BooksTrackStore

/// User names name one user whatever their case and Unicode form.
@Suite struct UserNameCaseTests {
    let folder: TemporaryDirectory
    let database: LibraryDatabase
    let now = Date(timeIntervalSince1970: 1_795_338_000)

    init() throws {
        folder = try TemporaryDirectory(prefix: "bookstrack-user-names")
        database = try LibraryDatabase(path: folder.path("library.sqlite"))
    }

    @Test func aNameInAnotherCaseOrUnicodeFormIsTheSameUser() throws {
        let alice = try database.ensureUser(named: "Alice", now: now)
        #expect(try database.ensureUser(named: "alice", now: now).id == alice.id)
        #expect(try database.user(named: "ALICE")?.id == alice.id)
        // "Zoë" typed as one character and as e with a combining diaeresis
        let zoe = try database.ensureUser(named: "Zo\u{00EB}", now: now)
        #expect(try database.user(named: "ZOE\u{0308}")?.id == zoe.id)
        #expect(try database.users().count == 2)
    }

    @Test func anAccountCannotTakeANameThatDiffersOnlyInCase() async throws {
        _ = try await database.createAccount(name: "Alice", passwordHash: "hash", isAdmin: true, now: now)
        await #expect(throws: AccountError.nameTaken("alice")) {
            _ = try await database.createAccount(name: "alice", passwordHash: "hash", isAdmin: false, now: now)
        }
        #expect(try await database.account(named: "aLiCe")?.account.user.name == "Alice")
    }

    @Test func twoUsersFromBeforeThatDifferOnlyInCaseAreNamedExactlyAndAnythingElseIsAmbiguous() async throws {
        // Given a file where "Alice" and "alice" were made before names were compared without case
        _ = try database.ensureUser(named: "Alice", now: now)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO users (id, name, nameKey, dateCreated) VALUES (?, 'alice', 'alice', 0)", arguments: [UUID().uuidString])
        }
        // Then each is found by its exact name, and "ALICE" is refused as naming both
        #expect(try database.user(named: "Alice")?.name == "Alice")
        #expect(try database.user(named: "alice")?.name == "alice")
        #expect(throws: LibraryError.ambiguousUser("ALICE", candidates: ["Alice", "alice"])) {
            _ = try database.user(named: "ALICE")
        }
    }
}
