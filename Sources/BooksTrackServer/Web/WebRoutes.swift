import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import Foundation
import Hummingbird

/// The web app: server-rendered pages whose forms work without JavaScript. Every page is read →
/// one use case → render, through the same services as the API; a form that fails is shown again
/// with the error next to its field and what was typed kept.
struct WebRoutes: Sendable {
    let services: ServerServices
    let pages: WebPages

    /// The theme cookie: a choice of this browser, not of the account.
    static let themeCookie = "bt_theme"

    func add(to router: Router<APIContext>) {
        router.get("/") { request, context in
            context.session == nil ? WebPages.redirect("/signin") : WebPages.redirect("/library")
        }
        router.get("/static/:name") { request, context in
            await handle(request, context) {
                guard let name = context.parameters.get("name"), let file = pages.file(name) else { throw WebError.notFound }
                var headers: HTTPFields = [.contentType: file.contentType, .cacheControl: "public, max-age=3600"]
                headers[.xContentTypeOptions] = "nosniff"
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
            }
        }
        router.get("/signin") { request, context in
            await handle(request, context) {
                var notice = request.uri.queryParameters.get("signedOut") != nil ? "You are signed out." : nil
                if request.uri.queryParameters.get("deleted") != nil { notice = "Your account and its library were deleted." }
                if try await services.accounts.needsFirstAccount() {
                    notice = "This server has no account yet. Open the setup link the server printed when it started (it ends in /setup?code=…), or on the server run: bookstrack user add NAME --admin --password-stdin"
                }
                return pages.render("signin", SignInPage(frame: WebViews.frame("Sign in", tab: nil, theme: theme(request), session: nil, notice: notice),
                                                         name: "", next: safeNext(request.uri.queryParameters.get("next")), error: nil))
            }
        }
        router.post("/signin") { request, context in
            await handle(request, context) { try await signIn(request, context) }
        }
        router.post("/signout") { request, context in
            await form(request, context) { web, _ in
                try await services.accounts.endSession(web.session.id, of: web.account)
                return WebPages.redirect("/signin?signedOut=1", headers: [.setCookie: BrowserCookie.clearing(secure: services.servesHTTPS)])
            }
        }
        router.get("/library") { request, context in
            await page(request, context) { web in try await libraryPage(request, web) }
        }
        router.get("/books/:id") { request, context in
            await page(request, context) { web in
                let parameters = request.uri.queryParameters
                let added = parameters.get("added") != nil ? "Added to your library." : parameters.get("restored") != nil ? "Put back in your library." : nil
                return try await bookPage(try context.id("id"), request, web, notice: added)
            }
        }
        router.get("/books/:id/remove") { request, context in
            await page(request, context) { web in
                let book = try await services.library(web.account).library.book(.id(try context.id("id")))
                return pages.render("remove", RemovePage(
                    frame: WebViews.frame("Remove \(book.work.title)", tab: "/library", theme: theme(request), session: web),
                    id: book.entry.id.description, title: book.work.title))
            }
        }
        router.post("/books/:id/:change") { request, context in
            await form(request, context) { web, form in
                try await changeBook(request, context, web, form, change: context.parameters.get("change") ?? "")
            }
        }
        router.post("/books/:id/photos") { request, context in
            await handle(request, context) {
                guard let web = webSession(request, context) else { return WebPages.redirect("/signin") }
                return try await addPhoto(request, context, web)
            }
        }
        // Its own route: the page that asks first has this path, and a literal segment hides the parameter.
        router.post("/books/:id/remove") { request, context in
            await form(request, context) { web, form in try await changeBook(request, context, web, form, change: "remove") }
        }
        router.post("/library/undo") { request, context in
            await form(request, context) { web, form in
                guard let token = form["undo"], let removed = services.undoShelf.take(token, owner: web.account.user.id) else {
                    throw WebError(.gone, "Too late to undo: a removed book can be put back for ten minutes, and not after the server restarted.")
                }
                do {
                    let book = try await services.library(web.account).library.restore(removed)
                    return WebPages.redirect("/books/\(book.entry.id.description)?restored=1")
                } catch let error as AddBookError {
                    throw WebError(.conflict, "It cannot be put back: " + error.description + ".")
                }
            }
        }
        router.get("/search") { request, context in
            await page(request, context) { web in try await searchPage(request, web) }
        }
        router.post("/search/barcode") { request, context in
            await handle(request, context) {
                guard let web = webSession(request, context) else { return WebPages.redirect("/signin") }
                return try await readBarcode(request, web)
            }
        }
        router.post("/search/add") { request, context in
            await form(request, context) { web, form in try await addFromSearch(request, web, form) }
        }
        router.get("/import") { request, context in
            await page(request, context) { web in importPage(request, web, state: .init()) }
        }
        router.post("/import") { request, context in
            await handle(request, context) {
                guard let web = webSession(request, context) else { return WebPages.redirect("/signin") }
                return try await startImport(request, web)
            }
        }
        router.get("/jobs/:id") { request, context in
            await page(request, context) { web in try await jobPage(try context.id("id"), request, web) }
        }
        router.post("/jobs/:id/confirm") { request, context in
            await form(request, context) { web, _ in
                do {
                    let job = try await services.jobs.confirmImport(try context.id("id"), account: web.account)
                    return WebPages.redirect("/jobs/\(job.id.description)")
                } catch let refusal as APIError where refusal.status != .notFound {
                    throw WebError(refusal.status, Self.sentence(refusal.error.message))
                }
            }
        }
        router.post("/jobs/:id/cancel") { request, context in
            await form(request, context) { web, _ in
                let id: Job.ID = try context.id("id")
                guard let job = try await services.jobStore.job(id, owner: web.account.user.id) else { throw WebError.notFound }
                if !job.status.isFinished { services.jobs.runner.cancel(job.id) }
                return WebPages.redirect("/jobs/\(id.description)")
            }
        }
        addInsights(to: router)
        addAuthors(to: router)
        addAccount(to: router)
    }

