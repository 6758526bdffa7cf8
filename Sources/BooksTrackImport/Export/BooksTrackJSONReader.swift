import BooksTrackCore
import Foundation

/// Reads a BooksTrack JSON export (`BooksTrackJSONFormat`) and hands its books over in batches.
///
/// A file laid out one item per line, as BooksTrack writes it, is streamed: a first pass checks
/// the layout (header, commas, the end of both lists, the number of books) without decoding, so a
/// truncated or oversized file is refused before any batch is handed over; a second pass decodes a
/// line at a time. Memory holds one batch and the author list. Any other layout of the same
/// document (pretty-printed, re-saved by a tool) is decoded whole, up to `limits.maxBytes`.
public struct BooksTrackJSONReader: Sendable {
    private let url: URL
    private let userID: User.ID
    private let limits: ImportLimits
    private let batchSize: Int

    /// The longest line accepted: one book with its editions and photos may take the whole file
    /// (`limits.maxBytes`), so a book whose photos outgrow the default is read with a larger
    /// `--max-bytes`.
    private var lineLimit: Int { limits.maxBytes }

    /// A reader of the file at `url` whose entries are given to `userID`; `limits.maxRows` caps the
    /// number of books, `limits.maxBytes` the length of a line.
    public init(url: URL, userID: User.ID, limits: ImportLimits = ImportLimits(), batchSize: Int = 1_000) {
        self.url = url
        self.userID = userID
        self.limits = limits
        self.batchSize = max(1, batchSize)
    }

    /// Reads the file and calls `body` with each batch of books in file order; the first batch also
    /// carries every author of the file. `announce` learns the number of books once the file is
    /// checked, before the first batch. Returns the number of books read. Throws `ImportError`
    /// (`.invalidJSON` with the line at fault, `.emptyFile`, `.tooManyRows`, …) or what `body` throws.
    @discardableResult
    public func read(
        announcing announce: (Int) -> Void = { _ in }, _ body: (BooksTrackJSONBatch) throws -> Void
    ) throws -> Int {
        if try isLaidOutByLine() {
            announce(try checkLayout())
            return try readLines(body)
        }
        return try readDocument(announce: announce, body)
    }

    // MARK: One item per line

    private enum Item {
        case header(ArraySlice<UInt8>)
        case author(ArraySlice<UInt8>)
        case book(ArraySlice<UInt8>)
    }

    private enum Section {
        case header, authors, books, end
    }

    private static let headerEnding = Array("\"authors\":[".utf8)
    private static let booksLine = BooksTrackJSONFormat.booksLine.withUTF8Buffer { Array($0) }
    private static let endLine = BooksTrackJSONFormat.endLine.withUTF8Buffer { Array($0) }

    /// Whether the first line that is not blank opens the author list, as BooksTrack writes it.
    private func isLaidOutByLine() throws -> Bool {
        var lines = try LineReader(url: url, maxLineBytes: lineLimit)
        while let line = try lines.next() {
            let text = Self.trimmed(line)
            if !text.isEmpty { return text.suffix(Self.headerEnding.count).elementsEqual(Self.headerEnding) }
        }
        throw ImportError.emptyFile
    }

    /// The first pass: the header's format and version, the commas between items, both lists
    /// closed, nothing after the end, and at most `limits.maxRows` books. Returns the number of books.
    private func checkLayout() throws -> Int {
        var books = 0
        try walk { item, line in
            switch item {
            case .header(let text):
                try Self.check(try Self.decode(BooksTrackJSONHeader.self, from: text + Self.endLine, line: line))
            case .author:
                break
            case .book:
                books += 1
                if books > limits.maxRows { throw ImportError.tooManyRows(limit: limits.maxRows) }
            }
        }
        return books
    }

