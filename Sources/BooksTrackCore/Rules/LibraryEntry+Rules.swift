import Foundation

/// The reading rules: every status move, progress update and edit goes through these, with `now`
/// passed in. Each successful mutation touches `lastModified`.
extension LibraryEntry {
    /// Moves the entry to `status`, applying that status's rule (start, finish, stop, hold...).
    public mutating func setStatus(_ status: ReadingStatus, pageCount: Int?, now: Date) throws(LibraryError) {
        switch status {
        case .wishlist:
            guard editionID == nil else { throw .wishlistCannotBeOwned }
            self.status = .wishlist
            touch(now)
        case .toRead:
            self.status = .toRead
            touch(now)
        case .reading:
            start(now: now)
        case .read:
            finish(pageCount: pageCount, now: now)
        case .onHold:
            hold(now: now)
        case .dnf:
            stop(now: now)
        }
    }

    /// Starts reading. Starting a finished (or abandoned) book is a re-read: the earlier period goes
    /// into `readHistory` and dates and progress restart.
    public mutating func start(now: Date) {
        switch status {
        case .reading:
            return
        case .read:
            readHistory.append(ReadPeriod(started: dateStarted, ended: dateCompleted, outcome: .read))
            restart(now: now)
        case .dnf:
            readHistory.append(ReadPeriod(started: dateStarted, ended: dateStopped, outcome: .dnf))
            restart(now: now)
        case .wishlist, .toRead, .onHold:
            if dateStarted == nil { dateStarted = now }
        }
        status = .reading
        touch(now)
    }

    /// Finishes the book: completion date now, start date filled if unknown, full progress and the
    /// current page at the last page when the page count is known. Finishing a read book changes nothing.
    public mutating func finish(pageCount: Int?, now: Date) {
        guard status != .read else { return }
        status = .read
        dateCompleted = now
        if dateStarted == nil { dateStarted = now }
        progress = 1
        if let pageCount, pageCount > 0 { currentPage = pageCount }
        touch(now)
    }

    /// Stops reading for good (did not finish); progress is kept.
    public mutating func stop(now: Date) {
        guard status != .dnf else { return }
        status = .dnf
        dateStopped = now
        touch(now)
    }

    /// Puts the book on hold; dates and progress are kept.
    public mutating func hold(now: Date) {
        guard status != .onHold else { return }
        status = .onHold
        touch(now)
    }

    /// Records the page reached. Rejects negative pages and pages past `pageCount`. A page above 0
    /// starts a wishlist, to-read or on-hold book; reaching `pageCount` finishes it; a page above 0
    /// and short of the end of a read book starts a re-read (the finished read goes into
    /// `readHistory`); page 0 changes no status.
    public mutating func updateProgress(page: Int, pageCount: Int?, now: Date) throws(LibraryError) {
        guard page >= 0 else { throw .negativePage(page) }
        if let pageCount, page > pageCount { throw .pageBeyondLastPage(page: page, pageCount: pageCount) }
        currentPage = page
        if let pageCount, pageCount > 0 {
            progress = Double(page) / Double(pageCount)
        }
        applyProgressStatus(reachedEnd: pageCount.map { $0 > 0 && page == $0 } ?? false, started: page > 0, pageCount: pageCount, now: now)
        touch(now)
    }

    /// Records progress as a percentage (0–100), for books without a page count. The current page
    /// follows when the page count is known.
    public mutating func updateProgress(percent: Double, pageCount: Int?, now: Date) throws(LibraryError) {
        guard percent.isFinite, (0...100).contains(percent) else { throw .percentOutOfRange(percent) }
        progress = percent / 100
        if let pageCount, pageCount > 0 {
            currentPage = Int((Double(pageCount) * progress).rounded())
        }
        applyProgressStatus(reachedEnd: percent == 100, started: percent > 0, pageCount: pageCount, now: now)
        touch(now)
    }

