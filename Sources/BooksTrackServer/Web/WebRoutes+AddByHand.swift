import BooksTrackCore
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// Adding a book by hand, for one the search does not find: the search's words are the form's
/// title, or its ISBN when they are one. The fields are read by the same parser as the Edit page's
/// (`BookEdit.set(_:text:)`), then given to the one use case of adding by hand.
extension WebRoutes {
    func addByHand(to router: Router<APIContext>) {
        router.get("/books/new") { request, context in
            await page(request, context) { web in
                let query = Self.searchWords(request)
                var typed: [BookField: String] = [:]
                var errors: [String: String] = [:]
                if ISBN(query) != nil {
                    typed[.isbns] = query
                } else if let mistake = Self.isbnMistake(query) {
                    typed[.isbns] = query
                    errors[BookField.isbns.rawValue] = mistake
                } else {
                    typed[.title] = query
                }
                return addByHandPage(request, web, query: query, typed: typed, errors: errors)
            }
        }
        router.post("/books/new") { request, context in
            await form(request, context) { web, form in try await addByHand(request, web, form) }
        }
    }

    /// Where "Add it by hand" leads from a search for `query`.
    static func addByHandPath(_ query: String) -> String {
        let words = query.trimmingWhitespace()
        guard !words.isEmpty, let encoded = words.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return "/books/new" }
        return "/books/new?q=" + encoded
    }

    /// What is wrong with `text` when it is an ISBN with a wrong check digit (a mistyped digit),
    /// said for the reader; nil for a valid ISBN and for text that is no ISBN at all.
    static func isbnMistake(_ text: String) -> String? {
        do {
            _ = try ISBN(parsing: text)
            return nil
        } catch {
            guard case .badCheckDigit = error else { return nil }
            return "ISBN \(text.trimmingWhitespace().prefix(40)): \(error). Check the number on the book, or leave it out."
        }
    }

    /// The words the reader searched for, as the search page read them.
    private static func searchWords(_ request: Request) -> String {
        String((WebForm.queryValue(request, "q") ?? "").prefix(SearchService.queryLimit)).trimmingWhitespace()
    }

    /// The fields of the form, in order: what adding by hand takes.
    private static let addLayout: [FieldSpec] = [
        FieldSpec(.title, "Title"),
        FieldSpec(.subtitle, "Subtitle"),
        FieldSpec(
            .authors, "Authors", .textarea, hint: "One per line, the main author first. Left empty, the book is by “\(unknownAuthor)”."),
        FieldSpec(.isbns, "ISBN", hint: "10 or 13 digits, hyphens allowed."),
        FieldSpec(.pageCount, "Pages", .numeric),
        FieldSpec(.format, "Format", .select),
        FieldSpec(.publisher, "Publisher"),
        FieldSpec(.publicationDate, "Published", hint: "A year, a month or a day: 1969, 1969-03 or 1969-03-01."),
        FieldSpec(.language, "Language", hint: "A language tag like en, fr or pt-BR."),
        FieldSpec(.status, "Add as", .select),
        FieldSpec(.owned, "I own a copy", .checkbox),
        FieldSpec(.tags, "Tags", hint: "Separated by commas."),
    ]

    /// The author of a book added without one.
    static let unknownAuthor = "Unknown author"

    func addByHandPage(
        _ request: Request, _ web: WebSession, query: String, typed: [BookField: String], errors: [String: String],
        held: HeldBook? = nil, failure: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let fields = Self.addLayout.map { spec in
            Self.editField(
                spec, value: typed[spec.field] ?? (spec.field == .status ? ReadingStatus.toRead.rawValue : ""),
                error: errors[spec.field.rawValue], unsaved: nil)
        }
        return pages.render(
            "add",
            AddByHandPage(
                frame: WebViews.frame("Add a book by hand", tab: "/search", theme: theme(request), session: web, failure: failure),
                query: query,
                searchLink: query.isEmpty
                    ? "/search" : "/search?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                fields: fields, held: held), status: status)
    }

    private func addByHand(_ request: Request, _ web: WebSession, _ form: WebForm) async throws -> Response {
        let query = form["q"] ?? ""
        var typed: [BookField: String] = [:]
        for spec in Self.addLayout {
            typed[spec.field] = spec.field == .owned ? (form.raw("owned") == nil ? "no" : "yes") : form.raw(spec.field.rawValue) ?? ""
        }
        var details = BookEdit()
        var errors: [String: String] = [:]
        var isbns: [ISBN] = []
        for spec in Self.addLayout {
            let text = BookFieldText.comparable(typed[spec.field] ?? "")
            switch spec.field {
            case .title where text.isEmpty:
                errors[spec.field.rawValue] = "Write the title."
            case .isbns where !text.isEmpty:
                do {
                    isbns = [try ISBN(parsing: text)]
                } catch {
                    errors[spec.field.rawValue] = "ISBN \(text.prefix(40)): \(error). Check the number on the book, or leave it out."
                }
            case _ where text.isEmpty:
                continue
            default:
                do {
                    try details.set(spec.field, text: text)
                } catch {
                    errors[spec.field.rawValue] = Self.message(error)
                }
            }
        }
        let people = details.people?.replacement ?? []
        if let other = people.first(where: { $0.role != "author" }) {
            errors[BookField.authors.rawValue] =
                "Only authors here: add “\(other.label)” on the book's Edit page once it is in your library."
        }
        let refused = { (errors: [String: String], held: HeldBook?, failure: String, status: HTTPResponse.Status) in
            addByHandPage(request, web, query: query, typed: typed, errors: errors, held: held, failure: failure, status: status)
        }
        guard errors.isEmpty, let title = details.title else {
            return refused(errors, nil, "The book was not added: see the message next to each field.", .unprocessableContent)
        }
        let manual = ManualBook(
            title: title, subtitle: details.subtitle?.value, authors: people.isEmpty ? [Self.unknownAuthor] : people.map(\.name),
            isbns: isbns, pageCount: details.pageCount?.value, format: details.format?.value, publisher: details.publisher?.value,
            publicationDate: details.publicationDate?.value, language: details.language?.value, status: details.status ?? .toRead,
            isOwned: details.owned ?? false, tags: details.tags?.replacement ?? [])
        let book: LibraryBook
        do {
            book = try await services.library(web.account).library.add(manual)
        } catch AddBookError.alreadyInLibrary(let id, let heldTitle, let reason) {
            let held = HeldBook(title: heldTitle, href: "/books/\(id.description)", reason: reason)
            return refused([:], held, "The book was not added: your library has it already.", .conflict)
        } catch let error as LibraryError {
            let field: BookField? =
                switch error {
                case .invalid(let problem): BookField(rawValue: problem.field)
                case .wishlistCannotBeOwned: .owned
                default: nil
                }
            guard let field else { return refused([:], nil, "The book was not added: " + Self.message(error), .unprocessableContent) }
            return refused(
                [field.rawValue: Self.message(error)], nil, "The book was not added: see the message next to the field.",
                .unprocessableContent)
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return refused([:], nil, "The book was not added: " + Self.sentence(refusal.error.message), refusal.status)
        }
        return WebPages.redirect("/books/\(book.entry.id.description)?added=1")
    }
}
