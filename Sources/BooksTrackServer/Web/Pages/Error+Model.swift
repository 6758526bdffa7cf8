import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// The model of the `error` page (`Resources/web/templates/error.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct ErrorPage {
        var frame: WebViews.Frame
        var message: String
        var signedIn: Bool
    }
}
