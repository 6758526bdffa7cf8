import GRDB
import Synchronization

/// Counts the transactions committed with changes through one library file's connections, so
/// that something kept from a read (a server's encoded page of books) can tell it may be out of
/// date without reading the file again. Changes made by another process are not counted.
final class CommitCounter: TransactionObserver, Sendable {
    private let count = Atomic<UInt64>(0)

    /// How many transactions with changes have been committed since the file was opened.
    var value: UInt64 { count.load(ordering: .acquiring) }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    func databaseDidChange(with event: DatabaseEvent) {
        // One change is enough to know the transaction changed something; the rest of an
        // import's rows are not reported.
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidChange() {
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidCommit(_ db: Database) {
        count.add(1, ordering: .releasing)
    }

    func databaseDidRollback(_ db: Database) {}
}
