import BooksTrackCore
import BooksTrackImport
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `job` page (`Resources/web/templates/job.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct JobPage {
        var frame: WebViews.Frame
        var id: String
        var kind: String
        var status: String
        var running: Bool
        var processed: String
        var total: String
        var percent: Int
        var message: String?
        var report: ReportView?
        var suggestions: SuggestionsView?
        /// A finished preview: its file can be imported without sending it again.
        var confirmable: Bool
        /// What a photo conversion did.
        var photos: String?
        /// What a shelf scan found.
        var scan: String?
    }

    struct SuggestionsView {
        var rows: [SuggestionRow]
        /// How many can still be accepted; nil for none (a template section shows for any number).
        var pending: Int?
        var notAsked: Int?
        var accepted: String?
    }

    struct SuggestionRow {
        let authorID: String
        let author: String
        let href: String
        let fields: String
        let namesake: Bool
        let pending: Bool
        let done: Bool
        let problem: String?
    }

    struct ReportView {
        var format: String
        var dryRun: Bool
        var rows: String
        var added: String
        var merged: String
        var unchanged: String
        var skipped: String
        var queued: String
        var ignoredColumns: String?
        var problems: [ImportReport.Problem]
        var moreProblems: String?
    }
}
