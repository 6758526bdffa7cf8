import BooksTrackCore
import Foundation

/// Reads LibraryThing's JSON export: one object keyed by book id, each value a book.
///
/// The export's types vary from book to book (`isbn` is an object `{"0": isbn10, "2": isbn13}`,
/// a list or a string; `series` a string or a list; numbers sometimes strings), so values are read
/// leniently. Books keep the order of the file; a book's row is its position, the first book being 1.
enum LibraryThingJSONReader {
    /// The books of an export, each problem reported with the book's position.
    static func books(
        from data: Data, limits: ImportLimits, problems: inout [ImportProblem]
    ) throws(ImportError) -> [ImportedBook] {
        _ = try check(data, limits: limits)
        var books: [ImportedBook] = []
        var found: [ImportProblem] = []
        try forEachBatch(of: data, batchSize: 1_000) { batch, batchProblems in
            books += batch
            found += batchProblems
        }
        problems += found
        return books
    }

    /// Reads the whole export once without keeping it, so that a file that will be refused is
    /// refused before anything is written: every book must parse, the books must not pass the row
    /// cap, and at least one value must be a book. Returns the number of entries.
    static func check(_ data: Data, limits: ImportLimits) throws(ImportError) -> Int {
        var count = 0
        var books = 0
        do {
            try LibraryThingJSONEntries(data).forEach { entry in
                count += 1
                if count > limits.maxRows { throw ImportError.tooManyRows(limit: limits.maxRows) }
                _ = try value(of: entry, in: data)
                if entry.isObject { books += 1 }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .invalidJSON(reason: "it is not valid JSON")
        }
        guard count == 0 || books > 0 else {
            throw .invalidJSON(reason: "no value is a book object; this is not a LibraryThing export")
        }
        return count
    }

    /// Maps the books of a checked export in file order, `batchSize` at a time, handing each batch
    /// and its problems to `body`: memory follows a batch, not the file.
    static func forEachBatch(
        of data: Data, batchSize: Int, _ body: ([ImportedBook], [ImportProblem]) throws -> Void
    ) throws(ImportError) {
        var batch: [ImportedBook] = []
        var problems: [ImportProblem] = []
        var row = 0
        do {
            try LibraryThingJSONEntries(data).forEach { entry in
                row += 1
                guard let fields = try value(of: entry, in: data) as? [String: Any] else {
                    problems.append(ImportProblem(
                        row: row, message: "book \(Cells.quoted(entry.key)) is not a book object; skipped", action: .skipped
                    ))
                    return
                }
                if let book = book(from: fields, id: entry.key, row: row, problems: &problems) { batch.append(book) }
                if batch.count >= batchSize {
                    try body(batch, problems)
                    batch.removeAll(keepingCapacity: true)
                    problems.removeAll()
                }
            }
            if !batch.isEmpty || !problems.isEmpty { try body(batch, problems) }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .invalidJSON(reason: "it is not valid JSON")
        }
    }

    /// One entry's value, parsed on its own.
    private static func value(of entry: LibraryThingJSONEntries.Entry, in data: Data) throws(ImportError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data.subdata(in: entry.range), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw .invalidJSON(reason: "book \(Cells.quoted(entry.key)) is not valid JSON" + (detail.map { " (\($0))" } ?? ""))
        }
    }

    // MARK: One book

