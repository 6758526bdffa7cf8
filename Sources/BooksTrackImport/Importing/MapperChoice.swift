/// The format of a delimited file and the mapper that reads its rows.
struct MapperChoice {
    let format: ImportFormat
    let mapper: any RowMapper
    /// For the generic importer: the columns it reads and those it ignores.
    let usedColumns: [String]
    let ignoredColumns: [String]

    /// Detects the format from the header unless `requested` names one; a header nobody knows
    /// falls back to the generic importer, which needs a column naming the title.
    init(header: CSVHeader, requested: ImportFormat?, mapping: ColumnMapping? = nil, firstRows: [[String]] = []) throws(ImportError) {
        if let mapping {
            guard requested == nil || requested == .generic else {
                throw .invalidMapping("a mapping is for a CSV no importer knows; leave out the format, or choose generic")
            }
            let missing = mapping.missingColumns(in: header)
            guard missing.isEmpty else {
                throw .invalidMapping("the header has no column " + missing.map { "“\($0)”" }.joined(separator: ", ")
                    + "; its columns are " + header.names.prefix(20).joined(separator: ", "))
            }
            guard let generic = GenericRowMapper(header: header, mapping: mapping) else {
                throw .invalidMapping("the mapping must say which column is the title (title=…)")
            }
            format = .generic
            mapper = generic
            usedColumns = generic.usedColumns
            ignoredColumns = generic.ignoredColumns
            return
        }
        let unknown = { () -> ImportError in
            .unknownFormat(header: header.names, proposal: ColumnMapping.propose(header: header.names, rows: firstRows).map(\.text),
                           firstRows: firstRows)
        }
        let format = requested ?? FormatDetector.detect(header: header) ?? .generic
        let missing = Self.requiredColumns(format).filter { header.index(of: $0) == nil }
        guard missing.isEmpty else {
            if requested == nil { throw unknown() }
            throw .headerMismatch(format: format.displayName, missing: missing)
        }
        self.format = format
        var used: [String] = []
        var ignored: [String] = []
        switch format {
        case .goodreads: mapper = GoodreadsRowMapper(header: header)
        case .storygraph: mapper = StoryGraphRowMapper(header: header)
        case .librarything: mapper = LibraryThingRowMapper(header: header)
        case .hardcover: mapper = HardcoverRowMapper(header: header)
        case .bookwyrm: mapper = BookWyrmRowMapper(header: header)
        case .openlibrary: mapper = OpenLibraryRowMapper(header: header)
        case .calibre: mapper = CalibreRowMapper(header: header)
        case .openreads: mapper = OpenreadsRowMapper(header: header)
        case .librarythingJSON, .bookstrack:
            throw .invalidJSON(reason: "the file is CSV or TSV, not a \(format.displayName) document")
        case .generic:
            guard let generic = GenericRowMapper(header: header) else {
                if requested == nil { throw unknown() }
                throw .headerMismatch(format: format.displayName, missing: ["title"])
            }
            mapper = generic
            used = generic.usedColumns
            ignored = generic.ignoredColumns
        }
        self.usedColumns = used
        self.ignoredColumns = ignored
    }

    /// Columns without which a format's rows cannot be read.
    private static func requiredColumns(_ format: ImportFormat) -> [String] {
        switch format {
        case .goodreads: ["Title", "Author", "Exclusive Shelf"]
        case .storygraph: ["Title", "Authors", "Read Status"]
        case .librarything: ["Title", "Primary Author"]
        case .hardcover: ["Title", "Author", "Status"]
        case .bookwyrm: ["title", "author_text", "shelf"]
        case .openlibrary: ["Bookshelf"]
        case .calibre: ["title", "authors"]
        case .openreads: ["title", "author", "status"]
        case .generic, .librarythingJSON, .bookstrack: []
        }
    }
}
