import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `join` page (`Resources/web/templates/join.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct FirstAccountPage {
        var frame: WebViews.Frame
        /// "setup" (the server's first account, with the printed setup code) or "join" (an invitation).
        var setup: Bool
        var action: String
        var name: String
        var code: String
        var error: String?
        var closed: Bool
    }
}
