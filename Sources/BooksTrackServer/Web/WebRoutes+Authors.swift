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
        let author = try await services.library(web.account).authors.author(id: id)
        let gender = state.values["gender"] ?? author.gender.rawValue
        let region = state.values["region"] ?? author.culturalRegion?.rawValue ?? ""
        let marginalized = state.values["marginalized"] ?? author.marginalizedVoiceOverride.map { $0 ? "yes" : "no" } ?? "auto"
        var facts: [Fact] = []
        if let born = author.birthYear { facts.append(Fact(name: "Born", value: String(born))) }
        if let died = author.deathYear { facts.append(Fact(name: "Died", value: String(died))) }
        if let wikidata = author.externalIDs.wikidataID { facts.append(Fact(name: "Wikidata", value: wikidata)) }
        return pages.render("author", AuthorPage(
            frame: WebViews.frame(author.displayName, tab: "/insights", theme: theme(request), session: web,
                                  failure: state.errors.isEmpty ? nil : "Not saved: see the message next to the field."),
            id: author.id.description, name: author.displayName,
            genders: AuthorGender.allCases.map { WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == gender) },
            regions: [WebViews.Option(value: "", label: "Not recorded", selected: region.isEmpty)]
                + CulturalRegion.allCases.map { WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == region) },
            nationality: state.values["nationality"] ?? author.nationality ?? "",
            marginalized: [("auto", "Decided by the region"), ("yes", "Yes"), ("no", "No")].map {
                WebViews.Option(value: $0.0, label: $0.1, selected: $0.0 == marginalized)
            },
            error: state.errors["author"], facts: facts), status: status)
    }

    private func describeAuthor(_ id: Author.ID, _ request: Request, _ web: WebSession, _ form: WebForm) async throws -> Response {
        let kept = ["gender": form["gender"] ?? "", "region": form["region"] ?? "", "nationality": form["nationality"] ?? "",
                    "marginalized": form["marginalized"] ?? ""]
        do {
            guard let gender = AuthorGender(rawValue: form["gender"] ?? "unknown"),
                  let marginalized = AuthorDescription.Answer(rawValue: form["marginalized"] ?? "auto")
            else { throw FieldError("Choose the gender and the marginalized-voice answer from their lists.") }
            let region = try form["region"].map { text in
                guard let region = CulturalRegion(rawValue: text) else { throw FieldError("Choose a region from the list.") }
                return region
            }
            // An empty nationality clears it.
            let description = AuthorDescription(gender: gender, culturalRegion: region, nationality: form["nationality"] ?? "",
                                                marginalized: marginalized)
            _ = try await services.library(web.account).authors.describe(id: id, description)
        } catch let error as FieldError {
            return try await authorPage(id, request, web, state: FormState(errors: ["author": error.message], values: kept), status: .badRequest)
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await authorPage(id, request, web, state: FormState(errors: ["author": refusal.error.message], values: kept), status: refusal.status)
        }
        return WebPages.redirect("/authors?missing=1&saved=1")
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
