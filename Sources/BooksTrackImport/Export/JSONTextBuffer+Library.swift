import BooksTrackCore
import Foundation

// The member names are the model's property names, so the reader decodes authors, works and
// editions with the model's own `Decodable` conformances.
extension JSONTextBuffer {
    /// An author with its demographics and outside identifiers.
    mutating func author(_ author: Author) {
        openObject()
        member("id", author.id)
        member("name", author.name)
        member("sortName", author.sortName)
        member("gender", author.gender.rawValue)
        member("culturalRegion", author.culturalRegion?.rawValue)
        member("nationality", author.nationality)
        member("ethnicity", author.ethnicity)
        member("birthYear", author.birthYear)
        member("deathYear", author.deathYear)
        member("marginalizedVoiceOverride", author.marginalizedVoiceOverride)
        let ids = author.externalIDs
        key("externalIDs")
        openObject()
        member("openLibraryID", ids.openLibraryID)
        member("isbndbID", ids.isbndbID)
        member("googleBooksID", ids.googleBooksID)
        member("goodreadsID", ids.goodreadsID)
        member("wikidataID", ids.wikidataID)
        closeObject()
        member("dateCreated", author.dateCreated)
        member("lastModified", author.lastModified)
        closeObject()
    }

    /// A work with every field, its authors as identifiers in order.
    mutating func work(_ work: Work) {
        openObject()
        member("id", work.id)
        member("title", work.title)
        member("subtitle", work.subtitle)
        key("authorIDs")
        openArray()
        for authorID in work.authorIDs {
            element()
            identifier(authorID)
        }
        closeArray()
        member("genres", work.genres)
        member("originalLanguage", work.originalLanguage)
        member("originalCountry", work.originalCountry)
        member("firstPublicationYear", work.firstPublicationYear)
        member("description", work.description)
        member("seriesName", work.seriesName)
        member("seriesPosition", work.seriesPosition)
        member("seriesPositionEnd", work.seriesPositionEnd)
        member("culturalThemes", work.culturalThemes)
        if let contributors = work.contributors, !contributors.isEmpty {
            key("contributors")
            openArray()
            for contributor in contributors {
                element()
                openObject()
                member("name", contributor.name)
                member("role", contributor.role)
                closeObject()
            }
            closeArray()
        }
        member("contentWarnings", work.contentWarnings)
        member("awards", work.awards)
        member("readingDifficulty", work.readingDifficulty?.rawValue)
        member("coverImageURL", work.coverImageURL?.absoluteString)
        let ids = work.externalIDs
        key("externalIDs")
        openObject()
        member("openLibraryWorkID", ids.openLibraryWorkID)
        member("isbndbID", ids.isbndbID)
        member("googleBooksVolumeIDs", ids.googleBooksVolumeIDs)
        member("goodreadsWorkIDs", ids.goodreadsWorkIDs)
        member("amazonASINs", ids.amazonASINs)
        member("librarythingIDs", ids.librarythingIDs)
        closeObject()
        member("providerTag", work.providerTag)
        member("isSynthetic", work.isSynthetic)
        member("reviewStatus", work.reviewStatus.rawValue)
        member("scanImagePath", work.scanImagePath)
        if let box = work.boundingBox {
            key("boundingBox")
            openObject()
            member("x", box.x)
            member("y", box.y)
            member("width", box.width)
            member("height", box.height)
            closeObject()
        }
        member("dateCreated", work.dateCreated)
        member("lastModified", work.lastModified)
        member("lastEnrichedAt", work.lastEnrichedAt)
        member("dataQuality", work.dataQuality)
        member("readerSetFields", work.readerSetFields.sorted().map(\.rawValue))
        closeObject()
    }

