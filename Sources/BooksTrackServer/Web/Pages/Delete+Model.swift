import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `delete` page (`Resources/web/templates/delete.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct DeletePage {
        var frame: WebViews.Frame
        var name: String
        var books: String
        var error: String?
    }
}
