import BooksTrackCore
import BooksTrackImport
import BooksTrackServices
import Foundation
import Hummingbird

/// The import form and a job's page: the report of an import or a preview, what Wikidata
/// suggested, a photo conversion.
extension WebRoutes {
    // MARK: Import and jobs

    func importPage(
        _ request: Request, _ web: WebSession, state: FormState, preview: MappingPreview? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let chosen = state.values["format"] ?? ""
        return pages.render("import", ImportPage(
            frame: WebViews.frame("Import", tab: "/import", theme: theme(request), session: web,
                                  failure: state.errors.isEmpty ? nil : "Nothing was imported: see the message next to the field."),
            formats: [WebViews.Option(value: "", label: "Recognize it from the file", selected: chosen.isEmpty)]
                + ImportFormat.allCases.map { WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == chosen) },
            dryRun: state.values["dryRun"].map { $0 == "on" } ?? true, fileError: state.errors["file"],
            mapping: state.values["mapping"] ?? "",
            limit: "\(ImportLimits().maxBytes / 1_000_000) MB", preview: preview), status: status)
    }

    /// The upload form (`multipart/form-data`): its token first, then the file, as a job.
    func startImport(_ request: Request, _ web: WebSession) async throws -> Response {
        let limit = ImportLimits().maxBytes
        let form: MultipartForm
        do {
            form = try await uploadForm(request, web, limit: limit)
        } catch is UploadTooLarge {
            return importPage(request, web, state: FormState(errors: ["file": "The file is larger than \(limit / 1_000_000) MB."]), status: .contentTooLarge)
        }
        let format = form.field("format")
        let dryRun = form.field("dryRun") == "on"
        let mapping = form.field("mapping")
        let kept = ["format": format ?? "", "dryRun": dryRun ? "on" : "off", "mapping": mapping ?? ""]
        guard let file = form.part("file"), !file.body.isEmpty else {
            return importPage(request, web, state: FormState(errors: ["file": "Choose the file your other app exported."], values: kept), status: .badRequest)
        }
        if let format, ImportFormat(rawValue: format) == nil {
            return importPage(request, web, state: FormState(errors: ["file": "Choose a format from the list."], values: kept), status: .badRequest)
        }
        let input = JobInputs.Import(file: "", format: format, dryRun: dryRun, overwrite: false, mapping: mapping)
        do {
            let job = try await services.jobs.startImport(of: Data(file.body), input: input, user: web.account.user)
            return WebPages.redirect("/jobs/\(job.id.description)")
        } catch {
            guard let refusal = APIError(error) else { throw error }
            var values = kept
            var preview: MappingPreview?
            // The proposed mapping fills the field, with the first rows as it reads them, for the
            // reader to check, edit and send again.
            if case .unknownFormat(let header, let proposal?, let rows) = error as? ImportError, (mapping ?? "").isEmpty,
               let proposed = try? ColumnMapping(parsing: proposal) {
                values["mapping"] = proposal
                let read = proposed.preview(header: header, rows: Array(rows.prefix(5)))
                preview = MappingPreview(fields: read.fields.map(\.rawValue), rows: read.rows.map { MappingPreview.Row(cells: $0) })
            }
            return importPage(request, web, state: FormState(errors: ["file": refusal.error.message], values: values), preview: preview,
                              status: refusal.status)
        }
    }

    func jobPage(_ id: Job.ID, _ request: Request, _ web: WebSession) async throws -> Response {
        let job: Job
        do {
            job = try await services.jobs.job(id, of: web.account.user)
        } catch JobError.notFound {
            throw WebError.notFound
        }
        let json = JobProducts(job)
        let kind = switch job.kind {
        case .import: json.report?.dryRun == true ? "Import preview" : "Import"
        case .enrichment: "Filling in book details"
        case .authorSuggestions: "Author details from Wikidata"
        case .catalogImport: "Catalog import"
        case .photoConversion: "Converting page photos"
        case .shelfScan: "Shelf scan"
        }
        let report = json.report.map { report in
            ReportView(
                format: ImportFormat(rawValue: report.format)?.displayName ?? report.format, dryRun: report.dryRun,
                rows: NumberText.grouped(report.rows), added: NumberText.grouped(report.added), merged: NumberText.grouped(report.merged),
                unchanged: NumberText.grouped(report.unchanged), skipped: NumberText.grouped(report.skipped),
                queued: NumberText.grouped(report.queuedForEnrichment),
                ignoredColumns: report.ignoredColumns.isEmpty ? nil : report.ignoredColumns.joined(separator: ", "),
                problems: Array(report.problems.prefix(200)),
                moreProblems: report.problems.count > 200 ? "and \(NumberText.grouped(report.problems.count - 200)) more" : nil)
        }
        let status = switch job.status {
        case .queued: "Waiting to start"
        case .running: "Running"
        case .succeeded: "Done"
        case .failed: "Failed"
        case .cancelled: "Cancelled"
        }
        var suggestions: SuggestionsView?
        if let found = json.authors {
            suggestions = try await suggestionsView(found, request, web)
        }
        let tab = switch job.kind {
        case .authorSuggestions: "/insights"
        case .shelfScan: "/library"
        default: "/import"
        }
        var frame = WebViews.frame(kind, tab: tab, theme: theme(request), session: web)
        frame.refresh = job.status.isFinished ? nil : 2
        return pages.render("job", JobPage(
            frame: frame, id: job.id.description, kind: kind, status: status, running: !job.status.isFinished,
            processed: NumberText.grouped(job.processed), total: NumberText.grouped(job.total),
            percent: job.total > 0 ? min(100, job.processed * 100 / job.total) : 0, message: job.message, report: report,
            suggestions: suggestions, confirmable: job.kind == .import && job.status == .succeeded && json.report?.dryRun == true,
            photos: json.photos.map { report in
                "\(NumberText.grouped(report.converted)) photo\(report.converted == 1 ? "" : "s") converted"
                    + (report.unreadable > 0 ? "; \(NumberText.grouped(report.unreadable)) could not be read and were kept as they were." : ".")
            },
            scan: json.scan.map { report in
                report.found == 0 ? "No book was recognized on this photo."
                    : "\(NumberText.grouped(report.found)) book\(report.found == 1 ? "" : "s") seen, \(NumberText.grouped(report.matched)) matched: they wait for your review."
            }))
    }

    /// What Wikidata suggested, each marked done once the author has all of it (accepted here or
    /// filled in since).
    func suggestionsView(_ report: AuthorSuggestionsReport, _ request: Request, _ web: WebSession) async throws -> SuggestionsView {
        let authors = Dictionary(try await services.library(web.account).authors.all().map { ($0.id.description, $0) }, uniquingKeysWith: { a, _ in a })
        let now = services.now()
        let rows = report.authors.map { item in
            let suggestion = item.suggestion
            let current = authors[item.authorID]
            let done = suggestion.map { suggestion in current.map { suggestion.applying(to: $0, now: now) == $0 } ?? true } ?? false
            var fields: [String] = []
            if let gender = suggestion?.gender { fields.append("Gender: \(gender.displayName)") }
            if let region = suggestion?.culturalRegion { fields.append("Region: \(region.displayName)") }
            if let nationality = suggestion?.nationality { fields.append("Nationality: \(WebViews.country(nationality))") }
            if let born = suggestion?.birthYear { fields.append("Born \(born)") }
            if let died = suggestion?.deathYear { fields.append("Died \(died)") }
            if let item = item.wikidataID { fields.append("Wikidata \(item)") }
            return SuggestionRow(
                authorID: item.authorID, author: item.author, href: "/authors/\(item.authorID)",
                fields: fields.isEmpty ? "Nothing found" : fields.joined(separator: " · "), namesake: item.match == "nameSearch",
                pending: suggestion != nil && !done && current != nil, done: done && suggestion != nil, problem: item.problem)
        }
        let accepted = request.uri.queryParameters.get("accepted").flatMap { Int($0) }.map { "Accepted for \($0) author\($0 == 1 ? "" : "s")." }
        let pending = rows.filter(\.pending).count
        return SuggestionsView(rows: rows, pending: pending == 0 ? nil : pending, notAsked: report.notAsked == 0 ? nil : report.notAsked,
                               accepted: accepted)
    }
}
