import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `author` page (`Resources/web/templates/author.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct AuthorPage {
        var frame: WebViews.Frame
        var id: String
        var name: String
        var genders: [WebViews.Option]
        var regions: [WebViews.Option]
        var nationality: String
        var marginalized: [WebViews.Option]
        var error: String?
        var facts: [Fact]
    }
}
