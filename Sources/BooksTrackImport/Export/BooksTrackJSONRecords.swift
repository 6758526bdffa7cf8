import BooksTrackCore
import Foundation

// The shapes `JSONTextBuffer+Library` writes, as the reader decodes them. Authors, works and
// editions use the model's own `Decodable`; an entry has no user in the file, so it has its own.

/// The members before the lists: what the file is and which layout it uses.
struct BooksTrackJSONHeader: Decodable {
    /// "bookstrack" in a BooksTrack export.
    var format: String?
    /// The layout version.
    var version: Int?
    /// When the export was made (ISO 8601); informational.
    var exportedAt: String?
}

/// A whole document, for files not laid out one item per line (pretty-printed, or re-saved by a tool).
struct BooksTrackJSONDocument: Decodable {
    /// Every author of the library.
    var authors: [Author]?
    /// Every book of the library.
    var books: [BooksTrackJSONBookRecord]?
}

/// One line of the books list.
struct BooksTrackJSONBookRecord: Decodable {
    private var work: Work
    private var editions: [Edition]
    private var entry: EntryRecord
    /// The covers readers uploaded, by edition, where the file holds their bytes.
    private var covers: [Edition.ID: Data]

    private enum CodingKeys: String, CodingKey { case work, editions, entry }

    /// An edition's uploaded cover, read beside the edition itself.
    private struct CoverRecord: Decodable {
        var id: Edition.ID
        var uploadedCover: Data?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        work = try container.decode(Work.self, forKey: .work)
        editions = try container.decode([Edition].self, forKey: .editions)
        entry = try container.decode(EntryRecord.self, forKey: .entry)
        let records = try container.decode([CoverRecord].self, forKey: .editions)
        covers = Dictionary(records.compactMap { record in record.uploadedCover.map { (record.id, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// An entry without its user.
    fileprivate struct EntryRecord: Decodable {
        var id: LibraryEntry.ID
        var workID: Work.ID
        var editionID: Edition.ID?
        var status: ReadingStatus
        var currentPage: Int
        var progress: Double
        var rating: Double?
        var review: String?
        var reviewHasSpoilers: Bool
        var notes: String?
        var discussionNotes: String?
        var tags: [String]
        var quotes: [Quote]
        var isFavorite: Bool
        var isPublic: Bool
        var dateAdded: Date
        var dateStarted: Date?
        var dateCompleted: Date?
        var dateStopped: Date?
        var readHistory: [ReadPeriod]
        var dailyReadingGoal: Int?
        var contributesToCulturalGoal: Bool
        var culturalGoalCategory: String?
        var recommendedBy: String?
        var wouldRecommend: Bool?
        var sessions: [ReadingSession]
        var pagePhotos: [PhotoRecord]
        var lastModified: Date

        /// The entry, given to `userID`.
        func entry(userID: User.ID) -> LibraryEntry {
            LibraryEntry(
                id: id, userID: userID, workID: workID, editionID: editionID, status: status, currentPage: currentPage,
                progress: progress, rating: rating, review: review, reviewHasSpoilers: reviewHasSpoilers, notes: notes,
                discussionNotes: discussionNotes, tags: tags, quotes: quotes, isFavorite: isFavorite, isPublic: isPublic,
                dateAdded: dateAdded, dateStarted: dateStarted, dateCompleted: dateCompleted, dateStopped: dateStopped,
                readHistory: readHistory, dailyReadingGoal: dailyReadingGoal,
                contributesToCulturalGoal: contributesToCulturalGoal, culturalGoalCategory: culturalGoalCategory,
                recommendedBy: recommendedBy, wouldRecommend: wouldRecommend, sessions: sessions,
                pagePhotos: pagePhotos.map(\.photo), lastModified: lastModified
            )
        }
    }

    /// A photo's metadata and, in an export made with photos, its bytes and the photo as it was
    /// sent where that was kept (base64).
    fileprivate struct PhotoRecord: Decodable {
        var id: PagePhoto.ID
        var page: Int?
        var caption: String?
        var imageType: ImageType
        var byteCount: Int
        var dateAdded: Date
        var data: Data?
        var original: Data?

        /// The photo's metadata.
        var photo: PagePhoto {
            PagePhoto(id: id, page: page, caption: caption, imageType: imageType, byteCount: byteCount, dateAdded: dateAdded)
        }
    }

    /// The book, its authors looked up in the file's author list; a work naming an author the list
    /// lacks makes the file invalid.
    func book(userID: User.ID, authors: [Author.ID: Author], line: Int) throws(ImportError) -> ExportedBook {
        var bookAuthors: [Author] = []
        for authorID in work.authorIDs {
            guard let author = authors[authorID] else {
                throw .invalidJSON(reason: "line \(line): the book names author \(authorID), who is not in the file's list of authors")
            }
            bookAuthors.append(author)
        }
        let photos = entry.pagePhotos.compactMap { record in
            record.data.map { ExportedPhoto(photo: record.photo, data: $0, original: record.original) }
        }
        return ExportedBook(
            work: work, authors: bookAuthors, editions: editions, entry: entry.entry(userID: userID), photos: photos, covers: covers, line: line
        )
    }
}
