import BooksTrackCore
import Foundation
import GRDB

extension SQLiteLibraryStore {
    /// Stores a photo's bytes with its metadata. The image type and byte count are taken from the
    /// bytes; JPEG and PNG up to `PagePhoto.byteLimit` are accepted.
    public func addPhoto(_ photo: PagePhoto, data: Data, entryID: LibraryEntry.ID) throws {
        let imageType = try Validation.imageType(of: data)
        let caption = try Validation.optionalText(photo.caption, field: "caption", limit: PagePhoto.captionLimit)
        if let page = photo.page, page < 0 { throw LibraryError.negativePage(page) }
        try write { db, user in
            guard try Self.fetchInt(db, "SELECT COUNT(*) FROM entries WHERE userKey = ? AND id = ?", [user, entryID.databaseValue]) > 0 else {
                throw LibraryError.entryNotFound(entryID)
            }
            try Self.execute(db, PagePhotoRecord.insertSQL, [
                user, photo.id.databaseValue, entryID.databaseValue, photo.page, caption, imageType.rawValue, data.count,
                photo.dateAdded.databaseSeconds, data,
            ])
        }
    }

    /// The entry's photos (metadata), oldest first.
    public func photos(entryID: LibraryEntry.ID) throws -> [PagePhoto] {
        try read { db, user in
            try Self.fetch(db, """
                SELECT \(PagePhotoRecord.selection) FROM page_photos WHERE userKey = ? AND entryID = ? ORDER BY dateAdded, id
                """, [user, entryID.databaseValue], table: "page_photos") { try PagePhotoRecord.decode(&$0) }
        }
    }

    /// A photo's bytes, if the photo is in this library.
    public func photoData(id: PagePhoto.ID) throws -> Data? {
        try blob(.data, id: id)
    }

    /// Keeps a photo's thumbnail beside it.
    public func setPhotoThumbnail(_ thumbnail: Data, id: PagePhoto.ID) throws {
        try setBlob(.thumbnail, thumbnail, id: id)
    }

    /// A photo's thumbnail, if the photo is in this library and has one.
    public func photoThumbnail(id: PagePhoto.ID) throws -> Data? {
        try blob(.thumbnail, id: id)
    }

    /// Photos without a thumbnail (kept before processing), oldest first.
    public func photosWithoutThumbnail() throws -> [PagePhoto.ID] {
        try read { db, user in
            try Self.fetch(db, "SELECT id FROM page_photos WHERE userKey = ? AND thumbnail IS NULL ORDER BY dateAdded, id", [user],
                           table: "page_photos") { try $0.id() }
        }
    }

    /// Replaces a photo's bytes, type and size, and keeps its thumbnail.
    public func replacePhoto(id: PagePhoto.ID, data: Data, imageType: ImageType, thumbnail: Data) throws {
        try write { db, user in
            guard try Self.execute(db, """
                UPDATE page_photos SET data = ?, imageType = ?, byteCount = ?, thumbnail = ? WHERE userKey = ? AND id = ?
                """, [data, imageType.rawValue, data.count, thumbnail, user, id.databaseValue]) > 0 else {
                throw LibraryError.photoNotFound(id)
            }
        }
    }

    /// Keeps the photo as it was sent beside the processed one.
    public func setPhotoOriginal(_ original: Data, id: PagePhoto.ID) throws {
        try setBlob(.original, original, id: id)
    }

    /// The photo as it was sent, if it was kept.
    public func photoOriginal(id: PagePhoto.ID) throws -> Data? {
        try blob(.original, id: id)
    }

    /// The bytes a photo's row keeps: the photo as kept, its thumbnail, the photo as sent.
    private enum PhotoBlob: String {
        case data, thumbnail, original
    }

    /// One of a photo's blobs, if the photo is in this library and has it.
    private func blob(_ column: PhotoBlob, id: PagePhoto.ID) throws -> Data? {
        try read { db, user in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT \(column.rawValue) FROM page_photos WHERE userKey = ? AND id = ?"),
                              arguments: [user, id.databaseValue])
        }
    }

    private func setBlob(_ column: PhotoBlob, _ bytes: Data, id: PagePhoto.ID) throws {
        try write { db, user in
            guard try Self.execute(db, "UPDATE page_photos SET \(column.rawValue) = ? WHERE userKey = ? AND id = ?",
                                   [bytes, user, id.databaseValue]) > 0
            else { throw LibraryError.photoNotFound(id) }
        }
    }

    /// Deletes a photo.
    public func deletePhoto(id: PagePhoto.ID) throws {
        try write { db, user in
            guard try Self.execute(db, "DELETE FROM page_photos WHERE userKey = ? AND id = ?", [user, id.databaseValue]) > 0 else {
                throw LibraryError.photoNotFound(id)
            }
        }
    }
}
