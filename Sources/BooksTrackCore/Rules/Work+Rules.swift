import Foundation

extension Work {
    /// Adds a Google Books volume ID unless empty or already present.
    public mutating func addGoogleBooksVolumeID(_ id: String, now: Date) { ExternalID.append(id, to: &externalIDs.googleBooksVolumeIDs); touch(now) }
    /// Adds a Goodreads work ID unless empty or already present.
    public mutating func addGoodreadsWorkID(_ id: String, now: Date) { ExternalID.append(id, to: &externalIDs.goodreadsWorkIDs); touch(now) }
    /// Adds an Amazon ASIN unless empty or already present.
    public mutating func addAmazonASIN(_ id: String, now: Date) { ExternalID.append(id, to: &externalIDs.amazonASINs); touch(now) }
    /// Adds a LibraryThing ID unless empty or already present.
    public mutating func addLibraryThingID(_ id: String, now: Date) { ExternalID.append(id, to: &externalIDs.librarythingIDs); touch(now) }

    /// Takes the other work's identifiers: unions the lists, fills missing single IDs, never
    /// overwrites one already set.
    public mutating func mergeExternalIDs(from other: Work, now: Date) {
        externalIDs.merge(other.externalIDs)
        touch(now)
    }

    /// Records that the work changed.
    public mutating func touch(_ now: Date) { lastModified = now }
}

extension WorkExternalIDs {
    /// Unions the lists and fills missing single IDs without overwriting set ones.
    public mutating func merge(_ other: WorkExternalIDs) {
        if openLibraryWorkID == nil { openLibraryWorkID = other.openLibraryWorkID }
        if isbndbID == nil { isbndbID = other.isbndbID }
        ExternalID.union(&googleBooksVolumeIDs, other.googleBooksVolumeIDs)
        ExternalID.union(&goodreadsWorkIDs, other.goodreadsWorkIDs)
        ExternalID.union(&amazonASINs, other.amazonASINs)
        ExternalID.union(&librarythingIDs, other.librarythingIDs)
    }
}

extension Edition {
    /// Adds an ISBN unless already present.
    public mutating func addISBN(_ isbn: ISBN, now: Date) {
        guard !isbns.contains(isbn) else { return }
        isbns.append(isbn)
        touch(now)
    }

    /// Takes the other edition's identifiers and ISBNs without overwriting set ones.
    public mutating func mergeExternalIDs(from other: Edition, now: Date) {
        externalIDs.merge(other.externalIDs)
        for isbn in other.isbns where !isbns.contains(isbn) { isbns.append(isbn) }
        touch(now)
    }

    /// Records that the edition changed.
    public mutating func touch(_ now: Date) { lastModified = now }

    /// How well suited this edition is to represent its work: one point each for a cover, an ISBN,
    /// a page count and the preferred language.
    public func representativeScore(preferredLanguage: String?) -> Int {
        var score = 0
        if coverImageURL != nil { score += 1 }
        if !isbns.isEmpty { score += 1 }
        if pageCount != nil { score += 1 }
        if let preferredLanguage, let language, language.lowercased().hasPrefix(preferredLanguage.lowercased()) { score += 1 }
        return score
    }
}

extension EditionExternalIDs {
    /// Unions the lists and fills missing single IDs without overwriting set ones.
    public mutating func merge(_ other: EditionExternalIDs) {
        if openLibraryEditionID == nil { openLibraryEditionID = other.openLibraryEditionID }
        if isbndbID == nil { isbndbID = other.isbndbID }
        ExternalID.union(&googleBooksVolumeIDs, other.googleBooksVolumeIDs)
        ExternalID.union(&amazonASINs, other.amazonASINs)
        ExternalID.union(&librarythingIDs, other.librarythingIDs)
    }
}

extension Author {
    /// "Name (1896–1940)", "Name (b. 1947)", "Name (d. 1940)" or just the name.
    public var displayName: String {
        switch (birthYear, deathYear) {
        case let (birth?, death?): "\(name) (\(birth)–\(death))"
        case let (birth?, nil): "\(name) (b. \(birth))"
        case let (nil, death?): "\(name) (d. \(death))"
        case (nil, nil): name
        }
    }

    /// The reader's explicit answer if given; otherwise true for women, non-binary and other
    /// genders, and for authors from Africa, Asia, South America, the Middle East, the Caribbean,
    /// Central Asia or indigenous communities.
    public var representsMarginalizedVoices: Bool {
        if let marginalizedVoiceOverride { return marginalizedVoiceOverride }
        switch gender {
        case .female, .nonBinary, .other: return true
        case .male, .unknown: break
        }
        switch culturalRegion {
        case .africa, .asia, .southAmerica, .middleEast, .caribbean, .centralAsia, .indigenous: return true
        case .europe, .northAmerica, .oceania, .international, nil: return false
        }
    }

    /// True for authors from indigenous communities.
    public var representsIndigenousVoices: Bool { culturalRegion == .indigenous }

    /// Takes the other author's identifiers without overwriting set ones.
    public mutating func mergeExternalIDs(from other: Author, now: Date) {
        externalIDs.merge(other.externalIDs)
        touch(now)
    }

    /// Records that the author changed.
    public mutating func touch(_ now: Date) { lastModified = now }
}

extension AuthorExternalIDs {
    /// Fills missing IDs without overwriting set ones.
    public mutating func merge(_ other: AuthorExternalIDs) {
        if openLibraryID == nil { openLibraryID = other.openLibraryID }
        if isbndbID == nil { isbndbID = other.isbndbID }
        if googleBooksID == nil { googleBooksID = other.googleBooksID }
        if goodreadsID == nil { goodreadsID = other.goodreadsID }
        if wikidataID == nil { wikidataID = other.wikidataID }
    }
}

/// Choosing the edition and cover that represent a work.
public enum EditionSelection {
    /// The owned edition, else the best-scored edition (cover, ISBN, page count, language), ties to the oldest.
    public static func primaryEdition(of editions: [Edition], ownedEditionID: Edition.ID?, preferredLanguage: String? = nil) -> Edition? {
        if let ownedEditionID, let owned = editions.first(where: { $0.id == ownedEditionID }) { return owned }
        return editions.min { lhs, rhs in
            let left = lhs.representativeScore(preferredLanguage: preferredLanguage)
            let right = rhs.representativeScore(preferredLanguage: preferredLanguage)
            if left != right { return left > right }
            return lhs.dateCreated < rhs.dateCreated
        }
    }

    /// The owned edition's cover, else the primary edition's, else the work's, else none.
    public static func coverURL(work: Work, editions: [Edition], ownedEditionID: Edition.ID?, preferredLanguage: String? = nil) -> URL? {
        if let ownedEditionID, let cover = editions.first(where: { $0.id == ownedEditionID })?.coverImageURL { return cover }
        if let cover = primaryEdition(of: editions, ownedEditionID: nil, preferredLanguage: preferredLanguage)?.coverImageURL { return cover }
        return work.coverImageURL
    }
}
