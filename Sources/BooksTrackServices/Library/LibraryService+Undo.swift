import BooksTrackCore
import Foundation

/// A removed book with everything that went with it (every edition of its work, its page photos),
/// so that an undo puts it back as it was, under the same identifiers.
public struct RemovedBook: Sendable {
    public let book: LibraryBook
    let editions: [Edition]
    let photos: [(photo: PagePhoto, data: Data, thumbnail: Data?, original: Data?)]

    /// The bytes it holds in memory, photos included: what a keeper of undos counts.
    public var byteCount: Int { photos.reduce(0) { $0 + $1.data.count + ($1.thumbnail?.count ?? 0) + ($1.original?.count ?? 0) } + 4_096 }
}

extension LibraryService {
    /// Removes a book (its work, editions, entry, quotes, sessions and photos) in one transaction,
    /// answering all of it for `restore`.
    public func removeKeepingUndo(_ reference: BookReference) async throws -> RemovedBook {
        let store = self.store
        return try await store.transaction {
            let book = try Self.resolve(reference, in: store)
            let editions = try store.editions(ofWork: book.work.id)
            let photos = try store.photos(entryID: book.entry.id).map { photo in
                guard let data = try store.photoData(id: photo.id) else { throw LibraryError.photoNotFound(photo.id) }
                return (photo: photo, data: data, thumbnail: try store.photoThumbnail(id: photo.id), original: try store.photoOriginal(id: photo.id))
            }
            try store.deleteWork(id: book.work.id)
            return RemovedBook(book: book, editions: editions, photos: photos)
        }
    }

    /// Puts a removed book back as it was, in one transaction. Refused with `alreadyInLibrary`
    /// when the library holds the book again (added since by ISBN, or by title and author).
    public func restore(_ removed: RemovedBook) async throws -> LibraryBook {
        let store = self.store
        return try await store.transaction {
            let book = removed.book
            try Self.refuseIfHeld(isbns: removed.editions.flatMap(\.isbns), title: book.work.title,
                                  primaryAuthor: book.authors.first?.name, in: store)
            _ = try store.add(NewBook(work: book.work, authors: book.authors, edition: book.edition, entry: book.entry))
            for edition in removed.editions where edition.id != book.edition?.id {
                try store.save(edition)
            }
            for (photo, data, thumbnail, original) in removed.photos {
                try store.addPhoto(photo, data: data, entryID: book.entry.id)
                if let thumbnail { try store.setPhotoThumbnail(thumbnail, id: photo.id) }
                if let original { try store.setPhotoOriginal(original, id: photo.id) }
            }
            guard let restored = try store.book(entryID: book.entry.id) else { throw LibraryError.entryNotFound(book.entry.id) }
            return restored
        }
    }
}
