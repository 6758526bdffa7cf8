import BooksTrackCore
import Foundation

/// One book read back from a BooksTrack JSON export: everything needed to recreate it, with the
/// identifiers it had in the exported library.
public struct ExportedBook: Hashable, Sendable {
    /// The work, its author IDs in order.
    public var work: Work
    /// The work's authors in order, taken from the file's author list.
    public var authors: [Author]
    /// Every edition of the work, oldest first.
    public var editions: [Edition]
    /// The entry, given to the importing user; `pagePhotos` lists every exported photo's metadata.
    public var entry: LibraryEntry
    /// The photos whose bytes the file holds (an export without photos has none).
    public var photos: [ExportedPhoto]
    /// The covers readers uploaded whose bytes the file holds, by edition (none without photos).
    public var covers: [Edition.ID: Data]
    /// The line of the file the book was read from (1-based); 0 when the file was not laid out
    /// one item per line.
    public var line: Int

    /// Groups the parts of a book read from line `line`.
    public init(
        work: Work, authors: [Author], editions: [Edition], entry: LibraryEntry, photos: [ExportedPhoto], covers: [Edition.ID: Data] = [:],
        line: Int
    ) {
        self.work = work
        self.authors = authors
        self.editions = editions
        self.entry = entry
        self.photos = photos
        self.covers = covers
        self.line = line
    }

    /// The book as the store adds it: with the edition the library shows (the owned one, else the
    /// primary one), since the entry's progress was checked against that edition's page count.
    public var newBook: NewBook {
        NewBook(work: work, authors: authors, edition: shownEdition, entry: entry)
    }

    /// The editions `newBook` does not carry.
    public var otherEditions: [Edition] {
        let shownID = shownEdition?.id
        return editions.filter { $0.id != shownID }
    }

    /// Changes that recreate `books` with the same identifiers in a library that lacks them:
    /// each as a new book, its other editions saved after it, and `authors` (authors linked to no
    /// book included) saved as they were. Photos are added afterwards with `addPhotos(to:)`.
    public static func changes(recreating books: [ExportedBook], authors: [Author] = []) -> LibraryChanges {
        LibraryChanges(newBooks: books.map(\.newBook), authors: authors, editions: books.flatMap(\.otherEditions))
    }

    /// Stores the photos whose bytes the file holds and that `store` does not have yet, with the
    /// photo as it was sent where the file holds it; the book must already be in the store.
    ///
    /// A photo the library does not take is left out, and the others are stored: one larger than a
    /// page photo may be (`PagePhoto.byteLimit`, the photo or its original), or one the store
    /// refuses (bytes that are neither JPEG nor PNG, a caption too long …). Returns those left out
    /// with why, for the caller to report. Any other failure (of the database, of the disk) is thrown.
    public func addPhotos(to store: any LibraryStore) throws -> [LeftOutPhoto] {
        guard !photos.isEmpty else { return [] }
        let stored = Set(try store.photos(entryID: entry.id).map(\.id))
        var leftOut: [LeftOutPhoto] = []
        for photo in photos where !stored.contains(photo.photo.id) {
            guard photo.largestBytes <= PagePhoto.byteLimit else {
                leftOut.append(LeftOutPhoto(photo: photo, reason: "a page photo of \(photo.largestBytes) bytes is larger than the \(PagePhoto.byteLimit) a photo may be"))
                continue
            }
            do {
                // Together: a photo stored without its original would be skipped by a run made again.
                try store.blockingTransaction {
                    try store.addPhoto(photo.photo, data: photo.data, entryID: entry.id)
                    if let original = photo.original { try store.setPhotoOriginal(original, id: photo.photo.id) }
                }
            } catch let refusal as LibraryError {
                leftOut.append(LeftOutPhoto(photo: photo, reason: "a page photo was refused: \(refusal.description)"))
            }
        }
        return leftOut
    }

    /// Stores the uploaded covers the file holds for the book's editions; the book must already be
    /// in the store. A cover larger than a photo may be, or one that is no image, is left out
    /// with why (its edition keeps saying it has an uploaded cover, which then shows none).
    public func addCovers(to store: any LibraryStore, now: Date) throws -> [String] {
        var leftOut: [String] = []
        for (editionID, data) in covers.sorted(by: { $0.key.description < $1.key.description }) {
            guard editions.contains(where: { $0.id == editionID && $0.hasUploadedCover }) else { continue }
            guard data.count <= PagePhoto.byteLimit, (try? Validation.imageType(of: data)) != nil else {
                leftOut.append("an uploaded cover of \(data.count) bytes is not an image the library keeps")
                continue
            }
            if try store.uploadedCover(editionID: editionID) == nil {
                try store.setUploadedCover(data, editionID: editionID, now: now)
            }
        }
        return leftOut
    }

    private var shownEdition: Edition? {
        EditionSelection.primaryEdition(of: editions, ownedEditionID: entry.editionID)
    }
}

/// A photo of an export that `ExportedBook.addPhotos(to:)` did not store, and why.
public struct LeftOutPhoto: Hashable, Sendable {
    public var photo: ExportedPhoto
    /// Why, as the import report says it ("… ; photo left out" follows).
    public var reason: String
}

/// A page photo with its bytes, read from an export made with photos.
public struct ExportedPhoto: Hashable, Sendable {
    /// The photo's metadata, identifier included.
    public var photo: PagePhoto
    /// The JPEG or PNG bytes.
    public var data: Data
    /// The photo as it was sent (any format the library took in), when the library kept it.
    public var original: Data?

    /// The size of the larger of the photo and its original, in bytes.
    public var largestBytes: Int { max(data.count, original?.count ?? 0) }

    /// Pairs a photo's metadata with its bytes and, when kept, the photo as it was sent.
    public init(photo: PagePhoto, data: Data, original: Data? = nil) {
        self.photo = photo
        self.data = data
        self.original = original
    }
}

/// Books read from a BooksTrack JSON export, handed over a batch at a time.
public struct BooksTrackJSONBatch: Hashable, Sendable {
    /// Every author of the file in the first batch, so that authors linked to no book are kept
    /// too; empty in the batches after it.
    public var authors: [Author]
    /// The books, in file order.
    public var books: [ExportedBook]

    /// Groups a batch.
    public init(authors: [Author], books: [ExportedBook]) {
        self.authors = authors
        self.books = books
    }

    /// Changes that recreate the batch in a library that lacks its books
    /// (`ExportedBook.changes(recreating:authors:)`).
    public func changes() -> LibraryChanges {
        ExportedBook.changes(recreating: books, authors: authors)
    }
}
