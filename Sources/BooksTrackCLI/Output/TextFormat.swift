import BooksTrackCore
import Foundation

/// How books, dates and figures are written on the terminal.
enum TextFormat {
    /// `2026-11-22`, or nothing for no date.
    static func date(_ date: Date?) -> String {
        date.map(ISO8601Text.day) ?? ""
    }

    /// The short id shown in lists: the first 8 hex digits.
    static func shortID(_ id: LibraryEntry.ID) -> String { String(id.description.prefix(8)) }

    /// "p. 120/384 (31%)", "45%", or "" when nothing is known.
    static func progress(_ book: LibraryBook) -> String {
        let percent = Int((book.entry.progress * 100).rounded())
        let page = book.entry.pageReached(pageCount: book.pageCount)
        if page == 0, book.entry.progress == 0 { return "" }
        if let pages = book.pageCount { return "p. \(page)/\(pages) (\(percent)%)" }
        if page > 0 { return "p. \(page)" + (percent > 0 ? " (\(percent)%)" : "") }
        return percent > 0 ? "\(percent)%" : ""
    }

    /// "4.5/5" or "".
    static func rating(_ rating: Double?) -> String {
        guard let rating else { return "" }
        return "\(NumberText.plain(rating))/5"
    }

    /// Cuts `text` to `width` characters with an ellipsis and pads it to `width`.
    static func cell(_ text: String, _ width: Int) -> String {
        // Padded by terminal columns, not characters: a CJK title takes two columns a character.
        let single = text.replacingOccurrences(of: "\n", with: " ")
        let cut = TerminalWidth.of(single) > width ? TerminalWidth.prefix(of: single, fitting: width - 1) + "…" : single
        return cut + String(repeating: " ", count: max(0, width - TerminalWidth.of(cut)))
    }

    /// Earlier reads in words: "2019-01-05 to 2019-03-02 (read); finished 2015-06-01 (read); 2 undated reads".
    static func earlierReads(_ periods: [ReadPeriod]) -> String {
        var parts: [String] = []
        var undated: [ReadPeriod.Outcome: Int] = [:]
        for period in periods {
            let outcome = period.outcome == .read ? "read" : "did not finish"
            switch (period.started, period.ended) {
            case (let started?, let ended?): parts.append("\(date(started)) to \(date(ended)) (\(outcome))")
            case (nil, let ended?): parts.append((period.outcome == .read ? "finished " : "stopped ") + "\(date(ended)) (\(outcome))")
            case (let started?, nil): parts.append("started \(date(started)) (\(outcome))")
            case (nil, nil): undated[period.outcome, default: 0] += 1
            }
        }
        if let reads = undated[.read] { parts.append(HumanFormat.count(reads, "undated read", "undated reads")) }
        if let stops = undated[.dnf] { parts.append(HumanFormat.count(stops, "undated unfinished read", "undated unfinished reads")) }
        return parts.joined(separator: "; ")
    }

    /// The one-line summary printed after a change: `Dune — Frank Herbert: Reading, p. 120/412 (29%)`.
    static func summary(_ book: LibraryBook) -> String {
        var line = "\(book.work.title)"
        if !book.authors.isEmpty { line += " — \(book.authorNames)" }
        line += ": \(book.entry.status.displayName)"
        let progress = progress(book)
        if !progress.isEmpty, book.entry.status != .wishlist { line += ", \(progress)" }
        return line
    }

