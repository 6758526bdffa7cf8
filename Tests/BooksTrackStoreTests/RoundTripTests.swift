import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Every field of every type comes back from the database exactly as it was saved.
@Suite struct RoundTripTests {
    let library: TestLibrary
    init() throws { library = try TestLibrary() }

    static func fullAuthor() -> Author {
        Author(
            name: "Ursula K. Le Guin", sortName: "Le Guin, Ursula K.", gender: .female, culturalRegion: .northAmerica,
            nationality: "American", ethnicity: "White", birthYear: 1929, deathYear: 2018, marginalizedVoiceOverride: false,
            externalIDs: AuthorExternalIDs(openLibraryID: "OL31353A", isbndbID: "isbndb-1", googleBooksID: "g-1",
                                           goodreadsID: "874602", wikidataID: "Q181659"),
            dateCreated: LibraryFixtures.date(2020, 1, 2, hour: 3), lastModified: Date(timeIntervalSinceReferenceDate: 700_000_000.123456)
        )
    }

    static func fullWork(authorIDs: [Author.ID]) -> Work {
        Work(
            title: "The Left Hand of Darkness", subtitle: "Hainish Cycle \"4\" \\ 1969", authorIDs: authorIDs,
            genres: ["Science Fiction", "Classics", "Ünïcödé\nline"], originalLanguage: "en", firstPublicationYear: 1969,
            description: "Genly Ai is sent to Gethen.", seriesName: "Hainish Cycle", seriesPosition: 4.5,
            culturalThemes: ["gender"], contentWarnings: ["cold"], awards: ["Hugo", "Nebula"], readingDifficulty: .challenging,
            coverImageURL: URL(string: "https://covers.example.org/lhod.jpg?size=L&x=1"),
            externalIDs: WorkExternalIDs(openLibraryWorkID: "OL59863W", isbndbID: "w-1", googleBooksVolumeIDs: ["g1", "g2"],
                                         goodreadsWorkIDs: ["1"], amazonASINs: ["B000"], librarythingIDs: ["lt"]),
            providerTag: "orchestrated:google+openlibrary", isSynthetic: true, reviewStatus: .pending,
            scanImagePath: "/scans/shelf-1.jpg", boundingBox: BoundingBox(x: 0.1, y: 0.2, width: 0.05, height: 0.7),
            dateCreated: LibraryFixtures.date(2021, 5, 6), lastModified: Date(timeIntervalSinceReferenceDate: 720_000_000.987654),
            lastEnrichedAt: LibraryFixtures.date(2022, 2, 2), dataQuality: 87
        )
    }

    static func fullEdition(workID: Work.ID) throws -> Edition {
        Edition(
            workID: workID, isbns: [try ISBN(parsing: "0-441-47812-3"), try ISBN(parsing: "9780441172719")],
            publisher: "Ace", publicationDate: PartialDate(year: 1987, month: 3), pageCount: 304, format: .massMarket,
            language: "en-US", editionTitle: "25th anniversary edition", coverImageURL: URL(string: "https://example.org/c.jpg"),
            translator: "Nobody", narrator: "George Guidall", audioDurationMinutes: 720,
            externalIDs: EditionExternalIDs(openLibraryEditionID: "OL1M", isbndbID: "e-1", googleBooksVolumeIDs: ["v"],
                                            amazonASINs: ["A1", "A2"], librarythingIDs: ["l"]),
            dateCreated: LibraryFixtures.date(2021, 5, 7), lastModified: LibraryFixtures.date(2021, 5, 8)
        )
    }

    @Test func anAuthorWithEveryFieldSetComesBackUnchanged() throws {
        // Given an author with every field set
        let author = Self.fullAuthor()
        // When it is saved and read back
        try library.store.save(author)
        // Then every field is equal
        #expect(try library.store.author(id: author.id) == author)
    }

    @Test func aWorkWithEveryFieldSetComesBackUnchanged() throws {
        // Given a work by two authors, in a chosen order, with every field set
        let first = LibraryFixtures.author("Second Listed")
        let second = LibraryFixtures.author("First Listed")
        try library.store.save(first)
        try library.store.save(second)
        let work = Self.fullWork(authorIDs: [first.id, second.id])
        // When it is saved and read back
        try library.store.save(work)
        let loaded = try #require(try library.store.work(id: work.id))
        // Then every field, the author order included, is equal
        #expect(loaded == work)
        #expect(loaded.authorIDs == [first.id, second.id])
    }

