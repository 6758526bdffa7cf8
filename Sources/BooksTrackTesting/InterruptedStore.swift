import BooksTrackCore
import Foundation

/// A real library store whose Nth batch write (`apply`) fails before it reaches the database, as
/// when the process is killed during an import: that batch is not written, earlier ones are.
/// Everything else goes to the wrapped store.
public final class InterruptedStore: LibraryStore, @unchecked Sendable {
    /// The error the failing write throws.
    public struct Interruption: Error {}

    let base: any LibraryStore
    private let failingWrite: Int
    private var writes = 0

    /// Wraps `base`; its `failingWrite`-th call of `apply` (from 1) throws `Interruption`.
    public init(_ base: any LibraryStore, failingWrite: Int) {
        self.base = base
        self.failingWrite = failingWrite
    }

    public var userID: User.ID { base.userID }

    public func save(_ author: Author) throws {
        try base.save(author)
    }

    public func author(id: Author.ID) throws -> Author? {
        try base.author(id: id)
    }

    public func authors(named name: String) throws -> [Author] {
        try base.authors(named: name)
    }

    public func authors(normalizedNames keys: [String]) throws -> [Author] {
        try base.authors(normalizedNames: keys)
    }

    public func transaction<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await base.transaction(body)
    }

    public func snapshot<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await base.snapshot(body)
    }

    public func blockingTransaction<T>(_ body: () throws -> T) throws -> T {
        try base.blockingTransaction(body)
    }

    public func blockingImportTransaction<T>(_ body: () throws -> T) throws -> T {
        try base.blockingImportTransaction(body)
    }

    public func allAuthors() throws -> [Author] {
        try base.allAuthors()
    }

    public func save(_ work: Work) throws {
        try base.save(work)
    }

    public func work(id: Work.ID) throws -> Work? {
        try base.work(id: id)
    }

    public func works(title: String, primaryAuthor: String?) throws -> [Work] {
        try base.works(title: title, primaryAuthor: primaryAuthor)
    }

    public func deleteWork(id: Work.ID) throws {
        try base.deleteWork(id: id)
    }

    public func save(_ edition: Edition) throws {
        try base.save(edition)
    }

    public func edition(id: Edition.ID) throws -> Edition? {
        try base.edition(id: id)
    }

    public func editions(ofWork workID: Work.ID) throws -> [Edition] {
        try base.editions(ofWork: workID)
    }

    public func edition(isbn: ISBN) throws -> Edition? {
        try base.edition(isbn: isbn)
    }

    public func editions(ofWorks workIDs: [Work.ID]) throws -> [Work.ID: [Edition]] {
        try base.editions(ofWorks: workIDs)
    }

    public func deleteEdition(id: Edition.ID) throws {
        try base.deleteEdition(id: id)
    }

    public func save(_ entry: LibraryEntry) throws {
        try base.save(entry)
    }

    public func entry(id: LibraryEntry.ID) throws -> LibraryEntry? {
        try base.entry(id: id)
    }

    public func entry(workID: Work.ID) throws -> LibraryEntry? {
        try base.entry(workID: workID)
    }

    public func deleteEntry(id: LibraryEntry.ID) throws {
        try base.deleteEntry(id: id)
    }

    public func updateEntry(id: LibraryEntry.ID, _ change: (inout LibraryEntry, _ pageCount: Int?) throws -> Void) throws -> LibraryEntry {
        try base.updateEntry(id: id, change)
    }

    public func add(_ book: NewBook) throws -> LibraryBook {
        try base.add(book)
    }

    public func add(_ books: [NewBook]) throws {
        try base.add(books)
    }

    public func apply(_ changes: LibraryChanges) throws -> AppliedChanges {
        writes += 1
        if writes == failingWrite { throw Interruption() }
        return try base.apply(changes)
    }

    public func books(sharingISBNs isbns: [ISBN], orTitleKeys titleKeys: [String]) throws -> BookPage {
        try base.books(sharingISBNs: isbns, orTitleKeys: titleKeys)
    }

    public func importedRows() throws -> ImportedRowIndex {
        try base.importedRows()
    }

    public func lastChanges(of workIDs: [Work.ID]) throws -> [Work.ID: Date] {
        try base.lastChanges(of: workIDs)
    }

    public func compactImportedRows(_ index: ImportedRowIndex) throws {
        try base.compactImportedRows(index)
    }

    public func book(entryID: LibraryEntry.ID) throws -> LibraryBook? {
        try base.book(entryID: entryID)
    }

    public func books(_ query: EntryQuery) throws -> [LibraryBook] {
        try base.books(query)
    }

    public func entryOrderKeys(every step: Int) throws -> [EntryOrderKey] {
        try base.entryOrderKeys(every: step)
    }

    public func books(after start: EntryOrderKey?, through end: EntryOrderKey?) throws -> BookPage {
        try base.books(after: start, through: end)
    }

    public func entries(idPrefix: String) throws -> [LibraryEntry.ID] {
        try base.entries(idPrefix: idPrefix)
    }

    public func entries(isbn: ISBN) throws -> [LibraryEntry.ID] {
        try base.entries(isbn: isbn)
    }

    public func entries(titleContaining text: String, limit: Int) throws -> [LibraryEntry.ID] {
        try base.entries(titleContaining: text, limit: limit)
    }

    public func queuedForEnrichment(limit: Int) throws -> [Work.ID] {
        try base.queuedForEnrichment(limit: limit)
    }

    public func countQueuedForEnrichment() throws -> Int {
        try base.countQueuedForEnrichment()
    }

    public func countQueuedForEnrichment(among workIDs: [Work.ID]) throws -> Int {
        try base.countQueuedForEnrichment(among: workIDs)
    }

    public func queuedForEnrichment(limit: Int, dueAt now: Date) throws -> [Work.ID] {
        try base.queuedForEnrichment(limit: limit, dueAt: now)
    }

    public func countQueuedForEnrichment(dueAt now: Date) throws -> Int {
        try base.countQueuedForEnrichment(dueAt: now)
    }

    public func recordEnrichmentAttempts(_ attempts: [EnrichmentAttempt]) throws {
        try base.recordEnrichmentAttempts(attempts)
    }

    public func dequeueEnrichment(_ workIDs: [Work.ID]) throws {
        try base.dequeueEnrichment(workIDs)
    }

    public func count(_ query: EntryQuery) throws -> Int {
        try base.count(query)
    }

    public func countByStatus() throws -> [ReadingStatus: Int] {
        try base.countByStatus()
    }

    public func reviewQueueCount() throws -> Int {
        try base.reviewQueueCount()
    }

    public func insights(year: Int?, now: Date) throws -> Insights {
        try base.insights(year: year, now: now)
    }

    public func goalProgress(year: Int, now: Date) throws -> GoalProgress? {
        try base.goalProgress(year: year, now: now)
    }

    public func goal(year: Int) throws -> ReadingGoal? {
        try base.goal(year: year)
    }

    public func setGoal(_ goal: ReadingGoal) throws {
        try base.setGoal(goal)
    }

    public func removeGoal(year: Int) throws {
        try base.removeGoal(year: year)
    }

    public func addPhoto(_ photo: PagePhoto, data: Data, entryID: LibraryEntry.ID) throws {
        try base.addPhoto(photo, data: data, entryID: entryID)
    }

    public func photos(entryID: LibraryEntry.ID) throws -> [PagePhoto] {
        try base.photos(entryID: entryID)
    }

    public func photoData(id: PagePhoto.ID) throws -> Data? {
        try base.photoData(id: id)
    }

    public func setPhotoThumbnail(_ thumbnail: Data, id: PagePhoto.ID) throws {
        try base.setPhotoThumbnail(thumbnail, id: id)
    }

    public func photoThumbnail(id: PagePhoto.ID) throws -> Data? {
        try base.photoThumbnail(id: id)
    }

    public func photosWithoutThumbnail() throws -> [PagePhoto.ID] {
        try base.photosWithoutThumbnail()
    }

    public func replacePhoto(id: PagePhoto.ID, data: Data, imageType: ImageType, thumbnail: Data) throws {
        try base.replacePhoto(id: id, data: data, imageType: imageType, thumbnail: thumbnail)
    }

    public func importMapping(header key: String) throws -> String? {
        try base.importMapping(header: key)
    }

    public func rememberImportMapping(_ mapping: String, header key: String, now: Date) throws {
        try base.rememberImportMapping(mapping, header: key, now: now)
    }

    public func deletePhoto(id: PagePhoto.ID) throws {
        try base.deletePhoto(id: id)
    }

    public func setUploadedCover(_ data: Data, editionID: Edition.ID, now: Date) throws {
        try base.setUploadedCover(data, editionID: editionID, now: now)
    }

    public func uploadedCover(editionID: Edition.ID) throws -> Data? {
        try base.uploadedCover(editionID: editionID)
    }

    public func removeUploadedCover(editionID: Edition.ID) throws {
        try base.removeUploadedCover(editionID: editionID)
    }
}

