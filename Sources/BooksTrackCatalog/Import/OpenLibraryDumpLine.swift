import BooksTrackCore
import Foundation

/// One line of an Open Library bulk dump, `type \t key \t revision \t last_modified \t JSON`, read
/// into a catalog record. Only the fields the catalog keeps are decoded (`JSONFieldReader`); a field
/// of an unexpected type is ignored rather than failing the line (the dumps hold two decades of
/// schema drift), but text that is not JSON fails it.
enum OpenLibraryDumpLine {
    /// What a line turned out to be.
    enum Parsed {
        case author(CatalogAuthorRecord)
        case work(CatalogWorkRecord)
        /// An edition, and how many of its ISBNs were invalid and dropped.
        case edition(CatalogEditionRecord, invalidISBNs: Int)
        /// A well-formed record of a type the catalog does not keep (redirect, delete, list...).
        case otherType
        case malformed(CatalogImportProblem)
    }

    // Longer keys are not Open Library keys.
    private static let maximumKeyLength = 64
    private static let maximumTitleLength = 512
    private static let maximumDescriptionLength = 10_000
    private static let maximumSubjects = 20

    /// Reads one line (without its line break).
    static func parse(_ line: ArraySlice<UInt8>, formats: inout [String: String?]) -> Parsed {
        var tabs: [Int] = []
        tabs.reserveCapacity(4)
        var index = line.startIndex
        while tabs.count < 4, let tab = line[index...].firstIndex(of: UInt8(ascii: "\t")) {
            tabs.append(tab)
            index = tab + 1
        }
        guard tabs.count == 4 else { return .malformed(.notFiveFields) }
        let type = line[line.startIndex..<tabs[0]]
        let key = line[(tabs[0] + 1)..<tabs[1]]
        guard type.starts(with: "/type/".utf8) else { return .malformed(.notFiveFields) }
        let kind: RecordKind
        if type.elementsEqual("/type/edition".utf8) {
            kind = .edition
        } else if type.elementsEqual("/type/work".utf8) {
            kind = .work
        } else if type.elementsEqual("/type/author".utf8) {
            kind = .author
        } else {
            return .otherType
        }
        guard key.count <= maximumKeyLength, key.count > kind.keyPrefix.utf8.count, key.starts(with: kind.keyPrefix.utf8),
              !key.contains(where: { $0 <= 0x20 || $0 >= 0x7F })
        else { return .malformed(.badKey) }
        let keyText = String(decoding: key, as: UTF8.self)
        return line[(tabs[3] + 1)...].withUnsafeBytes { json in
            var reader = JSONFieldReader(json)
            do {
                let parsed: Parsed
                switch kind {
                case .author: parsed = try author(key: keyText, &reader)
                case .work: parsed = try work(key: keyText, &reader)
                case .edition: parsed = try edition(key: keyText, &reader, formats: &formats)
                }
                try reader.expectEnd()
                return parsed
            } catch {
                return .malformed(.invalidJSON)
            }
        }
    }

    private enum RecordKind {
        case author, work, edition

        var keyPrefix: String {
            switch self {
            case .author: "/authors/"
            case .work: "/works/"
            case .edition: "/books/"
            }
        }
    }

    private static func author(key: String, _ reader: inout JSONFieldReader) throws -> Parsed {
        var name: String?
        var personalName: String?
        var birthDate: String?
        var deathDate: String?
        var wikidata: String?
        try reader.readObject { field, reader in
            if field == "name" {
                name = try reader.string()
            } else if field == "personal_name" {
                personalName = try reader.string()
            } else if field == "birth_date" {
                birthDate = try reader.string()
            } else if field == "death_date" {
                deathDate = try reader.string()
            } else if field == "remote_ids", try reader.nextKind() == .object {
                try reader.readObject { id, reader in
                    if id == "wikidata" { wikidata = try reader.string() }
                }
            }
        }
        guard let name = cleaned(name, limit: maximumTitleLength) ?? cleaned(personalName, limit: maximumTitleLength) else {
            return .malformed(.missingName)
        }
        return .author(CatalogAuthorRecord(
            key: key, source: .openLibrary, name: name, birthYear: year(in: birthDate), deathYear: year(in: deathDate),
            wikidataID: cleaned(wikidata, limit: 32)
        ))
    }

    private static func work(key: String, _ reader: inout JSONFieldReader) throws -> Parsed {
        var record = CatalogWorkRecord(key: key, source: .openLibrary, title: "")
        var title: String?
        try reader.readObject { field, reader in
            if field == "title" {
                title = try reader.string()
            } else if field == "subtitle" {
                record.subtitle = cleaned(try reader.string(), limit: maximumTitleLength)
            } else if field == "authors", try reader.nextKind() == .array {
                try reader.readArray { reader in
                    // {"author": {"key": …}, "type": …}, or now and then the reference itself.
                    guard try reader.nextKind() == .object else { return }
                    var authorKey: String?
                    try reader.readObject { name, reader in
                        if name == "author" {
                            authorKey = try reader.keyReference()
                        } else if name == "key", authorKey == nil {
                            authorKey = try reader.string()
                        }
                    }
                    if let authorKey, authorKey.hasPrefix("/authors/") { record.authorKeys.append(authorKey) }
                }
            } else if field == "first_publish_date" {
                record.firstPublicationYear = year(in: try reader.string())
            } else if field == "description" {
                record.description = try text(&reader).flatMap { limited($0, to: maximumDescriptionLength) }
            } else if field == "subjects" {
                record.subjects = (try reader.strings(limit: maximumSubjects) ?? []).compactMap { cleaned($0, limit: 200) }
            } else if field == "covers" {
                record.coverImageURL = try coverURL(&reader)
            }
        }
        guard let title = cleaned(title, limit: maximumTitleLength) else { return .malformed(.missingTitle) }
        record.title = title
        return .work(record)
    }

