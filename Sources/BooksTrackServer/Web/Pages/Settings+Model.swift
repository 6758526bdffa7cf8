import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `settings` page (`Resources/web/templates/settings.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct SettingsPage {
        var frame: WebViews.Frame
        var themes: [WebViews.Option]
        var name: String
        var admin: Bool
        var sessions: [SessionItem]
        var tokens: [TokenItem]
        var invitations: [InvitationItem]
        /// A token or invitation just made: its secret is shown this once.
        var created: CreatedSecret?
        var errors: [String: String]
        var tokenName: String
    }

    struct SessionItem {
        let id: String
        let browser: String
        let since: String
        let lastSeen: String
        let current: Bool
    }

    struct TokenItem {
        let id: String
        let name: String
        let created: String
        let lastUsed: String
    }

    struct InvitationItem {
        let id: String
        let note: String
        let state: String
        let live: Bool
    }

    struct CreatedSecret {
        let label: String
        let value: String
    }
}
