import BooksTrackConcurrency
import BooksTrackCore
import Foundation

/// Prepares a batch of books (`BookInserter.prepare`: validation and keys) chunk by chunk, shared
/// between a thread of its own and the writer (`SharedMaking`): the checks of the next books run
/// while the writer inserts the current ones, and the writer checks the next chunk itself when
/// that thread is behind. Small batches are prepared on the writer's own thread.
struct BookPreparation {
    /// Books prepared in order, up to the first refused one if any.
    struct Chunk: Sendable {
        /// In the order prepared. The writer takes each book out with `nextBook()`, which moves it
        /// and leaves nil, where reading it in place would copy it (a retain of each of its strings)
        /// and leave the chunk to release them all again.
        private var books: [PreparedBook?]
        /// The position of the next book `nextBook()` takes.
        private var next = 0
        /// Why the book after the chunk's books was refused: the writer throws it once those are
        /// written, and no book after it is prepared.
        let refusal: LibraryError?
        /// What the books' prepared facts (`PreparedBook.facts`) add to the insight counters.
        let factSums: InsightCounterSums

        /// `books` prepared in order, the refusal of the book after them if any, and the sums of their facts.
        init(books: consuming [PreparedBook?], refusal: LibraryError?, factSums: InsightCounterSums) {
            self.books = books
            self.refusal = refusal
            self.factSums = factSums
        }

        /// How many books the chunk holds, taken or not.
        var count: Int { books.count }

        /// Takes the next book out of the chunk, in the order prepared; nil once all were taken.
        mutating func nextBook() -> PreparedBook? {
            guard next < books.count else { return nil }
            next += 1
            return books[next - 1].take()
        }
    }

    /// Books per chunk.
    private static let chunkSize = 256
    /// Batches smaller than this are prepared on the caller's thread only.
    private static let backgroundThreshold = 1_024
    /// Prepared chunks that may wait for the writer: enough to keep it fed, few enough that a
    /// batch refused early does not prepare much in vain.
    private static let chunksAhead = 4

    private let books: [NewBook]
    private let userID: User.ID

    /// Prepares `books` for `userID`.
    init(_ books: [NewBook], userID: User.ID) {
        self.books = books
        self.userID = userID
    }

    /// Calls `body` with each chunk of prepared books, in order. The background preparation (if
    /// any) stops when `body` throws or the last chunk was taken.
    func forEachChunk(_ body: (inout Chunk) throws -> Void) throws {
        let ranges = stride(from: 0, to: books.count, by: Self.chunkSize).map { $0..<min(books.count, $0 + Self.chunkSize) }
        guard books.count >= Self.backgroundThreshold else {
            var knownAuthors: [Author.ID: PreparedAuthor] = [:]
            for range in ranges {
                var chunk = Self.prepare(books[range], userID: userID, knownAuthors: &knownAuthors)
                try body(&chunk)
                if chunk.refusal != nil { return }
            }
            return
        }
        // Off the CPU of the import writing these books, if it claimed one. The writer prepares a
        // chunk itself rather than wait for one.
        let writerCore = WriterCore.current
        let making = SharedMaking<Chunk, [Author.ID: PreparedAuthor]>(
            name: "bookstrack.prepare", count: ranges.count, ahead: Self.chunksAhead, writerCore: writerCore,
            // Authors recur across a batch: each thread computes their keys once.
            scratch: { [:] }, isLast: { $0.refusal != nil }
        ) { [books, userID] index, knownAuthors in
            Self.prepare(books[ranges[index]], userID: userID, knownAuthors: &knownAuthors)
        }
        defer { making.close() }
        while var chunk = making.next() {
            // This thread writes: its helper follows it if it moved.
            writerCore?.noteWriterCPU()
            try body(&chunk)
        }
    }

    private static func prepare(
        _ books: ArraySlice<NewBook>, userID: User.ID, knownAuthors: inout [Author.ID: PreparedAuthor]
    ) -> Chunk {
        var prepared: [PreparedBook?] = []
        prepared.reserveCapacity(books.count)
        var refusal: LibraryError?
        var factSums = InsightCounterSums()
        // By position: a `for … in` iterator hands out a copy of each book (a retain and a release
        // of each of its strings) on top of the one made as it is passed to its checks.
        books.withUnsafeBufferPointer { books in
            for position in books.indices {
                do throws(LibraryError) {
                    let book = try BookInserter.prepare(books[position], userID: userID, knownAuthors: knownAuthors)
                    for author in book.authors { knownAuthors[author.author.id] = author }
                    factSums.add(book.facts?.facts ?? [])
                    prepared.append(book)
                } catch {
                    refusal = error
                    break
                }
            }
        }
        return Chunk(books: consume prepared, refusal: refusal, factSums: factSums)
    }
}
