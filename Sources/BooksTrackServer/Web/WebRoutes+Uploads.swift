import BooksTrackCore
import Foundation
import Hummingbird

/// Forms that send a file (`multipart/form-data`): an import and a page photo.
extension WebRoutes {
    /// A file larger than the form takes: the caller says so next to the file field.
    struct UploadTooLarge: Error {}

    /// Reads a signed-in page's upload form up to `limit` bytes of file, and checks its CSRF
    /// token (the first field) before anything of it is used.
    func uploadForm(_ request: Request, _ web: WebSession, limit: Int) async throws -> MultipartForm {
        guard let boundary = MultipartForm.boundary(contentType: request.headers[.contentType]) else {
            throw WebError(.badRequest, "Send the file with the form on its page.")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit + 64 * 1024)
        } catch {
            throw UploadTooLarge()
        }
        let form: MultipartForm
        do {
            form = try MultipartForm(Array(body.readableBytesView), boundary: boundary)
        } catch let malformed as MultipartForm.Malformed {
            throw WebError(.badRequest, "The form could not be read: \(malformed.description).")
        }
        try WebForm.checkCSRF(form.field("csrf"), session: web, services: services)
        return form
    }

    /// A page photo from the book page's form (the phone's camera or a file), shown on the page.
    func addPhoto(_ request: Request, _ context: APIContext, _ web: WebSession) async throws -> Response {
        let id: LibraryEntry.ID = try context.id("id")
        let library = services.library(web.account).library
        let failed = { (message: String, status: HTTPResponse.Status) in
            try await bookPage(id, request, web, state: FormState(errors: ["photo": message]), status: status)
        }
        let form: MultipartForm
        do {
            form = try await uploadForm(request, web, limit: PagePhoto.byteLimit)
        } catch is UploadTooLarge {
            return try await failed("The photo is larger than \(PagePhoto.byteLimit / 1_048_576) MB.", .contentTooLarge)
        }
        guard let file = form.part("photo"), !file.body.isEmpty else { return try await failed("Choose a photo or take one.", .badRequest) }
        var page: Int?
        if let text = form.field("page") {
            guard let number = Int(text), Bounds.page.contains(number) else {
                return try await failed("The page is a whole number from \(Bounds.text(Bounds.page)).", .badRequest)
            }
            page = number
        }
        do {
            _ = try await library.addPhoto(.id(id), data: Data(file.body), page: page, caption: form.field("caption"),
                                           keepOriginal: form.field("keepOriginal") == "on")
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await failed(Self.sentence(refusal.error.message), refusal.status)
        }
        return WebPages.redirect("/books/\(id.description)#photos")
    }

    /// A photo of a back cover: its ISBN barcode read on the server, then the search for that
    /// ISBN (its results say whether the book is already in the library and add it in one tap).
    func readBarcode(_ request: Request, _ web: WebSession) async throws -> Response {
        let limits = ImageLimits()
        let failed = { (message: String, status: HTTPResponse.Status) in
            try await searchPage(request, web, photoError: message, status: status)
        }
        let form: MultipartForm
        do {
            form = try await uploadForm(request, web, limit: limits.maxBytes)
        } catch is UploadTooLarge {
            return try await failed("The photo is larger than \(limits.maxBytes / 1_048_576) MB.", .contentTooLarge)
        }
        guard let file = form.part("photo"), !file.body.isEmpty else { return try await failed("Choose a photo or take one.", .badRequest) }
        let isbn: ISBN
        do {
            isbn = try await services.barcodes.isbn(inPhoto: Data(file.body))
        } catch let error as ImageError {
            return try await failed(Self.sentence(error.description), error == .notAnImage ? .unsupportedMediaType : .unprocessableContent)
        } catch let error as BarcodeError {
            return try await failed(Self.sentence(error.description), .unprocessableContent)
        }
        return WebPages.redirect("/search?q=\(isbn.isbn13)&scanned=1")
    }
}
