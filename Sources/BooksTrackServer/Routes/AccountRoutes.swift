import BooksTrackCore
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// The first account, sign-up, the signed-in account and its API tokens.
enum AccountRoutes {
    struct Credentials: Codable, Sendable {
        var name: String
        var password: String
    }

    struct SignUp: Codable, Sendable {
        var name: String
        var password: String
        /// The code of an administrator's invitation, when sign-up is by invitation.
        var invitation: String?
    }

    struct NewInvitation: Codable, Sendable {
        /// Whom it is for.
        var note: String?
        /// How many days it lasts (default 7, at most 90).
        var days: Int?
    }

    struct CreatedInvitationJSON: Codable, Sendable {
        var invitation: Invitation
        /// Shown once: it is stored only as a digest.
        var code: String
        /// The sign-up link with the code: on the server's public URL, else on the host the request was sent to.
        var link: String?
    }

    struct Setup: Codable, Sendable {
        var setupToken: String
        var name: String
        var password: String
    }

    struct NewToken: Codable, Sendable {
        /// The token's name.
        var name: String
        /// An account's name and password, for a script that holds no token yet.
        var username: String?
        var password: String?
    }

    struct AccountJSON: Codable, Sendable {
        var id: String
        var name: String
        var isAdmin: Bool
        var dateCreated: Date

        init(_ account: Account) {
            id = account.user.id.description
            name = account.user.name
            isAdmin = account.isAdmin
            dateCreated = account.user.dateCreated
        }
    }

    struct SessionJSON: Codable, Sendable {
        var account: AccountJSON
        /// Sent back in the X-CSRF-Token header with every change made with the session cookie.
        var csrfToken: String
        var session: BrowserSession
    }

    struct CreatedTokenJSON: Codable, Sendable {
        var token: APIToken
        /// Shown once: it is stored only as a digest.
        var secret: String
    }

    static let routes: [APIRoute] = [
        APIRoute(.post, "/v1/setup", .open) { request, context, services in
            let setup = try await JSONBody.decode(Setup.self, from: request, limit: services.configuration.jsonBodyLimit)
            let account = try await services.accounts.createFirstAccount(
                name: setup.name, password: setup.password, setupCode: setup.setupToken, expected: services.setupSecret)
            return try JSONBody.success(AccountJSON(account), context: context, status: .created)
        },
        APIRoute(.post, "/v1/accounts", .open) { request, context, services in
            let policy = services.configuration.signUp
            let body = try await JSONBody.decode(SignUp.self, from: request, limit: services.configuration.jsonBodyLimit)
            let account = try await services.accounts.signUp(name: body.name, password: body.password, invitation: body.invitation, policy: policy)
            return try JSONBody.success(AccountJSON(account), context: context, status: .created)
        },
        APIRoute(.get, "/v1/invitations", .account) { _, context, services in
            try JSONBody.success(try await services.accounts.invitations(by: try context.requireAccount()), context: context)
        },
        APIRoute(.post, "/v1/invitations", .account) { request, context, services in
            let body = try await JSONBody.decode(NewInvitation.self, from: request, limit: services.configuration.jsonBodyLimit)
            let created = try await services.accounts.invite(by: try context.requireAccount(), note: body.note, days: body.days ?? 7)
            let link = services.joinLink(code: created.code, host: request.head.authority)
            return try JSONBody.success(CreatedInvitationJSON(invitation: created.invitation, code: created.code, link: link),
                                        context: context, status: .created)
        },
        APIRoute(.delete, "/v1/invitations/:id", .account) { _, context, services in
            try await services.accounts.revokeInvitation(try context.id("id"), by: try context.requireAccount())
            return Response(status: .noContent)
        },
        APIRoute(.get, "/v1/me", .account) { _, context, _ in
            try JSONBody.success(AccountJSON(try context.requireAccount()), context: context)
        },
        APIRoute(.get, "/v1/tokens", .account) { _, context, services in
            try JSONBody.success(try await services.accounts.tokens(of: try context.requireAccount()), context: context)
        },
        APIRoute(.post, "/v1/tokens", .open) { request, context, services in
            let body = try await JSONBody.decode(NewToken.self, from: request, limit: services.configuration.jsonBodyLimit)
            let account: Account
            if let signedIn = context.account {
                account = signedIn
            } else if let username = body.username, let password = body.password {
                account = try await signIn(name: username, password: password, request: request, context: context, services: services).account
            } else {
                throw APIError.unauthorized
            }
            let created = try await services.accounts.createToken(for: account, name: body.name)
            return try JSONBody.success(CreatedTokenJSON(token: created.token, secret: created.secret), context: context, status: .created)
        },
        APIRoute(.post, "/v1/session", .open) { request, context, services in
            // A browser's session is opened only from this site's own pages (no login CSRF).
            if let origin = request.headers[.origin], !services.allowsOrigin(origin, host: request.head.authority) {
                throw APIError(.forbidden, code: "CROSS_SITE", "a session is opened only from this site's own pages (Origin \(origin.prefix(100)))")
            }
            let credentials = try await JSONBody.decode(Credentials.self, from: request, limit: services.configuration.jsonBodyLimit)
            let signedIn = try await signIn(name: credentials.name, password: credentials.password, request: request, context: context, services: services)
            let opened = try await openSession(for: signedIn.account, request: request, context: context, services: services)
            var response = try JSONBody.success(SessionJSON(account: AccountJSON(signedIn.account), csrfToken: opened.csrfToken, session: opened.session),
                                                context: context, status: .created)
            response.headers[.setCookie] = BrowserCookie.setting(opened.secret, secure: services.servesHTTPS)
            response.headers.append(HTTPField(name: .setCookie, value: signedIn.deviceCookie))
            return response
        },
        APIRoute(.delete, "/v1/session", .account) { _, context, services in
            guard let session = context.session else {
                throw APIError(.badRequest, code: "NO_SESSION", "this request was not made with a session cookie; revoke tokens under /v1/tokens")
            }
            try await services.accounts.endSession(session.id, of: try context.requireAccount())
            var response = Response(status: .noContent)
            response.headers[.setCookie] = BrowserCookie.clearing(secure: services.servesHTTPS)
            return response
        },
        APIRoute(.get, "/v1/sessions", .account) { _, context, services in
            try JSONBody.success(try await services.accounts.sessions(of: try context.requireAccount()), context: context)
        },
        APIRoute(.delete, "/v1/sessions/:id", .account) { _, context, services in
            try await services.accounts.endSession(try context.id("id"), of: try context.requireAccount())
            return Response(status: .noContent)
        },
        APIRoute(.delete, "/v1/tokens/:id", .account) { _, context, services in
            try await services.accounts.revokeToken(try context.id("id"), of: try context.requireAccount())
            return Response(status: .noContent)
        },
    ]

