import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// The Authors page: every author with the details the diversity insights count, an edit form
/// per author, and Wikidata's suggestions to review and accept one by one or all at once.
extension WebRoutes {

    static let authorsPageSize = 50
    /// Most authors one Wikidata job asks about from the web app.
    static let authorsAskedAtOnce = 100

    func addAuthors(to router: Router<APIContext>) {
        router.get("/authors") { request, context in
            await page(request, context) { web in try await authorsPage(request, web) }
        }
        router.get("/authors/:id") { request, context in
            await page(request, context) { web in try await authorPage(try context.id("id"), request, web) }
        }
        router.post("/authors/:id") { request, context in
            await form(request, context) { web, form in try await describeAuthor(try context.id("id"), request, web, form) }
        }
        router.post("/authors/:id/merge") { request, context in
            await form(request, context) { web, form in try await mergeAuthor(try context.id("id"), request, web, form) }
        }
        router.post("/authors/suggestions") { request, context in
            await form(request, context) { web, form in
                let input = JobInputs.AuthorSuggestions(author: nil, limit: Self.authorsAskedAtOnce, apply: false)
                do {
                    let job = try await services.jobs.startAuthorSuggestions(input, user: web.account.user)
                    return WebPages.redirect("/jobs/\(job.id.description)")
                } catch {
                    guard let refusal = APIError(error) else { throw error }
                    return try await authorsPage(request, web, failure: refusal.error.message, status: refusal.status)
                }
            }
        }
        router.post("/jobs/:id/accept") { request, context in
            await form(request, context) { web, form in try await acceptSuggestions(try context.id("id"), web, form) }
        }
    }

    private func authorsPage(_ request: Request, _ web: WebSession, failure: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let parameters = request.uri.queryParameters
        let missingOnly = parameters.get("missing") == "1"
        let all = try await services.library(web.account).authors.all()
        let missingCount = all.lazy.filter(\.lacksDiversityDetails).count
        let shown = missingOnly ? all.filter(\.lacksDiversityDetails) : all
        let pageCount = max(1, (shown.count + Self.authorsPageSize - 1) / Self.authorsPageSize)
        let pageNumber = min(max(parameters.get("page").flatMap { Int($0) } ?? 1, 1), pageCount)
        let slice = shown.dropFirst((pageNumber - 1) * Self.authorsPageSize).prefix(Self.authorsPageSize)
        let link = { (page: Int) in "/authors?" + (missingOnly ? "missing=1&" : "") + "page=\(page)" }
        return pages.render("authors", AuthorsPage(
            frame: WebViews.frame("Authors", tab: "/insights", theme: theme(request), session: web,
                                  notice: parameters.get("saved").map { _ in "Saved." }, failure: failure),
            authors: slice.map { author in
                AuthorRow(href: "/authors/\(author.id.description)", name: author.displayName,
                          gender: author.gender == .unknown ? "Gender unknown" : author.gender.displayName,
                          region: author.culturalRegion?.displayName ?? "Region unknown",
                          nationality: author.nationality.map(WebViews.country) ?? "Nationality unknown",
                          missing: author.lacksDiversityDetails)
            },
            missingOnly: missingOnly,
            summary: shown.isEmpty ? "" : "\(NumberText.grouped(shown.count)) author\(shown.count == 1 ? "" : "s") · page \(pageNumber) of \(pageCount)",
            previous: pageNumber > 1 ? link(pageNumber - 1) : nil, next: pageNumber < pageCount ? link(pageNumber + 1) : nil,
            missingCount: missingCount == 0 ? nil : missingCount), status: status)
    }

