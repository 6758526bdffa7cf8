import BooksTrackCore
import BooksTrackServices
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Accounts in a real library file, with secrets that are cheap to compute but keep the shape of
/// the real ones (the hash is checked, the digest is a function of the secret).
@Suite struct AccountStoreTests {
    struct PlainSecrets: Secrets {
        func hashPassword(_ password: String) -> String { "hash:" + password }
        func verifyPassword(_ password: String, hash: String) -> Bool { hash == "hash:" + password }
        func digest(token secret: String) -> String { "digest:" + secret }
    }

    let folder: TemporaryDirectory
    let database: LibraryDatabase
    let clock = SettableClock(start: Date(timeIntervalSince1970: 1_795_338_000))
    let accounts: AccountService

    init() throws {
        folder = try TemporaryDirectory(prefix: "bookstrack-store-tests")
        database = try LibraryDatabase(path: folder.path("library.sqlite"))
        accounts = AccountService(store: database, secrets: PlainSecrets(), now: { [clock] in clock.now })
    }

    @Test func theFirstAccountTakesTheTerminalsLibraryWithItsBooks() async throws {
        let local = try database.ensureUser(named: User.defaultLocalName, now: clock.now)
        let books = LibraryFixtures.books(count: 3, userID: local.id)
        try database.library(for: local.id).add(books)
        #expect(try await accounts.needsFirstAccount())

        let alice = try await accounts.createAccount(name: "alice", password: "correct horse", isAdmin: true)

        #expect(alice.user.id == local.id)
        #expect(alice.isAdmin)
        #expect(try database.user(named: "local") == nil)
        #expect(try database.library(for: alice.user.id).books(EntryQuery()).count == 3)
        #expect(try await !accounts.needsFirstAccount())
        // The second account starts with an empty library of its own.
        let bob = try await accounts.createAccount(name: "bob", password: "battery staple", isAdmin: false)
        #expect(bob.user.id != local.id)
        await #expect(throws: AccountError.nameTaken("bob")) {
            try await accounts.createAccount(name: "bob", password: "another password", isAdmin: false)
        }
    }

    @Test func deletingAnAccountTakesItsWholeLibraryAndLeavesOthersAndKeepsAnAdministrator() async throws {
        let alice = try await accounts.createAccount(name: "alice", password: "correct horse", isAdmin: true)
        let bob = try await accounts.createAccount(name: "bob", password: "battery staple", isAdmin: false)
        for (account, seed) in [(alice, UInt64(1)), (bob, UInt64(2))] {
            let store = database.library(for: account.user.id)
            try store.add(LibraryFixtures.books(count: 40, userID: account.user.id, seed: seed))
            try store.setGoal(try ReadingGoal(year: 2026, books: 12, pages: nil))
            _ = try store.insights(year: nil, now: clock.now)
            _ = try await accounts.createToken(for: account, name: "phone")
            _ = try await accounts.openSession(for: account, userAgent: "test")
        }
        let bobKey = try #require(try database.userKey(bob.user.id))
        let aliceRowsBefore = try database.rowsKeyed(byUserKey: try #require(try database.userKey(alice.user.id)))
        #expect(try database.rowsKeyed(byUserKey: bobKey)["entries"] == 40)
        #expect(try database.rowsKeyed(byUserKey: bobKey)["insight_facts"] != nil, "insights were counted, so their tables hold bob's rows")

        await #expect(throws: AccountError.wrongCredentials) { try await accounts.deleteAccount(bob, password: "not it") }
        // The only administrator cannot leave bob without one.
        await #expect(throws: AccountError.lastAdministrator) { try await accounts.deleteAccount(alice, password: "correct horse") }
        #expect(try await accounts.signIn(name: "alice", password: "correct horse").user.id == alice.user.id)

        try await accounts.deleteAccount(bob, password: "battery staple")
        #expect(try database.rowsKeyed(byUserKey: bobKey).isEmpty, "no table keeps a row of bob's")
        #expect(try database.userKey(bob.user.id) == nil)
        await #expect(throws: AccountError.wrongCredentials) { try await accounts.signIn(name: "bob", password: "battery staple") }
        #expect(try database.rowsKeyed(byUserKey: try #require(try database.userKey(alice.user.id))) == aliceRowsBefore)

        // Alone now, alice may go, and the server is back to its first start.
        try await accounts.deleteAccount(alice, password: "correct horse")
        #expect(try await accounts.needsFirstAccount())
    }

    @Test func changingThePasswordSignsOutEveryOtherBrowser() async throws {
        let alice = try await accounts.createAccount(name: "alice", password: "correct horse", isAdmin: false)
        let here = try await accounts.openSession(for: alice, userAgent: "this one")
        let there = try await accounts.openSession(for: alice, userAgent: "a lost phone")
        await #expect(throws: AccountError.wrongCredentials) {
            try await accounts.changePassword(of: alice, current: "wrong horse", new: "new password", keeping: here.session.id)
        }
        await #expect(throws: AccountError.passwordTooShort(minimum: 8)) {
            try await accounts.changePassword(of: alice, current: "correct horse", new: "short", keeping: here.session.id)
        }
        #expect(try await accounts.session(secret: there.secret) != nil, "a refused change signs nobody out")
        #expect(try await accounts.changePassword(of: alice, current: "correct horse", new: "new password", keeping: here.session.id) == 1)
        #expect(try await accounts.session(secret: here.secret) != nil)
        #expect(try await accounts.session(secret: there.secret) == nil)
        #expect(try await accounts.signIn(name: "alice", password: "new password").user.id == alice.user.id)
    }

    @Test func aPasswordSetFromTheTerminalSignsOutEveryBrowserOfThatAccountOnly() async throws {
        let alice = try await accounts.createAccount(name: "alice", password: "correct horse", isAdmin: true)
        let bob = try await accounts.createAccount(name: "bob", password: "battery staple", isAdmin: false)
        let phone = try await accounts.openSession(for: bob, userAgent: "a lost phone")
        let laptop = try await accounts.openSession(for: bob, userAgent: "a laptop")
        let alices = try await accounts.openSession(for: alice, userAgent: "alice's")
        await #expect(throws: AccountError.passwordTooShort(minimum: 8)) { try await accounts.resetPassword(name: "bob", password: "short") }
        #expect(try await accounts.session(secret: phone.secret) != nil, "a refused reset signs nobody out")

        let reset = try await accounts.resetPassword(name: "bob", password: "new password")

        #expect(reset.account.user.id == bob.user.id)
        #expect(reset.endedSessions == 2)
        #expect(try await accounts.session(secret: phone.secret) == nil)
        #expect(try await accounts.session(secret: laptop.secret) == nil)
        #expect(try await accounts.session(secret: alices.secret) != nil)
        #expect(try await accounts.signIn(name: "bob", password: "new password").user.id == bob.user.id)
        await #expect(throws: AccountError.wrongCredentials) { try await accounts.signIn(name: "bob", password: "battery staple") }
    }

    @Test func signInChecksThePasswordAndSaysTheSameForAnUnknownName() async throws {
        _ = try await accounts.createAccount(name: "alice", password: "correct horse", isAdmin: false)
        #expect(try await accounts.signIn(name: " alice ", password: "correct horse").user.name == "alice")
        await #expect(throws: AccountError.wrongCredentials) { try await accounts.signIn(name: "alice", password: "Correct horse") }
        await #expect(throws: AccountError.wrongCredentials) { try await accounts.signIn(name: "nobody", password: "correct horse") }
        await #expect(throws: AccountError.wrongCredentials) {
            try await accounts.signIn(name: String(repeating: "a", count: 10_000), password: String(repeating: "p", count: 100_000))
        }
    }

    @Test func aTokenIsFoundByItsDigestOnlyItsLastUseIsKeptAndItDiesWhenRevoked() async throws {
        let alice = try await accounts.createAccount(name: "alice", password: "correct horse", isAdmin: false)
        let bob = try await accounts.createAccount(name: "bob", password: "battery staple", isAdmin: false)
        let created = try await accounts.createToken(for: alice, name: "  sync  ")
        #expect(created.token.name == "sync")

        clock.advance(by: 600)
        #expect(try await accounts.account(bearer: created.secret)?.user.id == alice.user.id)
        #expect(try await accounts.tokens(of: alice).first?.lastUsed == clock.now)
        #expect(try await accounts.tokens(of: bob).isEmpty)
        #expect(try await accounts.account(bearer: "digest:" + created.secret) == nil)

        await #expect(throws: AccountError.tokenNotFound) { try await accounts.revokeToken(created.token.id, of: bob) }
        #expect(try await accounts.account(bearer: created.secret) != nil)
        try await accounts.revokeToken(created.token.id, of: alice)
        #expect(try await accounts.account(bearer: created.secret) == nil)
    }

    @Test func tokenNamesAndCountsHaveLimits() async throws {
        let alice = try await accounts.createAccount(name: "alice", password: "correct horse", isAdmin: false)
        await #expect(throws: AccountError.tokenNameEmpty) { try await accounts.createToken(for: alice, name: "   ") }
        await #expect(throws: AccountError.tokenNameTooLong(limit: 64)) {
            try await accounts.createToken(for: alice, name: String(repeating: "n", count: 65))
        }
        for index in 0..<AccountService.tokenLimit { _ = try await accounts.createToken(for: alice, name: "t\(index)") }
        await #expect(throws: AccountError.tooManyTokens(limit: 50)) { try await accounts.createToken(for: alice, name: "one more") }
    }
}
