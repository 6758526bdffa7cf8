import BooksTrackCore
import Foundation

/// Reads the rows of LibraryThing's tab-separated export (49 columns).
///
/// LibraryThing writes names "Last, First", wraps dates and ISBNs in brackets, leaves a space after
/// page counts, and has no status column: a collection may name one, otherwise the reading dates
/// imply it. The helpers that turn collections, publication strings and language names into a
/// book's fields are shared with `LibraryThingJSONReader`.
struct LibraryThingRowMapper: RowMapper {
    private let bookID: Int?
    private let title: Int?
    private let primaryAuthor: Int?
    private let primaryAuthorRole: Int?
    private let secondaryAuthors: Int?
    private let secondaryAuthorRoles: Int?
    private let publication: Int?
    private let date: Int?
    private let review: Int?
    private let rating: Int?
    private let comment: Int?
    private let privateComment: Int?
    private let media: Int?
    private let pageCount: Int?
    private let dateStarted: Int?
    private let dateRead: Int?
    private let tags: Int?
    private let collections: Int?
    private let languages: Int?
    private let originalLanguages: Int?
    private let isbn: Int?
    private let isbns: Int?
    private let entryDate: Int?
    private let workID: Int?

    /// Finds the columns this mapper reads in `header`.
    init(header: CSVHeader) {
        bookID = header.index(of: "Book Id")
        title = header.index(of: "Title")
        primaryAuthor = header.index(of: "Primary Author")
        primaryAuthorRole = header.index(of: "Primary Author Role")
        secondaryAuthors = header.index(of: "Secondary Author")
        secondaryAuthorRoles = header.index(of: "Secondary Author Roles")
        publication = header.index(of: "Publication")
        date = header.index(of: "Date")
        review = header.index(of: "Review")
        rating = header.index(of: "Rating")
        comment = header.index(of: "Comment")
        privateComment = header.index(of: "Private Comment")
        media = header.index(of: "Media")
        pageCount = header.index(of: "Page Count")
        dateStarted = header.index(of: "Date Started")
        dateRead = header.index(of: "Date Read")
        tags = header.index(of: "Tags")
        collections = header.index(of: "Collections")
        languages = header.index(of: "Languages")
        originalLanguages = header.index(of: "Original Languages")
        isbn = header.index(of: "ISBN")
        isbns = header.index(of: "ISBNs")
        entryDate = header.index(of: "Entry Date")
        workID = header.index(of: "Work id")
    }

    /// The book a row describes, or nil (reported) when the row has no title.
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook? {
        let number = row.number
        guard let rawTitle = row.title(title, problems: &problems) else { return nil }
        var book = ImportedBook(row: number, titleWithSeries: rawTitle)

        if let name = row[primaryAuthor] {
            Self.addContributor(Self.displayName(fromSorted: name), role: row[primaryAuthorRole], to: &book)
        }
        // Several secondary authors and their roles are joined with "|", in the same order.
        let secondaryNames = Cells.list(row[secondaryAuthors], separator: "|")
        let secondaryRoles = (row[secondaryAuthorRoles] ?? "").components(separatedBy: "|")
        for (position, name) in secondaryNames.enumerated() {
            let role = position < secondaryRoles.count ? secondaryRoles[position].trimmingWhitespace() : ""
            Self.addContributor(Self.displayName(fromSorted: name), role: role.isEmpty ? nil : role, to: &book)
        }

        let published = row[publication].map(Self.publication)
        book.editionTitle = published?.edition
        book.publisher = published?.publisher
        book.publicationDate =
            Self.publicationDate(row[date], row: number, problems: &problems)
            ?? published?.year.flatMap { PartialDate(year: $0) }
        book.format = Self.format(media: row[media], publication: published)
        book.pageCount =
            Cells.pageCount(row[pageCount], column: "Page Count", row: number, problems: &problems)
            ?? published?.pages

        let found = Cells.isbns(in: [row[isbn], row[isbns]], row: number, problems: &problems)
        book.isbns = found.isbns
        book.editionExternalIDs.amazonASINs = found.asins
        if let id = row[bookID] { book.editionExternalIDs.librarythingIDs = [id] }
        if let id = row[workID] { book.workExternalIDs.librarythingIDs = [id] }
        book.language = Self.languageTag(forName: row[languages])
        book.originalLanguage = Self.languageTag(forName: row[originalLanguages])

        book.rating = Cells.rating(row[rating], scale: .fiveStars, row: number, problems: &problems)
        book.review = row[review].map(Self.text(fromExport:))
        book.notes = Self.notes(comment: row[comment], privateComment: row[privateComment])
        book.tags = Cells.list(row[tags])
        book.dateAdded = Cells.date(row[entryDate], column: "Entry Date", row: number, problems: &problems)
        book.dateStarted = Cells.date(row[dateStarted], column: "Date Started", row: number, problems: &problems)
        book.dateCompleted = Cells.date(row[dateRead], column: "Date Read", row: number, problems: &problems)
        Self.apply(collections: Cells.list(row[collections]), to: &book)
        // LibraryThing writes titles and names as HTML: "Tolkien&#039;s", "Bront&euml;".
        return book.decodingHTMLEntities()
    }
}

