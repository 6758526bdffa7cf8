import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// The model of the `remove` page (`Resources/web/templates/remove.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct RemovePage {
        var frame: WebViews.Frame
        var id: String
        var title: String
    }
}
