import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// Importing a BooksTrack JSON export into an empty library recreates the library exactly.
@Suite struct ExportRoundTripTests {
    let library: ExportLibrary

    init() throws {
        library = try ExportLibrary()
        try library.fill()
    }

    @Test func reExportingAnImportedExportGivesTheSameFile() throws {
        // Given Alice's library exported with photos
        let first = library.url("alice.json")
        _ = try library.exporter(for: library.store).exportJSON(to: first, includePhotos: true)
        // When the file is imported into Bob's empty library and Bob's library is exported
        try library.importJSON(first, into: library.emptyStore)
        let second = library.url("bob.json")
        _ = try library.exporter(for: library.emptyStore).exportJSON(to: second, includePhotos: true)
        // Then both files are the same, byte for byte
        let firstBytes = try Data(contentsOf: first)
        let secondBytes = try Data(contentsOf: second)
        #expect(firstBytes.count > 10_000)
        #expect(firstBytes == secondBytes)
    }

    @Test func anImportedExportHoldsTheSameBooksEditionsAuthorsAndPhotos() throws {
        // Given Alice's library exported with photos
        let file = library.url("alice.json")
        _ = try library.exporter(for: library.store).exportJSON(to: file, includePhotos: true)
        // When it is imported into another database
        let other = try ExportLibrary()
        try library.importJSON(file, into: other.store)
        // Then every book, edition, author and photo is equal, identifiers and dates included
        let original = try library.contents(of: library.store)
        let imported = try library.contents(of: other.store)
        #expect(original.books.count == ExportLibrary.fixtureCount + 2)
        #expect(imported.books == original.books)
        #expect(imported.editions == original.editions)
        #expect(imported.authors == original.authors)
        #expect(imported.photos == original.photos)
        #expect(original.photos.count == 2)
        #expect(imported.originals == original.originals)
        #expect(original.originals.count == 1)
        let uploaded = try #require(original.editions.values.flatMap { $0 }.first { $0.hasUploadedCover })
        let cover = try #require(try library.store.uploadedCover(editionID: uploaded.id))
        #expect(try other.store.uploadedCover(editionID: uploaded.id) == cover, "the cover the reader uploaded comes back")
    }

