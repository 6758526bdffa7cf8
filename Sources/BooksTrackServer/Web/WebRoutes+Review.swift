import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation
import Hummingbird

/// The shelf scan and its review queue: a bookshelf photo sent from the phone's camera or a
/// file, then each book seen with its spine, what was read, the match and the reader's choice:
/// accept (with the status chosen once at the top), find another match, or reject.
extension WebRoutes {

    static let reviewPageSize = 30

    func addReview(to router: Router<APIContext>) {
        router.get("/review") { request, context in
            await page(request, context) { web in try await reviewPage(request, web) }
        }
        router.post("/review/scan") { request, context in
            await handle(request, context) {
                guard let web = webSession(request, context) else { return WebPages.redirect("/signin") }
                return try await startScan(request, web)
            }
        }
        router.post("/review/accept-all") { request, context in
            await form(request, context) { web, form in
                let status = try Self.reviewStatus(form["status"])
                guard let minimum = form["min"].flatMap(Double.init), minimum.isFinite, (0...1).contains(minimum) else {
                    throw WebError(.badRequest, "Choose a confidence from 0 to 100 %.")
                }
                let report = try await services.library(web.account).scans.acceptAll(minimumConfidence: minimum, status: status)
                return WebPages.redirect("/review?status=\(status.rawValue)&added=\(report.added)&held=\(report.alreadyInLibrary)")
            }
        }
        router.post("/review/:id/accept") { request, context in
            await form(request, context) { web, form in
                let status = try Self.reviewStatus(form["status"])
                let decision = try await decide { try await services.library(web.account).scans.accept(try context.id("id"), status: status) }
                let note = decision.map { ($0.alreadyInLibrary ? "held=1" : "added=1") } ?? "decided=1"
                return WebPages.redirect("/review?status=\(status.rawValue)&\(note)")
            }
        }
        router.post("/review/:id/reject") { request, context in
            await form(request, context) { web, form in
                let status = try Self.reviewStatus(form["status"])
                _ = try await decide { try await services.library(web.account).scans.reject(try context.id("id")) }
                return WebPages.redirect("/review?status=\(status.rawValue)")
            }
        }
        router.post("/review/:id/match") { request, context in
            await form(request, context) { web, form in
                let status = try Self.reviewStatus(form["status"])
                guard let text = form["work"], let work = try? JSONDecoder().decode(WorkDTO.self, from: Data(text.utf8)) else {
                    throw WebError(.badRequest, "Choose a book from the results.")
                }
                let id: ReviewItem.ID = try context.id("id")
                _ = try await decide { try await services.library(web.account).scans.rematch(id, to: work) }
                return WebPages.redirect("/review?status=\(status.rawValue)#item-\(id.description)")
            }
        }
    }

    /// Runs a decision; one already made (another tab, a double click) is not an error page.
    private func decide<T>(_ work: () async throws -> T) async throws -> T? {
        do {
            return try await work()
        } catch ScanError.alreadyDecided {
            return nil
        }
    }

    private static func reviewStatus(_ text: String?) throws -> ReadingStatus {
        guard let text, !text.isEmpty else { return .toRead }
        guard let status = ReadingStatus(rawValue: text) else { throw WebError(.badRequest, "Choose a status from the list.") }
        return status
    }

    private func startScan(_ request: Request, _ web: WebSession) async throws -> Response {
        let limits = ImageLimits()
        let failed = { (message: String, status: HTTPResponse.Status) in try await reviewPage(request, web, photoError: message, status: status) }
        let form: MultipartForm
        do {
            form = try await uploadForm(request, web, limit: limits.maxBytes)
        } catch is UploadTooLarge {
            return try await failed("The photo is larger than \(limits.maxBytes / 1_048_576) MB.", .contentTooLarge)
        }
        guard let file = form.part("photo"), !file.body.isEmpty else { return try await failed("Choose a photo of a shelf or take one.", .badRequest) }
        do {
            let (job, _) = try await services.jobs.startShelfScan(
                photo: Data(file.body), keepOriginal: form.field("keepOriginal") == "on", id: nil, user: web.account.user)
            return WebPages.redirect("/jobs/\(job.id.description)")
        } catch {
            guard let refusal = APIError(error) else { throw error }
            return try await failed(Self.sentence(refusal.error.message), refusal.status)
        }
    }

