import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// The model of the `search` page (`Resources/web/templates/search.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct SearchPage {
        var frame: WebViews.Frame
        var photoError: String?
        var query: String
        var results: [SearchResult]
        var searched: Bool
        var error: String?
        var source: String?
        /// The sources that could not answer ("localcatalog: the seed catalog is missing"): with
        /// no results the page says the search failed, never "Nothing found".
        var unavailable: [String]
        var statuses: [WebViews.Option]
    }

    struct SearchResult {
        let pick: Int
        let title: String
        let authors: String
        let year: Int?
        let pages: Int?
        let isbn: String?
        let cover: String?
        let spine: String
        let provider: String
        let inLibrary: String?
    }
}

// The page's link to add a book by hand, and what is wrong with an ISBN typed with a wrong check
// digit, follow from the words searched for.
extension WebRoutes.SearchPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "addByHand": return WebRoutes.addByHandPath(query)
        case "isbnMistake": return WebRoutes.isbnMistake(query)
        default:
            guard let value = Mirror(reflecting: self).children.first(where: { $0.label == name })?.value else { return nil }
            // An optional property is its value, or nothing.
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { return value }
            return mirror.children.first?.value
        }
    }
}
