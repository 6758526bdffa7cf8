import BooksTrackCore
import Foundation
import Hummingbird

/// A form the web app's pages sent (`application/x-www-form-urlencoded`), read up to a limit.
/// Every form of a signed-in page carries the session's CSRF token in its `csrf` field: a form
/// posted from another site has the cookie but not the token, and is refused before anything is
/// read from it.
struct WebForm: Sendable {
    /// The most bytes a form may send (a review of 10,000 characters fits, escaped).
    static let limit = 128 * 1024

    private let values: [String: String]

    init(values: [String: String]) {
        self.values = values
    }

    /// The form's value for `name`, trimmed; nil when absent or empty.
    subscript(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The value as it was typed (a review keeps its line breaks).
    func raw(_ name: String) -> String? { values[name] }

    /// Reads the body of `request` as a form.
    static func read(_ request: Request) async throws -> WebForm {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw WebError(.contentTooLarge, "The form is larger than \(limit / 1024) KB.")
        }
        return WebForm(values: parse(String(decoding: buffer.readableBytesView, as: UTF8.self)))
    }

    /// Reads a signed-in page's form and checks its CSRF token against the session's.
    static func read(_ request: Request, session: WebSession, services: ServerServices) async throws -> WebForm {
        let form = try await read(request)
        try checkCSRF(form.raw("csrf"), session: session, services: services)
        return form
    }

    /// Refuses a form whose token is not the session's.
    static func checkCSRF(_ token: String?, session: WebSession, services: ServerServices) throws {
        guard let token, services.accounts.csrfTokenMatches(token, digest: session.csrfDigest) else {
            throw WebError(.forbidden, "This form is out of date or did not come from BooksTrack. Go back, reload the page and try again.")
        }
    }

    /// A parameter of a page's address as a browser's GET form sends it: "+" is a space, which
    /// the router's own query parameters keep as "+".
    static func queryValue(_ request: Request, _ name: String) -> String? {
        request.uri.query.flatMap { parse($0)[name] }
    }

    /// `a=1&b=two+words` as names and values (the first of a repeated name wins).
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), !name.isEmpty, values[name] == nil else { continue }
            values[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
        return values
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// A page that cannot be shown, with a message for the reader.
struct WebError: Error {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    static let notFound = WebError(.notFound, "There is no such page here. The book may have been removed.")
}

/// The signed-in reader of a page: the account, its browser session and the CSRF token its forms carry.
struct WebSession: Sendable {
    let account: Account
    let session: BrowserSession
    let csrfDigest: String
    let csrfToken: String
}
