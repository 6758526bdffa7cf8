import BooksTrackCore
import BooksTrackServices
import Foundation
import HTTPTypes
import Hummingbird

/// A book's Edit page: one form with every field of the book (`BookField`), then its cover and its
/// editions. Each form calls one use case of the library's editing, then goes on to the book (or
/// back to this page), or shows this page again with the error next to its field and what was
/// typed kept.
extension WebRoutes {
    /// The most bytes the Edit page's form may send: every long text at its limit, in a script
    /// whose letters take several bytes each, percent-encoded.
    static let editFormLimit = 512 * 1024

    func addEdit(to router: Router<APIContext>) {
        router.get("/books/:id/edit") { request, context in
            await page(request, context) { web in
                try await editPage(try context.id("id"), request, web, state: EditState(notice: Self.editNotice(request)))
            }
        }
        router.post("/books/:id/edit") { request, context in
            await handle(request, context) {
                guard let web = webSession(request, context) else { return WebPages.redirect("/signin") }
                return try await saveEdit(try context.id("id"), request, web)
            }
        }
        router.get("/books/:id/cover") { request, context in
            await page(request, context) { web in
                let data = try await services.library(web.account).library.uploadedCover(.id(try context.id("id")))
                // The address changes with the cover (`WebViews.coverPath`), so a day's keeping is safe.
                return ImageAnswer.response(data, cacheControl: "private, max-age=86400")
            }
        }
        router.post("/books/:id/cover") { request, context in
            await handle(request, context) {
                guard let web = webSession(request, context) else { return WebPages.redirect("/signin") }
                return try await uploadCover(try context.id("id"), request, web)
            }
        }
        router.post("/books/:id/cover/choose") { request, context in
            await form(request, context) { web, form in
                try await changeCover(try context.id("id"), to: form["url"] ?? "", request, web)
            }
        }
        router.post("/books/:id/cover/remove") { request, context in
            await form(request, context) { web, _ in
                try await changeCover(try context.id("id"), to: "", request, web)
            }
        }
        router.post("/books/:id/editions") { request, context in
            await form(request, context) { web, form in try await addEdition(try context.id("id"), form, request, web) }
        }
        router.post("/books/:id/editions/:edition/mine") { request, context in
            await form(request, context) { web, _ in
                let id: LibraryEntry.ID = try context.id("id")
                _ = try await services.library(web.account).library.chooseEdition(.id(id), editionID: try context.id("edition"))
                return WebPages.redirect("/books/\(id.description)/edit?done=mine#editions")
            }
        }
        router.post("/books/:id/editions/:edition/remove") { request, context in
            await form(request, context) { web, _ in
                let id: LibraryEntry.ID = try context.id("id")
                _ = try await services.library(web.account).library.removeEdition(.id(id), editionID: try context.id("edition"))
                return WebPages.redirect("/books/\(id.description)/edit?done=removed#editions")
            }
        }
    }

    /// What a failed or refused form sends back into the Edit page.
    struct EditState {
        /// Texts shown instead of the book's.
        var typed: [BookField: String] = [:]
        /// Messages by field name; "cover" and "edition" for the forms below the main one.
        var errors: [String: String] = [:]
        /// The revision and fingerprints the reader's form carried, kept so that sending it again
        /// still compares with what was first shown.
        var revision: String?
        var fingerprints: String?
        /// The book changed in another window: `typed` holds the reader's changes, not saved.
        var changedElsewhere = false
        var notice: String?
        var failure: String?
        var newEdition: [String: String] = [:]
    }

    private static func editNotice(_ request: Request) -> String? {
        switch request.uri.queryParameters.get("done") {
        case "cover": "The cover is saved."
        case "cover-removed": "The cover is removed."
        case "edition": "The edition is added."
        case "mine": "That edition is now yours."
        case "removed": "The edition is removed."
        default: nil
        }
    }

    // MARK: The page

