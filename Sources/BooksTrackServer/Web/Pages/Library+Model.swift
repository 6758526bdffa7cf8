import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// The model of the `library` page (`Resources/web/templates/library.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct UndoView {
        let token: String
        let title: String
    }

    struct LibraryPage {
        var frame: WebViews.Frame
        /// A book just removed, with the form that puts it back.
        var undo: UndoView?
        var reading: [WebViews.BookCard]
        var books: [WebViews.BookCard]
        var grid: Bool
        var statuses: [WebViews.Option]
        var sorts: [WebViews.Option]
        var orders: [WebViews.Option]
        var favorites: [WebViews.Option]
        var owned: [WebViews.Option]
        var tag: String
        var text: String
        var view: String
        var summary: String
        var previous: String?
        var next: String?
        var empty: Bool
        var filtered: Bool
        /// Whether the filter box starts open: something in it is not the default.
        var openFilters: Bool
        /// "3 books from your shelf scans wait for review", when any do.
        var reviewQueue: String?
    }
}