// MARK: - Readings shared with the JSON export

extension LibraryThingRowMapper {
    /// What LibraryThing's publication field holds: `"Gallimard (1979), Poche"` or
    /// `"Image Comics (2013), Edition: 0, Paperback, 144 pages"`.
    struct Publication: Equatable {
        /// The text before the year; "Publisher Unknown" gives nil.
        var publisher: String?
        /// The year in parentheses.
        var year: Int?
        /// The first detail that names a binding.
        var binding: EditionFormat?
        /// A detail such as "144 pages".
        var pages: Int?
        /// The `Edition:` detail ("2nd", "Deluxe"); LibraryThing's "0" means none.
        var edition: String?
    }

    /// Splits a publication field into publisher, year, binding and page count.
    static func publication(_ text: String) -> Publication {
        var result = Publication()
        var publisherText = text
        var details: [String] = []
        // LibraryThing writes "Publisher (Year), detail, detail"; the publisher may hold commas and
        // parentheses itself ("Penguin (Puffin) (2007), …"), so the year is the first parenthesis
        // that holds a year (or "?", or nothing).
        var searchStart = text.startIndex
        while let open = text.range(of: " (", range: searchStart..<text.endIndex),
            let close = text[open.upperBound...].firstIndex(of: ")")
        {
            let inside = text[open.upperBound..<close].trimmingWhitespace()
            if inside.isEmpty || inside == "?" || Cells.year(inside) != nil {
                publisherText = String(text[..<open.lowerBound])
                result.year = Cells.year(inside)
                details = Cells.list(String(text[text.index(after: close)...]))
                break
            }
            searchStart = text.index(after: close)
        }
        let publisher = publisherText.trimmingWhitespace()
        if !publisher.isEmpty, publisher.lowercased() != "publisher unknown", publisher != "?" {
            result.publisher = publisher
        }
        for detail in details {
            let lowered = detail.lowercased()
            if lowered.hasSuffix(" pages") || lowered.hasSuffix(" p.") {
                let digits = detail.prefix { $0.isNumber }
                if let pages = Int(digits), pages > 0, result.pages == nil { result.pages = pages }
            } else if lowered.hasPrefix("edition:") {
                let edition = detail.dropFirst("edition:".count).trimmingWhitespace()
                if result.edition == nil, !edition.isEmpty, edition != "0" { result.edition = edition }
            } else if result.binding == nil, !lowered.hasPrefix("edition"), let format = knownFormat(detail) {
                result.binding = format
            }
        }
        return result
    }

    /// The edition's format: the media the reader chose, else the binding named in the publication.
    static func format(media: String?, publication: Publication?) -> EditionFormat? {
        knownFormat(media) ?? publication?.binding
    }

    /// A format that says something: "Unknown Binding", "Book" and "Paper Book" say nothing.
    static func knownFormat(_ text: String?) -> EditionFormat? {
        guard let format = text.flatMap(EditionFormat.init(parsingBinding:)), format != .other else { return nil }
        return format
    }

    /// LibraryThing's year-or-date field; its "?" means unknown and is not reported.
    static func publicationDate(_ text: String?, row: Int, problems: inout [ImportProblem]) -> PartialDate? {
        guard let text, text != "?" else { return nil }
        return Cells.partialDate(text, column: "Date", row: row, problems: &problems)
    }

