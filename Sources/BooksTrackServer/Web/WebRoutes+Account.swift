import BooksTrackCore
import BooksTrackServices
import Foundation
import Hummingbird

/// Settings and the account: password, browsers signed in, API tokens, invitations, theme,
/// exports and deleting the account; and the pages before an account exists: the server's first
/// start and joining by invitation.
extension WebRoutes {

    func addAccount(to router: Router<APIContext>) {
        router.get("/settings") { request, context in
            await page(request, context) { web in try await settingsPage(request, web) }
        }
        router.post("/settings/theme") { request, context in
            await form(request, context) { web, form in
                guard let chosen = form["theme"], WebViews.themes.contains(where: { $0.id == chosen }) else {
                    throw WebError(.badRequest, "Choose one of the five themes.")
                }
                let cookie = "\(Self.themeCookie)=\(chosen); Path=/; Max-Age=31536000; SameSite=Lax" + (services.servesHTTPS ? "; Secure" : "")
                return WebPages.redirect("/settings?saved=theme", headers: [.setCookie: cookie])
            }
        }
        router.post("/settings/password") { request, context in
            await form(request, context) { web, form in
                guard let current = form.raw("current"), !current.isEmpty, let new = form.raw("new"), !new.isEmpty else {
                    return try await settingsPage(request, web, errors: ["password": "Write your current password and the new one."], status: .badRequest)
                }
                guard new == form.raw("confirm") else {
                    return try await settingsPage(request, web, errors: ["password": "The new password and its repetition differ."], status: .badRequest)
                }
                do {
                    try await AccountRoutes.throttled(passwordKeys(request, context, web), services: services) {
                        try await services.accounts.changePassword(of: web.account, current: current, new: new, keeping: web.session.id)
                    }
                } catch let error as APIError where error.error.code == "TOO_MANY_ATTEMPTS" {
                    return try await settingsPage(request, web, errors: ["password": Self.tooManyPasswords(error)], status: .tooManyRequests)
                } catch AccountError.wrongCredentials {
                    return try await settingsPage(request, web, errors: ["password": "The current password is not right."], status: .unauthorized)
                } catch let error as AccountError {
                    return try await settingsPage(request, web, errors: ["password": Self.sentence(error.description)], status: .badRequest)
                }
                return WebPages.redirect("/settings?saved=password#password")
            }
        }
        router.post("/settings/sessions/:id/end") { request, context in
            await form(request, context) { web, _ in
                try await services.accounts.endSession(try context.id("id"), of: web.account)
                return WebPages.redirect("/settings?saved=session#sessions")
            }
        }
        router.post("/settings/tokens") { request, context in
            await form(request, context) { web, form in
                let name = form["name"] ?? ""
                do {
                    let created = try await services.accounts.createToken(for: web.account, name: name)
                    return try await settingsPage(request, web, created: CreatedSecret(label: "Your new token “\(created.token.name)”", value: created.secret))
                } catch let error as AccountError {
                    return try await settingsPage(request, web, errors: ["token": Self.sentence(error.description)], tokenName: name, status: .badRequest)
                }
            }
        }
        router.post("/settings/tokens/:id/revoke") { request, context in
            await form(request, context) { web, _ in
                try await services.accounts.revokeToken(try context.id("id"), of: web.account)
                return WebPages.redirect("/settings?saved=token#tokens")
            }
        }
        router.post("/settings/invitations") { request, context in
            await form(request, context) { web, form in
                do {
                    let days = try form["days"].map { text in
                        guard let days = Int(text) else { throw AccountError.invitationLifetimeOutOfRange(maximumDays: 90) }
                        return days
                    }
                    let created = try await services.accounts.invite(by: web.account, note: form["note"], days: days ?? 7)
                    let link = services.joinLink(code: created.code, host: request.head.authority)
                    return try await settingsPage(request, web, created: CreatedSecret(label: "The invitation link", value: link))
                } catch let error as AccountError {
                    return try await settingsPage(request, web, errors: ["invitation": Self.sentence(error.description)], status: .badRequest)
                }
            }
        }
        router.post("/settings/invitations/:id/revoke") { request, context in
            await form(request, context) { web, _ in
                try await services.accounts.revokeInvitation(try context.id("id"), by: web.account)
                return WebPages.redirect("/settings?saved=invitation#invitations")
            }
        }
        router.get("/settings/delete") { request, context in
            await page(request, context) { web in try await deletePage(request, web, error: nil) }
        }
        router.post("/settings/delete") { request, context in
            await form(request, context) { web, form in
                do {
                    try await AccountRoutes.throttled(passwordKeys(request, context, web), services: services) {
                        try await services.accounts.deleteAccount(web.account, password: form.raw("password") ?? "")
                    }
                } catch let error as APIError where error.error.code == "TOO_MANY_ATTEMPTS" {
                    return try await deletePage(request, web, error: Self.tooManyPasswords(error), status: .tooManyRequests)
                } catch AccountError.wrongCredentials {
                    return try await deletePage(request, web, error: "The password is not right; nothing was deleted.", status: .unauthorized)
                } catch AccountError.lastAdministrator {
                    return try await deletePage(request, web, error: Self.sentence(AccountError.lastAdministrator.description), status: .conflict)
                }
                return WebPages.redirect("/signin?deleted=1", headers: [.setCookie: BrowserCookie.clearing(secure: services.servesHTTPS)])
            }
        }
        router.get("/setup") { request, context in
            await handle(request, context) {
                guard try await services.accounts.needsFirstAccount() else { return WebPages.redirect("/signin") }
                return firstAccountPage(request, setup: true, name: "", code: request.uri.queryParameters.get("code") ?? "", error: nil)
            }
        }
        router.post("/setup") { request, context in
            await handle(request, context) { try await createFirstAccount(request, context, setup: true) }
        }
        router.get("/join") { request, context in
            await handle(request, context) {
                firstAccountPage(request, setup: false, name: "", code: request.uri.queryParameters.get("invitation") ?? "", error: nil)
            }
        }
        router.post("/join") { request, context in
            await handle(request, context) { try await createFirstAccount(request, context, setup: false) }
        }
    }