    private static func book(
        from fields: [String: Any], id: String, row: Int, problems: inout [ImportProblem]
    ) -> ImportedBook? {
        guard let rawTitle = string(fields["title"]) else {
            problems.append(
                ImportProblem(
                    row: row, message: "book \(Cells.quoted(id)) has no title; skipped", action: .skipped
                ))
            return nil
        }
        let split = TextNormalization.splitSeries(fromTitle: rawTitle)
        var book = ImportedBook(row: row, title: split.title)
        book.seriesName = split.series
        book.seriesPosition = split.position
        if let series = strings(fields["series"]).first.map(seriesReference) {
            book.seriesName = series.name
            book.seriesPosition = series.position ?? (series.name == split.series ? split.position : nil)
        }

        addAuthors(fields, to: &book)
        let published = string(fields["publication"]).map(LibraryThingRowMapper.publication)
        book.editionTitle = published?.edition
        book.publisher = published?.publisher
        book.publicationDate =
            LibraryThingRowMapper.publicationDate(string(fields["date"]), row: row, problems: &problems)
            ?? published?.year.flatMap { PartialDate(year: $0) }
        let media = formatTexts(fields["format"]).lazy.compactMap(LibraryThingRowMapper.knownFormat).first
        book.format = media ?? published?.binding
        book.pageCount = pageCount(string(fields["pages"]), row: row, problems: &problems) ?? published?.pages

        let found = Cells.isbns(
            in: [string(fields["originalisbn"])] + strings(fields["isbn"]), row: row, problems: &problems
        )
        book.isbns = found.isbns
        var asins = found.asins
        // LibraryThing fills "asin" with the ISBN-10 for printed books; only Amazon's own numbers are kept.
        if let asin = string(fields["asin"]), Cells.isASIN(asin), !asins.contains(asin) { asins.append(asin) }
        book.editionExternalIDs.amazonASINs = asins
        book.editionExternalIDs.librarythingIDs = [string(fields["books_id"]) ?? id]
        if let workcode = string(fields["workcode"]) { book.workExternalIDs.librarythingIDs = [workcode] }
        book.language = LibraryThingRowMapper.languageTag(forName: strings(fields["language"]).first)
        book.originalLanguage = LibraryThingRowMapper.languageTag(forName: strings(fields["originallanguage"]).first)
        book.genres = StringList.deduplicated(strings(fields["genre"]))

        book.rating = Cells.rating(string(fields["rating"]), scale: .fiveStars, row: row, problems: &problems)
        book.review = string(fields["review"]).map(LibraryThingRowMapper.text(fromExport:))
        book.notes = LibraryThingRowMapper.notes(
            comment: string(fields["comment"]), privateComment: string(fields["privatecomment"])
        )
        book.tags = StringList.deduplicated(strings(fields["tags"]))
        book.dateAdded = Cells.date(string(fields["entrydate"]), column: "entrydate", row: row, problems: &problems)
        book.dateStarted = Cells.date(string(fields["datestarted"]), column: "datestarted", row: row, problems: &problems)
        book.dateCompleted = Cells.date(string(fields["dateread"]), column: "dateread", row: row, problems: &problems)
        LibraryThingRowMapper.apply(collections: strings(fields["collections"]), to: &book)
        // LibraryThing writes titles and names as HTML: "Tolkien&#039;s", "Bront&euml;".
        return book.decodingHTMLEntities()
    }

    /// `authors` is a list of `{lf, fl, role}`; the first is the primary author. Older books may
    /// only have `primaryauthor` in "Last, First" form.
    private static func addAuthors(_ fields: [String: Any], to book: inout ImportedBook) {
        let people = (fields["authors"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        for person in people {
            guard let name = string(person["fl"]) ?? string(person["lf"]).map(LibraryThingRowMapper.displayName(fromSorted:))
            else { continue }
            LibraryThingRowMapper.addContributor(name, role: string(person["role"]), to: &book)
        }
        if book.authors.isEmpty, let primary = string(fields["primaryauthor"]) {
            book.authors = [LibraryThingRowMapper.displayName(fromSorted: primary)]
        }
    }

    /// `"Saga (2)"` → ("Saga", 2); a name without a number in parentheses has no position.
    private static func seriesReference(_ text: String) -> (name: String, position: Double?) {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return (text, nil) }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingWhitespace()
        let name = text[..<open].trimmingWhitespace()
        guard !name.isEmpty, let position = Double(inside), position.isFinite, position >= 0 else { return (text, nil) }
        return (name, position)
    }

    /// `"120 "`, or several paginations joined by ";" (`"xii; 300"`): the largest number.
    private static func pageCount(_ text: String?, row: Int, problems: inout [ImportProblem]) -> Int? {
        guard let text else { return nil }
        let numbers = text.split(separator: ";").compactMap { Int($0.trimmingWhitespace()) }.filter { $0 > 0 }
        if let pages = numbers.max() { return pages }
        problems.append(ImportProblem(row: row, message: "pages \(Cells.quoted(text)) is not a page count; imported without it"))
        return nil
    }

    /// `format` is a list of `{code, text}`.
    private static func formatTexts(_ value: Any?) -> [String] {
        guard let list = value as? [Any] else { return strings(value) }
        return list.compactMap { item in
            (item as? [String: Any]).flatMap { string($0["text"]) } ?? string(item)
        }
    }

    // MARK: Lenient values

    /// Text from a string or a number, trimmed; blank gives nil. A list gives its first text.
    private static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String:
            let trimmed = text.trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        case let number as NSNumber:
            return number.stringValue
        case let list as [Any]:
            return list.lazy.compactMap { string($0) }.first
        default:
            return nil
        }
    }

    /// Texts from a list, an object's values (in key order) or a single value.
    private static func strings(_ value: Any?) -> [String] {
        switch value {
        case let list as [Any]:
            return list.compactMap { string($0) }
        case let object as [String: Any]:
            return object.keys.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
                .compactMap { string(object[$0]) }
        default:
            return string(value).map { [$0] } ?? []
        }
    }
}
