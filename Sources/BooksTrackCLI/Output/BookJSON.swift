import BooksTrackCore
import Foundation

/// The JSON shape of a book printed with `--json`.
struct BookJSON: Encodable {
    struct AuthorJSON: Encodable {
        var id: String
        var name: String
    }

    struct EditionJSON: Encodable {
        var id: String
        var isbn13: [String]
        var isbn10: [String]
        var format: String
        var pageCount: Int?
        var publisher: String?
        var publicationDate: String?
        var language: String?
        var editionTitle: String?
        var translator: String?
        var narrator: String?
    }

    struct ContributorJSON: Encodable {
        var name: String
        var role: String
    }

    var id: String
    var status: String
    var title: String
    var subtitle: String?
    var authors: [AuthorJSON]
    var seriesName: String?
    var seriesPosition: Double?
    var seriesPositionEnd: Double?
    var contributors: [ContributorJSON]
    var owned: Bool
    var edition: EditionJSON?
    var currentPage: Int
    var progress: Double
    var rating: Double?
    var review: String?
    var reviewHasSpoilers: Bool
    var notes: String?
    var tags: [String]
    var isFavorite: Bool
    var dateAdded: Date
    var dateStarted: Date?
    var dateCompleted: Date?
    var dateStopped: Date?
    var readHistory: [ReadPeriod]
    var quotes: [Quote]
    var sessions: [ReadingSession]
    var photos: [PagePhoto]
    var readingPace: Double?
    var estimatedFinishDate: Date?
    var lastModified: Date

    init(_ book: LibraryBook, now: Date) {
        let entry = book.entry
        id = entry.id.description
        status = entry.status.rawValue
        title = book.work.title
        subtitle = book.work.subtitle
        authors = book.authors.map { AuthorJSON(id: $0.id.description, name: $0.name) }
        seriesName = book.work.seriesName
        seriesPosition = book.work.seriesPosition
        seriesPositionEnd = book.work.seriesPositionEnd
        contributors = (book.work.contributors ?? []).map { ContributorJSON(name: $0.name, role: $0.role) }
        owned = entry.isOwned
        edition = book.edition.map { edition in
            EditionJSON(
                id: edition.id.description,
                isbn13: edition.isbns.map(\.isbn13),
                isbn10: edition.isbns.compactMap(\.isbn10),
                format: edition.format.rawValue,
                pageCount: edition.pageCount,
                publisher: edition.publisher,
                publicationDate: edition.publicationDate?.description,
                language: edition.language,
                editionTitle: edition.editionTitle,
                translator: edition.translator,
                narrator: edition.narrator
            )
        }
        currentPage = entry.currentPage
        progress = entry.progress
        rating = entry.rating
        review = entry.review
        reviewHasSpoilers = entry.reviewHasSpoilers
        notes = entry.notes
        tags = entry.tags
        isFavorite = entry.isFavorite
        dateAdded = entry.dateAdded
        dateStarted = entry.dateStarted
        dateCompleted = entry.dateCompleted
        dateStopped = entry.dateStopped
        readHistory = entry.readHistory
        quotes = entry.quotes
        sessions = entry.sessions
        photos = entry.pagePhotos
        readingPace = entry.readingPace(now: now)
        estimatedFinishDate = entry.estimatedFinishDate(pageCount: book.pageCount, now: now)
        lastModified = entry.lastModified
    }
}

/// Writes values as pretty, key-sorted JSON with ISO 8601 dates.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        say(String(decoding: data, as: UTF8.self))
    }
}