    /// The list table.
    static func table(_ books: [LibraryBook]) -> [String] {
        var lines = [
            cell("ID", 8) + "  " + cell("STATUS", 14) + "  " + cell("TITLE", 40) + "  " + cell("AUTHORS", 24) + "  "
                + cell("PROGRESS", 18) + "  RATING"
        ]
        for book in books {
            var title = book.work.title
            if let series = book.work.seriesName {
                title += " (\(series)" + seriesPosition(book.work) + ")"
            }
            lines.append(
                cell(shortID(book.entry.id), 8) + "  " + cell(book.entry.status.displayName, 14) + "  " + cell(title, 40) + "  "
                    + cell(book.authorNames, 24) + "  " + cell(progress(book), 18) + "  " + rating(book.entry.rating)
            )
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// The full description printed by `show`.
    /// " #2", " #1-3" for an omnibus, or nothing for an unnumbered series.
    static func seriesPosition(_ work: Work) -> String {
        guard let position = work.seriesPosition else { return "" }
        return " #" + NumberText.plain(position) + (work.seriesPositionEnd.map { "-" + NumberText.plain($0) } ?? "")
    }

    static func detail(_ book: LibraryBook, now: Date) -> [String] {
        let entry = book.entry
        var lines: [String] = []
        lines.append(book.work.title + (book.work.subtitle.map { ": \($0)" } ?? ""))
        if !book.authors.isEmpty { lines.append("by " + book.authors.map(\.displayName).joined(separator: ", ")) }
        if let series = book.work.seriesName {
            lines.append("Series: \(series)" + seriesPosition(book.work))
        }
        if let contributors = book.work.contributors, !contributors.isEmpty {
            lines.append("With " + contributors.map(\.label).joined(separator: ", "))
        }
        if let year = book.work.firstPublicationYear {
            lines.append("First published: " + (PartialDate(year: year)?.yearText ?? String(year)))
        }
        lines.append("")
        lines.append(field("Status", entry.status.displayName + (entry.isFavorite ? "  ♥ favorite" : "")))
        let progress = progress(book)
        if !progress.isEmpty { lines.append(field("Progress", progress)) }
        if entry.status == .reading {
            if let pace = entry.readingPace(now: now) {
                lines.append(field("Pace", String(format: "%.1f pages/day", pace)))
            }
            if let finish = entry.estimatedFinishDate(pageCount: book.pageCount, now: now) {
                lines.append(field("Finish by", date(finish)))
            }
        }
        if let rating = entry.rating { lines.append(field("Rating", TextFormat.rating(rating))) }
        lines.append(field("Added", date(entry.dateAdded)))
        if let started = entry.dateStarted { lines.append(field("Started", date(started))) }
        if let completed = entry.dateCompleted { lines.append(field("Finished", date(completed))) }
        if let stopped = entry.dateStopped { lines.append(field("Stopped", date(stopped))) }
        if let goal = entry.dailyReadingGoal { lines.append(field("Daily goal", HumanFormat.count(goal, "page", "pages"))) }
        lines.append(field("Owned", entry.isOwned ? "yes" : "no"))
        if let edition = book.edition {
            var parts: [String] = edition.format == .other ? [] : [edition.format.displayName]
            if let name = edition.editionTitle { parts.append(name.lowercased().contains("edition") ? name : name + " edition") }
            if let publisher = edition.publisher { parts.append(publisher) }
            if let published = edition.publicationDate { parts.append(published.description) }
            if let pages = edition.pageCount { parts.append(HumanFormat.count(pages, "page", "pages")) }
            if !parts.isEmpty { lines.append(field("Edition", parts.joined(separator: ", "))) }
            if let translator = edition.translator { lines.append(field("Translator", translator)) }
            if let narrator = edition.narrator { lines.append(field("Narrator", narrator)) }
            for isbn in edition.isbns {
                lines.append(field("ISBN", isbn.hyphenated + (isbn.isbn10.map { " (ISBN-10 \($0))" } ?? "")))
            }
        }
        if !entry.tags.isEmpty { lines.append(field("Tags", entry.tags.joined(separator: ", "))) }
        if !entry.readHistory.isEmpty {
            lines.append(field("Past reads", earlierReads(entry.readHistory)))
        }
        if !entry.sessions.isEmpty {
            let pages = entry.sessions.map(\.pagesRead).saturatingSum()
            lines.append(field(
                "Sessions",
                "\(entry.sessions.count), \(entry.totalReadingMinutes) min, \(HumanFormat.count(pages, "page", "pages"))"
            ))
        }
        if !entry.pagePhotos.isEmpty { lines.append(field("Photos", "\(entry.pagePhotos.count)")) }
        if let notes = entry.notes { lines.append(""); lines.append("Notes:"); lines.append(contentsOf: indented(notes)) }
        if let review = entry.review {
            lines.append("")
            lines.append("Review" + (entry.reviewHasSpoilers ? " (contains spoilers)" : "") + ":")
            lines.append(contentsOf: indented(review))
        }
        if !entry.quotes.isEmpty {
            lines.append("")
            lines.append("Quotes:")
            for quote in entry.quotes {
                lines.append("  “\(quote.text)”" + (quote.page.map { " (p. \($0))" } ?? ""))
            }
        }
        lines.append("")
        lines.append(field("Id", entry.id.description))
        return lines
    }

    private static func field(_ name: String, _ value: String) -> String { cell(name + ":", 14) + value }

    private static func indented(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
}