    // MARK: Running a page

    /// Runs a page's work, turning what it threw into a page that says what went wrong.
    func handle(_ request: Request, _ context: APIContext, _ work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch let error as WebError {
            return errorPage(request, context, status: error.status, message: error.message)
        } catch {
            if let refusal = APIError(error) {
                return errorPage(request, context, status: refusal.status, message: refusal.status == .notFound ? WebError.notFound.message : refusal.error.message)
            }
            context.logger.error("page failed", metadata: ["path": "\(request.uri.path)", "error": "\(String(reflecting: type(of: error)))"])
            return errorPage(request, context, status: .internalServerError, message: "Something went wrong on the server; the details are in its log.")
        }
    }

    /// A page for a signed-in reader; anyone else is sent to sign in first.
    func page(_ request: Request, _ context: APIContext, _ work: (WebSession) async throws -> Response) async -> Response {
        await handle(request, context) {
            guard let web = webSession(request, context) else {
                return WebPages.redirect("/signin?next=" + (request.uri.path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "/library"))
            }
            return try await work(web)
        }
    }

    /// A form of a signed-in page: its CSRF token is checked before anything else.
    func form(_ request: Request, _ context: APIContext, _ work: (WebSession, WebForm) async throws -> Response) async -> Response {
        await handle(request, context) {
            guard let web = webSession(request, context) else { return WebPages.redirect("/signin") }
            let form = try await WebForm.read(request, session: web, services: services)
            return try await work(web, form)
        }
    }

    func webSession(_ request: Request, _ context: APIContext) -> WebSession? {
        guard let account = context.account, let session = context.session, let digest = context.sessionCSRFDigest,
              let secret = request.cookies[BrowserCookie.name]?.value
        else { return nil }
        return WebSession(account: account, session: session, csrfDigest: digest, csrfToken: services.accounts.csrfToken(forSession: secret))
    }

    func errorPage(_ request: Request, _ context: APIContext, status: HTTPResponse.Status, message: String) -> Response {
        let web = webSession(request, context)
        return pages.render("error", ErrorPage(
            frame: WebViews.frame(status == .notFound ? "Not found" : "Something went wrong", tab: nil, theme: theme(request), session: web),
            message: message, signedIn: web != nil), status: status)
    }

    func theme(_ request: Request) -> String {
        let chosen = request.cookies[Self.themeCookie]?.value
        return WebViews.themes.first { $0.id == chosen }?.id ?? WebViews.themes[0].id
    }

