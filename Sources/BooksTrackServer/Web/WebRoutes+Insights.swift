import BooksTrackCore
import BooksTrackReports
import Foundation
import Hummingbird

/// The Insights page: the report of the terminal's `insights --html` inside the web app, with a
/// year switcher, the year's goal set here, and a way to the authors whose details are missing.
extension WebRoutes {

    func addInsights(to router: Router<APIContext>) {
        router.get("/insights") { request, context in
            await page(request, context) { web in try await insightsPage(request, web) }
        }
        router.post("/insights/goal") { request, context in
            await form(request, context) { web, form in try await changeGoal(request, web, form) }
        }
    }

    /// The year a page asks for: nil for all time, else a year from 1 to 9999.
    static func year(_ text: String?) -> Int?? {
        guard let text, !text.isEmpty, text != "all" else { return .some(nil) }
        guard let year = Int(text), Bounds.calendarYear.contains(year) else { return nil }
        return .some(year)
    }

    private func insightsPage(_ request: Request, _ web: WebSession, state: FormState = .init(), status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = services.library(web.account)
        guard let chosen = Self.year(request.uri.queryParameters.get("year") ?? state.values["year"]) else {
            throw WebError(.badRequest, "Choose a year from \(Bounds.calendarYear.lowerBound) to \(Bounds.calendarYear.upperBound), or all time.")
        }
        let thisYear = user.goals.year(nil)
        let insights = try await user.goals.insights(year: chosen)
        // The switcher lists every year with a finished or abandoned book (the report's year table
        // covers all years, whichever is asked), and this year.
        let shownYears = Set(insights.years.map(\.year) + [thisYear] + (chosen.map { [$0] } ?? [])).sorted(by: >)
        let goalYear = chosen ?? thisYear
        let goal = chosen == nil ? nil : insights.goal?.goal
        let authorsMissing = try await user.authors.authorsToAsk(named: nil).count
        return pages.render("insights", InsightsPage(
            frame: WebViews.frame(chosen.map { "Insights \($0)" } ?? "Insights", tab: "/insights", theme: theme(request), session: web,
                                  notice: request.uri.queryParameters.get("saved") == "goal" ? "Goal saved." : nil,
                                  failure: state.errors.isEmpty ? nil : "Not saved: see the message next to the field."),
            heading: chosen.map { "Reading in \($0)" } ?? "Reading, all time",
            years: [WebViews.NavItem(href: "/insights?year=all", label: "All time", current: chosen == nil)]
                + shownYears.map { WebViews.NavItem(href: "/insights?year=\($0)", label: String($0), current: $0 == chosen) },
            report: InsightsHTMLReport.sections(insights, goalHint: "set one below"),
            goalYear: goalYear, goalBooks: state.values["books"] ?? goal?.books.map(String.init) ?? "",
            goalPages: state.values["pages"] ?? goal?.pages.map(String.init) ?? "",
            goalCultural: state.values["cultural"] ?? goal?.cultural.map(String.init) ?? "", goalError: state.errors["goal"],
            hasGoal: goal != nil, authorsMissing: authorsMissing == 0 ? nil : authorsMissing), status: status)
    }

    private func changeGoal(_ request: Request, _ web: WebSession, _ form: WebForm) async throws -> Response {
        guard let year = Self.year(form["year"]) ?? nil else { throw WebError(.badRequest, "Choose the goal's year.") }
        let goals = services.library(web.account).goals
        let kept = ["year": String(year), "books": form["books"] ?? "", "pages": form["pages"] ?? "", "cultural": form["cultural"] ?? ""]
        do {
            if form["remove"] != nil {
                // Removing a goal already gone (a second click) is done, not an error.
                do { _ = try await goals.removeGoal(year: year) } catch GoalError.noGoal {}
            } else {
                let books = try form["books"].map { text in
                    guard let books = Int(text) else { throw FieldError("Write the number of books as a whole number.") }
                    return books
                }
                let pages = try form["pages"].map { text in
                    guard let pages = Int(text) else { throw FieldError("Write the number of pages as a whole number.") }
                    return pages
                }
                let cultural = try form["cultural"].map { text in
                    guard let books = Int(text) else { throw FieldError("Write the number of books toward the cultural goal as a whole number.") }
                    return books
                }
                _ = try await goals.setGoal(year: year, books: books, pages: pages, cultural: cultural)
            }
        } catch let error as FieldError {
            return try await insightsPage(request, web, state: FormState(errors: ["goal": error.message], values: kept), status: .badRequest)
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await insightsPage(request, web, state: FormState(errors: ["goal": refusal.error.message], values: kept), status: refusal.status)
        }
        return WebPages.redirect("/insights?year=\(year)&saved=goal#goal")
    }
}