    /// The second pass: decodes authors and books and hands over the batches.
    private func readLines(_ body: (BooksTrackJSONBatch) throws -> Void) throws -> Int {
        let decoder = BooksTrackJSONFormat.decoder()
        var authors: [Author] = []
        var authorsByID: [Author.ID: Author] = [:]
        var batch = BooksTrackJSONBatch(authors: [], books: [])
        var isFirstBatch = true
        var count = 0
        func handOver() throws {
            if isFirstBatch {
                batch.authors = authors
                isFirstBatch = false
            }
            try body(batch)
            batch = BooksTrackJSONBatch(authors: [], books: [])
        }
        try walk { item, line in
            switch item {
            case .header:
                break
            case .author(let text):
                authors.append(try Self.decode(Author.self, from: text, line: line, decoder: decoder))
            case .book(let text):
                if authorsByID.isEmpty, !authors.isEmpty {
                    authorsByID = Dictionary(authors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                }
                let record = try Self.decode(BooksTrackJSONBookRecord.self, from: text, line: line, decoder: decoder)
                batch.books.append(try record.book(userID: userID, authors: authorsByID, line: line))
                count += 1
                if batch.books.count == batchSize { try handOver() }
            }
        }
        if !batch.books.isEmpty || (isFirstBatch && !authors.isEmpty) { try handOver() }
        return count
    }

    /// Goes through the file's lines in order, checking the layout, and calls `visit` with each
    /// item (the header, then each author, then each book) and its line number.
    private func walk(_ visit: (Item, Int) throws -> Void) throws {
        var lines = try LineReader(url: url, maxLineBytes: lineLimit)
        var section = Section.header
        var previousItem: (line: Int, hasComma: Bool)?
        while let raw = try lines.next() {
            let text = Self.trimmed(raw)
            let line = lines.lineNumber
            guard !text.isEmpty else { continue }
            switch section {
            case .header:
                try visit(.header(text), line)
                section = .authors
            case .authors, .books:
                let closing = section == .authors ? Self.booksLine : Self.endLine
                if text.elementsEqual(closing) {
                    if let previousItem, previousItem.hasComma {
                        throw ImportError.invalidJSON(reason: "line \(previousItem.line): the last item of a list ends with a comma")
                    }
                    previousItem = nil
                    section = section == .authors ? .books : .end
                    continue
                }
                if section == .authors, text.elementsEqual(Self.endLine) {
                    throw ImportError.invalidJSON(reason: "line \(line): the file ends without a list of books")
                }
                if let previousItem, !previousItem.hasComma {
                    throw ImportError.invalidJSON(reason: "line \(previousItem.line): a comma is missing at the end of the line")
                }
                let hasComma = text.last == UInt8(ascii: ",")
                previousItem = (line, hasComma)
                let item = hasComma ? text.dropLast() : text
                try visit(section == .authors ? .author(item) : .book(item), line)
            case .end:
                throw ImportError.invalidJSON(reason: "line \(line): there is more text after the end of the export")
            }
        }
        guard section == .end else {
            let list = section == .books ? "list of books" : "list of authors"
            throw ImportError.invalidJSON(
                reason: "the file ends on line \(lines.lineNumber) before its \(list) is closed: it was cut short. Export the library again"
            )
        }
    }

    // MARK: Any other layout

    private func readDocument(announce: (Int) -> Void, _ body: (BooksTrackJSONBatch) throws -> Void) throws -> Int {
        let size: Int
        do {
            size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        } catch {
            throw ImportError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        guard size <= limits.maxBytes else { throw ImportError.fileTooLarge(bytes: size, limit: limits.maxBytes) }
        var data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImportError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        let decoder = BooksTrackJSONFormat.decoder()
        try Self.check(try Self.decode(BooksTrackJSONHeader.self, from: data, line: nil, decoder: decoder))
        let document = try Self.decode(BooksTrackJSONDocument.self, from: data, line: nil, decoder: decoder)
        let records = document.books ?? []
        guard records.count <= limits.maxRows else { throw ImportError.tooManyRows(limit: limits.maxRows) }
        let authors = document.authors ?? []
        let authorsByID = Dictionary(authors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var books: [ExportedBook] = []
        for record in records {
            // Without one item per line there is no line to report; the book's position is 0.
            books.append(try record.book(userID: userID, authors: authorsByID, line: 0))
        }
        announce(books.count)
        if books.isEmpty {
            if !authors.isEmpty { try body(BooksTrackJSONBatch(authors: authors, books: [])) }
            return 0
        }
        for start in stride(from: 0, to: books.count, by: batchSize) {
            let slice = Array(books[start..<min(books.count, start + batchSize)])
            try body(BooksTrackJSONBatch(authors: start == 0 ? authors : [], books: slice))
        }
        return books.count
    }

    // MARK: Decoding

    private static func check(_ header: BooksTrackJSONHeader) throws(ImportError) {
        guard let format = header.format else {
            throw .invalidJSON(reason: "the file has no \"format\" member: it is not a BooksTrack export")
        }
        guard format == BooksTrackJSONFormat.name else {
            throw .invalidJSON(reason: "the file's format is \"\(format.prefix(40))\", not \"\(BooksTrackJSONFormat.name)\": it is not a BooksTrack export")
        }
        guard let version = header.version, version >= 1 else {
            throw .invalidJSON(reason: "the file has no valid \"version\" member")
        }
        guard version <= BooksTrackJSONFormat.version else {
            throw .invalidJSON(
                reason: "the file was written by a newer BooksTrack (layout version \(version); this one reads up to \(BooksTrackJSONFormat.version)). Update BooksTrack and import it again"
            )
        }
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, from text: some Sequence<UInt8>, line: Int?, decoder: JSONDecoder = BooksTrackJSONFormat.decoder()
    ) throws(ImportError) -> T {
        do {
            return try decoder.decode(type, from: Data(text))
        } catch {
            let place = line.map { "line \($0): " } ?? ""
            throw .invalidJSON(reason: place + describe(error))
        }
    }

    /// A decoding failure in the reader's words: which member, what was wrong.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])) is missing"
        case let .valueNotFound(_, context):
            return "\(path(context.codingPath)) is null"
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)) is not \(typeName(type))"
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                let detail = context.underlyingError.map { ($0 as NSError).userInfo[NSDebugDescriptionErrorKey] as? String } ?? nil
                return "the text is not valid JSON" + (detail.map { " (\($0))" } ?? "")
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "the item" : "\"\(text)\""
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "of the expected kind"
        }
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = line
        while let first = text.first, first == 0x20 || first == 0x09 || first == 0x0D { text = text.dropFirst() }
        while let last = text.last, last == 0x20 || last == 0x09 || last == 0x0D { text = text.dropLast() }
        return text
    }
}