    /// An edition with every field; ISBNs as 13 digits; the cover a reader uploaded, as base64,
    /// when given.
    mutating func edition(_ edition: Edition, uploadedCover: Data? = nil) {
        openObject()
        member("id", edition.id)
        member("workID", edition.workID)
        member("isbns", edition.isbns.map(\.isbn13))
        member("publisher", edition.publisher)
        member("publicationDate", edition.publicationDate?.description)
        member("pageCount", edition.pageCount)
        member("format", edition.format.rawValue)
        member("language", edition.language)
        member("editionTitle", edition.editionTitle)
        member("coverImageURL", edition.coverImageURL?.absoluteString)
        member("translator", edition.translator)
        member("narrator", edition.narrator)
        member("audioDurationMinutes", edition.audioDurationMinutes)
        let ids = edition.externalIDs
        key("externalIDs")
        openObject()
        member("openLibraryEditionID", ids.openLibraryEditionID)
        member("isbndbID", ids.isbndbID)
        member("googleBooksVolumeIDs", ids.googleBooksVolumeIDs)
        member("amazonASINs", ids.amazonASINs)
        member("librarythingIDs", ids.librarythingIDs)
        member("goodreadsBookIDs", ids.goodreadsBookIDs)
        closeObject()
        member("dateCreated", edition.dateCreated)
        member("lastModified", edition.lastModified)
        member("readerSetFields", edition.readerSetFields.sorted().map(\.rawValue))
        member("uploadedCover", uploadedCover?.base64EncodedString())
        closeObject()
    }

    /// An entry with its quotes, sessions, read history and photos; the user is left out, since
    /// an import gives the entry to the importing user. `photoData` holds the bytes to embed, and
    /// `photoOriginals` the photos as they were sent, where they were kept.
    mutating func entry(_ entry: LibraryEntry, photoData: [PagePhoto.ID: Data], photoOriginals: [PagePhoto.ID: Data]) {
        openObject()
        member("id", entry.id)
        member("workID", entry.workID)
        member("editionID", entry.editionID)
        member("status", entry.status.rawValue)
        member("currentPage", entry.currentPage)
        member("progress", entry.progress)
        member("rating", entry.rating)
        member("review", entry.review)
        member("reviewHasSpoilers", entry.reviewHasSpoilers)
        member("notes", entry.notes)
        member("discussionNotes", entry.discussionNotes)
        member("tags", entry.tags)
        key("quotes")
        openArray()
        for quote in entry.quotes {
            element()
            openObject()
            member("id", quote.id)
            member("text", quote.text)
            member("page", quote.page)
            member("dateAdded", quote.dateAdded)
            closeObject()
        }
        closeArray()
        member("isFavorite", entry.isFavorite)
        member("isPublic", entry.isPublic)
        member("dateAdded", entry.dateAdded)
        member("dateStarted", entry.dateStarted)
        member("dateCompleted", entry.dateCompleted)
        member("dateStopped", entry.dateStopped)
        key("readHistory")
        openArray()
        for period in entry.readHistory {
            element()
            openObject()
            member("started", period.started)
            member("ended", period.ended)
            member("outcome", period.outcome.rawValue)
            closeObject()
        }
        closeArray()
        member("dailyReadingGoal", entry.dailyReadingGoal)
        member("contributesToCulturalGoal", entry.contributesToCulturalGoal)
        member("culturalGoalCategory", entry.culturalGoalCategory)
        member("recommendedBy", entry.recommendedBy)
        member("wouldRecommend", entry.wouldRecommend)
        key("sessions")
        openArray()
        for session in entry.sessions {
            element()
            openObject()
            member("id", session.id)
            member("date", session.date)
            member("durationMinutes", session.durationMinutes)
            member("pagesRead", session.pagesRead)
            closeObject()
        }
        closeArray()
        key("pagePhotos")
        openArray()
        for photo in entry.pagePhotos {
            element()
            openObject()
            member("id", photo.id)
            member("page", photo.page)
            member("caption", photo.caption)
            member("imageType", photo.imageType.rawValue)
            member("byteCount", photo.byteCount)
            member("dateAdded", photo.dateAdded)
            member("data", photoData[photo.id]?.base64EncodedString())
            member("original", photoOriginals[photo.id]?.base64EncodedString())
            closeObject()
        }
        closeArray()
        member("lastModified", entry.lastModified)
        closeObject()
    }
}
