import BooksTrackCore
import Foundation

/// The bookshelf scan and its review queue, for the terminal, the API and the web app: a photo
/// is kept, recognized, each book seen is matched and waits as pending until the reader accepts
/// (adds it) or rejects it. Each use case is one transaction of the store.
public struct ScanService: Sendable {
    /// The longest side of a spine's crop.
    public static let cropSide = 480

    /// The ports it uses: scans and their review queue, and the books an accepted item adds.
    public typealias Store = ScanStore & LibraryService.AddingStore & LibraryTransactions

    let store: any Store
    let images: any ImageProcessor
    public let now: @Sendable () -> Date

    public init(store: any Store, images: any ImageProcessor, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.images = images
        self.now = now
    }

    /// Where a scan is: what `progress` reports.
    public enum Stage: String, Codable, Sendable, CaseIterable {
        case stored, recognizing, matching, done
    }

    // MARK: Scanning

    /// Keeps a shelf photo as photos are kept (upright, at most 2,048 px, JPEG quality 70 without
    /// location or camera metadata), and the photo as sent only when `keepOriginal`. Throws
    /// `ImageError` for what is not a photo it may read.
    public func keep(photo data: Data, keepOriginal: Bool = false) async throws -> ShelfScan {
        let processed = try await images.pagePhoto(data)
        let scan = ShelfScan(width: processed.width, height: processed.height, dateCreated: now())
        let store = self.store
        let original = keepOriginal ? data : nil
        try await store.transaction { try store.addScan(scan, photo: processed.jpeg, original: original) }
        return scan
    }

    /// Recognizes the scan's photo, matches each book seen (four at a time) and queues them as
    /// pending with a crop of their spine. Run again (after a restart), it replaces what an earlier
    /// run queued and the reader has not decided. `progress(stage, done, total)` follows it.
    public func recognize(
        _ scanID: ShelfScan.ID, with recognizer: any ShelfRecognizer, matcher: any BookMatcher,
        progress: @Sendable (Stage, Int, Int) -> Void = { _, _, _ in }, isCancelled: @Sendable () -> Bool = { false }
    ) async throws -> ScanReport {
        let store = self.store
        let found = try await store.snapshot { () -> (ShelfScan, Data)? in
            guard let scan = try store.scan(id: scanID), let photo = try store.scanPhoto(id: scanID) else { return nil }
            return (scan, photo)
        }
        guard let (stored, photo) = found else { throw ScanError.scanNotFound(scanID) }
        var scan = stored
        progress(.recognizing, 0, 1)
        let detections = try await recognizer.recognize(ShelfPhoto(jpeg: photo, width: scan.width, height: scan.height))
        try ShelfDetection.checkCount(detections.count)
        if isCancelled() { throw CancellationError() }
        progress(.matching, 0, detections.count)
        let images = self.images
        let now = now()
        let matched = try await withThrowingTaskGroup(of: (Int, ReviewItem, Data?).self) { group in
            var results: [(Int, ReviewItem, Data?)] = []
            var next = 0
            func addNext() {
                guard next < detections.count else { return }
                let index = next
                next += 1
                group.addTask {
                    let detection = detections[index]
                    // A failed lookup leaves the book unmatched; the reader can still match it by hand.
                    let match = try? await matcher.bestMatch(for: detection)
                    let crop = try? await images.crop(photo, to: detection.box, longestSide: Self.cropSide)
                    return (index, ReviewItem(scanID: scanID, detection: detection, match: match, dateCreated: now), crop)
                }
            }
            for _ in 0..<4 { addNext() }
            while let result = try await group.next() {
                results.append(result)
                progress(.matching, results.count, detections.count)
                if isCancelled() { group.cancelAll(); throw CancellationError() }
                addNext()
            }
            return results.sorted { $0.0 < $1.0 }.map { (item: $0.1, crop: $0.2) }
        }
        scan.recognizer = recognizer.name
        let recognized = scan
        try await store.transaction {
            try store.saveScan(recognized)
            try store.replacePendingItems(scanID: scanID, with: matched)
        }
        progress(.done, detections.count, detections.count)
        return ScanReport(scanID: scanID, recognizer: recognizer.name, found: detections.count,
                          matched: matched.filter { $0.item.match != nil }.count)
    }

