import BooksTrackCore
import BooksTrackProviders
import BooksTrackServices
import Foundation
import Hummingbird

/// The reader's library under `/v1/books`: every route works on the signed-in account's books
/// only, and a book of another account answers 404 like one that does not exist.
enum BookRoutes {
    /// The most books one page lists.
    static let pageLimit = EntryQuery.pageLimit

    struct BookList: Codable, Sendable {
        var books: [BookResource]
        var total: Int
        var limit: Int
        var offset: Int
    }

    struct AddBook: Codable, Sendable {
        /// Added from the search: an ISBN, or words of the title and author (`pick`-th result).
        var isbn: String?
        var query: String?
        var pick: Int?
        /// Added by hand.
        var title: String?
        var subtitle: String?
        var authors: [String]?
        var pageCount: Int?
        var format: EditionFormat?
        var publisher: String?
        var language: String?
        var status: ReadingStatus?
        var owned: Bool?
        var tags: [String]?

        /// The members of an add from the search.
        static let searchMembers = ["isbn", "query", "pick"]
        /// The members of an add by hand that are not read as an edit's fields.
        static let manualMembers = ["title", "subtitle", "authors", "pageCount", "format", "publisher", "language", "status", "owned", "tags"]
    }

    struct StatusChange: Codable, Sendable { var status: ReadingStatus }
    struct Progress: Codable, Sendable {
        var page: Int?
        var percent: Double?
        /// Minutes listened, for an audiobook of known length.
        var minutes: Int?
    }
    struct Rating: Codable, Sendable { var rating: Double? }
    struct Review: Codable, Sendable {
        var text: String?
        var hasSpoilers: Bool?
    }
    struct Notes: Codable, Sendable { var text: String? }
    struct Tags: Codable, Sendable {
        var add: [String]?
        var remove: [String]?
    }
    struct Favorite: Codable, Sendable { var favorite: Bool }
    struct NewQuote: Codable, Sendable {
        var text: String
        var page: Int?
    }
    struct NewSession: Codable, Sendable {
        var minutes: Int
        var pages: Int
        var date: Date?
    }
    struct Acquire: Codable, Sendable { var status: ReadingStatus? }

