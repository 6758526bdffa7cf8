import BooksTrackCore
import Foundation

/// Writes a user's whole library as a BooksTrack JSON export (`BooksTrackJSONFormat`): every
/// author, and for each entry its work, all the work's editions and the entry itself.
///
/// Books are read a page at a time (`BookPageReader`) and written out as they are encoded: memory
/// does not grow with the library.
struct BooksTrackJSONWriter {
    /// Books read from the store at once.
    static let defaultPageSize = 1_000

    private let store: any LibraryStore
    private let includePhotos: Bool
    private let pageSize: Int

    /// A writer for `store`'s library; `includePhotos` embeds the page photos' bytes as base64.
    init(store: any LibraryStore, includePhotos: Bool, pageSize: Int = Self.defaultPageSize) {
        self.store = store
        self.includePhotos = includePhotos
        self.pageSize = max(1, pageSize)
    }

    /// Writes the document to `file`; `progress` hears (books written, books in the library) after
    /// each page. Returns the number of books written.
    func write(to file: ExportFile, exportedAt: Date, progress: (Int, Int) -> Void) throws -> Int {
        let total = try store.count(EntryQuery())
        // The first page loads while the authors are written.
        let pages = try BookPageReader(store: store, pageSize: pageSize)
        var output = JSONTextBuffer(capacity: ExportFile.bufferSize + 64 * 1024)
        output.openObject()
        output.member("format", BooksTrackJSONFormat.name)
        output.member("version", BooksTrackJSONFormat.version)
        output.member("exportedAt", exportedAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        output.key("authors")
        output.openArray()
        for author in try store.allAuthors() {
            output.element()
            output.raw("\n")
            output.author(author)
            try flushIfFull(&output, to: file)
        }
        output.raw("\n")
        output.raw(BooksTrackJSONFormat.booksLine)
        var written = 0
        while let page = try pages.next() {
            for book in page.books {
                output.raw(written == 0 ? "\n" : ",\n")
                try writeBook(book, editions: page.editions[book.work.id] ?? [], to: &output)
                written += 1
                try flushIfFull(&output, to: file)
            }
            progress(written, max(total, written))
        }
        output.raw("\n")
        output.raw(BooksTrackJSONFormat.endLine)
        output.raw("\n")
        try file.write(output.bytes)
        return written
    }

    private func flushIfFull(_ output: inout JSONTextBuffer, to file: ExportFile) throws(ExportError) {
        guard output.bytes.count >= ExportFile.bufferSize else { return }
        try file.write(output.bytes)
        output.removeAll()
    }

    private func writeBook(_ book: LibraryBook, editions: [Edition], to output: inout JSONTextBuffer) throws {
        var photoData: [PagePhoto.ID: Data] = [:]
        var photoOriginals: [PagePhoto.ID: Data] = [:]
        var covers: [Edition.ID: Data] = [:]
        if includePhotos {
            for photo in book.entry.pagePhotos {
                photoData[photo.id] = try store.photoData(id: photo.id)
                photoOriginals[photo.id] = try store.photoOriginal(id: photo.id)
            }
            for edition in editions where edition.hasUploadedCover {
                covers[edition.id] = try store.uploadedCover(editionID: edition.id)
            }
        }
        output.openObject()
        output.key("work")
        output.work(book.work)
        output.key("editions")
        output.openArray()
        for edition in editions {
            output.element()
            output.edition(edition, uploadedCover: covers[edition.id])
        }
        output.closeArray()
        output.key("entry")
        output.entry(book.entry, photoData: photoData, photoOriginals: photoOriginals)
        output.closeObject()
    }
}
