/// A field of a work that a reader can set. A field the reader set is the reader's: enrichment and
/// re-imports leave it as the reader left it, even empty (`Work.readerSetFields`).
public enum WorkField: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case title, subtitle, authors, contributors, seriesName, seriesPosition, seriesPositionEnd
    case firstPublicationYear, originalCountry, originalLanguage, genres, description
    case culturalThemes, contentWarnings, awards, readingDifficulty, coverImageURL

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A field of an edition that a reader can set, kept as the reader's like `WorkField`.
public enum EditionField: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case isbns, publisher, publicationDate, pageCount, format, language, editionTitle
    case coverImageURL, translator, narrator, audioDurationMinutes

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

// The reader's fields are coded as a sorted list of names: a file written before they were kept
// has none, and a name this version does not know (a later version's field) is skipped.
extension KeyedDecodingContainer {
    /// Decodes the fields a reader set on a work; a missing key is none.
    public func decode(_ type: Set<WorkField>.Type, forKey key: Key) throws -> Set<WorkField> {
        Set(try decodeIfPresent([String].self, forKey: key)?.compactMap(WorkField.init(rawValue:)) ?? [])
    }

    /// Decodes the fields a reader set on an edition; a missing key is none.
    public func decode(_ type: Set<EditionField>.Type, forKey key: Key) throws -> Set<EditionField> {
        Set(try decodeIfPresent([String].self, forKey: key)?.compactMap(EditionField.init(rawValue:)) ?? [])
    }
}

extension KeyedEncodingContainer {
    /// Encodes the fields a reader set on a work in name order.
    public mutating func encode(_ value: Set<WorkField>, forKey key: Key) throws {
        try encode(value.sorted().map(\.rawValue), forKey: key)
    }

    /// Encodes the fields a reader set on an edition in name order.
    public mutating func encode(_ value: Set<EditionField>, forKey key: Key) throws {
        try encode(value.sorted().map(\.rawValue), forKey: key)
    }
}