    /// Where to go after signing in: a path of this site only.
    func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), next.count <= 512 else { return "/library" }
        return next
    }

    // MARK: Signing in

    struct SignInPage {
        var frame: WebViews.Frame
        var name: String
        var next: String
        var error: String?
    }

    private func signIn(_ request: Request, _ context: APIContext) async throws -> Response {
        let form = try await WebForm.read(request)
        let name = form["name"] ?? ""
        let next = safeNext(form["next"])
        let shown = { (error: String, status: HTTPResponse.Status) in
            pages.render("signin", SignInPage(frame: WebViews.frame("Sign in", tab: nil, theme: theme(request), session: nil),
                                              name: name, next: next, error: error), status: status)
        }
        guard !name.isEmpty, let password = form.raw("password"), !password.isEmpty else {
            return shown("Enter your name and your password.", .badRequest)
        }
        let account: Account
        do {
            account = try await AccountRoutes.signIn(name: name, password: password, request: request, context: context, services: services)
        } catch let error as APIError where error.error.code == "TOO_MANY_ATTEMPTS" {
            let seconds = error.error.details["retryAfter"] ?? "a few"
            return shown("Too many wrong passwords for this name or from this address. To keep guessers out, the next try waits: try again in \(seconds) seconds.",
                         .tooManyRequests)
        } catch AccountError.wrongCredentials {
            return shown("That name and password do not match an account.", .unauthorized)
        }
        let opened = try await AccountRoutes.openSession(for: account, request: request, context: context, services: services)
        return WebPages.redirect(next, headers: [.setCookie: BrowserCookie.setting(opened.secret, secure: services.servesHTTPS)])
    }

    // MARK: Library

    struct UndoView {
        let token: String
        let title: String
    }

    struct LibraryPage {
        var frame: WebViews.Frame
        /// A book just removed, with the form that puts it back.
        var undo: UndoView?
        var reading: [WebViews.BookCard]
        var books: [WebViews.BookCard]
        var grid: Bool
        var statuses: [WebViews.Option]
        var sorts: [WebViews.Option]
        var orders: [WebViews.Option]
        var favorites: [WebViews.Option]
        var owned: [WebViews.Option]
        var tag: String
        var text: String
        var view: String
        var summary: String
        var previous: String?
        var next: String?
        var empty: Bool
        var filtered: Bool
        /// Whether the filter box starts open: something in it is not the default.
        var openFilters: Bool
    }

    static let libraryPageSize = 48

    private func libraryPage(_ request: Request, _ web: WebSession) async throws -> Response {
        let parameters = request.uri.queryParameters
        var query = EntryQuery(limit: Self.libraryPageSize)
        let status = parameters.get("status").flatMap { ReadingStatus(rawValue: $0) }
        if let status { query.statuses = [status] }
        let tag = parameters.get("tag").map { String($0.prefix(100)) }.flatMap { $0.isEmpty ? nil : $0 }
        query.tag = tag
        let text = parameters.get("q").map { String($0.prefix(200)).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        query.text = text
        query.isFavorite = parameters.get("favorite").flatMap { ["yes": true, "no": false][$0] }
        query.isOwned = parameters.get("owned").flatMap { ["yes": true, "no": false][$0] }
        let sort = parameters.get("sort").flatMap { EntryQuery.Sort(rawValue: $0) } ?? .dateAdded
        query.sort = sort
        let order = parameters.get("order") == "asc" ? "asc" : parameters.get("order") == "desc" ? "desc" : nil
        if let order { query.descending = order == "desc" }
        let pageNumber = min(max(parameters.get("page").flatMap { Int($0) } ?? 1, 1), 100_000)
        query.offset = (pageNumber - 1) * Self.libraryPageSize
        let view = parameters.get("view") == "list" ? "list" : "grid"

        let library = services.library(web.account).library
        let now = services.now()
        let page = try await library.page(query)
        let filtered = status != nil || tag != nil || query.isFavorite != nil || query.isOwned != nil || text != nil
        var reading: [WebViews.BookCard] = []
        if !filtered, pageNumber == 1 {
            reading = try await library.books(EntryQuery(statuses: [.reading], sort: .lastModified, descending: true, limit: 12))
                .map { WebViews.card($0, now: now, covers: !services.covers.isOffline) }
        }
        func link(page: Int) -> String {
            var items: [String] = []
            if let text, let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { items.append("q=\(encoded)") }
            if let status { items.append("status=\(status.rawValue)") }
            if let tag, let encoded = tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { items.append("tag=\(encoded)") }
            if let favorite = parameters.get("favorite"), query.isFavorite != nil { items.append("favorite=\(favorite)") }
            if let owned = parameters.get("owned"), query.isOwned != nil { items.append("owned=\(owned)") }
            if sort != .dateAdded { items.append("sort=\(sort.rawValue)") }
            if let order { items.append("order=\(order)") }
            if view == "list" { items.append("view=list") }
            items.append("page=\(page)")
            return "/library?" + items.joined(separator: "&")
        }
        let pages = max(1, (page.total + Self.libraryPageSize - 1) / Self.libraryPageSize)
        let summary = page.total == 0 ? "No books" :
            "\(NumberText.grouped(page.total)) book\(page.total == 1 ? "" : "s") · page \(NumberText.grouped(pageNumber)) of \(NumberText.grouped(pages))"
        let sorts: [(EntryQuery.Sort, String)] = [
            (.dateAdded, "Date added"), (.title, "Title"), (.author, "Author"), (.rating, "Rating"), (.dateStarted, "Date started"),
            (.dateCompleted, "Date finished"), (.lastModified, "Last changed"), (.progress, "Progress"),
        ]
        let undo = parameters.get("undo").flatMap { token in
            services.undoShelf.title(token, owner: web.account.user.id).map { UndoView(token: token, title: $0) }
        }
        return self.pages.render("library", LibraryPage(
            frame: WebViews.frame("Library", tab: "/library", theme: theme(request), session: web,
                                  notice: parameters.get("restored") != nil ? "Put back in your library." : nil),
            undo: undo,
            reading: reading, books: page.books.map { WebViews.card($0, now: now, covers: !services.covers.isOffline) }, grid: view == "grid",
            statuses: [WebViews.Option(value: "", label: "Any status", selected: status == nil)]
                + WebViews.options(ReadingStatus.allCases.map { ($0, $0.displayName) }, selected: status) { $0.rawValue },
            sorts: WebViews.options(sorts, selected: sort) { $0.rawValue },
            orders: [WebViews.Option(value: "", label: "Usual", selected: order == nil), WebViews.Option(value: "asc", label: "Ascending", selected: order == "asc"),
                     WebViews.Option(value: "desc", label: "Descending", selected: order == "desc")],
            favorites: yesNo(parameters.get("favorite"), any: "Favorites or not", yes: "Favorites only", no: "Not favorites"),
            owned: yesNo(parameters.get("owned"), any: "Owned or not", yes: "Owned", no: "Not owned"),
            tag: tag ?? "", text: text ?? "", view: view, summary: summary,
            previous: pageNumber > 1 ? link(page: pageNumber - 1) : nil, next: pageNumber < pages ? link(page: pageNumber + 1) : nil,
            empty: page.books.isEmpty, filtered: filtered,
            openFilters: status != nil || tag != nil || query.isFavorite != nil || query.isOwned != nil || sort != .dateAdded || order != nil || view == "list"))
    }

    private func yesNo(_ value: String?, any: String, yes: String, no: String) -> [WebViews.Option] {
        [WebViews.Option(value: "", label: any, selected: value != "yes" && value != "no"),
         WebViews.Option(value: "yes", label: yes, selected: value == "yes"), WebViews.Option(value: "no", label: no, selected: value == "no")]
    }

    // MARK: One book

    struct BookPage {
        var frame: WebViews.Frame
        var id: String
        var title: String
        var subtitle: String?
        var authors: String
        var cover: String?
        var spine: String
        var status: String
        var statuses: [StatusButton]
        var statusError: String?
        var facts: [Fact]
        var reading: Bool
        var percent: Int
        var progressText: String?
        var pace: String?
        var finish: String?
        var progressValue: String
        var progressError: String?
        var ratings: [WebViews.Option]
        var ratingError: String?
        var review: String
        var spoilers: Bool
        var reviewError: String?
        var notes: String
        var notesError: String?
        var tags: [String]
        var tagsValue: String
        var tagsError: String?
        var favorite: Bool
        var sessions: [SessionRow]
        var sessionMinutes: String
        var sessionPages: String
        var sessionError: String?
        var quotes: [QuoteRow]
        var quoteText: String
        var quotePage: String
        var quoteError: String?
        var history: [String]
        var authorLinks: [AuthorLink]
        var wishlist: Bool
        var daily: String
        var dailyError: String?
        var editions: [EditionItem]
        var photos: [PhotoItem]
        var photoError: String?
        var photoLimit: String
    }

    struct AuthorLink {
        let href: String
        let name: String
    }

    struct EditionItem {
        let text: String
        /// The edition the page's facts are of (the owned one, else the primary).
        let shown: Bool
    }

    struct PhotoItem {
        let src: String
        let thumbnail: String
        let caption: String
    }

    struct StatusButton {
        let value: String
        let label: String
        let current: Bool
    }

    struct Fact {
        let name: String
        let value: String
    }

    struct SessionRow {
        let date: String
        let minutes: Int
        let pages: Int
    }

    struct QuoteRow {
        let id: String
        let text: String
        let page: Int?
    }

    /// What a failed form sends back into the page: the error by field, and what was typed.
    struct FormState {
        var errors: [String: String] = [:]
        var values: [String: String] = [:]
    }

    func bookPage(_ id: LibraryEntry.ID, _ request: Request, _ web: WebSession, state: FormState = .init(),
                          status: HTTPResponse.Status = .ok, notice: String? = nil) async throws -> Response {
        let (book, editions, photos) = try await services.library(web.account).library.details(.id(id))
        let entry = book.entry
        let now = services.now()
        let card = WebViews.card(book, now: now, covers: !services.covers.isOffline)
        var facts: [Fact] = []
        if let edition = book.edition {
            if let isbn = edition.isbns.first { facts.append(Fact(name: "ISBN", value: isbn.isbn13)) }
            if let pages = edition.pageCount { facts.append(Fact(name: "Pages", value: NumberText.grouped(pages))) }
            if let publisher = edition.publisher { facts.append(Fact(name: "Publisher", value: publisher)) }
            if let date = edition.publicationDate { facts.append(Fact(name: "Published", value: date.description)) }
            facts.append(Fact(name: "Format", value: edition.format.rawValue))
        }
        if let series = book.work.seriesName {
            facts.append(Fact(name: "Series", value: series + (book.work.seriesPosition.map { " #" + NumberText.plain($0) } ?? "")))
        }
        facts.append(Fact(name: "Added", value: ISO8601Text.day(entry.dateAdded)))
        if let started = entry.dateStarted { facts.append(Fact(name: "Started", value: ISO8601Text.day(started))) }
        if let finished = entry.dateCompleted { facts.append(Fact(name: "Finished", value: ISO8601Text.day(finished))) }
        facts.append(Fact(name: "Owned", value: entry.isOwned ? "Yes" : "No"))
        let ratingValue = state.values["rating"] ?? entry.rating.map(NumberText.plain) ?? ""
        let ratings = [WebViews.Option(value: "", label: "No rating", selected: ratingValue.isEmpty)]
            + stride(from: 0.25, through: 5, by: 0.25).map { value in
                let text = NumberText.plain(value)
                return WebViews.Option(value: text, label: "\(text) star\(value == 1 ? "" : "s")", selected: text == ratingValue)
            }
        let pace = entry.status == .reading ? entry.readingPace(now: now).map { "\(NumberText.plain(($0 * 10).rounded() / 10)) pages a day" } : nil
        return pages.render("book", BookPage(
            frame: WebViews.frame(book.work.title, tab: "/library", theme: theme(request), session: web, notice: notice,
                                  failure: state.errors.isEmpty ? nil : "Not saved: see the message next to the field."),
            id: entry.id.description, title: book.work.title, subtitle: book.work.subtitle, authors: book.authorNames, cover: card.cover,
            spine: card.spine, status: entry.status.displayName,
            statuses: ReadingStatus.allCases.map { StatusButton(value: $0.rawValue, label: $0.displayName, current: $0 == entry.status) },
            statusError: state.errors["status"],
            facts: facts, reading: entry.status == .reading, percent: Int((entry.progress * 100).rounded()), progressText: card.progressText,
            pace: pace, finish: card.finish,
            progressValue: state.values["progress"] ?? (entry.currentPage > 0 ? String(entry.currentPage) : ""), progressError: state.errors["progress"],
            ratings: ratings, ratingError: state.errors["rating"],
            review: state.values["review"] ?? entry.review ?? "", spoilers: state.values["spoilers"].map { $0 == "on" } ?? entry.reviewHasSpoilers,
            reviewError: state.errors["review"],
            notes: state.values["notes"] ?? entry.notes ?? "", notesError: state.errors["notes"],
            tags: entry.tags, tagsValue: state.values["tags"] ?? "", tagsError: state.errors["tags"], favorite: entry.isFavorite,
            sessions: entry.sessions.reversed().map { SessionRow(date: ISO8601Text.day($0.date), minutes: $0.durationMinutes, pages: $0.pagesRead) },
            sessionMinutes: state.values["minutes"] ?? "", sessionPages: state.values["pages"] ?? "", sessionError: state.errors["session"],
            quotes: entry.quotes.map { QuoteRow(id: $0.id.description, text: $0.text, page: $0.page) },
            quoteText: state.values["quote"] ?? "", quotePage: state.values["quotePage"] ?? "", quoteError: state.errors["quote"],
            history: entry.readHistory.map { period in
                let start = period.started.map(ISO8601Text.day) ?? "?"
                let end = period.ended.map(ISO8601Text.day) ?? "?"
                return "\(start) – \(end): \(period.outcome == .read ? "read" : "did not finish")"
            },
            authorLinks: book.authors.map { AuthorLink(href: "/authors/\($0.id.description)", name: $0.displayName) },
            wishlist: entry.status == .wishlist,
            daily: state.values["daily"] ?? entry.dailyReadingGoal.map(String.init) ?? "", dailyError: state.errors["daily"],
            editions: editions.count < 2 ? [] : editions.map { edition in
                let parts = [edition.editionTitle, edition.format == .other ? nil : edition.format.displayName, edition.publisher,
                             edition.publicationDate?.description, edition.pageCount.map { "\(NumberText.grouped($0)) pages" },
                             edition.language, edition.primaryISBN.map { "ISBN \($0.isbn13)" }]
                let text = parts.compactMap { $0 }.joined(separator: " · ")
                return EditionItem(text: text.isEmpty ? "An edition without details" : text, shown: edition.id == book.edition?.id)
            },
            photos: photos.map { photo in
                let caption = [photo.page.map { "Page \($0)" }, photo.caption].compactMap { $0 }.joined(separator: ": ")
                return PhotoItem(src: "/v1/photos/\(photo.id.description)", thumbnail: "/v1/photos/\(photo.id.description)?size=thumbnail",
                                 caption: caption.isEmpty ? "Page photo" : caption)
            },
            photoError: state.errors["photo"], photoLimit: "\(PagePhoto.byteLimit / 1_048_576) MB"), status: status)
    }

    /// A form of the book page: one use case, then back to the page (or the page again with the error).
    private func changeBook(_ request: Request, _ context: APIContext, _ web: WebSession, _ form: WebForm, change: String) async throws -> Response {
        let id: LibraryEntry.ID = try context.id("id")
        let library = services.library(web.account).library
        // The field a failure is shown next to, and the values kept.
        var field = change
        var kept: [String: String] = [:]
        do {
            switch change {
            case "status":
                guard let status = form["status"].flatMap(ReadingStatus.init(rawValue:)) else { throw WebError(.badRequest, "Choose a status.") }
                _ = try await library.setStatus(.id(id), to: status)
            case "progress":
                let typed = form["progress"] ?? ""
                kept["progress"] = typed
                if typed.hasSuffix("%") {
                    guard let percent = Double(typed.dropLast().trimmingCharacters(in: .whitespaces)) else {
                        throw FieldError("Write a page number, or a percentage like 40%.")
                    }
                    _ = try await library.progress(.id(id), percent: percent)
                } else {
                    guard let page = Int(typed) else { throw FieldError("Write a page number, or a percentage like 40%.") }
                    _ = try await library.progress(.id(id), page: page)
                }
            case "rating":
                let typed = form["rating"]
                kept["rating"] = typed ?? ""
                guard let typed else { _ = try await library.rate(.id(id), rating: nil); break }
                guard let rating = Double(typed) else { throw FieldError("Choose a rating from the list.") }
                _ = try await library.rate(.id(id), rating: rating)
            case "review":
                kept["review"] = form.raw("review") ?? ""
                kept["spoilers"] = form["spoilers"] ?? "off"
                _ = try await library.review(.id(id), text: form["review"], hasSpoilers: form["spoilers"] == "on")
            case "notes":
                kept["notes"] = form.raw("notes") ?? ""
                _ = try await library.note(.id(id), text: form["notes"])
            case "tags":
                if let remove = form["remove"] {
                    _ = try await library.removeTags(.id(id), [remove])
                } else {
                    kept["tags"] = form.raw("tags") ?? ""
                    let tags = (form["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    guard !tags.isEmpty else { throw FieldError("Write one tag or several, separated by commas.") }
                    _ = try await library.addTags(.id(id), tags)
                }
            case "favorite":
                _ = try await library.favorite(.id(id), form["favorite"] == "yes")
            case "daily-goal":
                field = "daily"
                kept["daily"] = form["daily"] ?? ""
                let pages = try form["daily"].map { text in
                    guard let pages = Int(text) else { throw FieldError("Write the pages a day as a whole number, or leave it empty.") }
                    return pages
                }
                if let pages, !Bounds.dailyPages.contains(pages) {
                    throw FieldError("A daily goal is from \(Bounds.dailyPages.lowerBound) to \(NumberText.grouped(Bounds.dailyPages.upperBound)) pages.")
                }
                _ = try await library.setDailyGoal(.id(id), pages: pages)
            case "acquire":
                field = "status"
                let status = form["status"].flatMap(ReadingStatus.init(rawValue:)) ?? .toRead
                _ = try await library.acquire(.id(id), copy: nil, status: status)
            case "sessions":
                field = "session"
                kept["minutes"] = form["minutes"] ?? ""
                kept["pages"] = form["pages"] ?? ""
                guard let minutes = Int(form["minutes"] ?? ""), let pages = Int(form["pages"] ?? "0") else {
                    throw FieldError("Write the minutes read and the pages read as whole numbers.")
                }
                _ = try await library.addSession(.id(id), minutes: minutes, pages: pages)
            case "quotes":
                field = "quote"
                kept["quote"] = form.raw("quote") ?? ""
                kept["quotePage"] = form["page"] ?? ""
                guard let text = form["quote"] else { throw FieldError("Write the quote.") }
                let page = try form["page"].map { text in
                    guard let page = Int(text) else { throw FieldError("The page is a whole number.") }
                    return page
                }
                _ = try await library.addQuote(.id(id), text: text, page: page)
            case "remove-quote":
                guard let quote = form["quote"] else { throw WebError(.badRequest, "Choose a quote to remove.") }
                _ = try await library.removeQuote(.id(id), quoteID: quote)
            case "remove":
                let removed = try await library.removeKeepingUndo(.id(id))
                let token = services.undoShelf.keep(removed, owner: web.account.user.id)
                return WebPages.redirect("/library?undo=\(token)")
            default:
                throw WebError.notFound
            }
        } catch let error as FieldError {
            return try await bookPage(id, request, web, state: FormState(errors: [field: error.message], values: kept), status: .badRequest)
        } catch {
            // A use case's refusal (a page past the end, a review too long) goes next to its field.
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await bookPage(id, request, web, state: FormState(errors: [field: refusal.error.message], values: kept), status: refusal.status)
        }
        return WebPages.redirect("/books/\(id.description)#\(field)")
    }

    /// A value of a form that cannot be used, said next to its field.
    struct FieldError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: Search

    struct SearchPage {
        var frame: WebViews.Frame
        var photoError: String?
        var query: String
        var results: [SearchResult]
        var searched: Bool
        var error: String?
        var source: String?
        var statuses: [WebViews.Option]
    }

    struct SearchResult {
        let pick: Int
        let title: String
        let authors: String
        let year: Int?
        let pages: Int?
        let isbn: String?
        let cover: String?
        let spine: String
        let provider: String
        let inLibrary: String?
    }

    func searchPage(_ request: Request, _ web: WebSession, error: String? = nil, photoError: String? = nil,
                    status: HTTPResponse.Status = .ok) async throws -> Response {
        let query = String((request.uri.queryParameters.get("q") ?? "").prefix(SearchService.queryLimit + 1))
        var results: [SearchResult] = []
        var failure = error
        var source: String?
        if !query.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                let answer = try await services.search.answer(SearchQuestion(query: query))
                source = answer.provider
                let works = answer.works.prefix(20)
                let held = try await services.library(web.account).library.entries(isbns: works.flatMap { $0.editions.flatMap(\.isbn13) }.compactMap { ISBN($0) })
                for (index, work) in works.enumerated() {
                    let edition = work.editions.first
                    let inLibrary = work.editions.flatMap(\.isbn13).lazy.compactMap { ISBN($0).flatMap { held[$0] } }.first
                        .map { "/books/\($0.description)" }
                    results.append(SearchResult(
                        pick: index + 1, title: work.title, authors: work.authors.map(\.name).joined(separator: ", "),
                        year: work.firstPublicationYear, pages: edition?.pageCount, isbn: edition?.isbn13.first,
                        cover: services.covers.isOffline ? nil : WebViews.coverPath(edition?.coverImageURL ?? work.coverImageURL), spine: WebViews.spineClass(work.title),
                        provider: work.primaryProvider, inLibrary: inLibrary))
                }
            } catch {
                guard let refusal = APIError(error) else { throw error }
                failure = refusal.error.message
            }
        }
        let scanned = request.uri.queryParameters.get("scanned") != nil && ISBN(query) != nil ? "Read ISBN \(query) from the barcode." : nil
        return pages.render("search", SearchPage(
            frame: WebViews.frame("Search", tab: "/search", theme: theme(request), session: web, notice: scanned,
                                  failure: photoError == nil ? nil : "No book was read from the photo: see the message next to it."),
            photoError: photoError, query: query, results: results,
            searched: !query.isEmpty && failure == nil, error: failure, source: source,
            statuses: WebViews.options(ReadingStatus.allCases.map { ($0, $0.displayName) }, selected: .toRead) { $0.rawValue }),
            status: failure == nil ? status : .badRequest)
    }

    private func addFromSearch(_ request: Request, _ web: WebSession, _ form: WebForm) async throws -> Response {
        guard let query = form["q"], let pick = form["pick"].flatMap({ Int($0) }) else {
            throw WebError(.badRequest, "Search again, then choose a result to add.")
        }
        let status = form["status"].flatMap(ReadingStatus.init(rawValue:)) ?? .toRead
        let added = try await services.search.add(SearchQuestion(query: query), pick: pick, status: status, to: services.library(web.account).library)
        return WebPages.redirect("/books/\(added.book.entry.id.description)?added=1")
    }

    // MARK: Import and jobs

    struct ImportPage {
        var frame: WebViews.Frame
        var formats: [WebViews.Option]
        var dryRun: Bool
        var fileError: String?
        var mapping: String
        var limit: String
    }

    private func importPage(_ request: Request, _ web: WebSession, state: FormState, status: HTTPResponse.Status = .ok) -> Response {
        let chosen = state.values["format"] ?? ""
        return pages.render("import", ImportPage(
            frame: WebViews.frame("Import", tab: "/import", theme: theme(request), session: web,
                                  failure: state.errors.isEmpty ? nil : "Nothing was imported: see the message next to the field."),
            formats: [WebViews.Option(value: "", label: "Recognize it from the file", selected: chosen.isEmpty)]
                + ImportFormat.allCases.map { WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == chosen) },
            dryRun: state.values["dryRun"].map { $0 == "on" } ?? true, fileError: state.errors["file"],
            mapping: state.values["mapping"] ?? "",
            limit: "\(ImportLimits().maxBytes / 1_000_000) MB"), status: status)
    }

    /// The upload form (`multipart/form-data`): its token first, then the file, as a job.
    private func startImport(_ request: Request, _ web: WebSession) async throws -> Response {
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
            let job = try await services.jobs.startImport(of: Data(file.body), input: input, account: web.account)
            return WebPages.redirect("/jobs/\(job.id.description)")
        } catch {
            guard let refusal = APIError(error) else { throw error }
            return importPage(request, web, state: FormState(errors: ["file": refusal.error.message], values: kept), status: refusal.status)
        }
    }

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

    private func jobPage(_ id: Job.ID, _ request: Request, _ web: WebSession) async throws -> Response {
        guard let job = try await services.jobStore.job(id, owner: web.account.user.id) else { throw WebError.notFound }
        let json = JobRoutes.JobJSON(job)
        let kind = switch job.kind {
        case .import: json.report?.dryRun == true ? "Import preview" : "Import"
        case .enrichment: "Filling in book details"
        case .authorSuggestions: "Author details from Wikidata"
        case .catalogImport: "Catalog import"
        case .photoConversion: "Converting page photos"
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
        var frame = WebViews.frame(kind, tab: job.kind == .authorSuggestions ? "/insights" : "/import", theme: theme(request), session: web)
        frame.refresh = job.status.isFinished ? nil : 2
        return pages.render("job", JobPage(
            frame: frame, id: job.id.description, kind: kind, status: status, running: !job.status.isFinished,
            processed: NumberText.grouped(job.processed), total: NumberText.grouped(job.total),
            percent: job.total > 0 ? min(100, job.processed * 100 / job.total) : 0, message: job.message, report: report,
            suggestions: suggestions, confirmable: job.kind == .import && job.status == .succeeded && json.report?.dryRun == true,
            photos: json.photos.map { report in
                "\(NumberText.grouped(report.converted)) photo\(report.converted == 1 ? "" : "s") converted"
                    + (report.unreadable > 0 ? "; \(NumberText.grouped(report.unreadable)) could not be read and were kept as they were." : ".")
            }))
    }

    /// What Wikidata suggested, each marked done once the author has all of it (accepted here or
    /// filled in since).
    private func suggestionsView(_ report: AuthorSuggestionsReport, _ request: Request, _ web: WebSession) async throws -> SuggestionsView {
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

    struct RemovePage {
        var frame: WebViews.Frame
        var id: String
        var title: String
    }

    struct ErrorPage {
        var frame: WebViews.Frame
        var message: String
        var signedIn: Bool
    }
}
