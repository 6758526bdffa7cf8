import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackConcurrency

/// Work run on a thread of its own lets go of what it captured before anyone hears it is done, so
/// the waiter's own release is the last: a library store captured by an import is closed by the
/// command that ran it, not by the import's thread after the process exited.
@Suite struct RunOnceTests {
    /// Counts the deinitializers of its tokens.
    private final class Releases: @unchecked Sendable {
        // @unchecked: `count` is read and written only under `lock`.
        private let lock = NSLock()
        private var count = 0

        var current: Int { lock.withLock { count } }

        func note() { lock.withLock { count += 1 } }
    }

    /// Stands for a store: an object whose release is observed.
    private final class Token: Sendable {
        let releases: Releases
        init(_ releases: Releases) { self.releases = releases }
        deinit { releases.note() }
    }

    private struct Broken: Error {}

    @Test func theClosureIsReleasedBeforeRunReturns() throws {
        let releases = Releases()
        var token: Token? = Token(releases)
        let work = RunOnce<Int, Int> { [token] number in
            withExtendedLifetime(token) { number * 2 }
        }
        token = nil
        #expect(releases.current == 0)

        let result = work.run(21)

        #expect(try result.get() == 42)
        #expect(releases.current == 1)
    }

    @Test func aClosureThatThrowsIsReleasedToo() {
        let releases = Releases()
        var token: Token? = Token(releases)
        let work = RunOnce<Void, Int> { [token] _ in
            withExtendedLifetime(token) {}
            throw Broken()
        }
        token = nil

        let result = work.run(())

        #expect(throws: Broken.self) { try result.get() }
        #expect(releases.current == 1)
    }

    @Test func aSecondRunRunsNothingAndFails() throws {
        let runs = Releases()
        let work = RunOnce<Void, Int> { _ in
            runs.note()
            return 1
        }

        #expect(try work.run(()).get() == 1)
        #expect(throws: RunOnce<Void, Int>.AlreadyRun.self) { try work.run(()).get() }
        #expect(runs.current == 1)
    }

    @Test func whatAProducerCapturedIsGoneOnceItsLastItemIsTaken() throws {
        let releases = Releases()
        var token: Token? = Token(releases)
        let numbers = ProducerThread<Int>(name: "test release at end", capacity: 1) { [token] hand in
            withExtendedLifetime(token) {
                for number in 0..<100 where !hand(number) { return }
            }
        }
        token = nil
        defer { numbers.close() }

        var taken = 0
        while try numbers.next() != nil { taken += 1 }

        #expect(taken == 100)
        #expect(releases.current == 1)
    }

    @Test func whatAProducerCapturedIsGoneOnceItIsClosed() throws {
        let releases = Releases()
        var token: Token? = Token(releases)
        let numbers = ProducerThread<Int>(name: "test release at close", capacity: 0) { [token] hand in
            withExtendedLifetime(token) {
                var number = 0
                while hand(number) { number += 1 }
            }
        }
        token = nil

        #expect(try numbers.next() == 0)
        numbers.close()

        #expect(releases.current == 1)
    }

    @Test func whatAnOwnThreadBodyCapturedIsGoneWhenItsCallerResumes() async throws {
        let releases = Releases()

        let value = try await OwnThread.run(name: "test release on resume", Self.body(holding: Token(releases)))

        #expect(value == 7)
        #expect(releases.current == 1)
    }

    /// A body whose only reference to `token` is its own.
    private static func body(holding token: Token) -> @Sendable () throws -> Int {
        { withExtendedLifetime(token) { 7 } }
    }
}
