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

    /// "p. 120/384 (31%)", "45%", an audiobook's "1 h 5 min of 11 h 40 min (9%)", or "" when
    /// nothing is known.
    static func progress(_ book: LibraryBook) -> String {
        if book.entry.progress > 0, let listened = ProgressPosition.listeningText(book) { return listened }
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

    /// " #2", " #1-3" for an omnibus, or nothing for an unnumbered series.
    static func seriesPosition(_ work: Work) -> String {
        guard let position = work.seriesPosition else { return "" }
        return " #" + NumberText.plain(position) + (work.seriesPositionEnd.map { "-" + NumberText.plain($0) } ?? "")
    }

    /// An audiobook's length: "45 min", "11 h 20 min", "3 h".
    static func duration(_ minutes: Int) -> String {
        guard minutes >= 60 else { return "\(minutes) min" }
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        return "\(NumberText.grouped(hours)) h" + (rest == 0 ? "" : " \(rest) min")
    }

    /// The cover shown: its address, "uploaded" for one the reader uploaded, or nil for none.
    static func cover(_ book: LibraryBook) -> String? {
        if let edition = book.edition, edition.hasUploadedCover { return "uploaded" }
        return (book.edition?.coverImageURL ?? book.work.coverImageURL)?.absoluteString
    }

    /// "yes", "yes (Nigerian authors)", or "" when the book does not count toward the goal.
    static func culturalGoal(_ entry: LibraryEntry) -> String {
        guard entry.contributesToCulturalGoal else { return entry.culturalGoalCategory.map { "no (\($0))" } ?? "" }
        return "yes" + (entry.culturalGoalCategory.map { " (\($0))" } ?? "")
    }

    /// One edition in a line: "Paperback, ISBN 978-0-441-47812-5, 304 pages, Ace".
    static func edition(_ edition: Edition) -> String {
        var parts: [String] = edition.format == .other ? [] : [edition.format.displayName]
        if let name = edition.editionTitle { parts.append(name.lowercased().contains("edition") ? name : name + " edition") }
        if let isbn = edition.primaryISBN { parts.append("ISBN " + isbn.hyphenated) }
        if let pages = edition.pageCount { parts.append(HumanFormat.count(pages, "page", "pages")) }
        if let publisher = edition.publisher { parts.append(publisher) }
        if let published = edition.publicationDate { parts.append(published.description) }
        if let language = edition.language { parts.append(language) }
        return parts.isEmpty ? "nothing known" : parts.joined(separator: ", ")
    }

    /// The short ids of a work's editions: the first 8 characters of each id, or as many more as
    /// tell them apart (editions made in the same moment share their first digits).
    static func shortIDs(_ editions: [Edition]) -> [Edition.ID: String] {
        let ids = editions.map { $0.id.description.lowercased() }
        var length = 8
        while length < 36, Set(ids.map { $0.prefix(length) }).count < Set(ids).count { length += 1 }
        return Dictionary(editions.map { ($0.id, String($0.id.description.lowercased().prefix(length))) }) { first, _ in first }
    }

    /// The full description printed by `show`: every field that is set, the work's editions when it
    /// has several, and "(yours)" after what the reader set by hand.
    static func detail(_ book: LibraryBook, editions: [Edition] = [], now: Date) -> [String] {
        let entry = book.entry
        let yours = Set(BookResource.readerSetFields(of: book).compactMap(BookField.init(rawValue:)))
        func mark(_ fields: BookField...) -> String {
            fields.contains { yours.contains($0) && hasValue($0, book) } ? "  (yours)" : ""
        }
        func list(_ name: String, _ items: [String], _ field: BookField) -> String? {
            items.isEmpty ? nil : self.field(name, items.joined(separator: ", ") + mark(field))
        }
        var lines: [String] = []
        lines.append(book.work.title + (book.work.subtitle.map { ": \($0)" } ?? "") + mark(.title, .subtitle))
        let contributors = book.work.contributors ?? []
        if !book.authors.isEmpty {
            lines.append("by " + book.authors.map(\.displayName).joined(separator: ", ") + (contributors.isEmpty ? mark(.authors) : ""))
        }
        if let series = book.work.seriesName {
            lines.append("Series: \(series)" + seriesPosition(book.work) + mark(.seriesName, .seriesPosition, .seriesPositionEnd))
        }
        if !contributors.isEmpty {
            lines.append("With " + contributors.map(\.label).joined(separator: ", ") + mark(.authors))
        }
        if let year = book.work.firstPublicationYear {
            lines.append("First published: " + (PartialDate(year: year)?.yearText ?? String(year)) + mark(.firstPublicationYear))
        }
        if let country = book.work.originalCountry { lines.append(field("Country", country + mark(.originalCountry))) }
        if let language = book.work.originalLanguage { lines.append(field("Written in", language + mark(.originalLanguage))) }
        lines.append(contentsOf: [
            list("Genres", book.work.genres, .genres), list("Themes", book.work.culturalThemes, .culturalThemes),
            list("Warnings", book.work.contentWarnings, .contentWarnings), list("Awards", book.work.awards, .awards),
        ].compactMap { $0 })
        if let difficulty = book.work.readingDifficulty {
            lines.append(field("Difficulty", difficulty.displayName + mark(.readingDifficulty)))
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
            if !parts.isEmpty {
                lines.append(field("Edition", parts.joined(separator: ", ") + mark(.format, .editionTitle, .publisher, .publicationDate, .pageCount)))
            }
            if let language = edition.language { lines.append(field("Language", language + mark(.language))) }
            if let translator = edition.translator { lines.append(field("Translator", translator + mark(.translator))) }
            if let narrator = edition.narrator { lines.append(field("Narrator", narrator + mark(.narrator))) }
            if let minutes = edition.audioDurationMinutes { lines.append(field("Audiobook", duration(minutes) + mark(.audioDurationMinutes))) }
            let isbnMark = edition.isbns.isEmpty ? "" : mark(.isbns)
            for isbn in edition.isbns {
                lines.append(field("ISBN", isbn.hyphenated + (isbn.isbn10.map { " (ISBN-10 \($0))" } ?? "") + isbnMark))
            }
        }
        if let cover = cover(book) { lines.append(field("Cover", cover + mark(.coverImageURL))) }
        if !entry.tags.isEmpty { lines.append(field("Tags", entry.tags.joined(separator: ", "))) }
        if entry.isPublic { lines.append(field("Public", "yes")) }
        if let recommender = entry.recommendedBy { lines.append(field("Recommended", "by " + recommender)) }
        if let recommend = entry.wouldRecommend { lines.append(field("Recommend it", recommend ? "yes" : "no")) }
        let culturalGoal = culturalGoal(entry)
        if !culturalGoal.isEmpty { lines.append(field("Cultural goal", culturalGoal)) }
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
        if editions.count > 1 {
            lines.append("")
            lines.append("Editions:")
            let ids = shortIDs(editions)
            for edition in editions {
                lines.append("  " + (ids[edition.id] ?? "") + "  " + Self.edition(edition) + (edition.id == entry.editionID ? "  ← your copy" : ""))
            }
        }
        if let description = book.work.description {
            lines.append("")
            lines.append("Description:" + mark(.description))
            lines.append(contentsOf: indented(description))
        }
        if let notes = entry.notes { lines.append(""); lines.append("Notes:"); lines.append(contentsOf: indented(notes)) }
        if let notes = entry.discussionNotes {
            lines.append("")
            lines.append("Discussion notes:")
            lines.append(contentsOf: indented(notes))
        }
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
        let emptied = BookField.allCases.filter { yours.contains($0) && !hasValue($0, book) }
        if !emptied.isEmpty { lines.append(field("Emptied by you", emptied.map(\.rawValue).joined(separator: ", "))) }
        lines.append(field("Id", entry.id.description))
        return lines
    }

    /// Whether the book has a value for a field of its work or edition (the fields a reader's
    /// edit marks as the reader's).
    private static func hasValue(_ field: BookField, _ book: LibraryBook) -> Bool {
        let work = book.work
        let edition = book.edition
        switch field {
        case .title: return true
        case .subtitle: return work.subtitle != nil
        case .authors: return !book.authors.isEmpty || !(work.contributors ?? []).isEmpty
        case .seriesName: return work.seriesName != nil
        // A position is part of the series line; cleared with the series, it is the series that was emptied.
        case .seriesPosition, .seriesPositionEnd: return true
        case .firstPublicationYear: return work.firstPublicationYear != nil
        case .originalCountry: return work.originalCountry != nil
        case .originalLanguage: return work.originalLanguage != nil
        case .genres: return !work.genres.isEmpty
        case .description: return work.description != nil
        case .culturalThemes: return !work.culturalThemes.isEmpty
        case .contentWarnings: return !work.contentWarnings.isEmpty
        case .awards: return !work.awards.isEmpty
        case .readingDifficulty: return work.readingDifficulty != nil
        case .isbns: return !(edition?.isbns ?? []).isEmpty
        case .publisher: return edition?.publisher != nil
        case .publicationDate: return edition?.publicationDate != nil
        case .pageCount: return edition?.pageCount != nil
        case .format: return edition != nil
        case .language: return edition?.language != nil
        case .editionTitle: return edition?.editionTitle != nil
        case .translator: return edition?.translator != nil
        case .narrator: return edition?.narrator != nil
        case .audioDurationMinutes: return edition?.audioDurationMinutes != nil
        case .coverImageURL: return cover(book) != nil
        default: return true
        }
    }

    /// "Pages:        304": the name in a column of 14, or followed by one space when longer.
    static func field(_ name: String, _ value: String) -> String {
        let label = name + ":"
        return label + String(repeating: " ", count: max(1, 14 - TerminalWidth.of(label))) + value
    }

    private static func indented(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
}
