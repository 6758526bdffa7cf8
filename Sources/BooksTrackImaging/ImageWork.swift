import BooksTrackConcurrency
import BooksTrackCore
import CVips
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Image work (decoding, shrinking, reading barcodes, cutting spines) a few at a time, each on a
/// thread of its own. A photo being decoded holds tens of megabytes: past `running` at once, work
/// waits its turn, and past `waiting` more a new image is refused (`ImageError.busy`) instead of
/// the server growing by a decoded photo per request. After each, the memory it used is given
/// back to the system.
package final class ImageWork: Sendable {
    /// The process's queue: two at once (the machine's cores do the rest). A terminal command
    /// works on one image at a time and never waits; `bookstrack serve` bounds the waiting
    /// (`limitWaiting`).
    package static let shared = ImageWork(running: 2, waiting: .max)

    private let running: Int
    private let state: Mutex<State>

    private struct State {
        var running = 0
        var waiting: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    package init(running: Int, waiting: Int) {
        self.running = running
        state = Mutex(State(waiting: waiting))
    }

    /// At most `count` images wait for their turn from now on; more are refused as busy.
    package func limitWaiting(to count: Int) {
        state.withLock { $0.waiting = max(0, count) }
    }

    /// Images waiting for their turn now.
    package var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Images of at most this many pixels (a cover, a crop of a kept shelf photo) are worked on at
    /// once, without a turn: they cost a few megabytes, and a page of covers must not wait behind
    /// a shelf scan.
    package static let smallPixels = 2_048 * 2_048

    /// Runs `body` on a thread of its own when its turn comes; at once for an image of `pixels`
    /// (read from its header) that is small.
    package func run<T: Sendable>(name: String, pixels: Int? = nil, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        if let pixels, pixels <= Self.smallPixels { return try await Self.onOwnThread(name: name, body) }
        try await takeTurn()
        defer { endTurn() }
        return try await Self.onOwnThread(name: name, body)
    }

    private static func onOwnThread<T: Sendable>(name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await OwnThread.run(name: name) {
            defer {
                // libvips's per-thread buffers exist only once it started (an empty or non-image
                // upload is refused before it does; shutting down an unstarted libvips crashes).
                if Vips.start() { bt_vips_thread_done() }
                FreeMemory.giveBack()
            }
            return try body()
        }
    }

    private func takeTurn() async throws {
        enum Turn { case now, wait, refused }
        let turn: Turn = state.withLock { state in
            if state.running < running {
                state.running += 1
                return .now
            }
            return state.waiters.count < state.waiting ? .wait : .refused
        }
        switch turn {
        case .now: return
        case .refused: throw ImageError.busy
        case .wait:
            await withCheckedContinuation { continuation in
                let startsNow = state.withLock { state -> Bool in
                    // A turn may have ended between the two locks.
                    if state.running < running {
                        state.running += 1
                        return true
                    }
                    state.waiters.append(continuation)
                    return false
                }
                if startsNow { continuation.resume() }
            }
        }
    }

    /// Hands the turn to the first waiting image, else frees it.
    private func endTurn() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}

/// Gives the memory the allocator holds free back to the system: tcmalloc's, when the program
/// runs on it (the executable does), else glibc's.
enum FreeMemory {
    private typealias Release = @convention(c) () -> Void
    private typealias Trim = @convention(c) (Int) -> Int32
    // Looked up by name: only the executable links tcmalloc, and Swift's Glibc does not declare malloc_trim.
    private static let tcmalloc: Release? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "MallocExtension_ReleaseFreeMemory")
        .map { unsafeBitCast($0, to: Release.self) }
    private static let glibc: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }

    static func giveBack() {
        if let tcmalloc {
            tcmalloc()
        } else if let glibc {
            _ = glibc(0)
        }
    }
}
