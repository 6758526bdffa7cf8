import BooksTrackCore
import BooksTrackImport
import BooksTrackServices
import Foundation
import Hummingbird

/// The model of the `import` page (`Resources/web/templates/import.mustache`, its view): what the
/// template shows, made by the route that renders it.
extension WebRoutes {
    struct ImportPage {
        var frame: WebViews.Frame
        var formats: [WebViews.Option]
        var dryRun: Bool
        var fileError: String?
        var mapping: String
        var limit: String
        /// The first rows of a file no importer knows, as the proposed mapping reads them.
        var preview: MappingPreview?
    }

    struct MappingPreview {
        struct Row { let cells: [String] }
        let fields: [String]
        let rows: [Row]
    }
}
