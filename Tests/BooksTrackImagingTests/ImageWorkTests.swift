import BooksTrackCore
import BooksTrackTesting
import CVips
import Foundation
import Synchronization
import Testing

@testable import BooksTrackImaging

/// Images that cost more than their bytes say, and how many are worked on at once.
@Suite struct ImageWorkTests {
    init() throws { try #require(Vips.start()) }

    @Test func aTransparentPNGIsKeptOnWhiteNotBlack() throws {
        // Given a PNG whose pixels are black and fully transparent
        let png = try TestPNG.make(width: 64, height: 48, grey: 0, alpha: 0)
        // When it is kept as a page photo
        let kept = try VipsImageProcessor.process(png, limits: ImageLimits())
        // Then where it was clear is white
        let image = try Vips.upright(kept.jpeg, fitting: 64)
        defer { Vips.release(image) }
        let grey = try Vips.grey(image)
        let mean = grey.pixels.reduce(0) { $0 + Int($1) } / grey.pixels.count
        #expect(mean > 245, "mean grey \(mean)")
    }

    @Test func aSixteenBitGiantIsReadSmallAndGivesNoBarcode() throws {
        // Given 778 KB that decode to 10,000 × 10,000 pixels of 64 bits
        let giant = try TestPNG.sixteenBitGiant()
        #expect(giant.count < 1_000_000)
        // Then it is read (shrunk as it streams, at 8 bits) and simply has no barcode
        #expect(try ZBarBarcodeReader.read(giant, limits: ImageLimits()).isEmpty)
        let photo = try VipsImageProcessor.process(giant, limits: ImageLimits())
        #expect(photo.width == 2_048)
        #expect(photo.height == 2_048)
    }

    @Test func pastTheRunningAndWaitingImagesANewOneIsRefusedAsBusy() async throws {
        // Given a queue that works on one image and keeps one waiting, the one working held
        let queue = ImageWork(running: 1, waiting: 1)
        let turn = HeldTurn()
        async let first: Int = turn.hold(queue)
        await turn.started()
        async let second: Int = queue.run(name: "second") { 2 }
        // The second takes its place in the queue.
        while queue.waitingCount < 1 { await Task.yield() }
        // When a third comes
        await #expect(throws: ImageError.busy) {
            try await queue.run(name: "third") { 3 }
        }
        // Then the first two are done in turn
        turn.release()
        #expect(try await first == 1)
        #expect(try await second == 2)
        // And once they are, a new one runs
        #expect(try await queue.run(name: "fourth") { 4 } == 4)
    }
}

/// Small images do not wait behind large ones.
@Suite struct SmallImageTests {
    @Test func aSmallImageIsWorkedOnAtOnceWhileTheQueueIsFull() async throws {
        // Given a queue whose one turn is held and which keeps nobody waiting
        let queue = ImageWork(running: 1, waiting: 0)
        let turn = HeldTurn()
        async let held: Int = turn.hold(queue)
        await turn.started()
        // Then a cover-sized image is worked on at once, and a photo-sized one refused
        #expect(try await queue.run(name: "cover", pixels: 600 * 900) { 2 } == 2)
        await #expect(throws: ImageError.busy) { try await queue.run(name: "photo", pixels: 4_032 * 3_024) { 3 } }
        turn.release()
        #expect(try await held == 1)
    }
}

/// A turn of a queue held by work that waits until released, on its own thread.
final class HeldTurn: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let begun = Mutex(false)

    /// Runs work on `queue` that holds its turn until `release()`; it answers 1.
    func hold(_ queue: ImageWork) async throws -> Int {
        try await queue.run(name: "held") { [self] in
            begun.withLock { $0 = true }
            released.wait()
            return 1
        }
    }

    /// Waits, without holding a thread of the pool, until the work has its turn.
    func started() async {
        while !begun.withLock({ $0 }) { await Task.yield() }
    }

    func release() { released.signal() }
}