    private func reviewPage(_ request: Request, _ web: WebSession, photoError: String? = nil, status code: HTTPResponse.Status = .ok) async throws -> Response {
        let parameters = request.uri.queryParameters
        let status = (try? Self.reviewStatus(parameters.get("status"))) ?? .toRead
        let scans = services.library(web.account).scans
        let pageNumber = max(1, parameters.get("page").flatMap { Int($0) } ?? 1)
        let (items, total) = try await scans.queue(limit: Self.reviewPageSize, offset: (pageNumber - 1) * Self.reviewPageSize)
        let finding = parameters.get("find")
        let query = WebForm.queryValue(request, "q")?.trimmingCharacters(in: .whitespaces) ?? ""
        var results: [ResultRow] = []
        if let finding, items.contains(where: { $0.id.description == finding }), !query.isEmpty, query.count <= SearchService.queryLimit {
            let answer = try await services.search.answer(SearchQuestion(query: query))
            results = answer.works.prefix(8).map { work in
                ResultRow(title: work.title, authors: work.authors.map(\.name).joined(separator: ", "),
                          year: work.firstPublicationYear.map(String.init),
                          work: String(decoding: (try? JSONEncoder().encode(work)) ?? Data(), as: UTF8.self))
            }
        }
        var notice: String?
        if let added = parameters.get("added").flatMap({ Int($0) }) {
            let held = parameters.get("held").flatMap { Int($0) } ?? 0
            notice = "Added \(NumberText.grouped(added)) book\(added == 1 ? "" : "s") to your library." + (held > 0 ? " \(held) already there." : "")
        } else if parameters.get("held") == "1" {
            notice = "That book is already in your library."
        }
        let link = { (page: Int) in "/review?status=\(status.rawValue)&page=\(page)" }
        let problem: String? = if case .failure(.noShelfReader(let problem)) = services.jobs.shelfReader { Self.sentence(problem) } else { nil }
        return pages.render("review", ReviewPage(
            frame: WebViews.frame("Shelf scan", tab: "/library", theme: theme(request), session: web, notice: notice),
            statuses: ReadingStatus.allCases.map { WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0 == status) },
            status: status.rawValue,
            summary: total == 0 ? "" : "\(NumberText.grouped(total)) book\(total == 1 ? "" : "s") wait\(total == 1 ? "s" : "") for review",
            items: items.map { item in
                let searching = item.id.description == finding
                return ReviewRow(
                    id: item.id.description, crop: "/v1/review/\(item.id)/crop", title: item.detection.title, author: item.detection.author,
                    confidence: "\(Int((item.detection.confidence * 100).rounded())) %",
                    match: item.match.map { work in
                        MatchView(title: work.title, authors: work.authors.map(\.name).joined(separator: ", "),
                                  year: work.firstPublicationYear.map(String.init),
                                  // An offline server fetches no cover: none is shown rather than a broken one.
                                  cover: services.covers.isOffline ? nil : WebViews.coverPath(work.coverImageURL))
                    },
                    finding: searching, query: searching ? query : [item.detection.title, item.detection.author ?? ""].joined(separator: " ").trimmingCharacters(in: .whitespaces),
                    results: searching ? results : [],
                    findHref: "/review?status=\(status.rawValue)&find=\(item.id)#item-\(item.id)")
            },
            canScan: problem == nil, scanProblem: problem, photoError: photoError, minimum: "80",
            previous: pageNumber > 1 ? link(pageNumber - 1) : nil,
            next: pageNumber * Self.reviewPageSize < total ? link(pageNumber + 1) : nil), status: code)
    }
}
