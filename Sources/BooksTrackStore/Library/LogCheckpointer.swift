import Dispatch
import GRDB
import GRDBSQLite
import Synchronization

/// Copies a library file's write-ahead log into the file on a connection and a thread of its own,
/// so that no commit waits for a checkpoint.
///
/// SQLite's automatic checkpoint runs inside the commit that fills the log: the writer copies the
/// log's pages into the file and waits for the disk twice before the commit returns. During an
/// import of 100,000 books that was about 0.4 s of the writer's time (0.27 s of it `fdatasync`,
/// traced with `strace -T`), with the next batch waiting behind it. The writer's connection runs
/// no checkpoint of its own: its commits tell this value how long the log is (`install(on:)`),
/// and from `logBytes` of log on a passive checkpoint runs here, beside the next writes. A passive
/// checkpoint waits for no reader or writer; a later commit asks again for what it left.
final class LogCheckpointer: Sendable {
    /// The length of log, in bytes, from which a commit asks for a checkpoint.
    private let logBytes: Int
    /// `logBytes` in pages of the file, set by `install(on:)`.
    private let logPages = Atomic<Int32>(Int32.max)
    private let path: String
    private let queue = DispatchQueue(label: "BooksTrack library checkpoint")
    /// Whether a checkpoint is asked for and has not started: commits meanwhile ask for nothing more.
    private let asked = Atomic<Bool>(false)
    /// The checkpoint's connection, opened at the first checkpoint; used only on `queue`.
    private let connection = Mutex<DatabaseQueue?>(nil)

    init(path: String, logBytes: Int) {
        self.path = path
        self.logBytes = logBytes
    }

    /// The length of log, in pages of the file, from which a commit asks for a checkpoint.
    var pagesPerCheckpoint: Int { Int(logPages.load(ordering: .relaxed)) }

    /// Makes the commits of the writer connection `db` ask for checkpoints here instead of running
    /// SQLite's automatic checkpoint. The connection's configuration must keep this value alive.
    func install(on db: Database) throws {
        let pageSize = max(512, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096)
        logPages.store(Int32(clamping: max(1, logBytes / pageSize)), ordering: .relaxed)
        sqlite3_wal_hook(db.sqliteConnection, { context, _, _, pages in
            guard let context else { return SQLITE_OK }
            let checkpointer = Unmanaged<LogCheckpointer>.fromOpaque(context).takeUnretainedValue()
            if Int(pages) >= checkpointer.pagesPerCheckpoint { checkpointer.ask() }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Schedules one checkpoint unless one is already waiting to start.
    func ask() {
        guard asked.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        queue.async { self.checkpoint() }
    }

    /// Waits for the checkpoints asked for so far.
    func settle() {
        queue.sync {}
    }

    /// Waits for a checkpoint under way and closes the connection.
    func finish() {
        queue.sync {
            connection.withLock { queue in
                try? queue?.close()
                queue = nil
            }
        }
    }

    private func checkpoint() {
        // Cleared first: a commit during this checkpoint asks for the next one.
        asked.store(false, ordering: .releasing)
        connection.withLock { queue in
            do {
                if queue == nil {
                    var configuration = Configuration()
                    configuration.label = "BooksTrack library checkpoint"
                    queue = try DatabaseQueue(path: path, configuration: configuration)
                }
                // Best effort: a checkpoint refused (another process's under way) or failed leaves
                // the log as it was, and the next commit past `logBytes` asks again.
                try queue?.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
            } catch {}
        }
    }
}