    /// Records the minutes listened of an audiobook `durationMinutes` long: progress becomes their
    /// share of the length, and the status follows as for pages (a minute above 0 starts a to-read
    /// book, the last minute finishes it, a read book short of the end starts a re-read). Rejects
    /// negative minutes, minutes past the length, and an audiobook whose length is unknown. The
    /// current page follows the share when the page count is known.
    public mutating func updateProgress(minutes: Int, durationMinutes: Int?, pageCount: Int? = nil, now: Date) throws(LibraryError) {
        guard minutes >= 0 else {
            throw .invalid(.outOfRange(field: "minutes", value: String(minutes), allowed: "0 or more"))
        }
        guard let durationMinutes, durationMinutes > 0 else {
            throw .invalid(.notValid(
                field: "audioDurationMinutes", value: "",
                expected: "known to record minutes listened; set the audiobook's length: bookstrack edit BOOK --audio-minutes N"
            ))
        }
        guard minutes <= durationMinutes else {
            throw .invalid(.outOfRange(
                field: "minutes", value: String(minutes),
                allowed: "0–\(durationMinutes), the audiobook's length (\(ProgressPosition.timeText(minutes: durationMinutes)))"
            ))
        }
        progress = Double(minutes) / Double(durationMinutes)
        currentPage = pageCount.map { $0 > 0 ? Int((Double($0) * progress).rounded()) : 0 } ?? 0
        applyProgressStatus(reachedEnd: minutes == durationMinutes, started: minutes > 0, pageCount: pageCount, now: now)
        touch(now)
    }

    /// Keeps the position in step with a corrected page count of the same edition: the page the
    /// reader reached stays and its share is counted again; a read book is at its new last page.
    public mutating func recount(pageCount: Int?) {
        guard let pageCount, pageCount > 0 else { return }
        if status == .read {
            (currentPage, progress) = (pageCount, 1)
        } else if currentPage > 0, currentPage <= pageCount {
            progress = Double(currentPage) / Double(pageCount)
        }
    }

    /// Keeps the position in step when the book is shown in another edition (`pageCount` pages):
    /// the share read stays and the page is the one at that share; a read book is at its last page.
    public mutating func moveToEdition(pageCount: Int?) {
        guard let pageCount, pageCount > 0 else { return }
        if status == .read {
            (currentPage, progress) = (pageCount, 1)
        } else if progress > 0 {
            currentPage = min(pageCount, Int((Double(pageCount) * min(progress, 1)).rounded()))
        }
    }

    /// Turns a wishlist entry into an owned one with `edition`; `dateAdded` is unchanged.
    public mutating func acquire(edition: Edition, status: ReadingStatus = .toRead, now: Date) throws(LibraryError) {
        guard self.status == .wishlist else { throw .notOnWishlist(self.status) }
        guard edition.workID == workID else { throw .editionOfAnotherWork }
        guard status != .wishlist else { throw .wishlistCannotBeOwned }
        editionID = edition.id
        self.status = .toRead
        try setStatus(status, pageCount: edition.pageCount, now: now)
        touch(now)
    }

    /// Attaches (or replaces) the owned edition of a book that is not on the wishlist.
    public mutating func setOwnedEdition(_ edition: Edition?, now: Date) throws(LibraryError) {
        if let edition {
            guard status != .wishlist else { throw .wishlistCannotBeOwned }
            guard edition.workID == workID else { throw .editionOfAnotherWork }
        }
        editionID = edition?.id
        touch(now)
    }

    /// The page the reader has reached in `pageCount` pages: the current page, or, when only a
    /// share is recorded (a percentage, or a book finished before it had a page count), the page
    /// that share reaches. A book read before its edition gave a page count is at its last page.
    public func pageReached(pageCount: Int?) -> Int {
        guard currentPage == 0, progress > 0, let pageCount, pageCount > 0 else { return currentPage }
        return min(pageCount, Int((Double(pageCount) * progress).rounded()))
    }

    /// Pages per day since `dateStarted` (counting at least one day); nil before any progress.
    public func readingPace(now: Date) -> Double? {
        guard let dateStarted, currentPage > 0 else { return nil }
        let days = max(1, now.timeIntervalSince(dateStarted) / 86_400)
        return Double(currentPage) / days
    }

    /// When the book will be finished at the current pace, or at `dailyReadingGoal` pages a day when
    /// there is no pace yet. Nil without a page count or any pace.
    public func estimatedFinishDate(pageCount: Int?, now: Date) -> Date? {
        guard let pageCount, pageCount > 0, status == .reading || status == .toRead || status == .onHold else {
            return nil
        }
        let remaining = pageCount - currentPage
        guard remaining > 0 else { return now }
        guard let pace = readingPace(now: now) ?? dailyReadingGoal.map(Double.init), pace > 0 else { return nil }
        let days = (Double(remaining) / pace).rounded(.up)
        return now.addingTimeInterval(days * 86_400)
    }

    /// Sets or clears the rating: 0.25–5 in quarter steps; 0 and nil mean unrated.
    public mutating func setRating(_ rating: Double?, now: Date) throws(LibraryError) {
        self.rating = try Validation.rating(rating)
        touch(now)
    }

