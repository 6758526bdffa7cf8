import BooksTrackCore
import BooksTrackReports
import Foundation
import Hummingbird

/// The model of the `insights` page (`Resources/web/templates/insights.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct InsightsPage {
        var frame: WebViews.Frame
        var heading: String
        var years: [WebViews.NavItem]
        /// The report's figures and charts, made by the report (escaped there).
        var report: String
        var goalYear: Int
        var goalBooks: String
        var goalPages: String
        var goalCultural: String
        var goalError: String?
        var hasGoal: Bool
        /// Authors missing a detail the shares count; nil for none.
        var authorsMissing: Int?
    }
}
