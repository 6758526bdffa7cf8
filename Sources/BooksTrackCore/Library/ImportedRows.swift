import Foundation

/// The digest of one row of an import file as the importer mapped it to a book, its row number
/// left out: two rows with the same digest give the same book values. 128 bits of a SHA-256.
public struct ImportRowDigest: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// Rows of an import merged into the library: each row's digest and the work it went into, with
/// the time of the import, which stamped whatever it wrote.
///
/// Merging a row twice changes nothing the second time. So a row imported again with a digest
/// recorded for a book that nothing changed since that time (`ImportRowStore.lastChanges`) is
/// known to leave the book as it is, and the importer counts it unchanged without reading it.
public struct ImportedRows: Hashable, Sendable {
    /// The time of the import.
    public var recorded: Date
    /// The work each row went into, by the row's digest.
    public var works: [ImportRowDigest: Work.ID]

    public init(recorded: Date = Date(timeIntervalSinceReferenceDate: 0), works: [ImportRowDigest: Work.ID] = [:]) {
        self.recorded = recorded
        self.works = works
    }
}

/// Every row the imports into a library recorded (`ImportedRows`), the latest record of each digest.
public struct ImportedRowIndex: Sendable {
    /// The work a row went into and when.
    public struct Record: Hashable, Sendable {
        public var workID: Work.ID
        public var recorded: Date

        public init(workID: Work.ID, recorded: Date) {
            self.workID = workID
            self.recorded = recorded
        }
    }

    public var records: [ImportRowDigest: Record]
    /// How many records the store holds, those a later record of the same digest replaced included.
    public var storedCount: Int

    public init(records: [ImportRowDigest: Record] = [:], storedCount: Int = 0) {
        self.records = records
        self.storedCount = storedCount
    }

    /// Whether the stored records are worth writing again without the replaced ones: more than
    /// twice as many as the digests they hold, and at least 10,000 replaced.
    public var needsCompacting: Bool {
        storedCount - records.count >= 10_000 && storedCount > 2 * records.count
    }
}