extension InterruptedStore {
    public func setPhotoOriginal(_ original: Data, id: PagePhoto.ID) throws { try base.setPhotoOriginal(original, id: id) }
    public func photoOriginal(id: PagePhoto.ID) throws -> Data? { try base.photoOriginal(id: id) }
    public func addScan(_ scan: ShelfScan, photo: Data, original: Data?) throws { try base.addScan(scan, photo: photo, original: original) }
    public func scan(id: ShelfScan.ID) throws -> ShelfScan? { try base.scan(id: id) }
    public func saveScan(_ scan: ShelfScan) throws { try base.saveScan(scan) }
    public func scanPhoto(id: ShelfScan.ID) throws -> Data? { try base.scanPhoto(id: id) }
    public func scanOriginal(id: ShelfScan.ID) throws -> Data? { try base.scanOriginal(id: id) }
    public func replacePendingItems(scanID: ShelfScan.ID, with items: [(item: ReviewItem, crop: Data?)]) throws {
        try base.replacePendingItems(scanID: scanID, with: items)
    }
    public func reviewItems(status: ReviewItem.Status, minimumConfidence: Double, limit: Int, offset: Int) throws -> [ReviewItem] {
        try base.reviewItems(status: status, minimumConfidence: minimumConfidence, limit: limit, offset: offset)
    }
    public func reviewItems(scanID: ShelfScan.ID) throws -> [ReviewItem] { try base.reviewItems(scanID: scanID) }
    public func reviewItem(id: ReviewItem.ID) throws -> ReviewItem? { try base.reviewItem(id: id) }
    public func reviewItemCrop(id: ReviewItem.ID) throws -> Data? { try base.reviewItemCrop(id: id) }
    public func saveReviewItem(_ item: ReviewItem) throws { try base.saveReviewItem(item) }
    public func countReviewItems(status: ReviewItem.Status, minimumConfidence: Double) throws -> Int {
        try base.countReviewItems(status: status, minimumConfidence: minimumConfidence)
    }

    public func workIDs(byAuthor id: Author.ID) throws -> [Work.ID] {
        try base.workIDs(byAuthor: id)
    }

    public func bookCounts() throws -> [Author.ID: Int] {
        try base.bookCounts()
    }

    public func deleteAuthor(id: Author.ID) throws {
        try base.deleteAuthor(id: id)
    }
}
