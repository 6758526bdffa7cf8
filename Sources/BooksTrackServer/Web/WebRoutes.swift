import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import BooksTrackServices
import Foundation
import HTTPTypes
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
                return signInPage(request, name: "", next: safeNext(request.uri.queryParameters.get("next")), error: nil, notice: notice)
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
                    let job = try await services.jobs.confirmImport(try context.id("id"), user: web.account.user)
                    return WebPages.redirect("/jobs/\(job.id.description)")
                } catch JobError.notFound {
                    throw WebError.notFound
                } catch let error as JobError {
                    let refusal = APIError.job(error)
                    throw WebError(refusal.status, Self.sentence(refusal.error.message))
                }
            }
        }
        router.post("/jobs/:id/cancel") { request, context in
            await form(request, context) { web, _ in
                let id: Job.ID = try context.id("id")
                do {
                    try await services.jobs.cancel(id, of: web.account.user)
                } catch JobError.notFound {
                    throw WebError.notFound
                } catch JobError.alreadyFinished {
                    // Finished meanwhile: its page says how.
                }
                return WebPages.redirect("/jobs/\(id.description)")
            }
        }
        addEdit(to: router)
        addByHand(to: router)
        addInsights(to: router)
        addAuthors(to: router)
        addReview(to: router)
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

    /// Where to go after signing in: a path of this site only, taken as it is or not at all. A
    /// browser drops tabs and line breaks from a URL and reads `\` as `/`, so `/\t/evil.example`
    /// would take the reader to evil.example: any control character, space, backslash, or a
    /// second slash at the start refuses the whole value.
    func safeNext(_ next: String?) -> String {
        guard let next, next.utf8.count <= 512, next.hasPrefix("/"), !next.hasPrefix("//"),
              !next.unicodeScalars.contains(where: { $0 == "\\" || $0.properties.isWhitespace || $0.properties.generalCategory == .control
                  || $0.properties.generalCategory == .format })
        else { return "/library" }
        return next
    }

    // MARK: Signing in

    /// The cookie of the sign-in form's pre-session token (login CSRF: a form posted from another
    /// site cannot know it).
    static let signInTokenCookie = "bt_signin"

    /// The sign-in page, with a new pre-session token in its form and in a cookie.
    func signInPage(_ request: Request, name: String, next: String, error: String?, notice: String? = nil,
                    status: HTTPResponse.Status = .ok) -> Response {
        let token = services.accounts.csrfToken(forSession: AccountService.newSetupSecret())
        var response = pages.render("signin", SignInPage(
            frame: WebViews.frame("Sign in", tab: nil, theme: theme(request), session: nil, notice: notice),
            name: name, next: next, error: error, token: token), status: status)
        response.headers.append(HTTPField(name: .setCookie, value: "\(Self.signInTokenCookie)=\(token); Path=/signin; Max-Age=86400; HttpOnly; SameSite=Strict"
                                          + (services.servesHTTPS ? "; Secure" : "")))
        return response
    }

    /// Whether a sign-in form came from this site: a same-origin `Origin` (every current browser
    /// sends one with a form post), else the pre-session token of the form matching its cookie.
    private func isOwnSignInForm(_ request: Request, _ form: WebForm) -> Bool {
        if let origin = request.headers[.origin] {
            return services.allowsOrigin(origin, host: request.head.authority)
        }
        guard let cookie = request.cookies[Self.signInTokenCookie]?.value, let token = form["csrf"], !token.isEmpty else { return false }
        return AccountService.secretsMatch(token, cookie)
    }

    private func signIn(_ request: Request, _ context: APIContext) async throws -> Response {
        let form = try await WebForm.read(request)
        let name = form["name"] ?? ""
        let next = safeNext(form.raw("next"))
        let shown = { (error: String, status: HTTPResponse.Status) in
            signInPage(request, name: name, next: next, error: error, status: status)
        }
        guard isOwnSignInForm(request, form) else {
            return shown("This sign-in form came from another site, or its page is too old: sign in again here.", .forbidden)
        }
        guard !name.isEmpty, let password = form.raw("password"), !password.isEmpty else {
            return shown("Enter your name and your password.", .badRequest)
        }
        let signedIn: AccountRoutes.SignedIn
        do {
            signedIn = try await AccountRoutes.signIn(name: name, password: password, request: request, context: context, services: services)
        } catch let error as APIError where error.error.code == "TOO_MANY_ATTEMPTS" {
            let seconds = error.error.details["retryAfter"] ?? "a few"
            return shown("Too many wrong passwords for this name or from this address. To keep guessers out, the next try from here waits: try again in \(seconds) seconds. A browser you have signed in with before is not held up by others' guesses.",
                         .tooManyRequests)
        } catch AccountError.wrongCredentials {
            return shown("That name and password do not match an account.", .unauthorized)
        }
        let opened = try await AccountRoutes.openSession(for: signedIn.account, request: request, context: context, services: services)
        var headers: HTTPFields = [.setCookie: BrowserCookie.setting(opened.secret, secure: services.servesHTTPS)]
        headers.append(HTTPField(name: .setCookie, value: signedIn.deviceCookie))
        return WebPages.redirect(next, headers: headers)
    }

    // MARK: Library

    static let libraryPageSize = 48

    private func libraryPage(_ request: Request, _ web: WebSession) async throws -> Response {
        let parameters = request.uri.queryParameters
        // The filters are read as the API reads them: a status, flag or order that is not one of
        // the choices is refused, naming it, and not shown as the whole library.
        var query: EntryQuery
        do {
            query = try EntryQuery(parsing: { name in
                switch name {
                // The page's size is its own, and its position is read from `page` below.
                case "limit", "offset": nil
                case "tag": WebForm.queryValue(request, name).map { String($0.prefix(100)) }
                default: parameters.get(name)
                }
            }, defaultLimit: Self.libraryPageSize)
        } catch {
            throw WebError(.badRequest, Self.sentence(error.message))
        }
        let status = query.statuses.flatMap { $0.count == 1 ? $0.first : nil }
        let tag = query.tag
        let text = WebForm.queryValue(request, "q").map { String($0.prefix(200)).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        query.text = text
        let sort = query.sort
        let order = parameters.get("order").flatMap { $0.isEmpty ? nil : $0 }
        let pageNumber = min(max(parameters.get("page").flatMap { Int($0) } ?? 1, 1), Bounds.listOffset.upperBound / Self.libraryPageSize + 1)
        query.offset = (pageNumber - 1) * Self.libraryPageSize
        let view = parameters.get("view") == "list" ? "list" : "grid"

        let library = services.library(web.account).library
        let now = services.now()
        let page = try await library.page(query)
        let filtered = status != nil || tag != nil || query.isFavorite != nil || query.isOwned != nil || text != nil
        var reading: [WebViews.BookCard] = []
        var reviewQueue: String?
        if !filtered, pageNumber == 1 {
            let waiting = try await services.library(web.account).scans.pendingCount()
            if waiting > 0 { reviewQueue = "\(NumberText.grouped(waiting)) book\(waiting == 1 ? "" : "s") from your shelf scans wait\(waiting == 1 ? "s" : "") for review" }
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
            openFilters: status != nil || tag != nil || query.isFavorite != nil || query.isOwned != nil || sort != .dateAdded || order != nil || view == "list",
            reviewQueue: reviewQueue))
    }

    private func yesNo(_ value: String?, any: String, yes: String, no: String) -> [WebViews.Option] {
        [WebViews.Option(value: "", label: any, selected: value != "yes" && value != "no"),
         WebViews.Option(value: "yes", label: yes, selected: value == "yes"), WebViews.Option(value: "no", label: no, selected: value == "no")]
    }

    // MARK: Search

    func searchPage(_ request: Request, _ web: WebSession, error: String? = nil, photoError: String? = nil,
                    status: HTTPResponse.Status = .ok) async throws -> Response {
        let query = String((WebForm.queryValue(request, "q") ?? "").prefix(SearchService.queryLimit + 1))
        var results: [SearchResult] = []
        var failure = error
        var source: String?
        var unavailable: [String] = []
        if !query.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                let answer = try await services.search.answer(SearchQuestion(query: query))
                source = answer.provider
                unavailable = answer.reports.filter { [.failed, .timedOut, .rateLimited].contains($0.outcome) }
                    .map { "\($0.provider) \($0.outcome.displayName)" + ($0.message.map { ": \($0)" } ?? "") }
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
            searched: !query.isEmpty && failure == nil, error: failure, source: source, unavailable: unavailable,
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

}
