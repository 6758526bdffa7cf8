import BooksTrackCore
import BooksTrackImport
import BooksTrackReports
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// The rest of a reader's library: authors, goals, insights, page photos and exports.
enum LibraryRoutes {
    struct AuthorUpdate: Codable, Sendable {
        var gender: AuthorGender?
        var culturalRegion: CulturalRegion?
        /// ISO 3166 alpha-2; "" clears it.
        var nationality: String?
        var marginalized: AuthorDescription.Answer?
    }

    /// `POST /v1/authors/{id}/merge`: the author the merged one becomes.
    struct AuthorMerge: Codable, Sendable { var into: String }

    /// An author with the reader's books by them.
    struct AuthorPageJSON: Codable, Sendable {
        var author: AuthorResource
        var books: [BookResource]

        init(_ page: AuthorPage, now: Date) {
            author = AuthorResource(page.author, bookCount: page.books.count)
            books = page.books.map { BookResource($0, now: now) }
        }
    }

    struct GoalUpdate: Codable, Sendable {
        var year: Int?
        var books: Int?
        var pages: Int?
        /// Books toward the cultural goal.
        var cultural: Int?
    }

    struct Removed: Codable, Sendable { var removed: Int }

    static let routes: [APIRoute] = [
        APIRoute(.get, "/v1/authors", .account) { _, context, services in
            let authors = try await user(context, services).library.authorsWithBookCounts()
            return try JSONBody.success(authors.map { AuthorResource($0.author, bookCount: $0.books) }, context: context)
        },
        APIRoute(.get, "/v1/authors/:id", .account) { _, context, services in
            let page = try await user(context, services).library.authorPage(try context.id("id"))
            return try JSONBody.success(AuthorPageJSON(page, now: services.now()), context: context)
        },
        APIRoute(.put, "/v1/authors/:id", .account) { request, context, services in
            let body = try await JSONBody.decode(AuthorUpdate.self, from: request, limit: services.configuration.jsonBodyLimit)
            let description = AuthorDescription(
                gender: body.gender, culturalRegion: body.culturalRegion, nationality: body.nationality, marginalized: body.marginalized)
            let library = try user(context, services)
            let author = try await library.authors.describe(id: try context.id("id"), description)
            return try JSONBody.success(AuthorResource(author, bookCount: try await library.library.bookCount(ofAuthor: author.id)),
                                        context: context)
        },
        APIRoute(.patch, "/v1/authors/:id", .account) { request, context, services in
            let members = try await JSONBody.decode([String: MergePatchValue].self, from: request, limit: services.configuration.jsonBodyLimit)
            let edit = try AuthorEdit(mergePatch: members)
            let library = try user(context, services).library
            let author = try await library.editAuthor(try context.id("id"), edit)
            return try JSONBody.success(AuthorResource(author, bookCount: try await library.bookCount(ofAuthor: author.id)), context: context)
        },
        APIRoute(.post, "/v1/authors/:id/merge", .account) { request, context, services in
            let body = try await JSONBody.decode(AuthorMerge.self, from: request, limit: services.configuration.jsonBodyLimit)
            guard let target = Author.ID(uuidString: body.into) else {
                throw APIError.invalid(field: "into", "into is the ID of the author to keep (GET /v1/authors lists them)")
            }
            let page = try await user(context, services).library.mergeAuthor(try context.id("id"), into: target)
            return try JSONBody.success(AuthorPageJSON(page, now: services.now()), context: context)
        },
        APIRoute(.get, "/v1/insights", .account, query: ["year"]) { request, context, services in
            try JSONBody.success(try await user(context, services).goals.insights(year: try year(request)), context: context)
        },
        APIRoute(.get, "/v1/insights/report", .account, query: ["year"]) { request, context, services in
            let year = try year(request)
            let insights = try await user(context, services).goals.insights(year: year)
            let page = InsightsHTMLReport.render(insights, title: year.map { "Reading in \($0)" } ?? "Reading, all time", generatedAt: services.now())
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: page)))
        },
        APIRoute(.get, "/v1/goal", .account, query: ["year"]) { request, context, services in
            try JSONBody.success(try await user(context, services).goals.goalProgress(year: try year(request)), context: context)
        },
        APIRoute(.put, "/v1/goal", .account) { request, context, services in
            let body = try await JSONBody.decode(GoalUpdate.self, from: request, limit: services.configuration.jsonBodyLimit)
            let goal = try await user(context, services).goals.setGoal(year: body.year, books: body.books, pages: body.pages, cultural: body.cultural)
            return try JSONBody.success(goal, context: context)
        },
        APIRoute(.delete, "/v1/goal", .account, query: ["year"]) { request, context, services in
            try JSONBody.success(Removed(removed: try await user(context, services).goals.removeGoal(year: try year(request))), context: context)
        },
        APIRoute(.get, "/v1/books/:id/photos", .account) { _, context, services in
            let photos = try await user(context, services).library.photos(.id(try context.id("id"))).1
            return try JSONBody.success(photos, context: context)
        },
        APIRoute(.post, "/v1/books/:id/photos", .account, query: ["page", "caption", "keepOriginal"], takesUpload: true) { request, context, services in
            let data: ByteBuffer
            do {
                data = try await request.body.collect(upTo: PagePhoto.byteLimit)
            } catch {
                throw APIError(.contentTooLarge, code: "IMAGE_TOO_LARGE", "a page photo is at most \(ByteCountText.megabytes(PagePhoto.byteLimit))",
                               details: ["limit": "\(PagePhoto.byteLimit)"])
            }
            let page = try request.query("page").map { text in
                guard let page = Int(text), Bounds.page.contains(page) else {
                    throw APIError.invalid(field: "page", "page is a whole number from \(Bounds.page.lowerBound) to \(Bounds.page.upperBound)", code: "OUT_OF_RANGE")
                }
                return page
            }
            let (_, photo) = try await user(context, services).library.addPhoto(
                .id(try context.id("id")), data: Data(data.readableBytesView), page: page, caption: request.query("caption"),
                keepOriginal: try request.flag("keepOriginal") ?? false)
            return try JSONBody.success(photo, context: context, status: .created)
        },
        APIRoute(.get, "/v1/photos/:id", .account, query: ["size"]) { request, context, services in
            let library = try user(context, services).library
            let data: Data
            switch request.query("size") {
            case nil, "full": data = try await library.photoData(try context.id("id"))
            case "thumbnail": data = try await library.photoThumbnail(try context.id("id"))
            case "original": data = try await library.photoOriginal(try context.id("id"))
            default: throw APIError.invalid(field: "size", "size is full, thumbnail or original")
            }
            // A kept original may be WebP or HEIC.
            return ImageAnswer.response(data)
        },
        APIRoute(.get, "/v1/export", .account, query: ["format"]) { request, context, services in
            let format = request.query("format") ?? "json"
            guard format == "json" || format == "goodreads" else {
                throw APIError.invalid(field: "format", "format is json or goodreads")
            }
            let imports = try user(context, services).imports
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("bookstrack-export-\(UUID().uuidString)")
            do {
                if format == "json" {
                    _ = try await imports.exportJSON(to: file, includePhotos: false)
                } else {
                    _ = try await imports.exportGoodreadsCSV(to: file)
                }
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            let name = format == "json" ? "bookstrack-library.json" : "goodreads_library_export.csv"
            return Response(
                status: .ok,
                headers: [.contentType: format == "json" ? "application/json" : "text/csv; charset=utf-8",
                          .contentDisposition: "attachment; filename=\"\(name)\""],
                body: FileStream.body(of: file, removingAfterwards: true))
        },
    ]

    private static func user(_ context: APIContext, _ services: ServerServices) throws -> UserLibrary {
        services.library(try context.requireAccount())
    }

    private static func year(_ request: Request) throws -> Int? {
        guard let text = request.query("year") else { return nil }
        guard let year = Int(text), Bounds.calendarYear.contains(year) else {
            throw APIError.invalid(field: "year", "year is from \(Bounds.calendarYear.lowerBound) to \(Bounds.calendarYear.upperBound)", code: "OUT_OF_RANGE")
        }
        return year
    }
}

/// A file sent in chunks of 64 KB, so a large export never sits whole in memory.
enum FileStream {
    static func body(of file: URL, removingAfterwards: Bool) -> ResponseBody {
        ResponseBody { writer in
            defer { if removingAfterwards { try? FileManager.default.removeItem(at: file) } }
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
    }
}
