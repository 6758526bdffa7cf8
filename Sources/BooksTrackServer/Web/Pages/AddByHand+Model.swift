import BooksTrackCore
import Foundation

/// The model of the `add` page (`Resources/web/templates/add.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct AddByHandPage {
        var frame: WebViews.Frame
        /// The words searched for, kept with the form.
        var query: String
        /// The search the reader came from, to go back to it.
        var searchLink: String
        var fields: [EditField]
        /// The book of the library that this one would repeat.
        var held: HeldBook?
    }

    /// A book the library holds already, with the way to it.
    struct HeldBook {
        let title: String
        let href: String
        let reason: String
    }
}