    static let routes: [APIRoute] = [
        APIRoute(.get, "/v1/books", .account, query: ["status", "tag", "favorite", "owned", "sort", "order", "limit", "offset"]) { request, context, services in
            let query = try entryQuery(request)
            let key = BookPageCache.Key(user: try context.requireAccount().user.id, query: query)
            // Read before the page: a change committed while it is read leaves it kept as out of date.
            let commitCount = services.libraryCommitCount
            if let json = services.bookPages.page(key, commitCount: commitCount) {
                return try JSONBody.success(EncodedJSON(json), context: context, cached: true)
            }
            let page = try await library(context, services).page(query)
            let now = services.now()
            let json = try StreamingJSONEncoder().encode(
                BookList(books: page.books.map { BookResource($0, now: now) }, total: page.total, limit: query.limit ?? pageLimit,
                         offset: query.offset))
            services.bookPages.keep(json, for: key, commitCount: commitCount)
            return try JSONBody.success(EncodedJSON(json), context: context)
        },
        APIRoute(.post, "/v1/books", .account) { request, context, services in
            let bytes = try await JSONBody.bytes(of: request, limit: services.configuration.jsonBodyLimit)
            let body = try JSONBody.decode(AddBook.self, from: bytes)
            // Every other member is a field of the book, as an edit gives it.
            var members = try JSONBody.decode([String: MergePatchValue].self, from: bytes)
            for name in AddBook.searchMembers + AddBook.manualMembers { members[name] = nil }
            let details = try BookEdit(mergePatch: members)
            let library = try library(context, services)
            let book: LibraryBook
            if body.isbn != nil || body.query != nil {
                guard details.isEmpty else {
                    throw APIError.invalid(field: details.fields[0].rawValue, "a book added from the search takes its fields from the search; "
                                               + "add it, then PATCH /v1/books/{id}", code: "INVALID_INPUT")
                }
                book = try await services.search.add(
                    SearchQuestion(query: body.query, isbn: body.isbn), pick: body.pick ?? 1, status: body.status ?? .toRead,
                    owned: body.owned ?? false, tags: body.tags ?? [], to: library
                ).book
            } else if let title = body.title {
                book = try await library.add(ManualBook(
                    title: title, subtitle: body.subtitle, authors: body.authors ?? [], pageCount: body.pageCount, format: body.format,
                    publisher: body.publisher, language: body.language, status: body.status ?? .toRead, isOwned: body.owned ?? false,
                    tags: body.tags ?? []), details: details)
            } else {
                throw APIError.invalid(field: "title", "give an isbn, a query or a title", code: "MISSING_FIELD")
            }
            return try JSONBody.success(BookResource(book, now: services.now()), context: context, status: .created)
        },
        APIRoute(.get, "/v1/books/:id", .account) { _, context, services in
            let book = try await library(context, services).book(.id(try context.id("id")))
            return try BookEditRoutes.book(book, context: context, services: services)
        },
        APIRoute(.delete, "/v1/books/:id", .account) { _, context, services in
            let removed = try await library(context, services).remove(.id(try context.id("id")))
            return try JSONBody.success(BookResource(removed, now: services.now()), context: context)
        },
        change(.post, "status", StatusChange.self) { library, id, body in try await library.setStatus(.id(id), to: body.status) },
        change(.post, "progress", Progress.self) { library, id, body in
            switch (body.page, body.percent, body.minutes) {
            case (let page?, nil, nil): try await library.progress(.id(id), page: page)
            case (nil, let percent?, nil): try await library.progress(.id(id), percent: percent)
            case (nil, nil, let minutes?): try await library.progress(.id(id), minutes: minutes)
            default: throw APIError.invalid(field: "page", "give one of page, percent or minutes", code: "MISSING_FIELD")
            }
        },
        change(.put, "rating", Rating.self) { library, id, body in try await library.rate(.id(id), rating: body.rating) },
        change(.put, "review", Review.self) { library, id, body in
            try await library.review(.id(id), text: body.text, hasSpoilers: body.hasSpoilers ?? false)
        },
        change(.put, "notes", Notes.self) { library, id, body in try await library.note(.id(id), text: body.text) },
        change(.post, "notes", Notes.self) { library, id, body in
            guard let text = body.text else { throw APIError.invalid(field: "text", "text is required", code: "MISSING_FIELD") }
            return try await library.appendNote(.id(id), text: text)
        },
        change(.post, "tags", Tags.self) { library, id, body in
            var change: BookChange?
            if let add = body.add, !add.isEmpty { change = try await library.addTags(.id(id), add).0 }
            if let remove = body.remove, !remove.isEmpty { change = try await library.removeTags(.id(id), remove).0 }
            guard let change else { throw APIError.invalid(field: "add", "give tags to add or remove", code: "MISSING_FIELD") }
            return change
        },
        change(.put, "favorite", Favorite.self) { library, id, body in try await library.favorite(.id(id), body.favorite) },
        change(.post, "quotes", NewQuote.self) { library, id, body in try await library.addQuote(.id(id), text: body.text, page: body.page).0 },
        change(.post, "sessions", NewSession.self) { library, id, body in
            try await library.addSession(.id(id), minutes: body.minutes, pages: body.pages, date: body.date).0
        },
        APIRoute(.post, "/v1/books/:id/acquire", .account) { request, context, services in
            let body = try await JSONBody.decode(Acquire.self, from: request, limit: services.configuration.jsonBodyLimit)
            let book = try await library(context, services).acquire(.id(try context.id("id")), copy: nil, status: body.status ?? .toRead)
            return try JSONBody.success(BookResource(book, now: services.now()), context: context)
        },
        APIRoute(.delete, "/v1/books/:id/quotes/:quoteID", .account) { _, context, services in
            let quoteID: Identifier<Quote> = try context.id("quoteID")
            let change = try await library(context, services).removeQuote(.id(try context.id("id")), quoteID: quoteID.description).0
            return try JSONBody.success(BookResource(change.book, now: services.now()), context: context)
        },
    ]

    /// A route that changes one book with a JSON body and answers the book as it is afterwards.
    private static func change<Body: Decodable & Sendable>(
        _ method: HTTPRequest.Method, _ name: String, _: Body.Type,
        _ use: @escaping @Sendable (LibraryService, LibraryEntry.ID, Body) async throws -> BookChange
    ) -> APIRoute {
        APIRoute(method, "/v1/books/:id/\(name)", .account) { request, context, services in
            let body = try await JSONBody.decode(Body.self, from: request, limit: services.configuration.jsonBodyLimit)
            let change = try await use(try library(context, services), try context.id("id"), body)
            return try JSONBody.success(BookResource(change.book, now: services.now()), context: context)
        }
    }

    private static func library(_ context: APIContext, _ services: ServerServices) throws -> LibraryService {
        services.library(try context.requireAccount()).library
    }

    /// The list's filters, order and page from the query string, each checked (as the web app's
    /// library page reads them).
    static func entryQuery(_ request: Request) throws -> EntryQuery {
        try EntryQuery(parsing: { request.query($0) }, defaultLimit: 50)
    }
}
