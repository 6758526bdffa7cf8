import BooksTrackCore
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// The web app's templates (Mustache, HTML-escaped unless a template says otherwise) and static
/// files, read once from the server's resources.
struct WebPages: Sendable {
    private let templates: MustacheLibrary
    private let files: [String: StaticFile]

    struct StaticFile: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    enum LoadingError: Error, CustomStringConvertible {
        case missingResources(InstalledResources.Missing)
        case template(String, any Error)

        var description: String {
            switch self {
            case .missingResources(let missing): "the web app's templates are missing: \(missing)"
            case .template(let name, let error): "the web app's template \(name) does not parse: \(error)"
            }
        }
    }

    static func load() throws -> WebPages {
        let root: URL
        do {
            root = try InstalledResources.url(of: "Resources/web", in: "BooksTrackServer")
        } catch let missing as InstalledResources.Missing {
            throw LoadingError.missingResources(missing)
        }
        var templates = MustacheLibrary()
        let folder = root.appendingPathComponent("templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            do {
                try templates.register(text, named: String(name.dropLast(".mustache".count)))
            } catch {
                throw LoadingError.template(name, error)
            }
        }
        var files: [String: StaticFile] = [:]
        let staticFolder = root.appendingPathComponent("static")
        for name in try FileManager.default.contentsOfDirectory(atPath: staticFolder.path) {
            let type = switch URL(fileURLWithPath: name).pathExtension {
            case "css": "text/css; charset=utf-8"
            case "js": "text/javascript; charset=utf-8"
            case "svg": "image/svg+xml"
            default: "application/octet-stream"
            }
            files[name] = StaticFile(bytes: Array(try Data(contentsOf: staticFolder.appendingPathComponent(name))), contentType: type)
        }
        return WebPages(templates: templates, files: files)
    }

    /// A static file by its name, if there is one.
    func file(_ name: String) -> StaticFile? { files[name] }

    /// The page `template` rendered with `page`, as an HTML answer.
    func render(_ template: String, _ page: Any, status: HTTPResponse.Status = .ok) -> Response {
        guard let html = templates.render(page, withTemplate: template) else {
            return Self.html("<!doctype html><title>BooksTrack</title><p>This page cannot be shown.</p>", status: .internalServerError)
        }
        return Self.html(html, status: status)
    }

    /// An HTML answer with the headers every page carries: nothing of the page may come from
    /// another origin, be framed, or be guessed as another type.
    static func html(_ html: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        fields[.xContentTypeOptions] = "nosniff"
        fields[.referrerPolicy] = "same-origin"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A redirect after a form: the browser asks for `location` with GET.
    static func redirect(_ location: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.location] = location
        return Response(status: .seeOther, headers: fields)
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
}