    @Test func anEditionWithEveryFieldSetComesBackUnchangedWithItsISBNsInOrder() throws {
        // Given an edition of a saved work with two ISBNs
        let work = Work(title: "Dune", dateCreated: LibraryFixtures.referenceDate)
        try library.store.save(work)
        let edition = try Self.fullEdition(workID: work.id)
        // When it is saved and read back
        try library.store.save(edition)
        // Then every field is equal
        #expect(try library.store.edition(id: edition.id) == edition)
        #expect(try library.store.editions(ofWork: work.id) == [edition])
    }

    @Test func anEntryWithEveryFieldSetComesBackUnchanged() throws {
        // Given an owned entry with every field and child list set
        let author = Self.fullAuthor()
        try library.store.save(author)
        let work = Self.fullWork(authorIDs: [author.id])
        try library.store.save(work)
        let edition = try Self.fullEdition(workID: work.id)
        try library.store.save(edition)
        let entry = LibraryEntry(
            userID: library.alice.id, workID: work.id, editionID: edition.id, status: .reading, currentPage: 120,
            progress: 120.0 / 304, rating: 4.75, review: "Cold and \"warm\".", reviewHasSpoilers: true, notes: "notes",
            discussionNotes: "club", tags: ["Book Club", "sci-fi", "Ünï"],
            quotes: [Quote(text: "Light is the left hand of darkness", page: 233, dateAdded: day(-3)),
                     Quote(text: "No page", dateAdded: day(-2))],
            isFavorite: true, isPublic: true, dateAdded: day(-30), dateStarted: day(-20), dateCompleted: nil,
            dateStopped: day(-10),
            readHistory: [ReadPeriod(started: day(-400), ended: day(-380), outcome: .read),
                          ReadPeriod(started: nil, ended: day(-200), outcome: .dnf)],
            dailyReadingGoal: 25, contributesToCulturalGoal: true, culturalGoalCategory: "translated",
            recommendedBy: "Ana", wouldRecommend: false,
            sessions: [ReadingSession(date: day(-5), durationMinutes: 45, pagesRead: 30),
                       ReadingSession(date: day(-4), durationMinutes: 1440, pagesRead: 0)],
            lastModified: Date(timeIntervalSinceReferenceDate: 771_000_000.000123)
        )
        // When it is saved and read back, by ID and by work
        try library.store.save(entry)
        // Then every field is equal
        #expect(try library.store.entry(id: entry.id) == entry)
        #expect(try library.store.entry(workID: work.id) == entry)
    }

    @Test func aBookReadsBackWithItsWorkAuthorsEditionAndPhotoMetadata() throws {
        // Given a book added in one step, and a photo of one of its pages
        let added = try library.addBook("A Wizard of Earthsea", pageCount: 183)
        let photo = PagePhoto(page: 12, caption: "the map", imageType: .jpeg, byteCount: 0, dateAdded: day(1))
        let bytes = jpegData(size: 1_000)
        try library.store.addPhoto(photo, data: bytes, entryID: added.entry.id)
        // When the book is read back
        let book = try #require(try library.store.book(entryID: added.entry.id))
        // Then it holds everything that was added, and the photo's bytes come back whole
        #expect(book.work == added.work)
        #expect(book.authors.map(\.name) == ["Ursula K. Le Guin"])
        #expect(book.edition?.pageCount == 183)
        #expect(book.entry.pagePhotos.map(\.id) == [photo.id])
        #expect(book.entry.pagePhotos.first?.byteCount == bytes.count)
        #expect(book.entry.pagePhotos.first?.caption == "the map")
        #expect(try library.store.photoData(id: photo.id) == bytes)
    }

    @Test func savingAnEntryAgainReplacesItsTagsQuotesAndSessions() throws {
        // Given an entry with tags, a quote and a session
        let book = try library.addBook("The Dispossessed", tags: ["one", "two"])
        var entry = book.entry
        entry.quotes = [Quote(text: "first", dateAdded: day(0))]
        entry.sessions = [ReadingSession(date: day(0), durationMinutes: 10)]
        try library.store.save(entry)
        // When it is saved with other lists
        entry.tags = ["three"]
        entry.quotes = []
        entry.sessions = [ReadingSession(date: day(1), durationMinutes: 20, pagesRead: 5)]
        try library.store.save(entry)
        // Then only the new lists remain
        let loaded = try #require(try library.store.entry(id: entry.id))
        #expect(loaded.tags == ["three"])
        #expect(loaded.quotes.isEmpty)
        #expect(loaded.sessions == entry.sessions)
    }
}
