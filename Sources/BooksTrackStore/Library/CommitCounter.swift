import GRDB
import Synchronization

/// Counts the transactions committed with changes through one library file's connections, so
/// that something kept from a read (a server's encoded page of books) can tell it may be out of
/// date without reading the file again. Changes made by another process are not counted.
final class CommitCounter: TransactionObserver, Sendable {
    private let count = Atomic<UInt64>(0)
    /// The writer connection's count of changed rows at its last commit with changes (only the
    /// writer commits, on its own queue).
    private let lastChanges = Atomic<Int>(0)

    /// How many transactions with changes have been committed since the file was opened.
    var value: UInt64 { count.load(ordering: .acquiring) }

    /// The count once the transaction open on the writer connection `db` commits: one more when
    /// it has changed rows, as `databaseDidCommit` will find. Asked on the writer's queue.
    func value(committing db: Database) -> UInt64 {
        value + (db.totalChangesCount == lastChanges.load(ordering: .relaxed) ? 0 : 1)
    }

    // No change events: GRDB tells every observer of every commit, and the count of changed rows
    // read then is all the counter needs (events would also cost an update hook on every row).
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseDidCommit(_ db: Database) {
        // GRDB reports every commit, also of a write transaction that changed nothing (an import
        // batch whose rows the library already holds). The connection's count of changed rows
        // tells them apart: it counts every table, where change events leave out WITHOUT ROWID ones.
        let changes = db.totalChangesCount
        guard changes != lastChanges.load(ordering: .relaxed) else { return }
        lastChanges.store(changes, ordering: .relaxed)
        count.add(1, ordering: .releasing)
    }

    func databaseDidRollback(_ db: Database) {
        // What the rolled-back transaction changed is gone: a later commit of nothing is not counted.
        lastChanges.store(db.totalChangesCount, ordering: .relaxed)
    }
}
