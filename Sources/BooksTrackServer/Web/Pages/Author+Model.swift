import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `author` page (`Resources/web/templates/author.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct AuthorPage {
        /// The texts of the form's text fields, as saved or as typed.
        struct Texts {
            var name: String
            var sortName: String
            var nationality: String
            var ethnicity: String
            var birthYear: String
            var deathYear: String
        }

        struct BookLink {
            var href: String
            var title: String
            var status: String
        }

        var frame: WebViews.Frame
        var id: String
        var name: String
        var fields: Texts
        var genders: [WebViews.Option]
        var regions: [WebViews.Option]
        var marginalized: [WebViews.Option]
        /// The refusal, and the field it is about when it is about one.
        var error: String?
        var errorField: String?
        var facts: [Fact]
        var books: [BookLink]
        /// The other authors this one can be merged into.
        var others: [WebViews.Option]
    }
}