    func editPage(
        _ id: LibraryEntry.ID, _ request: Request, _ web: WebSession, state: EditState = .init(),
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (book, editions, _) = try await services.library(web.account).library.details(.id(id))
        let card = WebViews.card(book, now: services.now(), covers: !services.covers.isOffline)
        let groups = Self.editLayout.map { group in
            EditGroup(
                id: group.id, legend: group.legend, note: group.note,
                fields: group.fields.map { spec in
                    var unsaved: String?
                    if state.changedElsewhere, state.typed[spec.field] != nil {
                        let now = BookFieldText.text(spec.field, of: book)
                        unsaved =
                            "Your change, not saved yet. Now: "
                            + (now.isEmpty ? "empty" : String(now.prefix(200)) + (now.count > 200 ? "…" : ""))
                    }
                    return Self.editField(
                        spec, value: state.typed[spec.field] ?? BookFieldText.text(spec.field, of: book),
                        error: state.errors[spec.field.rawValue], unsaved: unsaved)
                })
        }
        let shownCover = book.edition?.coverImageURL
        var seen = Set<URL>()
        let choices = editions.compactMap { edition -> CoverChoice? in
            guard let url = edition.coverImageURL, !edition.hasUploadedCover, url.scheme == "https", url != shownCover,
                seen.insert(url).inserted
            else { return nil }
            return CoverChoice(
                url: url.absoluteString, image: services.covers.isOffline ? nil : WebViews.coverPath(url.absoluteString),
                label: "The cover of " + Self.editionText(edition))
        }
        let rows = editions.map { edition in
            EditionRow(
                text: Self.editionText(edition), mineAction: "/books/\(id.description)/editions/\(edition.id.description)/mine",
                removeAction: "/books/\(id.description)/editions/\(edition.id.description)/remove",
                mine: book.entry.editionID == edition.id, shown: book.edition?.id == edition.id)
        }
        let typedFormat = state.newEdition["format"] ?? ""
        return pages.render(
            "edit",
            EditPage(
                frame: WebViews.frame(
                    "Edit \(book.work.title)", tab: "/library", theme: theme(request), session: web, notice: state.notice,
                    failure: state.failure),
                id: id.description, title: book.work.title, authors: book.authorNames, cover: card.cover, spine: card.spine,
                revision: state.revision ?? book.revision, fingerprints: state.fingerprints ?? BookFieldText.fingerprints(of: book),
                groups: groups, changedElsewhere: state.changedElsewhere,
                uploadedCover: book.edition?.hasUploadedCover == true, removableCover: shownCover != nil,
                coverError: state.errors["cover"], coverLimit: "\(PagePhoto.byteLimit / 1_048_576) MB", coverChoices: choices,
                editions: rows, editionError: state.errors["edition"],
                newEdition: NewEditionForm(
                    isbns: state.newEdition["isbns"] ?? "", pageCount: state.newEdition["pageCount"] ?? "",
                    publisher: state.newEdition["publisher"] ?? "",
                    formats: [WebViews.Option(value: "", label: "Not given", selected: typedFormat.isEmpty)]
                        + EditionFormat.allCases.map {
                            WebViews.Option(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == typedFormat)
                        },
                    mine: state.newEdition["mine"] != nil)),
            status: status)
    }

    /// An edition in a few words: "Paperback · Harvest · 2002 · 204 pages · ISBN 9780156027601".
    static func editionText(_ edition: Edition) -> String {
        let parts = [
            edition.editionTitle, edition.format == .other ? nil : edition.format.displayName, edition.publisher,
            edition.publicationDate?.description, edition.pageCount.map { "\(NumberText.grouped($0)) pages" },
            edition.language, edition.primaryISBN.map { "ISBN \($0.isbn13)" },
        ]
        let text = parts.compactMap { $0 }.joined(separator: " · ")
        return text.isEmpty ? "An edition without details" : text
    }

    // MARK: Saving the form

    /// A form larger than `editFormLimit`: nothing of it is read.
    private struct EditFormTooLarge: Error {}

