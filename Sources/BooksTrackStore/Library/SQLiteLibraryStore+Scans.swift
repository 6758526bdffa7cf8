import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    public func addScan(_ scan: ShelfScan, photo: Data, original: Data?) throws {
        try write { db, user in
            try Self.execute(db, """
                INSERT INTO shelf_scans (userKey, id, width, height, recognizer, photo, original, dateCreated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [user, scan.id.databaseValue, scan.width, scan.height, scan.recognizer, photo, original, scan.dateCreated.databaseSeconds])
        }
    }

    public func scan(id: ShelfScan.ID) throws -> ShelfScan? {
        try read { db, user in
            try Self.fetch(db, "SELECT id, width, height, recognizer, dateCreated FROM shelf_scans WHERE userKey = ? AND id = ?",
                           [user, id.databaseValue], table: "shelf_scans") { row in
                ShelfScan(id: try row.id(), width: try row.int(), height: try row.int(), recognizer: try row.optionalString(),
                          dateCreated: try row.date())
            }.first
        }
    }

    public func saveScan(_ scan: ShelfScan) throws {
        try write { db, user in
            try Self.execute(db, "UPDATE shelf_scans SET recognizer = ? WHERE userKey = ? AND id = ?",
                             [scan.recognizer, user, scan.id.databaseValue])
        }
    }

    public func scanPhoto(id: ShelfScan.ID) throws -> Data? {
        try read { db, user in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT photo FROM shelf_scans WHERE userKey = ? AND id = ?"),
                              arguments: [user, id.databaseValue])
        }
    }

    public func scanOriginal(id: ShelfScan.ID) throws -> Data? {
        try read { db, user in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT original FROM shelf_scans WHERE userKey = ? AND id = ?"),
                              arguments: [user, id.databaseValue])
        }
    }

    public func replacePendingItems(scanID: ShelfScan.ID, with items: [(item: ReviewItem, crop: Data?)]) throws {
        try write { db, user in
            try Self.execute(db, "DELETE FROM review_items WHERE userKey = ? AND scanID = ? AND status = 'pending'",
                             [user, scanID.databaseValue])
            for (item, crop) in items {
                try Self.execute(db, """
                    INSERT INTO review_items (userKey, id, scanID, title, author, isbn, confidence, boxX, boxY, boxWidth, boxHeight,
                                              match, status, entryID, crop, dateCreated, dateDecided)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, try Self.arguments(item, user: user) + [crop, item.dateCreated.databaseSeconds, item.dateDecided?.databaseSeconds])
            }
        }
    }

    public func reviewItems(status: ReviewItem.Status, minimumConfidence: Double, limit: Int, offset: Int) throws -> [ReviewItem] {
        try read { db, user in
            try Self.fetch(db, """
                SELECT \(Self.reviewItemColumns) FROM review_items WHERE userKey = ? AND status = ? AND confidence >= ?
                ORDER BY dateCreated DESC, scanID, confidence DESC, id LIMIT ? OFFSET ?
                """, [user, status.rawValue, minimumConfidence, max(0, limit), max(0, offset)], table: "review_items", Self.reviewItem)
        }
    }

    public func reviewItems(scanID: ShelfScan.ID) throws -> [ReviewItem] {
        try read { db, user in
            try Self.fetch(db, """
                SELECT \(Self.reviewItemColumns) FROM review_items WHERE userKey = ? AND scanID = ? ORDER BY boxX, boxY, id
                """, [user, scanID.databaseValue], table: "review_items", Self.reviewItem)
        }
    }

    public func reviewItem(id: ReviewItem.ID) throws -> ReviewItem? {
        try read { db, user in
            try Self.fetch(db, "SELECT \(Self.reviewItemColumns) FROM review_items WHERE userKey = ? AND id = ?",
                           [user, id.databaseValue], table: "review_items", Self.reviewItem).first
        }
    }

    public func reviewItemCrop(id: ReviewItem.ID) throws -> Data? {
        try read { db, user in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT crop FROM review_items WHERE userKey = ? AND id = ?"),
                              arguments: [user, id.databaseValue])
        }
    }

    public func saveReviewItem(_ item: ReviewItem) throws {
        try write { db, user in
            let match = try item.match.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            guard try Self.execute(db, """
                UPDATE review_items SET match = ?, status = ?, entryID = ?, dateDecided = ? WHERE userKey = ? AND id = ?
                """, [match, item.status.rawValue, item.entryID?.databaseValue, item.dateDecided?.databaseSeconds, user,
                      item.id.databaseValue]) > 0
            else { throw ScanError.itemNotFound(item.id.description) }
        }
    }

    public func countReviewItems(status: ReviewItem.Status, minimumConfidence: Double) throws -> Int {
        try read { db, user in
            try Self.fetchInt(db, "SELECT COUNT(*) FROM review_items WHERE userKey = ? AND status = ? AND confidence >= ?",
                              [user, status.rawValue, minimumConfidence])
        }
    }

    private static let reviewItemColumns = """
        id, scanID, title, author, isbn, confidence, boxX, boxY, boxWidth, boxHeight, match, status, entryID, dateCreated, dateDecided
        """

    private static func arguments(_ item: ReviewItem, user: Int64) throws -> StatementArguments {
        let detection = item.detection
        let match = try item.match.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        return [user, item.id.databaseValue, item.scanID.databaseValue, detection.title, detection.author, detection.isbn?.isbn13,
                detection.confidence, detection.box.x, detection.box.y, detection.box.width, detection.box.height, match,
                item.status.rawValue, item.entryID?.databaseValue]
    }

    private static func reviewItem(_ row: inout RowReader) throws -> ReviewItem {
        let id: ReviewItem.ID = try row.id()
        let scanID: ShelfScan.ID = try row.id()
        let title = try row.string()
        let author = try row.optionalString()
        let isbn = try row.optionalString().flatMap { ISBN($0) }
        let confidence = try row.double()
        let box = BoundingBox(x: try row.double(), y: try row.double(), width: try row.double(), height: try row.double())
        let match = try row.json(WorkDTO.self)
        let status: ReviewItem.Status = try row.value()
        let entryID: LibraryEntry.ID? = try row.optionalID()
        let created = try row.date()
        var item = ReviewItem(id: id, scanID: scanID, detection: ShelfDetection(title: title, author: author, isbn: isbn, confidence: confidence, box: box),
                              match: match, dateCreated: created)
        item.status = status
        item.entryID = entryID
        item.dateDecided = try row.optionalDate()
        return item
    }
}
