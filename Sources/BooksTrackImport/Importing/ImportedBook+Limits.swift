import BooksTrackCore
import Foundation

extension ImportedBook {
    /// The book with every text cut to the library's limits and impossible numbers and dates
    /// (after `now`, with a day for time zones) dropped, each change reported: an import keeps the
    /// row rather than refusing it.
    func fittingLimits(now: Date, problems: inout [ImportProblem]) -> ImportedBook {
        var book = self
        let latest = LibraryEntry.latestDate(now: now)
        let dates: [(WritableKeyPath<ImportedBook, Date?>, String)] = [
            (\.dateAdded, "date added"), (\.dateStarted, "start date"), (\.dateCompleted, "finish date"), (\.dateStopped, "stop date"),
        ]
        for (keyPath, name) in dates {
            guard let date = book[keyPath: keyPath], date > latest else { continue }
            problems.append(ImportProblem(row: row, message: "\(name) \(PartialDate(date: date)) is in the future; imported without it"))
            book[keyPath: keyPath] = nil
        }
        for index in book.readHistory.indices {
            if let started = book.readHistory[index].started, started > latest { book.readHistory[index].started = nil }
            if let ended = book.readHistory[index].ended, ended > latest {
                problems.append(ImportProblem(row: row, message: "an earlier read ending \(PartialDate(date: ended)) is in the future; imported without that date"))
                book.readHistory[index].ended = nil
            }
        }
        book.title = Self.cut(title, "title", Work.titleLimit, row, &problems) ?? title
        book.subtitle = Self.cut(subtitle, "subtitle", Work.titleLimit, row, &problems)
        book.publisher = Self.cut(publisher, "publisher", Work.titleLimit, row, &problems)
        book.description = Self.cut(description, "description", Work.descriptionLimit, row, &problems)
        book.review = Self.cut(review, "review", LibraryEntry.reviewLimit, row, &problems)
        book.notes = Self.cut(notes, "notes", LibraryEntry.notesLimit, row, &problems)
        book.recommendedBy = Self.cut(recommendedBy, "recommended by", Work.titleLimit, row, &problems)
        book.authors = authors.compactMap { Self.cut($0, "author name", Work.titleLimit, row, &problems) }
        book.tags = tags.compactMap { Self.cut($0, "tag", LibraryEntry.tagLimit, row, &problems) }
        if let pages = pageCount, !Bounds.pageCount.contains(pages) {
            if pages > 0 {
                problems.append(ImportProblem(
                    row: row, message: "\(pages) pages is more than a book has (\(Bounds.text(Bounds.pageCount))); imported without a page count"
                ))
            }
            book.pageCount = nil
        }
        if let minutes = audioDurationMinutes, !Bounds.audioMinutes.contains(minutes) {
            if minutes > 0 {
                problems.append(ImportProblem(
                    row: row, message: "\(minutes) minutes is longer than an audiobook runs (\(Bounds.text(Bounds.audioMinutes))); imported without a length"
                ))
            }
            book.audioDurationMinutes = nil
        }
        if let year = firstPublicationYear, !Bounds.year.contains(year) { book.firstPublicationYear = nil }
        if let position = seriesPosition, !position.isFinite || position < 0 { book.seriesPosition = nil }
        if let end = seriesPositionEnd, !end.isFinite || end <= (book.seriesPosition ?? .infinity) { book.seriesPositionEnd = nil }
        if let rating, (try? Validation.rating(rating)) == nil {
            problems.append(ImportProblem(row: row, message: "rating \(rating) is not in quarter stars from 0.25 to 5; imported unrated"))
            book.rating = nil
        }
        return book
    }

    private static func cut(
        _ text: String?, _ field: String, _ limit: Int, _ row: Int, _ problems: inout [ImportProblem]
    ) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        // A text of at most `limit` UTF-8 bytes has at most `limit` characters: most cells are
        // shorter than their limit, and counting characters walks each one's grapheme breaks.
        guard text.utf8.count > limit, text.count > limit else { return text }
        problems.append(ImportProblem(
            row: row, message: "\(field) is \(text.count) characters, longer than \(limit); imported cut to \(limit)"
        ))
        return String(text.prefix(limit))
    }
}