    @Test func aBookWhosePhotosOutgrowTheDefaultLimitComesBackWithALargerOne() throws {
        // Given a book with four page photos of the largest size a photo may be, exported with photos
        let largest = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x5A, count: PagePhoto.byteLimit - 4)
        for second in 1...4 {
            try library.store.addPhoto(
                PagePhoto(imageType: .jpeg, byteCount: largest.count, dateAdded: ExportLibrary.now.addingTimeInterval(Double(second))),
                data: largest, entryID: ExportLibrary.kindredEntryID
            )
        }
        let file = library.url("photos.json")
        _ = try library.exporter(for: library.store).exportJSON(to: file, includePhotos: true)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size > ImportLimits().maxBytes, "the book's line alone is longer than the default limit of the whole file")
        let importer = LibraryImporter(store: library.emptyStore, now: { ExportLibrary.now })

        // When it is imported with the default limits, it is refused whole, before anything is written
        #expect(throws: ImportError.fileTooLarge(bytes: size, limit: ImportLimits().maxBytes)) { try importer.importFile(at: file) }
        #expect(try library.emptyStore.count(EntryQuery()) == 0)
        // With the file's size as the limit (`--max-bytes`), the book comes back with its photos
        let summary = try importer.importFile(at: file, options: ImportOptions(limits: ImportLimits(maxBytes: size)))

        #expect(summary.added == ExportLibrary.fixtureCount + 2)
        #expect(summary.problems.isEmpty)
        let kept = try library.emptyStore.photos(entryID: ExportLibrary.kindredEntryID)
        #expect(kept.map(\.byteCount) == Array(repeating: PagePhoto.byteLimit, count: 4))
        #expect(try kept.allSatisfy { try library.emptyStore.photoData(id: $0.id) == largest })
    }

    @Test func aPhotoLargerThanAPhotoMayBeIsLeftOutAndReportedAndItsBookComesBack() throws {
        // Given an export whose photo of Kindred was made a byte larger than a photo may be
        let small = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x01, 0x02])
        try library.store.addPhoto(
            PagePhoto(imageType: .jpeg, byteCount: small.count, dateAdded: ExportLibrary.now), data: small, entryID: ExportLibrary.kindredEntryID
        )
        let file = library.url("edited.json")
        _ = try library.exporter(for: library.store).exportJSON(to: file, includePhotos: true)
        let tooLarge = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x5A, count: PagePhoto.byteLimit - 3)
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"data\":\"\(small.base64EncodedString())\"", with: "\"data\":\"\(tooLarge.base64EncodedString())\"")
        #expect(edited != text)
        try Data(edited.utf8).write(to: file)

        // When it is imported
        let summary = try LibraryImporter(store: library.emptyStore, now: { ExportLibrary.now }).importFile(at: file)

        // Then every book comes back, Kindred without the photo, and the report says why
        #expect(summary.added == ExportLibrary.fixtureCount + 2)
        #expect(try library.emptyStore.photos(entryID: ExportLibrary.kindredEntryID).isEmpty)
        #expect(summary.problems.map(\.message) == [
            "a page photo of \(PagePhoto.byteLimit + 1) bytes is larger than the \(PagePhoto.byteLimit) a photo may be; photo left out",
        ])
    }

    @Test func aPhotoThatIsNotAnImageIsLeftOutAndReportedWithItsLineAndTheOthersComeBack() throws {
        // Given an export with two photos of Kindred, one of them edited into bytes of a GIF
        let kept = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x01, 0x02])
        let edited = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x03, 0x04])
        for (data, page) in [(kept, 1), (edited, 2)] {
            try library.store.addPhoto(
                PagePhoto(page: page, imageType: .jpeg, byteCount: data.count, dateAdded: ExportLibrary.now), data: data,
                entryID: ExportLibrary.kindredEntryID
            )
        }
        let file = library.url("edited.json")
        _ = try library.exporter(for: library.store).exportJSON(to: file, includePhotos: true)
        let gif = Data("GIF89a\u{01}\u{00}\u{01}\u{00}".utf8)
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"data\":\"\(edited.base64EncodedString())\"", with: "\"data\":\"\(gif.base64EncodedString())\"")
        #expect(changed != text)
        try Data(changed.utf8).write(to: file)
        let kindredLine = try #require(changed.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(gif.base64EncodedString()) }) + 1

        // When it is imported
        let summary = try LibraryImporter(store: library.emptyStore, now: { ExportLibrary.now }).importFile(at: file)

        // Then every book comes back, Kindred with the photo that is one, and the report names the line
        #expect(summary.added == ExportLibrary.fixtureCount + 2)
        let photos = try library.emptyStore.photos(entryID: ExportLibrary.kindredEntryID)
        #expect(photos.map(\.page) == [1])
        #expect(try library.emptyStore.photoData(id: try #require(photos.first).id) == kept)
        #expect(summary.problems.map(\.message) == ["a page photo was refused: the image is neither JPEG nor PNG; photo left out"])
        #expect(summary.problems.map(\.row) == [kindredLine])

        // And importing the file again adds nothing
        let again = try LibraryImporter(store: library.emptyStore, now: { ExportLibrary.now }).importFile(at: file)
        #expect(again.added == 0)
        #expect(try library.emptyStore.photos(entryID: ExportLibrary.kindredEntryID).map(\.page) == [1])
    }

    @Test func anAuthorLinkedToNoBookIsKept() throws {
        // Given a library with an author who wrote none of its books
        let file = library.url("alice.json")
        _ = try library.exporter(for: library.store).exportJSON(to: file, includePhotos: false)
        // When the export is imported into an empty library
        try library.importJSON(file, into: library.emptyStore)
        // Then that author is there too
        #expect(try library.emptyStore.author(id: ExportLibrary.lonelyAuthor.id) == ExportLibrary.lonelyAuthor)
    }

    @Test func aBookThatIsNotOwnedKeepsTheProgressCheckedAgainstItsPrimaryEdition() throws {
        // Given a book not owned whose progress is past the last page of its oldest edition
        let file = library.url("alice.json")
        _ = try library.exporter(for: library.store).exportJSON(to: file, includePhotos: false)
        // When the export is imported into an empty library
        try library.importJSON(file, into: library.emptyStore)
        // Then the entry and its editions come back unchanged
        let book = try #require(try library.emptyStore.book(entryID: ExportLibrary.kindredEntryID))
        #expect(book.entry.currentPage == 300)
        #expect(try library.emptyStore.editions(ofWork: book.work.id).count == 2)
    }

    @Test func progressIsReportedAfterEveryPageUpToTheLibrarySize() throws {
        // Given a library of more books than one page holds
        var reports: [Int] = []
        // When it is exported
        let count = try library.exporter(for: library.store).exportJSON(to: library.url("alice.json"), includePhotos: false) {
            written, total in
            #expect(total == ExportLibrary.fixtureCount + 2)
            reports.append(written)
        }
        // Then each page is reported, ending at the number of books written
        #expect(count == ExportLibrary.fixtureCount + 2)
        #expect(reports.count == (count + ExportLibrary.pageSize - 1) / ExportLibrary.pageSize)
        #expect(reports.last == count)
    }

    @Test func anExportThatFailsLeavesThePreviousFileAndNoPartialFile() throws {
        // Given an earlier export at the destination
        let destination = library.url("library.json")
        try Data("earlier export".utf8).write(to: destination)
        // When a new export writes part of its file and then fails
        do {
            let file = try ExportFile(destination: destination)
            try file.write(Array("{\"format\":\"bookstrack\"".utf8))
        }
        // Then the earlier file is untouched and nothing else is left in the folder
        #expect(try Data(contentsOf: destination) == Data("earlier export".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: library.directory.url.path)
        #expect(names.filter { $0.hasSuffix(".partial") }.isEmpty)
    }

    @Test func anExportIntoAMissingFolderIsRefusedWithThePath() throws {
        // Given a destination in a folder that does not exist
        let destination = library.url("missing/library.json")
        // When the library is exported there
        // Then the export fails naming the file
        #expect(throws: ExportError.self) {
            try library.exporter(for: library.store).exportJSON(to: destination, includePhotos: false)
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}

