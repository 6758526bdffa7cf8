import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

/// The model of the `book` page (`Resources/web/templates/book.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct BookPage {
        var frame: WebViews.Frame
        var id: String
        var title: String
        var subtitle: String?
        var authors: String
        var description: String?
        var cover: String?
        var spine: String
        var status: String
        var statuses: [StatusButton]
        var statusError: String?
        var facts: [Fact]
        var reading: Bool
        var percent: Int
        var progressText: String?
        var pace: String?
        var finish: String?
        /// Whether the book is an audiobook of known length, whose progress is time listened.
        var listening: Bool
        var progressValue: String
        var progressError: String?
        var ratings: [WebViews.Option]
        var ratingError: String?
        var review: String
        var spoilers: Bool
        var reviewError: String?
        var notes: String
        var notesError: String?
        var tags: [String]
        var tagsValue: String
        var tagsError: String?
        var favorite: Bool
        var sessions: [SessionRow]
        var sessionMinutes: String
        var sessionPages: String
        var sessionError: String?
        var quotes: [QuoteRow]
        var quoteText: String
        var quotePage: String
        var quoteError: String?
        var history: [String]
        var authorLinks: [AuthorLink]
        var wishlist: Bool
        var daily: String
        var dailyError: String?
        var editions: [EditionItem]
        var photos: [PhotoItem]
        var photoError: String?
        var photoLimit: String
    }

    struct AuthorLink {
        let href: String
        let name: String
    }

    struct EditionItem {
        let text: String
        /// The edition the page's facts are of (the owned one, else the primary).
        let shown: Bool
    }

    struct PhotoItem {
        let src: String
        let thumbnail: String
        let caption: String
    }

    struct StatusButton {
        let value: String
        let label: String
        let current: Bool
    }

    struct Fact {
        let name: String
        let value: String
    }

    struct SessionRow {
        let date: String
        let minutes: Int
        let pages: Int
    }

    struct QuoteRow {
        let id: String
        let text: String
        let page: Int?
    }
}
