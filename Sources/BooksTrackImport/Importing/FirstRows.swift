import BooksTrackCore
import Synchronization

/// The first row of an import that described each book, to report a book the file lists twice.
///
/// One table for the whole import, shared by the batcher and by the copy of it that merges the
/// next batch ahead (`MergeAhead`), so that no batch copies the rows of every batch before it.
/// Each merge of a batch records its rows under a pass of its own and sees the rows of earlier
/// passes; the rows of a dropped pass (a batch merged ahead and then not used) are seen by none.
final class FirstRows: Sendable {
    private struct State {
        var rows: [Work.ID: (row: Int, pass: Int)] = [:]
        var dropped: Set<Int> = []
        var lastPass = 0
    }

    private let state = Mutex(State())

    /// Starts the pass of a batch's merge.
    func beginPass() -> Int {
        state.withLock { state in
            state.lastPass += 1
            return state.lastPass
        }
    }

    /// Forgets the rows `pass` recorded: its merge is not used.
    func drop(_ pass: Int) {
        state.withLock { _ = $0.dropped.insert(pass) }
    }

    /// The row that first described the book, as `pass` sees it.
    func row(of id: Work.ID, pass: Int) -> Int? {
        state.withLock { state in
            guard let entry = state.rows[id], entry.pass <= pass, !state.dropped.contains(entry.pass) else { return nil }
            return entry.row
        }
    }

    /// Records the row that first described the book, in `pass`.
    func record(_ row: Int, of id: Work.ID, pass: Int) {
        state.withLock { $0.rows[id] = (row, pass) }
    }
}