/// A real SQLite library in a temporary folder with two users: Alice's library holds fixture books
/// and hand-made ones using every field; Bob's starts empty.
final class ExportLibrary {
    static let fixtureCount = 150
    /// Small pages, so that exports of the test library span several.
    static let pageSize = 40
    static let now = LibraryFixtures.referenceDate

    static let lonelyAuthor = Author(
        name: "Nobody \"Quoted\" \\ Back\tslash", sortName: "Nobody", gender: .other, culturalRegion: .oceania,
        dateCreated: LibraryFixtures.date(2019, 1, 1)
    )
    static let kindredEntryID = LibraryEntry.ID(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))

    let directory: TemporaryDirectory
    let database: LibraryDatabase
    /// Alice's library.
    let store: SQLiteLibraryStore
    /// Bob's library, empty.
    let emptyStore: SQLiteLibraryStore

    init() throws {
        directory = try TemporaryDirectory(prefix: "bookstrack-export")
        database = try LibraryDatabase(path: directory.path("library.sqlite"))
        let alice = try database.ensureUser(named: "alice", now: Self.now)
        let bob = try database.ensureUser(named: "bob", now: Self.now)
        store = database.library(for: alice.id)
        emptyStore = database.library(for: bob.id)
    }

    func url(_ name: String) -> URL {
        directory.url.appendingPathComponent(name)
    }

    /// An exporter of `store` with a fixed clock and small pages.
    func exporter(for store: any LibraryStore) -> LibraryExporter {
        var exporter = LibraryExporter(store: store, now: { Self.now })
        exporter.pageSize = Self.pageSize
        return exporter
    }

    /// Reads a BooksTrack JSON file in small batches and writes it into `target`, photos included.
    func importJSON(_ file: URL, into target: any LibraryStore) throws {
        let reader = BooksTrackJSONReader(url: file, userID: target.userID, batchSize: 25)
        try reader.read { batch in
            try target.apply(batch.changes())
            for book in batch.books {
                _ = try book.addPhotos(to: target)
                _ = try book.addCovers(to: target, now: book.entry.lastModified)
            }
        }
    }

    /// Everything a library holds, comparable across users: entries are given one placeholder user.
    func contents(of store: any LibraryStore) throws -> LibraryContents {
        let placeholder = User.ID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        var books = try store.books(EntryQuery(sort: .dateAdded, descending: false))
        for index in books.indices { books[index].entry.userID = placeholder }
        var photos: [PagePhoto.ID: Data] = [:]
        var originals: [PagePhoto.ID: Data] = [:]
        for photo in books.flatMap(\.entry.pagePhotos) {
            photos[photo.id] = try store.photoData(id: photo.id)
            originals[photo.id] = try store.photoOriginal(id: photo.id)
        }
        return LibraryContents(
            books: books, editions: try store.editions(ofWorks: books.map(\.work.id)), authors: try store.allAuthors(), photos: photos,
            originals: originals
        )
    }

    /// Adds `fixtures` fixture books and the hand-made ones to Alice's library.
    func fill(fixtures: Int = fixtureCount) throws {
        try store.add(LibraryFixtures.books(count: fixtures, userID: store.userID, seed: 7))
        try store.save(Self.lonelyAuthor)
        try addDarkness()
        try addKindred()
    }

    /// A book with every field set: two authors, three editions of which the second is owned,
    /// quotes, sessions, read history, photos, and text that needs escaping.
    private func addDarkness() throws {
        let leGuin = Author(
            name: "Ursula K. Le Guin", sortName: "Le Guin, Ursula K.", gender: .female, culturalRegion: .northAmerica,
            nationality: "American", ethnicity: "White", birthYear: 1929, deathYear: 2018, marginalizedVoiceOverride: false,
            externalIDs: AuthorExternalIDs(
                openLibraryID: "OL31353A", isbndbID: "isbndb-1", googleBooksID: "g-1", goodreadsID: "874602", wikidataID: "Q181659"
            ),
            dateCreated: LibraryFixtures.date(2020, 1, 2, hour: 3), lastModified: Date(timeIntervalSinceReferenceDate: 700_000_000.123456)
        )
        let ngugi = Author(
            name: "Ngũgĩ wa Thiong'o", gender: .male, culturalRegion: .africa, nationality: "Kenyan", birthYear: 1938,
            marginalizedVoiceOverride: true, dateCreated: LibraryFixtures.date(2020, 1, 3)
        )
        var work = Work(
            title: "The Left Hand of Darkness", subtitle: "Hainish \"4\" \\ 1969", authorIDs: [leGuin.id, ngugi.id],
            genres: ["Science Fiction", "Ünïcödé\nline"], originalLanguage: "en", firstPublicationYear: 1969,
            description: "Genly Ai\tis sent to Gethen.\r\nControl \u{01} and emoji 📚.", seriesName: "Hainish Cycle", seriesPosition: 4.5,
            culturalThemes: ["gender"], contentWarnings: ["cold"], awards: ["Hugo", "Nebula"], readingDifficulty: .challenging,
            coverImageURL: URL(string: "https://covers.example.org/lhod.jpg?size=L&x=1"),
            externalIDs: WorkExternalIDs(
                openLibraryWorkID: "OL59863W", isbndbID: "w-1", googleBooksVolumeIDs: ["g1", "g2"], goodreadsWorkIDs: ["18423"],
                amazonASINs: ["B000"], librarythingIDs: ["lt"]
            ),
            providerTag: "orchestrated:google+openlibrary", isSynthetic: true, reviewStatus: .pending,
            scanImagePath: "/scans/shelf-1.jpg", boundingBox: BoundingBox(x: 0.1, y: 0.2, width: 0.05, height: 0.7),
            dateCreated: LibraryFixtures.date(2021, 5, 6), lastModified: Date(timeIntervalSinceReferenceDate: 720_000_000.987654),
            lastEnrichedAt: LibraryFixtures.date(2022, 2, 2), dataQuality: 87, readerSetFields: [.title, .description, .genres]
        )
        work.originalCountry = "US"
        let oldest = Edition(
            workID: work.id, isbns: [try ISBN(parsing: "0-441-47812-3")], publisher: "Ace", pageCount: 286, format: .paperback,
            dateCreated: LibraryFixtures.date(2021, 5, 7)
        )
        let owned = Edition(
            workID: work.id, isbns: [try ISBN(parsing: "9780441172719"), try ISBN(parsing: "0-441-47813-1")], publisher: "Ace",
            publicationDate: PartialDate(year: 1987, month: 3), pageCount: 304, format: .hardcover, language: "en-US",
            editionTitle: "25th anniversary edition", coverImageURL: URL(string: "https://example.org/c.jpg"), translator: "Nobody",
            narrator: "George Guidall", audioDurationMinutes: 720,
            externalIDs: EditionExternalIDs(
                openLibraryEditionID: "OL1M", isbndbID: "e-1", googleBooksVolumeIDs: ["v"], amazonASINs: ["A1", "A2"], librarythingIDs: ["l"]
            ),
            dateCreated: LibraryFixtures.date(2021, 5, 8), lastModified: Date(timeIntervalSinceReferenceDate: 721_000_000.5),
            readerSetFields: [.pageCount, .coverImageURL]
        )
        let newest = Edition(
            workID: work.id, publicationDate: PartialDate(year: 2019, month: 9, day: 3), format: .ebook,
            coverImageURL: Edition.uploadedCoverURL, dateCreated: LibraryFixtures.date(2023, 1, 1), readerSetFields: [.coverImageURL]
        )
        let added = Date(timeIntervalSinceReferenceDate: 730_000_000.123456)
        let entry = LibraryEntry(
            userID: store.userID, workID: work.id, editionID: owned.id, status: .reading, currentPage: 120, progress: 120.0 / 304.0,
            rating: 4.25, review: "Loved it.\nTwice \"over\".", reviewHasSpoilers: true, notes: "Lent to Sam", discussionNotes: "Ch. 7",
            tags: ["book-club", "Ünïcode"],
            quotes: [
                Quote(text: "Light is the left hand of darkness.", page: 222, dateAdded: added.addingTimeInterval(60)),
                Quote(text: "To learn which questions are unanswerable…", dateAdded: added.addingTimeInterval(120)),
            ],
            isFavorite: true, isPublic: true, dateAdded: added, dateStarted: added.addingTimeInterval(86_400.25),
            readHistory: [
                ReadPeriod(started: LibraryFixtures.date(2010, 1, 1), ended: LibraryFixtures.date(2010, 2, 1), outcome: .read),
                ReadPeriod(ended: LibraryFixtures.date(2015, 6, 1), outcome: .dnf),
            ],
            dailyReadingGoal: 30, contributesToCulturalGoal: true, culturalGoalCategory: "Africa", recommendedBy: "Ada",
            wouldRecommend: true,
            sessions: [
                ReadingSession(date: added.addingTimeInterval(90_000), durationMinutes: 45, pagesRead: 30),
                ReadingSession(date: added.addingTimeInterval(180_000.5), durationMinutes: 1_440, pagesRead: 0),
            ],
            lastModified: Date(timeIntervalSinceReferenceDate: 731_000_000.000001)
        )
        try store.apply(LibraryChanges(
            newBooks: [NewBook(work: work, authors: [leGuin, ngugi], edition: owned, entry: entry)], editions: [oldest, newest]
        ))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<300).map { UInt8(truncatingIfNeeded: $0) })
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 40))
        let map = PagePhoto(page: 12, caption: "Map of Gethen", imageType: .jpeg, byteCount: jpeg.count, dateAdded: added.addingTimeInterval(10))
        try store.addPhoto(map, data: jpeg, entryID: entry.id)
        // The e-book's cover, uploaded by the reader and kept in the library.
        try store.setUploadedCover(jpeg + Data([0x01, 0x02]), editionID: newest.id, now: added)
        // The map as it was sent, kept beside it (any format the library took in: here HEIC's leading bytes).
        try store.setPhotoOriginal(Data([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63] + (0..<500).map { UInt8($0 % 251) }), id: map.id)
        try store.addPhoto(
            PagePhoto(imageType: .png, byteCount: png.count, dateAdded: added.addingTimeInterval(20.5)), data: png, entryID: entry.id
        )
    }

    /// A book not owned whose progress is checked against its primary edition: the newer one,
    /// which has an ISBN, a cover and more pages than the older one.
    private func addKindred() throws {
        let butler = Author(name: "Octavia E. Butler", gender: .female, culturalRegion: .northAmerica, dateCreated: Self.now)
        let work = Work(title: "Kindred", authorIDs: [butler.id], dateCreated: LibraryFixtures.date(2022, 3, 3))
        let older = Edition(workID: work.id, pageCount: 100, format: .massMarket, dateCreated: LibraryFixtures.date(2022, 3, 3))
        let primary = Edition(
            workID: work.id, isbns: [try ISBN(parsing: "9780807083697")], pageCount: 500, format: .paperback,
            coverImageURL: URL(string: "https://example.org/kindred.jpg"), dateCreated: LibraryFixtures.date(2022, 3, 4)
        )
        let entry = LibraryEntry(
            id: Self.kindredEntryID, userID: store.userID, workID: work.id, status: .onHold, currentPage: 300, progress: 0.6,
            dateAdded: LibraryFixtures.date(2022, 3, 5), dateStarted: LibraryFixtures.date(2022, 3, 6)
        )
        try store.apply(LibraryChanges(
            newBooks: [NewBook(work: work, authors: [butler], edition: primary, entry: entry)], editions: [older]
        ))
    }
}

/// What a library holds, as loaded through its store.
struct LibraryContents: Equatable {
    var books: [LibraryBook]
    var editions: [Work.ID: [Edition]]
    var authors: [Author]
    var photos: [PagePhoto.ID: Data]
    /// The photos as they were sent, where they were kept.
    var originals: [PagePhoto.ID: Data]
}
