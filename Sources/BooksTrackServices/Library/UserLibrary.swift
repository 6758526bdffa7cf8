import BooksTrackCore
import Foundation

/// The use cases of one user's library.
public struct UserLibrary: Sendable {
    public let library: LibraryService
    public let authors: AuthorService
    public let goals: GoalService
    public let imports: ImportService
    public let scans: ScanService
    private let store: any LibraryStore
    private let now: @Sendable () -> Date

    public init(store: any LibraryStore, images: any ImageProcessor, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
        library = LibraryService(store: store, now: now, images: images)
        scans = ScanService(store: store, images: images, now: now)
        authors = AuthorService(store: store, now: now)
        goals = GoalService(store: store, now: now)
        imports = ImportService(store: store, now: now)
    }

    /// The enrichment of this library's queued books through a session's search.
    public func enricher(_ search: SearchService) -> LibraryEnricher {
        LibraryEnricher(store: store, search: search.enrichmentSearch, now: now)
    }
}
