import BooksTrackCore
import Crypto
import Foundation

extension ImportRowDigest {
    /// The digest of a book as an import file's row gave it, its row number left out; `overwrite`
    /// (the import's option, which changes what merging it does) is part of it.
    ///
    /// Every stored field of the book is taken, each with a tag for whether it is there, texts and
    /// lists with their length, so that two different books never give the same bytes.
    /// `RowDigestTests` fails when `ImportedBook` or a type in it gains a field this does not take.
    static func of(_ book: ImportedBook, overwrite: Bool) -> ImportRowDigest {
        var bytes = DigestBytes()
        bytes.add(overwrite)
        bytes.add(book.title)
        bytes.add(book.subtitle)
        bytes.add(book.authors)
        bytes.add(book.translator)
        bytes.add(book.narrator)
        bytes.add(count: book.contributors.count)
        for contributor in book.contributors {
            bytes.add(contributor.name)
            bytes.add(contributor.role)
        }
        bytes.add(book.isbns.map(\.isbn13))
        bytes.add(book.publisher)
        bytes.add(book.editionTitle)
        bytes.add(book.publicationDate?.year)
        bytes.add(book.publicationDate?.month)
        bytes.add(book.publicationDate?.day)
        bytes.add(book.firstPublicationYear)
        bytes.add(book.pageCount)
        bytes.add(book.format?.rawValue)
        bytes.add(book.language)
        bytes.add(book.originalLanguage)
        bytes.add(book.seriesName)
        bytes.add(book.seriesPosition)
        bytes.add(book.seriesPositionEnd)
        bytes.add(book.genres)
        bytes.add(book.contentWarnings)
        bytes.add(book.description)
        bytes.add(book.coverImageURL?.absoluteString)
        bytes.add(book.audioDurationMinutes)
        bytes.add(book.status?.rawValue)
        bytes.add(book.rating)
        bytes.add(book.review)
        bytes.add(book.reviewHasSpoilers)
        bytes.add(book.notes)
        bytes.add(book.tags)
        bytes.add(book.isFavorite)
        bytes.add(book.recommendedBy)
        bytes.add(book.isOwned)
        bytes.add(book.dateAdded)
        bytes.add(book.dateStarted)
        bytes.add(book.dateCompleted)
        bytes.add(book.dateStopped)
        bytes.add(count: book.readHistory.count)
        for period in book.readHistory {
            bytes.add(period.started)
            bytes.add(period.ended)
            bytes.add(period.outcome.rawValue)
        }
        let work = book.workExternalIDs
        bytes.add(work.openLibraryWorkID)
        bytes.add(work.isbndbID)
        bytes.add(work.googleBooksVolumeIDs)
        bytes.add(work.goodreadsWorkIDs)
        bytes.add(work.amazonASINs)
        bytes.add(work.librarythingIDs)
        let edition = book.editionExternalIDs
        bytes.add(edition.openLibraryEditionID)
        bytes.add(edition.isbndbID)
        bytes.add(edition.googleBooksVolumeIDs)
        bytes.add(edition.amazonASINs)
        bytes.add(edition.librarythingIDs)
        bytes.add(edition.goodreadsBookIDs)
        return bytes.digest()
    }
}

/// The bytes a book is digested from.
private struct DigestBytes {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1_024) }

    mutating func add(count: Int) { add(integer: UInt64(count)) }

    private mutating func add(integer: UInt64) {
        withUnsafeBytes(of: integer.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func present(_ isPresent: Bool) { bytes.append(isPresent ? 1 : 0) }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(count: utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func add(_ text: String?) {
        present(text != nil)
        if let text { add(text) }
    }

    mutating func add(_ texts: [String]) {
        add(count: texts.count)
        for text in texts { add(text) }
    }

    mutating func add(_ number: Int?) {
        present(number != nil)
        if let number { add(integer: UInt64(bitPattern: Int64(number))) }
    }

    mutating func add(_ number: Double?) {
        present(number != nil)
        if let number { add(integer: number.bitPattern) }
    }

    mutating func add(_ flag: Bool?) {
        bytes.append(flag.map { $0 ? 2 : 1 } ?? 0)
    }

    mutating func add(_ flag: Bool) {
        bytes.append(flag ? 1 : 0)
    }

    mutating func add(_ date: Date?) {
        add(date?.timeIntervalSinceReferenceDate)
    }

    func digest() -> ImportRowDigest {
        SHA256.hash(data: bytes).withUnsafeBytes { hash in
            ImportRowDigest(
                high: UInt64(bigEndian: hash.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                low: UInt64(bigEndian: hash.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }
}