    // MARK: The review queue

    /// The most items one page of the queue shows.
    public static let pageLimit = 200

    /// Pending items at or above `minimumConfidence`, newest scan first, and how many there are.
    public func queue(minimumConfidence: Double = 0, limit: Int = 50, offset: Int = 0) async throws -> (items: [ReviewItem], total: Int) {
        let confidence = try Self.checkedConfidence(minimumConfidence)
        guard (1...Self.pageLimit).contains(limit) else {
            throw ValidationError.outOfRange(field: "limit", value: "\(limit)", allowed: "1–\(Self.pageLimit)")
        }
        guard offset >= 0 else { throw ValidationError.outOfRange(field: "offset", value: "\(offset)", allowed: "0 or more") }
        let store = self.store
        return try await store.snapshot {
            (try store.reviewItems(status: .pending, minimumConfidence: confidence, limit: limit, offset: offset),
             try store.countReviewItems(status: .pending, minimumConfidence: confidence))
        }
    }

    /// How many items wait for review.
    public func pendingCount() async throws -> Int {
        let store = self.store
        return try await store.snapshot { try store.countReviewItems(status: .pending, minimumConfidence: 0) }
    }

    /// A scan and its items, decided or not, left to right.
    public func scan(_ scanID: ShelfScan.ID) async throws -> (scan: ShelfScan, items: [ReviewItem]) {
        let store = self.store
        return try await store.snapshot {
            guard let scan = try store.scan(id: scanID) else { throw ScanError.scanNotFound(scanID) }
            return (scan, try store.reviewItems(scanID: scanID))
        }
    }

    public func item(_ id: ReviewItem.ID) async throws -> ReviewItem {
        let store = self.store
        return try await store.snapshot {
            guard let item = try store.reviewItem(id: id) else { throw ScanError.itemNotFound(id.description) }
            return item
        }
    }

    /// The JPEG of an item's spine.
    public func crop(_ id: ReviewItem.ID) async throws -> Data {
        let store = self.store
        return try await store.snapshot {
            guard let crop = try store.reviewItemCrop(id: id) else { throw ScanError.itemNotFound(id.description) }
            return crop
        }
    }

    /// A scan's photo as kept (JPEG); with `original`, the photo as sent when it was kept.
    public func photo(_ scanID: ShelfScan.ID, original: Bool = false) async throws -> Data {
        let store = self.store
        return try await store.snapshot {
            if original, let sent = try store.scanOriginal(id: scanID) { return sent }
            guard let photo = try store.scanPhoto(id: scanID) else { throw ScanError.scanNotFound(scanID) }
            return photo
        }
    }

    /// Adds the item's book (its match, else what the spine read) with `status`, keeps on its work
    /// the scan and the spine's box, and takes the item off the queue. A book already in the
    /// library is not added twice: the item is marked accepted with that book. One transaction:
    /// two accepts of one item end with one book and one `alreadyDecided`.
    public func accept(_ id: ReviewItem.ID, status: ReadingStatus) async throws -> ReviewDecision {
        let store = self.store
        let now = now()
        return try await store.transaction { try Self.acceptNow(id, status: status, store: store, now: now) }
    }

