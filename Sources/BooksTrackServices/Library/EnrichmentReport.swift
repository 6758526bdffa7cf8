import BooksTrackCore
/// The result of an enrichment run as JSON.
public struct EnrichmentReport: Codable, Hashable, Sendable {
    public struct Book: Codable, Hashable, Sendable {
        public var workID: String
        public var title: String
        public var filled: [String]
        public var missing: [String]
        public var requeued: Bool
        /// "filled", "notFound" or "unreachable".
        public var result: String
    }

    public var books: [Book]
    public var stillQueued: Int
    /// Queued books tried recently, skipped until they are due again.
    public var waiting: Int

    /// The report of a run.
    public init(_ run: LibraryEnricher.Run) {
        books = run.outcomes.map {
            Book(
                workID: $0.workID.description, title: $0.title, filled: $0.filled, missing: $0.missing, requeued: $0.requeued,
                result: $0.result.rawValue
            )
        }
        stillQueued = run.stillQueued
        waiting = run.waiting
    }
}