    /// Sets or clears the review (at most 20,000 characters) and its spoiler flag.
    public mutating func setReview(_ review: String?, hasSpoilers: Bool, now: Date) throws(LibraryError) {
        self.review = try Validation.optionalText(review, field: "review", limit: Self.reviewLimit)
        reviewHasSpoilers = self.review == nil ? false : hasSpoilers
        touch(now)
    }

    /// Sets or clears the private notes (at most 5,000 characters).
    public mutating func setNotes(_ notes: String?, now: Date) throws(LibraryError) {
        self.notes = try Validation.optionalText(notes, field: "notes", limit: Self.notesLimit)
        touch(now)
    }

    /// Sets or clears the discussion notes (at most 5,000 characters).
    public mutating func setDiscussionNotes(_ notes: String?, now: Date) throws(LibraryError) {
        discussionNotes = try Validation.optionalText(notes, field: "discussionNotes", limit: Self.notesLimit)
        touch(now)
    }

    /// Adds a tag (trimmed, at most 64 characters) unless it is already there in any letter case.
    /// Returns false when it was already there.
    @discardableResult
    public mutating func addTag(_ tag: String, now: Date) throws(LibraryError) -> Bool {
        let tag = try Validation.tag(tag)
        guard !tags.contains(where: { $0.lowercased() == tag.lowercased() }) else { return false }
        tags.append(tag)
        touch(now)
        return true
    }

    /// Removes a tag, matching case-insensitively. Returns false when it was not there.
    @discardableResult
    public mutating func removeTag(_ tag: String, now: Date) -> Bool {
        let key = tag.trimmingWhitespace().lowercased()
        guard let index = tags.firstIndex(where: { $0.lowercased() == key }) else { return false }
        tags.remove(at: index)
        touch(now)
        return true
    }

    /// Marks or unmarks the book as a favorite.
    public mutating func setFavorite(_ isFavorite: Bool, now: Date) {
        self.isFavorite = isFavorite
        touch(now)
    }

    /// Adds a quote (at most 2,000 characters, page ≥ 0 and within the page count when known).
    public mutating func addQuote(_ quote: Quote, pageCount: Int?, now: Date) throws(LibraryError) {
        try Validation.validate(quote, pageCount: pageCount)
        quotes.append(quote)
        touch(now)
    }

    /// Removes a quote.
    public mutating func removeQuote(id: Quote.ID, now: Date) throws(LibraryError) {
        guard let index = quotes.firstIndex(where: { $0.id == id }) else { throw .quoteNotFound(id) }
        quotes.remove(at: index)
        touch(now)
    }

    /// The latest date a read, a session or an addition may carry: today, with a day to spare for
    /// time zones and clocks a little ahead.
    public static func latestDate(now: Date) -> Date { now.addingTimeInterval(86_400) }

    /// Records a reading session (1–1440 minutes, 0–10,000 pages), on a day not after today.
    public mutating func addSession(_ session: ReadingSession, now: Date) throws(LibraryError) {
        try Validation.validate(session)
        guard session.date <= Self.latestDate(now: now) else {
            throw .invalid(.outOfRange(field: "date", value: PartialDate(date: session.date).description, allowed: "today or earlier"))
        }
        sessions.append(session)
        sessions.sort { $0.date < $1.date }
        touch(now)
    }

    /// Sets or clears the daily reading goal in pages (> 0).
    public mutating func setDailyReadingGoal(_ pages: Int?, now: Date) throws(LibraryError) {
        if let pages, !Bounds.dailyPages.contains(pages) {
            throw .invalid(.outOfRange(field: "dailyReadingGoal", value: String(pages), allowed: "from \(Bounds.dailyPages.lowerBound) to \(NumberText.grouped(Bounds.dailyPages.upperBound)) pages a day"))
        }
        dailyReadingGoal = pages
        touch(now)
    }

    /// Records that the entry changed.
    public mutating func touch(_ now: Date) {
        lastModified = now
    }

    private mutating func restart(now: Date) {
        dateStarted = now
        dateCompleted = nil
        dateStopped = nil
        progress = 0
        currentPage = 0
    }

    private mutating func applyProgressStatus(reachedEnd: Bool, started: Bool, pageCount: Int?, now: Date) {
        if reachedEnd {
            if status != .read {
                if dateStarted == nil { dateStarted = now }
                finish(pageCount: pageCount, now: now)
            }
        } else if started, [.wishlist, .toRead, .onHold].contains(status) {
            if dateStarted == nil { dateStarted = now }
            status = .reading
        } else if started, status == .read {
            // A read book is not at 38 %: reading it again from a page short of its end is a re-read,
            // at the position just recorded.
            let (page, share) = (currentPage, progress)
            start(now: now)
            (currentPage, progress) = (page, share)
        }
    }
}
