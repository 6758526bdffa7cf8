import BooksTrackCore
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// Turns what a handler threw into an answer: a use case's error is a 4xx naming what was wrong;
/// anything else is a 500 with a generic message and a log line, never a crash or a stack trace.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = APIContext

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && !APIRoute.methods(forPath: request.uri.path).isEmpty {
            // The path is routed, with other methods.
            let allowed = APIRoute.methods(forPath: request.uri.path).map(\.rawValue)
            var refusal = try APIError(.methodNotAllowed, code: "METHOD_NOT_ALLOWED",
                                       "\(request.uri.path) answers \(allowed.joined(separator: ", ")), not \(request.method.rawValue)")
                .response(from: request, context: context)
            refusal.headers[.allow] = allowed.joined(separator: ", ")
            return refusal
        } catch let error as HTTPError {
            // Hummingbird's own refusals (no such route, method not allowed, body too large).
            let code = switch error.status {
            case .notFound: "NOT_FOUND"
            case .methodNotAllowed: "METHOD_NOT_ALLOWED"
            case .contentTooLarge: "BODY_TOO_LARGE"
            default: "BAD_REQUEST"
            }
            throw APIError(error.status, code: code, error.body ?? error.status.reasonPhrase)
        } catch {
            if let answer = APIError(error) { throw answer }
            context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(String(reflecting: type(of: error)))"])
            throw APIError(.internalServerError, code: "INTERNAL", "the server could not answer; the failure is in its log")
        }
    }
}

/// Reads `Authorization: Bearer bt_…`: a live token's account goes on the context. A request that
/// sends a token that is not live is refused, whatever the route, so a revoked script learns it.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let services: ServerServices

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        var context = context
        if let account = try await services.bearerAccount(request) {
            context.account = account
            return try await next(request, context)
        }
        guard let secret = request.cookies[BrowserCookie.name]?.value,
              let found = try await services.accounts.session(secret: secret)
        else {
            return try await next(request, context)
        }
        // A cookie rides along with any request a page sends, from any site: a change needs the
        // session's CSRF token too, which only the server's own pages and the sign-in answer know.
        // The API reads it from a header; the web app's forms carry it in a field, which
        // `WebForm.read` checks before anything else is read (no other path takes a change).
        if ![.get, .head, .options].contains(request.method), !APIRoute.methods(forPath: request.uri.path).isEmpty {
            guard let token = request.headers[BrowserCookie.csrfHeader], services.accounts.csrfTokenMatches(token, digest: found.csrfDigest) else {
                // Signing in again needs no token: the sign-in only ends the session it came with.
                if request.uri.path == "/v1/session", request.method == .post {
                    context.account = found.account
                    context.session = found.session
                    return try await next(request, context)
                }
                throw APIError(.forbidden, code: "CSRF_FAILED", "a change made with a session cookie needs the session's X-CSRF-Token header")
            }
        }
        context.account = found.account
        context.session = found.session
        context.sessionCSRFDigest = found.csrfDigest
        return try await next(request, context)
    }
}

/// The session cookie and the CSRF header.
enum BrowserCookie {
    static let name = "bt_session"
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    /// The cookie for a new session: HttpOnly, SameSite=Lax, Secure when served over https.
    static func setting(_ secret: String, secure: Bool) -> String {
        "\(name)=\(secret); Path=/; Max-Age=\(Int(AccountService.sessionIdleLimit)); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The header that removes the cookie.
    static func clearing(secure: Bool) -> String {
        "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}

