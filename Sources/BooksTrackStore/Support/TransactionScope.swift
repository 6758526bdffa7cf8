import Foundation
import GRDB

/// The transaction a use case runs in, so that every store call inside it uses that transaction's
/// connection instead of opening its own (GRDB's database accesses are not reentrant).
///
/// Bound as a task-local value for the duration of the transaction's closure, which runs
/// synchronously on the connection's own queue (a task-local bound outside any task lives in
/// that thread's storage): nothing outside the closure sees it.
final class TransactionScope: @unchecked Sendable {
    // Unchecked: `db` is used only on the queue that runs the closure binding this scope.
    private let db: Database
    private let writer: ObjectIdentifier
    private let isWriting: Bool

    private init(db: Database, writer: ObjectIdentifier, isWriting: Bool) {
        self.db = db
        self.writer = writer
        self.isWriting = isWriting
    }

    @TaskLocal private static var current: TransactionScope?

    /// Runs `body` as the transaction of `writer` on `db`.
    static func run<T>(_ db: Database, writer: any DatabaseWriter, writing: Bool, _ body: () throws -> T) throws -> T {
        try $current.withValue(TransactionScope(db: db, writer: ObjectIdentifier(writer), isWriting: writing)) { try body() }
    }

    /// The connection of the transaction running on this thread for `writer`, if any. Asking to
    /// write inside a read transaction is a programming error, reported as such.
    static func database(of writer: any DatabaseWriter, writing: Bool = false) -> Database? {
        guard let scope = current, scope.writer == ObjectIdentifier(writer) else { return nil }
        precondition(!writing || scope.isWriting, "a store write inside a read-only use case")
        return scope.db
    }
}
