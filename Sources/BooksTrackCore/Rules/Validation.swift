import Foundation

/// The model's limits, as checks that name the field and the limit they break.
public enum Validation {
    /// Checks a rating: nil or 0 (unrated) gives nil; otherwise 0.25–5 in quarter steps.
    public static func rating(_ rating: Double?) throws(LibraryError) -> Double? {
        guard let rating, rating != 0 else { return nil }
        guard rating.isFinite, (0.25...5).contains(rating), (rating * 4).rounded() == rating * 4 else {
            throw .invalid(.outOfRange(field: "rating", value: String(rating), allowed: "0.25–5 in quarter steps"))
        }
        return rating
    }

    /// Trims optional text; empty becomes nil; longer than `limit` is an error.
    public static func optionalText(_ text: String?, field: String, limit: Int) throws(LibraryError) -> String? {
        // Counted as it will be kept: without the control characters cleaning removes.
        guard let trimmed = text.map(TextCleaning.paragraphs)?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        let length = trimmed.count
        guard length <= limit else { throw .invalid(.tooLong(field: field, limit: limit, length: length)) }
        return trimmed
    }

    /// Trims required text; it must be 1…`limit` characters.
    public static func requiredText(_ text: String, field: String, limit: Int) throws(LibraryError) -> String {
        guard let trimmed = try optionalText(text, field: field, limit: limit) else { throw .invalid(.empty(field: field)) }
        return trimmed
    }

    /// Trims a tag; it must be 1–64 characters.
    public static func tag(_ tag: String) throws(LibraryError) -> String {
        try requiredText(TextCleaning.line(tag), field: "tag", limit: LibraryEntry.tagLimit)
    }

    /// Checks a quote's text and page.
    public static func validate(_ quote: Quote, pageCount: Int?) throws(LibraryError) {
        _ = try requiredText(quote.text, field: "quote", limit: Quote.textLimit)
        if let page = quote.page {
            guard page >= 0 else { throw .negativePage(page) }
            try bounded(page, Bounds.page, field: "page")
            if let pageCount, page > pageCount { throw .pageBeyondLastPage(page: page, pageCount: pageCount) }
        }
    }

    /// Checks a session's duration (1–1440 minutes) and pages (0–10,000).
    public static func validate(_ session: ReadingSession) throws(LibraryError) {
        guard Bounds.sessionMinutes.contains(session.durationMinutes) else {
            throw .invalid(.outOfRange(field: "durationMinutes", value: String(session.durationMinutes), allowed: "1–1440 minutes"))
        }
        try bounded(session.pagesRead, Bounds.sessionPages, field: "pagesRead")
    }

    /// Throws `outOfRange` naming `field` unless `value` lies in `range`.
    public static func bounded(_ value: Int, _ range: ClosedRange<Int>, field: String) throws(LibraryError) {
        guard range.contains(value) else {
            throw .invalid(.outOfRange(field: field, value: String(value), allowed: Bounds.text(range)))
        }
    }

    /// Checks every limit of a work.
    public static func validate(_ work: Work) throws(LibraryError) {
        _ = try requiredText(work.title, field: "title", limit: Work.titleLimit)
        _ = try optionalText(work.description, field: "description", limit: Work.descriptionLimit)
        _ = try optionalText(work.subtitle, field: "subtitle", limit: Work.titleLimit)
        if let position = work.seriesPosition, !position.isFinite || position < 0 {
            throw .invalid(.outOfRange(field: "seriesPosition", value: String(position), allowed: "0 or more"))
        }
        if let end = work.seriesPositionEnd, !end.isFinite || end <= (work.seriesPosition ?? .infinity) {
            throw .invalid(.outOfRange(field: "seriesPositionEnd", value: String(end), allowed: "after the series position"))
        }
        if let year = work.firstPublicationYear { try bounded(year, Bounds.year, field: "firstPublicationYear") }
        guard (0...100).contains(work.dataQuality) else {
            throw .invalid(.outOfRange(field: "dataQuality", value: String(work.dataQuality), allowed: "0–100"))
        }
        if let box = work.boundingBox {
            for (name, value) in [("x", box.x), ("y", box.y), ("width", box.width), ("height", box.height)]
            where !(value.isFinite && (0...1).contains(value)) {
                throw .invalid(.outOfRange(field: "boundingBox.\(name)", value: String(value), allowed: "0–1"))
            }
        }
    }

    /// Checks every limit of an edition.
    public static func validate(_ edition: Edition) throws(LibraryError) {
        if let pageCount = edition.pageCount { try bounded(pageCount, Bounds.pageCount, field: "pageCount") }
        if let minutes = edition.audioDurationMinutes { try bounded(minutes, Bounds.audioMinutes, field: "audioDurationMinutes") }
        _ = try optionalText(edition.publisher, field: "publisher", limit: Work.titleLimit)
        _ = try optionalText(edition.editionTitle, field: "editionTitle", limit: Work.titleLimit)
    }

    /// Checks every limit of an author.
    public static func validate(_ author: Author) throws(LibraryError) {
        _ = try requiredText(author.name, field: "author name", limit: Work.titleLimit)
        if let birth = author.birthYear { try bounded(birth, Bounds.year, field: "birthYear") }
        if let death = author.deathYear { try bounded(death, Bounds.year, field: "deathYear") }
        if let birth = author.birthYear, let death = author.deathYear, death < birth {
            throw .invalid(.outOfRange(field: "deathYear", value: String(death), allowed: "not before the birth year \(birth)"))
        }
    }

    /// Checks every limit of an entry, given the page count of its edition when known.
    public static func validate(_ entry: LibraryEntry, pageCount: Int?) throws(LibraryError) {
        if entry.status == .wishlist, entry.editionID != nil { throw .wishlistCannotBeOwned }
        guard entry.currentPage >= 0 else { throw .negativePage(entry.currentPage) }
        try bounded(entry.currentPage, Bounds.page, field: "currentPage")
        if let pageCount, entry.currentPage > pageCount {
            throw .pageBeyondLastPage(page: entry.currentPage, pageCount: pageCount)
        }
        guard entry.progress.isFinite, (0...1).contains(entry.progress) else {
            throw .invalid(.outOfRange(field: "progress", value: String(entry.progress), allowed: "0–1"))
        }
        _ = try rating(entry.rating)
        _ = try optionalText(entry.review, field: "review", limit: LibraryEntry.reviewLimit)
        _ = try optionalText(entry.notes, field: "notes", limit: LibraryEntry.notesLimit)
        _ = try optionalText(entry.discussionNotes, field: "discussionNotes", limit: LibraryEntry.notesLimit)
        for tag in entry.tags { _ = try self.tag(tag) }
        for quote in entry.quotes { try validate(quote, pageCount: pageCount) }
        for session in entry.sessions { try validate(session) }
        if let goal = entry.dailyReadingGoal { try bounded(goal, Bounds.dailyPages, field: "dailyReadingGoal") }
    }

    /// Checks a page photo's bytes: JPEG or PNG by their leading bytes, at most 10 MB.
    public static func imageType(of data: some Collection<UInt8>) throws(LibraryError) -> ImageType {
        guard data.count <= PagePhoto.byteLimit else { throw .imageTooLarge(bytes: data.count, limit: PagePhoto.byteLimit) }
        guard let type = ImageType(sniffing: data) else { throw .unsupportedImage }
        return type
    }
}
