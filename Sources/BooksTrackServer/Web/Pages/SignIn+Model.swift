import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// The model of the `signin` page (`Resources/web/templates/signin.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct SignInPage {
        var frame: WebViews.Frame
        var name: String
        var next: String
        var error: String?
        /// The form's pre-session token, also set as a cookie only this site can read.
        var token: String
    }
}