    /// Accepts every pending item at or above `minimumConfidence`, each in its own transaction;
    /// an item that cannot be added (its data fails a rule) stays pending and is counted.
    public func acceptAll(minimumConfidence: Double, status: ReadingStatus) async throws -> AcceptAllReport {
        let confidence = try Self.checkedConfidence(minimumConfidence)
        let store = self.store
        let ids = try await store.snapshot {
            try store.reviewItems(status: .pending, minimumConfidence: confidence, limit: Int(Int32.max), offset: 0).map(\.id)
        }
        var report = AcceptAllReport(added: 0, alreadyInLibrary: 0, failed: [])
        for id in ids {
            let now = now()
            do {
                let decision = try await store.transaction { try Self.acceptNow(id, status: status, store: store, now: now) }
                if decision.alreadyInLibrary { report.alreadyInLibrary += 1 } else { report.added += 1 }
            } catch ScanError.alreadyDecided {
                continue
            } catch let error as ValidationError {
                report.failed.append(AcceptAllReport.Failure(itemID: id, reason: error.description))
            }
        }
        return report
    }

    /// Takes the item off the queue without adding anything.
    public func reject(_ id: ReviewItem.ID) async throws -> ReviewItem {
        let store = self.store
        let now = now()
        return try await store.transaction {
            var item = try Self.pendingItem(id, store: store)
            item.status = .rejected
            item.dateDecided = now
            try store.saveReviewItem(item)
            return item
        }
    }

    /// Replaces the item's match with a book the reader chose (from a search).
    public func rematch(_ id: ReviewItem.ID, to work: WorkDTO) async throws -> ReviewItem {
        _ = try Validation.requiredText(work.title, field: "title", limit: Work.titleLimit)
        let store = self.store
        return try await store.transaction {
            var item = try Self.pendingItem(id, store: store)
            item.match = work
            try store.saveReviewItem(item)
            return item
        }
    }

    private static func acceptNow(_ id: ReviewItem.ID, status: ReadingStatus, store: any Store, now: Date) throws -> ReviewDecision {
        var item = try pendingItem(id, store: store)
        var alreadyInLibrary = false
        var entryID: LibraryEntry.ID
        do {
            let book = try LibraryService.addNow(item.bookToAdd, edition: nil, status: status, owned: false, tags: [], store: store, now: now)
            entryID = book.entry.id
            var work = book.work
            if let scan = try store.scan(id: item.scanID) { work.scanImagePath = scan.imagePath }
            work.boundingBox = item.detection.box
            work.touch(now)
            try store.save(work)
        } catch AddBookError.alreadyInLibrary(let existing, _, _) {
            entryID = existing
            alreadyInLibrary = true
        }
        item.status = .accepted
        item.entryID = entryID
        item.dateDecided = now
        try store.saveReviewItem(item)
        guard let book = try store.book(entryID: entryID) else { throw LibraryError.entryNotFound(entryID) }
        return ReviewDecision(item: item, book: book, alreadyInLibrary: alreadyInLibrary)
    }

    private static func pendingItem(_ id: ReviewItem.ID, store: any Store) throws -> ReviewItem {
        guard let item = try store.reviewItem(id: id) else { throw ScanError.itemNotFound(id.description) }
        guard item.status == .pending else { throw ScanError.alreadyDecided(id, item.status) }
        return item
    }

    private static func checkedConfidence(_ value: Double) throws(ValidationError) -> Double {
        guard value.isFinite, (0...1).contains(value) else {
            throw .outOfRange(field: "minConfidence", value: "\(value)", allowed: "0–1")
        }
        return value
    }
}

extension ScanService {
    /// The pending item whose ID is `text` or starts with it (at least four characters, as the
    /// terminal shows eight); several or none is a `ScanError`.
    public func pendingItem(idOrPrefix text: String) async throws -> ReviewItem {
        let text = text.lowercased().trimmingWhitespace()
        if let id = ReviewItem.ID(uuidString: text) { return try await item(id) }
        guard text.count >= 4 else { throw ScanError.itemNotFound(text) }
        let store = self.store
        let found = try await store.snapshot {
            try store.reviewItems(status: .pending, minimumConfidence: 0, limit: Int(Int32.max), offset: 0).filter { $0.id.description.hasPrefix(text) }
        }
        guard found.count <= 1 else { throw ScanError.ambiguous(text, count: found.count) }
        guard let item = found.first else { throw ScanError.itemNotFound(text) }
        return item
    }
}