    private static func edition(key: String, _ reader: inout JSONFieldReader, formats: inout [String: String?]) throws -> Parsed {
        var record = CatalogEditionRecord(key: key, source: .openLibrary, title: "")
        var title: String?
        var isbnTexts: [String] = []
        try reader.readObject { field, reader in
            if field == "title" {
                title = try reader.string()
            } else if field == "subtitle" {
                record.subtitle = cleaned(try reader.string(), limit: maximumTitleLength)
            } else if field == "isbn_13" || field == "isbn_10" {
                isbnTexts += try reader.strings(limit: 20) ?? []
            } else if field == "works" {
                record.workKey = try reader.keyReferences()?.first { $0.hasPrefix("/works/") }
            } else if field == "authors" {
                record.authorKeys = (try reader.keyReferences() ?? []).filter { $0.hasPrefix("/authors/") }
            } else if field == "publishers" {
                record.publisher = (try reader.strings(limit: 5) ?? []).lazy.compactMap { cleaned($0, limit: 200) }.first
            } else if field == "publish_date" {
                record.publicationDate = publicationDate(try reader.string())
            } else if field == "number_of_pages" {
                record.pageCount = try reader.integer().flatMap { Bounds.pageCount.contains($0) ? $0 : nil }
            } else if field == "physical_format" {
                if let text = try reader.string() {
                    if let known = formats[text] {
                        record.format = known
                    } else {
                        let mapped = EditionFormat(parsingBinding: text)?.rawValue
                        if formats.count < 10_000 { formats[text] = mapped }
                        record.format = mapped
                    }
                }
            } else if field == "languages" {
                record.language = try reader.keyReferences()?.lazy.compactMap(language).first
            } else if field == "covers" {
                record.coverImageURL = try coverURL(&reader)
            } else if field == "series" {
                record.seriesName = (try reader.strings(limit: 3) ?? []).lazy.compactMap { cleaned($0, limit: 200) }.first
            }
        }
        guard let title = cleaned(title, limit: maximumTitleLength) else { return .malformed(.missingTitle) }
        record.title = title
        var invalid = 0
        for text in isbnTexts {
            if let isbn = ISBN(text.prefix(40)) {
                if !record.isbns.contains(isbn) { record.isbns.append(isbn) }
            } else {
                invalid += 1
            }
        }
        return .edition(record, invalidISBNs: invalid)
    }

    /// Descriptions and bios are strings or `{"type": "/type/text", "value": …}`.
    private static func text(_ reader: inout JSONFieldReader) throws -> String? {
        switch try reader.nextKind() {
        case .string:
            return try reader.string()
        case .object:
            var value: String?
            try reader.readObject { field, reader in
                if field == "value" { value = try reader.string() }
            }
            return value
        default:
            return nil
        }
    }

    /// The large cover image of the first real cover id (Open Library uses -1 for "none").
    private static func coverURL(_ reader: inout JSONFieldReader) throws -> String? {
        guard try reader.nextKind() == .array else { return nil }
        var id: Int?
        try reader.readArray { reader in
            guard id == nil, try reader.nextKind() == .number else { return }
            if let value = try reader.integer(), value > 0 { id = value }
        }
        return id.map { "https://covers.openlibrary.org/b/id/\($0)-L.jpg" }
    }

    // MARK: Field mapping

    /// Trimmed single-line text, at most `limit` characters; nil when empty.
    static func cleaned(_ text: String?, limit: Int) -> String? {
        guard var text else { return nil }
        // Control characters (line breaks, tabs, and the separators the catalog packs authors with) become spaces.
        if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            text = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
        }
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            text = text.trimmedWhitespace()
        }
        guard !text.isEmpty else { return nil }
        return text.count > limit ? String(text.prefix(limit)) : text
    }

    private static func limited(_ text: String, to limit: Int) -> String? {
        let trimmed = text.trimmedWhitespace()
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > limit ? String(trimmed.prefix(limit)) : trimmed
    }

    /// The year of a date as Open Library writes them ("1896", "24 September 1896", "c1850", "4th cent." → nil).
    static func year(in text: String?) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        if let date = PartialDate(parsing: text) { return date.year }
        return firstYear(in: text)
    }

    /// A `PartialDate` description of a publication date, or its year when only that can be read.
    static func publicationDate(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        if let date = PartialDate(parsing: text) { return date.description }
        return firstYear(in: text).flatMap { PartialDate(year: $0)?.description }
    }

    /// The first run of exactly four digits between 1000 and 2999.
    private static func firstYear(in text: String) -> Int? {
        var digits = 0
        var value = 0
        for byte in text.utf8.prefix(100) + [0] {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                // A run longer than four digits is no year: its value is not kept, so a run of any
                // length ("99999999999999999999") cannot overflow.
                if digits < 4 { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
                digits += 1
                continue
            }
            if digits == 4, (1000...2999).contains(value) { return value }
            digits = 0
            value = 0
        }
        return nil
    }

    /// The BCP 47 code of an Open Library language key ("/languages/eng" → "en").
    static func language(_ key: String) -> String? {
        guard key.hasPrefix("/languages/") else { return nil }
        return ISO639.languageTag(String(key.dropFirst("/languages/".count)))
    }
}

