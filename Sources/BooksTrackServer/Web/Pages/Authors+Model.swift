import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `authors` page (`Resources/web/templates/authors.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct AuthorsPage {
        var frame: WebViews.Frame
        var authors: [AuthorRow]
        var missingOnly: Bool
        var summary: String
        var previous: String?
        var next: String?
        /// Authors missing a detail; nil for none.
        var missingCount: Int?
    }

    struct AuthorRow {
        let href: String
        let name: String
        let gender: String
        let region: String
        let nationality: String
        let missing: Bool
    }
}
