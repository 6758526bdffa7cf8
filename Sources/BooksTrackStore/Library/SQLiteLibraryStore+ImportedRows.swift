import BooksTrackCore
import Foundation
import GRDB

/// The rows imports recorded (`ImportedRows`), in `imported_rows`: one row of the table for each
/// batch an import wrote, its records packed in one BLOB (`ImportedRowsBlob`), so that recording
/// the rows of a batch costs one insert and not one a row.
extension SQLiteLibraryStore {
    /// A damaged BLOB is passed over: its rows are merged as if never recorded, which costs an
    /// import time and never a book.
    public func importedRows() throws -> ImportedRowIndex {
        try read { db, user in
            var index = ImportedRowIndex()
            let rows = try Row.fetchCursor(db, sql: "SELECT recorded, rows FROM imported_rows WHERE userKey = ? ORDER BY id", arguments: [user])
            while let row = try rows.next() {
                let recorded = Date(databaseSeconds: row[0])
                let blob: Data = row[1]
                index.storedCount += (try? ImportedRowsBlob.forEach(in: blob) { digest, workID in
                    index.records[digest] = ImportedRowIndex.Record(workID: workID, recorded: recorded)
                }) ?? 0
            }
            return index
        }
    }

    public func lastChanges(of workIDs: [Work.ID]) throws -> [Work.ID: Date] {
        try readOnWriter { db, user in try lastChanges(db, user, of: workIDs) }
    }

    public func lastChangesAhead(of workIDs: [Work.ID]) throws -> [Work.ID: Date] {
        try read { db, user in try lastChanges(db, user, of: workIDs) }
    }

    public func compactImportedRows(_ index: ImportedRowIndex) throws {
        try write { db, user in
            try Self.execute(db, "DELETE FROM imported_rows WHERE userKey = ?", [user])
            // Oldest first, so that the order of the records stays the order they were made in.
            let byTime = Dictionary(grouping: index.records, by: \.value.recorded).sorted { $0.key < $1.key }
            for (recorded, records) in byTime {
                let works = records.map { (digest: $0.key, workID: $0.value.workID) }
                for start in stride(from: 0, to: works.count, by: Self.importedRowsPerBlob) {
                    let part = works[start..<min(works.count, start + Self.importedRowsPerBlob)]
                    try Self.recordImportedRows(db, user, recorded: recorded, part)
                }
            }
        }
    }

    /// Records a batch's rows (`LibraryChanges.importedRows`), inside `apply`'s transaction.
    static func recordImportedRows(_ db: Database, _ user: Int64, _ rows: ImportedRows) throws {
        guard !rows.works.isEmpty else { return }
        try recordImportedRows(db, user, recorded: rows.recorded, rows.works.map { (digest: $0.key, workID: $0.value) })
    }

    private static func recordImportedRows(
        _ db: Database, _ user: Int64, recorded: Date, _ works: some Collection<(digest: ImportRowDigest, workID: Work.ID)>
    ) throws {
        try execute(db, "INSERT INTO imported_rows (userKey, recorded, rows) VALUES (?, ?, ?)",
                    [user, recorded.databaseSeconds, ImportedRowsBlob.pack(works)])
    }

    /// How many records one BLOB holds at most when they are written again (32 bytes each).
    private static let importedRowsPerBlob = 5_000

    private func lastChanges(_ db: Database, _ user: Int64?, of workIDs: [Work.ID]) throws -> [Work.ID: Date] {
        let found = try Self.inChunks(Self.uniqued(workIDs)) { list, ids in
            try Self.fetch(db, """
                SELECT w.id, MAX(w.lastModified, e.lastModified, COALESCE(
                    (SELECT MAX(d.lastModified) FROM editions d WHERE d.userKey = w.userKey AND d.workID = w.id), 0))
                FROM works w JOIN entries e ON e.userKey = w.userKey AND e.workID = w.id
                WHERE w.userKey = ? AND w.id IN (\(list))
                """, [user] + ids, table: "works") { reader in (try reader.id(Work.self), try reader.date()) }
        }
        return Dictionary(found, uniquingKeysWith: max)
    }
}

/// The records of one batch packed in a BLOB: for each row its digest (16 bytes, high half then
/// low, big-endian) and its work's ID (16 bytes).
enum ImportedRowsBlob {
    static let recordSize = 32

    static func pack(_ works: some Collection<(digest: ImportRowDigest, workID: Work.ID)>) -> Data {
        var data = Data(capacity: works.count * recordSize)
        for (digest, workID) in works {
            withUnsafeBytes(of: digest.high.bigEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: digest.low.bigEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: workID.rawValue.uuid) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// Calls `body` with each record; returns how many there were. A BLOB whose size is not a
    /// whole number of records is refused as damaged.
    @discardableResult
    static func forEach(in data: Data, _ body: (ImportRowDigest, Work.ID) -> Void) throws -> Int {
        guard data.count % recordSize == 0 else {
            throw StoreError.unreadableValue(table: "imported_rows", column: "rows", value: "\(data.count) bytes")
        }
        return data.withUnsafeBytes { bytes in
            let count = bytes.count / recordSize
            for record in 0..<count {
                let start = record * recordSize
                let high = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                let low = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
                guard let workID = Work.ID(databaseBytes: UnsafeRawBufferPointer(rebasing: bytes[(start + 16)..<(start + 32)])) else { continue }
                body(ImportRowDigest(high: high, low: low), workID)
            }
            return count
        }
    }
}