    /// A use case's message as a sentence: capital first, full stop last.
    /// The throttle's keys for a signed-in reader retyping a password (to change it, or to delete
    /// the account): the account, and the address.
    private func passwordKeys(_ request: Request, _ context: APIContext, _ web: WebSession) -> [String] {
        ["password:" + web.account.user.id.description, "address:" + AccountRoutes.clientAddress(request, context, services: services)]
    }

    static func tooManyPasswords(_ error: APIError) -> String {
        "Too many wrong passwords: to keep guessers out, the next try waits. Try again in \(error.error.details["retryAfter"] ?? "a few") seconds."
    }

    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }

    func settingsPage(_ request: Request, _ web: WebSession, created: CreatedSecret? = nil, errors: [String: String] = [:],
                      tokenName: String = "", status: HTTPResponse.Status = .ok) async throws -> Response {
        let current = theme(request)
        let saved: String? = switch request.uri.queryParameters.get("saved") {
        case "theme": "Theme saved for this browser."
        case "password": "Password changed. Every other browser was signed out."
        case "session": "That browser is signed out."
        case "token": "Token revoked: scripts using it are refused from now on."
        case "invitation": "Invitation revoked."
        default: nil
        }
        let sessions = try await services.accounts.sessions(of: web.account)
        let tokens = try await services.accounts.tokens(of: web.account)
        let invitations = web.account.isAdmin ? try await services.accounts.invitations(by: web.account) : []
        let now = services.now()
        return pages.render("settings", SettingsPage(
            frame: WebViews.frame("Settings", tab: "/settings", theme: current, session: web, notice: saved,
                                  failure: errors.isEmpty ? nil : "Not saved: see the message next to the field."),
            themes: WebViews.themes.map { WebViews.Option(value: $0.id, label: $0.name, selected: $0.id == current) },
            name: web.account.user.name, admin: web.account.isAdmin,
            sessions: sessions.map { session in
                SessionItem(id: session.id.description, browser: WebViews.browserName(session.userAgent),
                            since: ISO8601Text.day(session.dateCreated), lastSeen: ISO8601Text.day(session.lastSeen),
                            current: session.id == web.session.id)
            },
            tokens: tokens.map { token in
                TokenItem(id: token.id.description, name: token.name, created: ISO8601Text.day(token.dateCreated),
                          lastUsed: token.lastUsed.map(ISO8601Text.day) ?? "never")
            },
            invitations: invitations.map { invitation in
                let live = invitation.usedAt == nil && invitation.expiresAt > now
                let state = invitation.usedAt.map { "used " + ISO8601Text.day($0) }
                    ?? (live ? "open until " + ISO8601Text.day(invitation.expiresAt) : "expired")
                return InvitationItem(id: invitation.id.description, note: invitation.note ?? "Invitation", state: state, live: live)
            },
            created: created, errors: errors, tokenName: tokenName), status: status)
    }

    private func deletePage(_ request: Request, _ web: WebSession, error: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let books = try await services.library(web.account).library.count(EntryQuery())
        return pages.render("delete", DeletePage(
            frame: WebViews.frame("Delete your account", tab: "/settings", theme: theme(request), session: web),
            name: web.account.user.name, books: NumberText.grouped(books), error: error), status: status)
    }

    private func firstAccountPage(_ request: Request, setup: Bool, name: String, code: String, error: String?,
                                  status: HTTPResponse.Status = .ok) -> Response {
        pages.render("join", FirstAccountPage(
            frame: WebViews.frame(setup ? "Set up BooksTrack" : "Join BooksTrack", tab: nil, theme: theme(request), session: nil),
            setup: setup, action: setup ? "/setup" : "/join", name: name, code: code, error: error,
            closed: !setup && code.isEmpty && services.configuration.signUp == .closed), status: status)
    }

    /// The first account (with the setup code the server printed) or an account by invitation;
    /// either way the new reader is signed in at once.
    private func createFirstAccount(_ request: Request, _ context: APIContext, setup: Bool) async throws -> Response {
        let form = try await WebForm.read(request)
        let name = form["name"] ?? ""
        let code = form["code"] ?? ""
        let shown = { (error: String, status: HTTPResponse.Status) in
            firstAccountPage(request, setup: setup, name: name, code: code, error: error, status: status)
        }
        guard let password = form.raw("password"), !password.isEmpty, !name.isEmpty else {
            return shown("Choose a name and a password.", .badRequest)
        }
        guard password == form.raw("confirm") else { return shown("The password and its repetition differ.", .badRequest) }
        let account: Account
        do {
            if setup {
                account = try await services.accounts.createFirstAccount(name: name, password: password, setupCode: code, expected: services.setupSecret)
            } else {
                account = try await services.accounts.signUp(name: name, password: password, invitation: code.isEmpty ? nil : code,
                                                             policy: services.configuration.signUp)
            }
        } catch AccountError.alreadySetUp {
            return WebPages.redirect("/signin")
        } catch AccountError.wrongSetupCode {
            return shown(Self.sentence(AccountError.wrongSetupCode.description), .forbidden)
        } catch let error as AccountError {
            return shown(Self.sentence(error.description), .badRequest)
        } catch let error as ValidationError {
            return shown(Self.sentence(error.description), .badRequest)
        }
        let opened = try await AccountRoutes.openSession(for: account, request: request, context: context, services: services)
        return WebPages.redirect("/library", headers: [.setCookie: BrowserCookie.setting(opened.secret, secure: services.servesHTTPS)])
    }
}