    private func editForm(_ request: Request, _ web: WebSession) async throws -> WebForm {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.editFormLimit)
        } catch {
            throw EditFormTooLarge()
        }
        let form = WebForm(values: WebForm.parse(String(decoding: buffer.readableBytesView, as: UTF8.self)))
        try WebForm.checkCSRF(form.raw("csrf"), session: web, services: services)
        return form
    }

    /// Reads the form, gives the fields whose text differs from the one shown to one edit, and
    /// saves it if the book is still as the form showed it.
    func saveEdit(_ id: LibraryEntry.ID, _ request: Request, _ web: WebSession) async throws -> Response {
        let library = services.library(web.account).library
        let form: WebForm
        do {
            form = try await editForm(request, web)
        } catch is EditFormTooLarge {
            let failure =
                "Nothing was saved: the form sent more than \(Self.editFormLimit / 1024) KB. The longest texts a book keeps are "
                + "a review of \(NumberText.grouped(LibraryEntry.reviewLimit)) characters and a description of "
                + "\(NumberText.grouped(Work.descriptionLimit))."
            return try await editPage(id, request, web, state: EditState(failure: failure), status: .contentTooLarge)
        }
        let book = try await library.book(.id(id))
        let given = form.raw("fingerprints").map(BookFieldText.fingerprints(reading:)) ?? [:]
        // A form without fingerprints (sent by a script) is compared with the book as it is.
        let shown = given.isEmpty ? BookFieldText.fingerprints(reading: BookFieldText.fingerprints(of: book)) : given
        var sent: [BookField: String] = [:]
        for field in BookField.allCases where shown[field] != nil {
            if BookFieldText.checkboxes.contains(field) {
                sent[field] = form.raw(field.rawValue) ?? BookFieldText.flag(false)
            } else if let text = form.raw(field.rawValue) {
                sent[field] = text
            }
        }
        let changed = sent.filter { BookFieldText.fingerprint($0.value) != shown[$0.key] }
        guard !changed.isEmpty else { return WebPages.redirect("/books/\(id.description)") }
        let revision = form["revision"]
        if let revision, revision != book.revision {
            return try await changedElsewhere(id, request, web, changed: changed)
        }

        var edit = BookEdit()
        var errors: [String: String] = [:]
        for field in BookField.allCases {
            guard let text = changed[field] else { continue }
            do {
                try edit.set(field, text: text)
            } catch {
                errors[field.rawValue] = Self.message(error)
            }
        }
        let refused = { (errors: [String: String], failure: String, status: HTTPResponse.Status) in
            try await editPage(
                id, request, web,
                state: EditState(
                    typed: sent, errors: errors, revision: revision,
                    fingerprints: form.raw("fingerprints"), failure: failure), status: status)
        }
        guard errors.isEmpty else {
            return try await refused(errors, "Nothing was saved: see the message next to each field.", .unprocessableContent)
        }
        do {
            _ = try await library.edit(.id(id), edit, ifMatch: revision)
        } catch EditError.changedSinceRead {
            return try await changedElsewhere(id, request, web, changed: changed)
        } catch EditError.isbnHeldByAnotherBook(let isbn, let title) {
            return try await refused(
                ["isbns": "ISBN \(isbn.isbn13) belongs to another book of your library, “\(title)”."],
                "Nothing was saved: see the message next to the field.", .conflict)
        } catch let error as LibraryError {
            guard let field = Self.field(of: error) else {
                return try await refused([:], "Nothing was saved: " + Self.message(error), .unprocessableContent)
            }
            return try await refused(
                [field.rawValue: Self.message(error)], "Nothing was saved: see the message next to the field.",
                .unprocessableContent)
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await refused([:], "Nothing was saved: " + Self.sentence(refusal.error.message), refusal.status)
        }
        return WebPages.redirect("/books/\(id.description)?edited=1")
    }

    /// The form again with the book as it is now, the reader's changes kept in their fields and
    /// marked, and a message saying why nothing was saved.
    private func changedElsewhere(
        _ id: LibraryEntry.ID, _ request: Request, _ web: WebSession,
        changed: [BookField: String]
    ) async throws -> Response {
        let failure =
            "Nothing was saved: this book was changed in another window or on another device since this form was opened. "
            + "The form now shows it as it is, with your changes kept in the fields marked “not saved yet”: check them and save again."
        return try await editPage(
            id, request, web, state: EditState(typed: changed, changedElsewhere: true, failure: failure),
            status: .conflict)
    }

    /// The field a refusal of the edit is about, when it is about one.
    private static func field(of error: LibraryError) -> BookField? {
        switch error {
        case .invalid(let problem): BookField(rawValue: problem.field)
        case .wishlistCannotBeOwned: .owned
        case .pageBeyondLastPage: .pageCount
        case .statusChangeNotAllowed, .notOnWishlist: .status
        default: nil
        }
    }

    /// A refusal as a sentence shown next to its field (which the field's label already names).
    static func message(_ error: LibraryError) -> String {
        guard case .invalid(let problem) = error else { return sentence(error.description) }
        switch problem {
        case .empty:
            return "This cannot be empty."
        case .tooLong(_, let limit, let length):
            return "This is \(NumberText.grouped(length)) characters long; at most \(NumberText.grouped(limit)) are kept. Shorten it."
        case .outOfRange(_, let value, let allowed), .notValid(_, let value, let allowed):
            return value.isEmpty ? sentence(allowed) : "“\(value)” cannot be used here: write \(allowed)."
        case .notPrintable:
            return sentence(problem.description)
        }
    }

    // MARK: The cover

    /// A cover image from the page's upload form, kept in the library.
    func uploadCover(_ id: LibraryEntry.ID, _ request: Request, _ web: WebSession) async throws -> Response {
        let failed = { (message: String, status: HTTPResponse.Status) in
            try await editPage(
                id, request, web,
                state: EditState(
                    errors: ["cover": message],
                    failure: "The cover was not changed: see the message next to it."), status: status)
        }
        let form: MultipartForm
        do {
            form = try await uploadForm(request, web, limit: PagePhoto.byteLimit)
        } catch is UploadTooLarge {
            return try await failed("The image is larger than \(PagePhoto.byteLimit / 1_048_576) MB.", .contentTooLarge)
        }
        guard let file = form.part("cover"), !file.body.isEmpty else { return try await failed("Choose an image.", .badRequest) }
        do {
            _ = try await services.library(web.account).library.uploadCover(.id(id), data: Data(file.body))
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await failed(Self.sentence(refusal.error.message), refusal.status)
        }
        return WebPages.redirect("/books/\(id.description)/edit?done=cover#cover")
    }

    /// Takes another edition's cover address as the book's, or removes the cover (empty `text`).
    private func changeCover(_ id: LibraryEntry.ID, to text: String, _ request: Request, _ web: WebSession) async throws -> Response {
        var edit = BookEdit()
        do {
            try edit.set(.coverImageURL, text: text)
            _ = try await services.library(web.account).library.edit(.id(id), edit)
        } catch let error as LibraryError {
            return try await editPage(
                id, request, web,
                state: EditState(
                    errors: ["cover": Self.message(error)],
                    failure: "The cover was not changed: see the message next to it."),
                status: .unprocessableContent)
        }
        return WebPages.redirect("/books/\(id.description)/edit?done=\(text.isEmpty ? "cover-removed" : "cover")#cover")
    }

    // MARK: Editions

    /// An edition typed in the page's small form, added to the book's work.
    private func addEdition(_ id: LibraryEntry.ID, _ form: WebForm, _ request: Request, _ web: WebSession) async throws -> Response {
        let names: [(BookField, String)] = [(.isbns, "isbns"), (.pageCount, "pageCount"), (.format, "format"), (.publisher, "publisher")]
        var typed: [String: String] = [:]
        for (_, name) in names { typed[name] = form[name] ?? "" }
        if form["mine"] != nil { typed["mine"] = "yes" }
        let failed = { (message: String, status: HTTPResponse.Status) in
            try await editPage(
                id, request, web,
                state: EditState(
                    errors: ["edition": message],
                    failure: "The edition was not added: see the message next to it.",
                    newEdition: typed), status: status)
        }
        var details = BookEdit()
        do {
            for (field, name) in names {
                guard let text = form[name] else { continue }
                try details.set(field, text: text)
            }
        } catch {
            return try await failed(Self.message(error), .unprocessableContent)
        }
        guard !details.isEmpty else {
            return try await failed("Give at least an ISBN, a page count, a format or a publisher.", .badRequest)
        }
        do {
            let library = services.library(web.account).library
            let isbns = details.isbns?.replacement ?? []
            let onlyAnISBN = isbns.count == 1 && details.pageCount?.value == nil && details.format?.value == nil
                && details.publisher?.value == nil
            // An ISBN alone is looked up first: the edition found comes with its details. One no
            // source knows is added as typed.
            if onlyAnISBN {
                do {
                    _ = try await services.search.addEdition(isbn: isbns[0], to: .id(id), choose: form["mine"] != nil, library: library)
                    return WebPages.redirect("/books/\(id.description)/edit?done=edition#editions")
                } catch EditError.noEditionFound {}
            }
            _ = try await library.addEdition(.id(id), details: details, choose: form["mine"] != nil)
        } catch let error as LibraryError {
            return try await failed(Self.message(error), .unprocessableContent)
        } catch {
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await failed(Self.sentence(refusal.error.message), refusal.status)
        }
        return WebPages.redirect("/books/\(id.description)/edit?done=edition#editions")
    }

    // MARK: The form's fields

    /// How a field is shown: the kind of its control.
    enum FieldKind { case text, numeric, textarea, date, select, checkbox }

    /// A field of a form of a book: which, its label, its hint and its control.
    struct FieldSpec {
        let field: BookField
        let label: String
        let hint: String?
        let kind: FieldKind

        init(_ field: BookField, _ label: String, _ kind: FieldKind = .text, hint: String? = nil) {
            self.field = field
            self.label = label
            self.kind = kind
            self.hint = hint
        }
    }

    private struct GroupSpec {
        let id: String
        let legend: String
        let note: String?
        let fields: [FieldSpec]
    }

    private static let onePerLine = "One per line."

    /// Every field of a book, once, in the order the form shows them.
    private static let editLayout: [GroupSpec] = [
        GroupSpec(
            id: "book", legend: "The book", note: nil,
            fields: [
                FieldSpec(.title, "Title"),
                FieldSpec(.subtitle, "Subtitle"),
                FieldSpec(
                    .authors, "Authors and other people", .textarea,
                    hint:
                        "One per line: a name, or a name and a role, like “Fiona Staples (illustrator)”. The first author is the main one."),
                FieldSpec(.seriesName, "Series"),
                FieldSpec(.seriesPosition, "Number in the series", hint: "2, 1.5, or 1-3 for a book that holds several."),
                FieldSpec(.seriesPositionEnd, "Last number, for a book that holds several"),
                FieldSpec(.firstPublicationYear, "First published (year)", .numeric, hint: "-700 for 700 BCE."),
                FieldSpec(.originalCountry, "Country of origin", hint: "A country code like NG, or the country's name."),
                FieldSpec(.originalLanguage, "Original language", hint: "A language tag like en, fr or pt-BR."),
                FieldSpec(.genres, "Genres", .textarea, hint: onePerLine),
                FieldSpec(.description, "Description", .textarea),
                FieldSpec(.culturalThemes, "Cultural themes", .textarea, hint: onePerLine),
                FieldSpec(.contentWarnings, "Content warnings", .textarea, hint: onePerLine),
                FieldSpec(.awards, "Awards", .textarea, hint: onePerLine),
                FieldSpec(.readingDifficulty, "Reading difficulty", .select),
            ]),
        GroupSpec(
            id: "edition", legend: "This edition",
            note: "The edition the book's page shows: yours, else the best known. A book without one gets one when these are filled.",
            fields: [
                FieldSpec(.isbns, "ISBNs", .textarea, hint: onePerLine),
                FieldSpec(.publisher, "Publisher"),
                FieldSpec(.publicationDate, "Published", hint: "A year, a month or a day: 1969, 1969-03 or 1969-03-01."),
                FieldSpec(.pageCount, "Pages", .numeric),
                FieldSpec(.format, "Format", .select),
                FieldSpec(.language, "Language", hint: "A language tag like en, fr or pt-BR."),
                FieldSpec(.editionTitle, "Edition", hint: "Like “25th anniversary edition”."),
                FieldSpec(.translator, "Translator"),
                FieldSpec(.narrator, "Narrator"),
                FieldSpec(.audioDurationMinutes, "Audiobook length, minutes", .numeric),
                FieldSpec(.coverImageURL, "Cover address", hint: "The https:// address of an image; or upload one below."),
            ]),
        GroupSpec(
            id: "reading", legend: "Your reading", note: nil,
            fields: [
                FieldSpec(.status, "Status", .select),
                FieldSpec(.owned, "I own a copy", .checkbox),
                FieldSpec(.rating, "Rating", .select),
                FieldSpec(.review, "Review", .textarea),
                FieldSpec(.reviewHasSpoilers, "The review has spoilers", .checkbox),
                FieldSpec(.notes, "Private notes", .textarea),
                FieldSpec(.discussionNotes, "Discussion notes", .textarea, hint: "For a book club: only you see them."),
                FieldSpec(.tags, "Tags", .textarea, hint: "One per line, or separated by commas."),
                FieldSpec(.isFavorite, "A favorite", .checkbox),
                FieldSpec(.isPublic, "Public", .checkbox),
                FieldSpec(.recommendedBy, "Recommended by"),
                FieldSpec(.wouldRecommend, "Would you recommend it?", .select),
                FieldSpec(.contributesToCulturalGoal, "Counts toward my cultural reading goal", .checkbox),
                FieldSpec(.culturalGoalCategory, "Cultural goal category"),
                FieldSpec(.dailyReadingGoal, "Daily goal, pages", .numeric),
                FieldSpec(.dateAdded, "Added", .date),
                FieldSpec(.dateStarted, "Started", .date),
                FieldSpec(.dateCompleted, "Finished", .date),
                FieldSpec(.dateStopped, "Stopped", .date),
            ]),
    ]

    /// A field of the form as the template shows it.
    static func editField(_ spec: FieldSpec, value: String, error: String?, unsaved: String?) -> EditField {
        let name = spec.field.rawValue
        let described = [spec.hint.map { _ in "\(name)-hint" }, error.map { _ in "\(name)-error" }, unsaved.map { _ in "\(name)-unsaved" }]
            .compactMap { $0 }
        return EditField(
            name: name, label: spec.label, hint: spec.hint, value: value, error: error, unsaved: unsaved,
            text: spec.kind == .text, numeric: spec.kind == .numeric, textarea: spec.kind == .textarea, date: spec.kind == .date,
            select: spec.kind == .select, checkbox: spec.kind == .checkbox,
            options: spec.kind == .select ? options(spec.field, value: value) : [],
            checked: ["yes", "true", "on", "1", "y"].contains(value.trimmingWhitespace().lowercased()),
            describedBy: described.isEmpty ? nil : described.joined(separator: " "))
    }

    /// A select's choices, the value's selected; a value that is not one of them is added.
    static func options(_ field: BookField, value: String) -> [WebViews.Option] {
        var choices: [(String, String)] =
            switch field {
            case .status: ReadingStatus.allCases.map { ($0.rawValue, $0.displayName) }
            case .format: [("", "Not given")] + EditionFormat.allCases.map { ($0.rawValue, $0.displayName) }
            case .readingDifficulty: [("", "Not given")] + ReadingDifficulty.allCases.map { ($0.rawValue, $0.displayName) }
            case .rating:
                [("", "No rating")]
                    + stride(from: 0.25, through: 5, by: 0.25).map { value in
                        let text = NumberText.plain(value)
                        return (text, "\(text) star\(value == 1 ? "" : "s")")
                    }
            case .wouldRecommend: [("", "Not said"), ("yes", "Yes"), ("no", "No")]
            default: []
            }
        let chosen = value.trimmingWhitespace()
        if !choices.contains(where: { $0.0 == chosen }) { choices.append((chosen, chosen)) }
        return choices.map { WebViews.Option(value: $0.0, label: $0.1, selected: $0.0 == chosen) }
    }
}
