import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

extension WebRoutes {
    /// What a failed form sends back into the page: the error by field, and what was typed.
    struct FormState {
        var errors: [String: String] = [:]
        var values: [String: String] = [:]
    }
}