    /// Status, ownership and favourite from the collections a book is in; collections that say
    /// none of these become tags. Without a collection naming a status, the reading dates imply it.
    static func apply(collections: [String], to book: inout ImportedBook) {
        var named: Set<ReadingStatus> = []
        var inLibrary = false
        var markedUnowned = false
        for collection in collections {
            switch collection.lowercased() {
            case "your library":
                inLibrary = true
            case "favorites", "favourites":
                book.isFavorite = true
            default:
                guard let status = ReadingStatus(parsing: collection) else {
                    if !book.tags.contains(collection) { book.tags.append(collection) }
                    continue
                }
                named.insert(status)
                // "Read but unowned" and "Wishlist" say the reader has no copy.
                if status == .wishlist || collection.lowercased() == "read but unowned" { markedUnowned = true }
            }
        }
        let byPrecedence: [ReadingStatus] = [.reading, .read, .dnf, .onHold, .toRead, .wishlist]
        if let status = byPrecedence.first(where: named.contains) {
            book.status = status
        } else if book.dateCompleted != nil {
            book.status = .read
        } else if book.dateStarted != nil {
            book.status = .reading
        } else {
            book.status = .toRead
        }
        if inLibrary {
            book.isOwned = true
        } else if markedUnowned {
            book.isOwned = false
        }
    }

    /// Puts a contributor where the role says: translators and narrators on the edition, everyone
    /// else among the authors.
    static func addContributor(_ name: String, role: String?, to book: inout ImportedBook) {
        guard !name.isEmpty else { return }
        switch role?.lowercased() {
        case "translator":
            if book.translator == nil { book.translator = name }
        case "narrator", "reader":
            if book.narrator == nil { book.narrator = name }
        case let role? where !Cells.isAuthorRole(role):
            Cells.appendContributor(Contributor(name: name, role: role), to: &book)
        default:
            if !book.authors.contains(name) { book.authors.append(name) }
        }
    }

    /// `"Le Guin, Ursula K."` → `"Ursula K. Le Guin"`, `"King, Martin Luther, Jr."` →
    /// `"Martin Luther King Jr."`; a name without a comma, or with more parts than surname and
    /// given names, is only trimmed.
    static func displayName(fromSorted name: String) -> String {
        let parts = name.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        let suffixes = parts.dropFirst().filter(Cells.isNameSuffix)
        let names = [parts.first].compactMap { $0 } + parts.dropFirst().filter { !Cells.isNameSuffix($0) }
        guard names.count == 2 else { return name.trimmingWhitespace() }
        return ([names[1], names[0]] + suffixes).joined(separator: " ")
    }

    /// Review and comment text: LibraryThing writes some paragraph breaks as "[Return]" and some
    /// reviews as HTML.
    static func text(fromExport text: String) -> String {
        Cells.plainText(fromHTML: text.replacingOccurrences(of: "[Return]", with: "\n"))
    }

    /// The public comment and the private comment, a blank line between them.
    static func notes(comment: String?, privateComment: String?) -> String? {
        let parts = [comment, privateComment].compactMap { $0.map(text(fromExport:)) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// The BCP 47 tag of the first language LibraryThing names ("French" → "fr"); nil for a name
    /// it does not know, which is left out without a report (the language is a detail of the edition).
    static func languageTag(forName text: String?) -> String? {
        guard let first = Cells.list(text).first else { return nil }
        let key = first.lowercased()
        return commonLanguages[key] ?? languagesByEnglishName[key]
    }

    private static let commonLanguages: [String: String] = [
        "english": "en", "french": "fr", "spanish": "es", "german": "de", "italian": "it", "japanese": "ja",
        "portuguese": "pt", "dutch": "nl", "russian": "ru", "chinese": "zh", "korean": "ko", "swedish": "sv",
        "norwegian": "no", "danish": "da", "finnish": "fi", "polish": "pl", "czech": "cs", "greek": "el",
        "greek (modern)": "el", "greek (ancient)": "grc", "latin": "la", "hebrew": "he", "arabic": "ar",
        "turkish": "tr", "hungarian": "hu", "romanian": "ro", "catalan": "ca", "icelandic": "is",
        "irish": "ga", "welsh": "cy", "ukrainian": "uk", "hindi": "hi", "esperanto": "eo",
    ]

    // Names LibraryThing may use beyond the common ones, from the system's English language names.
    private static let languagesByEnglishName: [String: String] = {
        let english = Locale(identifier: "en")
        var tags: [String: String] = [:]
        for code in Locale.LanguageCode.isoLanguageCodes where code.identifier.count == 2 {
            if let name = english.localizedString(forLanguageCode: code.identifier) {
                tags[name.lowercased()] = code.identifier
            }
        }
        return tags
    }()
}
