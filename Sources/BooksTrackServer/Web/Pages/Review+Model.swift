import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `review` page (`Resources/web/templates/review.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct ReviewPage {
        var frame: WebViews.Frame
        var statuses: [WebViews.Option]
        /// The status accepted books get, carried by every form of the page.
        var status: String
        var summary: String
        var items: [ReviewRow]
        var canScan: Bool
        var scanProblem: String?
        var photoError: String?
        var minimum: String
        var previous: String?
        var next: String?
    }

    struct ReviewRow {
        let id: String
        let crop: String
        let title: String
        let author: String?
        let confidence: String
        let match: MatchView?
        /// Inline search for another match: shown for the item being searched.
        let finding: Bool
        let query: String
        let results: [ResultRow]
        let findHref: String
    }

    struct MatchView {
        let title: String
        let authors: String
        let year: String?
        let cover: String?
    }

    struct ResultRow {
        let title: String
        let authors: String
        let year: String?
        /// The result itself, sent back when chosen.
        let work: String
    }
}
