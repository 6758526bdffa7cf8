import BooksTrackCore
import Foundation
import Hummingbird

/// Turns what a handler threw into an answer: a use case's error is a 4xx naming what was wrong;
/// anything else is a 500 with a generic message and a log line, never a crash or a stack trace.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = APIContext

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
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
        guard let account = try await services.bearerAccount(request) else { return try await next(request, context) }
        var context = context
        context.account = account
        return try await next(request, context)
    }
}
