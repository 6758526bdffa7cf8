import BooksTrackCore
import Foundation

/// Prepares a batch of books (`BookInserter.prepare`: validation and keys) chunk by chunk, on a
/// second thread and on the writer's own thread when it would otherwise wait, so the checks of
/// the next books run while the writer inserts the current ones.
///
/// On two cores this nearly halves a large import: the core's validation and title
/// normalization cost about as much as SQLite's inserts. Small batches are prepared in place.
final class BookPreparation: @unchecked Sendable {
    /// Books per chunk.
    private static let chunkSize = 256
    /// Batches smaller than this are prepared on the caller's thread only.
    private static let backgroundThreshold = 1_024

    private enum ChunkState {
        case pending
        case claimed
        case ready([Result<PreparedBook, LibraryError>])
        case taken
    }

    /// How many chunks `chunk(_:)` serves.
    let chunkCount: Int
    private let books: [NewBook]
    private let userID: User.ID
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var states: [ChunkState]
    private var isCancelled = false

    /// Starts preparing `books` for `userID`.
    init(_ books: [NewBook], userID: User.ID) {
        self.books = books
        self.userID = userID
        chunkCount = (books.count + Self.chunkSize - 1) / Self.chunkSize
        states = Array(repeating: .pending, count: chunkCount)
        if books.count >= Self.backgroundThreshold {
            Thread.detachNewThread { [self] in prepareInBackground() }
        }
    }

    /// The prepared books of chunk `index` (each chunk is served once), preparing them on the
    /// calling thread if nobody has started yet, else waiting for them.
    func chunk(_ index: Int) -> [Result<PreparedBook, LibraryError>] {
        condition.lock()
        while true {
            switch states[index] {
            case .pending:
                states[index] = .claimed
                condition.unlock()
                var knownAuthors: [Author.ID: PreparedAuthor] = [:]
                return prepare(index, knownAuthors: &knownAuthors)
            case .ready(let prepared):
                states[index] = .taken
                condition.unlock()
                return prepared
            case .claimed, .taken:
                condition.wait()
            }
        }
    }

    /// Stops the background preparation (the writer finished or gave up).
    func cancel() {
        condition.lock()
        isCancelled = true
        condition.unlock()
    }

    private func prepareInBackground() {
        // Authors recur across a batch: their keys are computed once per thread.
        var knownAuthors: [Author.ID: PreparedAuthor] = [:]
        for index in 0..<chunkCount {
            condition.lock()
            guard !isCancelled else {
                condition.unlock()
                return
            }
            guard case .pending = states[index] else {
                condition.unlock()
                continue
            }
            states[index] = .claimed
            condition.unlock()
            let prepared = prepare(index, knownAuthors: &knownAuthors)
            condition.lock()
            states[index] = .ready(prepared)
            condition.broadcast()
            condition.unlock()
        }
    }

    private func prepare(_ index: Int, knownAuthors: inout [Author.ID: PreparedAuthor]) -> [Result<PreparedBook, LibraryError>] {
        let range = (index * Self.chunkSize)..<min(books.count, (index + 1) * Self.chunkSize)
        return books[range].map { book in
            Result { () throws(LibraryError) -> PreparedBook in
                let prepared = try BookInserter.prepare(book, userID: userID, knownAuthors: knownAuthors)
                for author in prepared.authors { knownAuthors[author.author.id] = author }
                return prepared
            }
        }
    }
}