    private func authorPage(_ id: Author.ID, _ request: Request, _ web: WebSession, state: FormState = .init(),
                            status: HTTPResponse.Status = .ok) async throws -> Response {
        let library = services.library(web.account).library
        let page = try await library.authorPage(id)
        let others = try await library.authorsWithBookCounts().map(\.author).filter { $0.id != id }
        let author = page.author
        let value = { (field: AuthorField, current: String) in state.values[field.rawValue] ?? current }
        let gender = value(.gender, author.gender.rawValue)
        let region = value(.culturalRegion, author.culturalRegion?.rawValue ?? "")
        let marginalized = value(.marginalizedVoiceOverride, author.marginalizedVoiceOverride.map { $0 ? "yes" : "no" } ?? "auto")
        var facts: [Fact] = [
            Fact(name: "Books in your library", value: NumberText.grouped(page.books.count)),
            Fact(name: "Marginalized voice", value: (author.representsMarginalizedVoices ? "Yes" : "No")
                    + (author.marginalizedVoiceOverride == nil ? " (by the rule)" : " (your answer)")),
        ]
        if let wikidata = author.externalIDs.wikidataID { facts.append(Fact(name: "Wikidata", value: wikidata)) }
        let notice = request.uri.queryParameters.get("merged").map { _ in "Merged: the books of both are this author's." }
        return pages.render("author", AuthorPage(
            frame: WebViews.frame(author.displayName, tab: "/insights", theme: theme(request), session: web, notice: notice,
                                  failure: state.errors.isEmpty ? nil : "Not saved: see the message next to the field."),
            id: author.id.description, name: author.displayName,
            fields: AuthorPage.Texts(
                name: value(.name, author.name), sortName: value(.sortName, author.sortName ?? ""),
                nationality: value(.nationality, author.nationality ?? ""), ethnicity: value(.ethnicity, author.ethnicity ?? ""),
                birthYear: value(.birthYear, author.birthYear.map(String.init) ?? ""),
                deathYear: value(.deathYear, author.deathYear.map(String.init) ?? "")),
            genders: AuthorGender.allCases.map { WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == gender) },
            regions: [WebViews.Option(value: "", label: "Not recorded", selected: region.isEmpty)]
                + CulturalRegion.allCases.map { WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == region) },
            marginalized: [("auto", "Decided by the rule (gender and region)"), ("yes", "Yes"), ("no", "No")].map {
                WebViews.Option(value: $0.0, label: $0.1, selected: $0.0 == marginalized)
            },
            error: state.errors["author"], errorField: state.errors["field"], facts: facts,
            books: page.books.map { AuthorPage.BookLink(href: "/books/\($0.entry.id)", title: $0.work.title, status: $0.entry.status.displayName) },
            others: others.map { WebViews.Option(value: $0.id.description, label: $0.displayName, selected: false) }), status: status)
    }

    private func describeAuthor(_ id: Author.ID, _ request: Request, _ web: WebSession, _ form: WebForm) async throws -> Response {
        var kept: [String: String] = [:]
        var edit = AuthorEdit()
        do {
            // Every field the form sends goes through the one reading of an author's fields.
            for field in AuthorField.allCases {
                guard let text = form[field.rawValue] else { continue }
                kept[field.rawValue] = text
                do {
                    try edit.set(field, text: text)
                } catch {
                    throw FieldFailure(field: field, error: error)
                }
            }
            guard !edit.isEmpty else { throw FieldError("Change a field, then save.") }
            _ = try await services.library(web.account).library.editAuthor(id, edit)
        } catch let failure as FieldFailure {
            let message = APIError(failure.error).map(\.error.message) ?? failure.error.description
            return try await authorPage(id, request, web, state: FormState(errors: ["author": message, "field": failure.field.rawValue], values: kept),
                                        status: .badRequest)
        } catch let error as FieldError {
            return try await authorPage(id, request, web, state: FormState(errors: ["author": error.message], values: kept), status: .badRequest)
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await authorPage(id, request, web, state: FormState(errors: ["author": refusal.error.message], values: kept), status: refusal.status)
        }
        return WebPages.redirect("/authors?missing=1&saved=1")
    }

    /// A field the reader typed that its reading refused.
    private struct FieldFailure: Error {
        let field: AuthorField
        let error: LibraryError
    }

    /// Merges this author into the one chosen (`into`) and shows the one kept.
    private func mergeAuthor(_ id: Author.ID, _ request: Request, _ web: WebSession, _ form: WebForm) async throws -> Response {
        guard let into = form["into"].flatMap(Author.ID.init(uuidString:)) else {
            return try await authorPage(id, request, web, state: FormState(errors: ["author": "Choose the author to merge into."]),
                                        status: .badRequest)
        }
        do {
            _ = try await services.library(web.account).library.mergeAuthor(id, into: into)
        } catch LibraryError.authorNotFound(let missing) where missing == into {
            return try await authorPage(id, request, web, state: FormState(errors: ["author": "That author is no longer in your library."]),
                                        status: .badRequest)
        }
        return WebPages.redirect("/authors/\(into)?merged=1")
    }

    /// Accepts one suggestion of a finished job (`author`), or all of them (`all`): what the job
    /// found is read from the job itself, never from the form.
    private func acceptSuggestions(_ jobID: Job.ID, _ web: WebSession, _ form: WebForm) async throws -> Response {
        let chosen = form["author"]
        let done: Int
        do {
            done = try await services.jobs.acceptSuggestions(of: jobID, authorID: chosen == "all" ? nil : chosen ?? "", user: web.account.user)
        } catch JobError.notFound {
            throw WebError.notFound
        } catch JobError.noSuchSuggestion {
            throw WebError(.badRequest, "Choose a suggestion to accept.")
        }
        return WebPages.redirect("/jobs/\(jobID.description)?accepted=\(done)")
    }
}
