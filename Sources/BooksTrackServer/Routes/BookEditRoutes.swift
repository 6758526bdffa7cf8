import BooksTrackCore
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// Editing a book under `/v1/books/{id}`: the book's fields (a JSON merge patch, guarded by its
/// `ETag`), its editions and its cover. Every route works on the signed-in account's books only.
enum BookEditRoutes {
    /// `POST /v1/books/{id}/editions`: the new edition's fields (edition fields of a `BookEdit`) and
    /// whether it becomes the reader's own.
    static let mineMember = "mine"

    struct ChosenEdition: Codable, Sendable { var id: String }

    /// `POST /v1/books/{id}/editions/lookup`: an ISBN to look up, and whether the edition found
    /// becomes the reader's own.
    struct EditionLookup: Codable, Sendable {
        var isbn: String
        var mine: Bool?
    }

    static let routes: [APIRoute] = [
        APIRoute(.patch, "/v1/books/:id", .account) { request, context, services in
            let members = try await JSONBody.decode([String: MergePatchValue].self, from: request, limit: services.configuration.jsonBodyLimit)
            let edit = try BookEdit(mergePatch: members)
            let change = try await library(context, services).edit(.id(try context.id("id")), edit, ifMatch: try ifMatch(request))
            return try book(change.book, context: context, services: services)
        },
        APIRoute(.get, "/v1/books/:id/editions", .account) { _, context, services in
            let details = try await library(context, services).details(.id(try context.id("id")))
            let entryID = details.book.entry.id
            return try JSONBody.success(details.editions.map { BookResource.EditionJSON($0, entryID: entryID) }, context: context)
        },
        APIRoute(.post, "/v1/books/:id/editions", .account) { request, context, services in
            var members = try await JSONBody.decode([String: MergePatchValue].self, from: request, limit: services.configuration.jsonBodyLimit)
            let mine: Bool
            switch members.removeValue(forKey: mineMember) {
            case nil, .null?: mine = false
            case .bool(let flag)?: mine = flag
            default: throw APIError.invalid(field: mineMember, "mine is true or false")
            }
            let details = try BookEdit(mergePatch: members)
            let (change, _) = try await library(context, services).addEdition(.id(try context.id("id")), details: details, choose: mine)
            return try book(change.book, context: context, services: services, status: .created)
        },
        APIRoute(.post, "/v1/books/:id/editions/lookup", .account) { request, context, services in
            let body = try await JSONBody.decode(EditionLookup.self, from: request, limit: services.configuration.jsonBodyLimit)
            let isbn = try ISBN(parsing: body.isbn)
            let added = try await services.search.addEdition(isbn: isbn, to: .id(try context.id("id")), choose: body.mine ?? false,
                                                             library: library(context, services))
            return try book(added.change.book, context: context, services: services, status: .created)
        },
        APIRoute(.put, "/v1/books/:id/edition", .account) { request, context, services in
            let body = try await JSONBody.decode(ChosenEdition.self, from: request, limit: services.configuration.jsonBodyLimit)
            guard let editionID = Edition.ID(uuidString: body.id) else {
                throw APIError.invalid(field: "id", "id is an edition's UUID (GET /v1/books/{id}/editions lists them)")
            }
            let change = try await library(context, services).chooseEdition(.id(try context.id("id")), editionID: editionID)
            return try book(change.book, context: context, services: services)
        },
        APIRoute(.delete, "/v1/books/:id/editions/:editionID", .account) { _, context, services in
            let change = try await library(context, services).removeEdition(.id(try context.id("id")), editionID: try context.id("editionID"))
            return try book(change.book, context: context, services: services)
        },
        APIRoute(.put, "/v1/books/:id/cover", .account, takesUpload: true) { request, context, services in
            let data: ByteBuffer
            do {
                data = try await request.body.collect(upTo: PagePhoto.byteLimit)
            } catch {
                throw APIError(.contentTooLarge, code: "IMAGE_TOO_LARGE", "a cover is at most \(ByteCountText.megabytes(PagePhoto.byteLimit))",
                               details: ["limit": "\(PagePhoto.byteLimit)"])
            }
            let change = try await library(context, services).uploadCover(.id(try context.id("id")), data: Data(data.readableBytesView))
            return try book(change.book, context: context, services: services)
        },
        APIRoute(.get, "/v1/books/:id/cover", .account) { _, context, services in
            let data = try await library(context, services).uploadedCover(.id(try context.id("id")))
            return ImageAnswer.response(data)
        },
    ]

    /// The book as the API answers it, with its revision as the `ETag`.
    static func book(_ book: LibraryBook, context: APIContext, services: ServerServices, status: HTTPResponse.Status = .ok) throws -> Response {
        var response = try JSONBody.success(BookResource(book, now: services.now()), context: context, status: status)
        response.headers[.eTag] = "\"\(book.revision)\""
        return response
    }

    /// The revision `If-Match` names: nil without the header or for `*` (any revision); one of
    /// several listed is taken as the one the client read (an edit is refused unless it is current).
    static func ifMatch(_ request: Request) throws -> String? {
        guard let header = request.headers[.ifMatch]?.trimmingWhitespace(), !header.isEmpty, header != "*" else { return nil }
        let tags = header.split(separator: ",").map { tag -> String in
            var text = tag.trimmingWhitespace()
            if text.hasPrefix("W/") { text.removeFirst(2) }
            return text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        guard let first = tags.first, !first.isEmpty, first.count <= 64 else {
            throw APIError(.badRequest, code: "INVALID_HEADER", "If-Match is the book's ETag as GET /v1/books/{id} gave it", details: ["field": "If-Match"])
        }
        return first
    }

    private static func library(_ context: APIContext, _ services: ServerServices) throws -> LibraryService {
        services.library(try context.requireAccount()).library
    }
}