    /// The address a request came from. Through a reverse proxy the operator named
    /// (`--trusted-proxy`), it is the last address that proxy added to `X-Forwarded-For`:
    /// otherwise every reader would share the proxy's address, and one guesser would slow them
    /// all down. Anyone else's `X-Forwarded-For` is not believed, loopback peers' included.
    static func clientAddress(_ request: Request, _ context: APIContext, services: ServerServices) -> String {
        let peer = context.remoteAddress ?? "unknown"
        guard services.configuration.trustedProxies.contains(peer),
              let forwarded = request.headers[values: HTTPField.Name("X-Forwarded-For")!].last?.split(separator: ",").last
        else { return peer }
        let address = forwarded.trimmingCharacters(in: .whitespaces)
        return IPAddressText.isAddress(address) ? address : peer
    }

    /// A new session at every sign-in (the API's and the web app's); the one the browser came
    /// with, if any, ends.
    static func openSession(for account: Account, request: Request, context: APIContext, services: ServerServices) async throws -> OpenedSession {
        if let old = context.session, let owner = context.account { try? await services.accounts.endSession(old.id, of: owner) }
        return try await services.accounts.openSession(for: account, userAgent: request.headers[.userAgent])
    }

    /// A successful sign-in: the account, and the device cookie to set for the browser.
    struct SignedIn {
        let account: Account
        let deviceCookie: String
    }

    /// Signs in, slowed down after repeated failures from the address, of the account from the
    /// address, and of the account anywhere. The last slows only browsers that have not signed
    /// in to the account before: a browser with its device cookie is slowed by its own failures.
    static func signIn(name: String, password: String, request: Request, context: APIContext, services: ServerServices) async throws -> SignedIn {
        let nameKey = User.nameKey(name)
        let address = clientAddress(request, context, services: services)
        var keys = ["address:" + address, "pair:" + nameKey + "\n" + address]
        if let device = services.knownDevices.device(in: request, for: nameKey) {
            keys.append("device:" + device)
        } else {
            keys.append("account:" + nameKey)
        }
        let account = try await throttled(keys, services: services) {
            try await services.accounts.signIn(name: name, password: password)
        }
        return SignedIn(account: account, deviceCookie: services.knownDevices.setting(for: nameKey, secure: services.servesHTTPS))
    }

    /// Runs `check`, a password check that throws `AccountError.wrongCredentials` when the
    /// password is wrong, unless one of `keys` failed too often lately (429 with the wait);
    /// a wrong password counts against every key, a right one clears all but the account-wide one
    /// (the guesser elsewhere is still guessing).
    static func throttled<T>(_ keys: [String], services: ServerServices, _ check: () async throws -> T) async throws -> T {
        let wait = await services.throttle.wait(for: keys)
        if wait > .zero {
            let seconds = max(1, Int(wait.components.seconds))
            throw APIError(.tooManyRequests, code: "TOO_MANY_ATTEMPTS",
                           "too many wrong passwords; try again in \(seconds) s", details: ["retryAfter": "\(seconds)"])
        }
        do {
            let value = try await check()
            await services.throttle.succeeded(keys.filter { !$0.hasPrefix("account:") })
            return value
        } catch AccountError.wrongCredentials {
            await services.throttle.failed(keys)
            throw AccountError.wrongCredentials
        }
    }
}
