import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

/// A book's page and its forms: one use case each, then back to the page, or the page again
/// with the error next to its field.
extension WebRoutes {
    // MARK: One book

    func bookPage(_ id: LibraryEntry.ID, _ request: Request, _ web: WebSession, state: FormState = .init(),
                          status: HTTPResponse.Status = .ok, notice: String? = nil) async throws -> Response {
        let (book, editions, photos) = try await services.library(web.account).library.details(.id(id))
        let notice = notice ?? (request.uri.queryParameters.get("edited") != nil ? "Your changes are saved."
            : request.uri.queryParameters.get("reread") != nil ? "Started a re-read; the earlier read is kept in the history." : nil)
        let entry = book.entry
        let now = services.now()
        let card = WebViews.card(book, now: now, covers: !services.covers.isOffline)
        let work = book.work
        var facts: [Fact] = []
        func fact(_ name: String, _ value: String?) {
            if let value, !value.isEmpty { facts.append(Fact(name: name, value: value)) }
        }
        func list(_ items: [String]) -> String? { items.isEmpty ? nil : items.joined(separator: ", ") }
        if let series = work.seriesName {
            let position = work.seriesPosition.map { start in
                " #" + NumberText.plain(start) + (work.seriesPositionEnd.map { "–" + NumberText.plain($0) } ?? "")
            }
            fact("Series", series + (position ?? ""))
        }
        fact("First published", work.firstPublicationYear.map { $0 > 0 ? String($0) : "\(-$0) BCE" })
        fact("Country of origin", work.originalCountry.map { $0.count == 2 ? WebViews.country($0) : $0 })
        fact("Original language", work.originalLanguage.map(WebViews.language))
        fact("Genres", list(work.genres))
        fact("Reading difficulty", work.readingDifficulty?.displayName)
        fact("Cultural themes", list(work.culturalThemes))
        fact("Content warnings", list(work.contentWarnings))
        fact("Awards", list(work.awards))
        fact("Also by", list((work.contributors ?? []).map(\.label)))
        if let edition = book.edition {
            fact("ISBN", edition.isbns.first?.isbn13)
            fact("Pages", edition.pageCount.map(NumberText.grouped))
            fact("Publisher", edition.publisher)
            fact("Published", edition.publicationDate?.description)
            fact("Format", edition.format.rawValue)
            fact("Edition", edition.editionTitle)
            fact("Language", edition.language.map(WebViews.language))
            fact("Translator", edition.translator)
            fact("Narrator", edition.narrator)
            fact("Audiobook length", edition.audioDurationMinutes.map(WebViews.duration))
        }
        facts.append(Fact(name: "Added", value: ISO8601Text.day(entry.dateAdded)))
        fact("Started", entry.dateStarted.map(ISO8601Text.day))
        fact("Finished", entry.dateCompleted.map(ISO8601Text.day))
        fact("Stopped", entry.dateStopped.map(ISO8601Text.day))
        facts.append(Fact(name: "Owned", value: entry.isOwned ? "Yes" : "No"))
        fact("Recommended by", entry.recommendedBy)
        fact("Would recommend", entry.wouldRecommend.map { $0 ? "Yes" : "No" })
        if entry.contributesToCulturalGoal || entry.culturalGoalCategory != nil {
            let counted = entry.contributesToCulturalGoal ? "Counts toward your cultural reading goal" : "Does not count toward your cultural reading goal"
            fact("Cultural goal", counted + (entry.culturalGoalCategory.map { ": \($0)" } ?? ""))
        }
        fact("Daily goal", entry.dailyReadingGoal.map { "\(NumberText.grouped($0)) page\($0 == 1 ? "" : "s") a day" })
        fact("Discussion notes", entry.discussionNotes)
        let ratingValue = state.values["rating"] ?? entry.rating.map(NumberText.plain) ?? ""
        let ratings = [WebViews.Option(value: "", label: "No rating", selected: ratingValue.isEmpty)]
            + stride(from: 0.25, through: 5, by: 0.25).map { value in
                let text = NumberText.plain(value)
                return WebViews.Option(value: text, label: "\(text) star\(value == 1 ? "" : "s")", selected: text == ratingValue)
            }
        // An audiobook's position is time listened, written back as the form reads it ("2:30").
        let listening = book.edition.flatMap { $0.format == .audiobook ? $0.audioDurationMinutes : nil }
        let listened = listening.flatMap { duration -> String? in
            guard entry.progress > 0 else { return nil }
            let minutes = ProgressPosition.listenedMinutes(progress: entry.progress, durationMinutes: duration)
            return "\(minutes / 60):" + String(format: "%02d", minutes % 60)
        }
        let pace = entry.status == .reading ? entry.readingPace(now: now).map { "\(NumberText.plain(($0 * 10).rounded() / 10)) pages a day" } : nil
        return pages.render("book", BookPage(
            frame: WebViews.frame(book.work.title, tab: "/library", theme: theme(request), session: web, notice: notice,
                                  failure: state.errors.isEmpty ? nil : "Not saved: see the message next to the field."),
            id: entry.id.description, title: book.work.title, subtitle: book.work.subtitle, authors: book.authorNames,
            description: work.description, cover: card.cover,
            spine: card.spine, status: entry.status.displayName,
            statuses: ReadingStatus.allCases.map { StatusButton(value: $0.rawValue, label: $0.displayName, current: $0 == entry.status) },
            statusError: state.errors["status"],
            facts: facts, reading: entry.status == .reading, percent: Int((entry.progress * 100).rounded()),
            progressText: ProgressPosition.listeningText(book) ?? card.progressText,
            pace: pace, finish: card.finish, listening: listening != nil,
            progressValue: state.values["progress"] ?? listened ?? (entry.currentPage > 0 ? String(entry.currentPage) : ""),
            progressError: state.errors["progress"],
            ratings: ratings, ratingError: state.errors["rating"],
            review: state.values["review"] ?? entry.review ?? "", spoilers: state.values["spoilers"].map { $0 == "on" } ?? entry.reviewHasSpoilers,
            reviewError: state.errors["review"],
            notes: state.values["notes"] ?? entry.notes ?? "", notesError: state.errors["notes"],
            tags: entry.tags, tagsValue: state.values["tags"] ?? "", tagsError: state.errors["tags"], favorite: entry.isFavorite,
            sessions: entry.sessions.reversed().map { SessionRow(date: ISO8601Text.day($0.date), minutes: $0.durationMinutes, pages: $0.pagesRead) },
            sessionMinutes: state.values["minutes"] ?? "", sessionPages: state.values["pages"] ?? "", sessionError: state.errors["session"],
            quotes: entry.quotes.map { QuoteRow(id: $0.id.description, text: $0.text, page: $0.page) },
            quoteText: state.values["quote"] ?? "", quotePage: state.values["quotePage"] ?? "", quoteError: state.errors["quote"],
            history: entry.readHistory.map { period in
                let start = period.started.map(ISO8601Text.day) ?? "?"
                let end = period.ended.map(ISO8601Text.day) ?? "?"
                return "\(start) – \(end): \(period.outcome == .read ? "read" : "did not finish")"
            },
            authorLinks: book.authors.map { AuthorLink(href: "/authors/\($0.id.description)", name: $0.displayName) },
            wishlist: entry.status == .wishlist,
            daily: state.values["daily"] ?? entry.dailyReadingGoal.map(String.init) ?? "", dailyError: state.errors["daily"],
            editions: editions.count < 2 ? [] : editions.map { edition in
                let parts = [edition.editionTitle, edition.format == .other ? nil : edition.format.displayName, edition.publisher,
                             edition.publicationDate?.description, edition.pageCount.map { "\(NumberText.grouped($0)) pages" },
                             edition.language, edition.primaryISBN.map { "ISBN \($0.isbn13)" }]
                let text = parts.compactMap { $0 }.joined(separator: " · ")
                return EditionItem(text: text.isEmpty ? "An edition without details" : text, shown: edition.id == book.edition?.id)
            },
            photos: photos.map { photo in
                let caption = [photo.page.map { "Page \($0)" }, photo.caption].compactMap { $0 }.joined(separator: ": ")
                return PhotoItem(src: "/v1/photos/\(photo.id.description)", thumbnail: "/v1/photos/\(photo.id.description)?size=thumbnail",
                                 caption: caption.isEmpty ? "Page photo" : caption)
            },
            photoError: state.errors["photo"], photoLimit: "\(PagePhoto.byteLimit / 1_048_576) MB"), status: status)
    }

    /// A form of the book page: one use case, then back to the page (or the page again with the error).
    func changeBook(_ request: Request, _ context: APIContext, _ web: WebSession, _ form: WebForm, change: String) async throws -> Response {
        let id: LibraryEntry.ID = try context.id("id")
        let library = services.library(web.account).library
        // The field a failure is shown next to, and the values kept.
        var field = change
        var kept: [String: String] = [:]
        do {
            switch change {
            case "status":
                guard let status = form["status"].flatMap(ReadingStatus.init(rawValue:)) else { throw WebError(.badRequest, "Choose a status.") }
                _ = try await library.setStatus(.id(id), to: status)
            case "progress":
                let typed = form["progress"] ?? ""
                kept["progress"] = typed
                let position: ProgressPosition
                do {
                    position = try ProgressPosition.read(typed)
                } catch {
                    guard case .outOfRange = error else {
                        throw FieldError("Write a page number, or a percentage like 40%. An audiobook also takes the time listened, like 2h30m or 2:30.")
                    }
                    throw FieldError(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
                }
                let change = try await library.progress(.id(id), to: position)
                // A read book moved short of its end is read again, and the page says so.
                if change.book.entry.readHistory.count > change.before.entry.readHistory.count {
                    return WebPages.redirect("/books/\(id.description)?reread=1#\(field)")
                }
            case "rating":
                let typed = form["rating"]
                kept["rating"] = typed ?? ""
                guard let typed else { _ = try await library.rate(.id(id), rating: nil); break }
                guard let rating = Double(typed) else { throw FieldError("Choose a rating from the list.") }
                _ = try await library.rate(.id(id), rating: rating)
            case "review":
                kept["review"] = form.raw("review") ?? ""
                kept["spoilers"] = form["spoilers"] ?? "off"
                _ = try await library.review(.id(id), text: form["review"], hasSpoilers: form["spoilers"] == "on")
            case "notes":
                kept["notes"] = form.raw("notes") ?? ""
                _ = try await library.note(.id(id), text: form["notes"])
            case "tags":
                if let remove = form["remove"] {
                    _ = try await library.removeTags(.id(id), [remove])
                } else {
                    kept["tags"] = form.raw("tags") ?? ""
                    let tags = (form["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    guard !tags.isEmpty else { throw FieldError("Write one tag or several, separated by commas.") }
                    _ = try await library.addTags(.id(id), tags)
                }
            case "favorite":
                _ = try await library.favorite(.id(id), form["favorite"] == "yes")
            case "daily-goal":
                field = "daily"
                kept["daily"] = form["daily"] ?? ""
                let pages = try form["daily"].map { text in
                    guard let pages = Int(text) else { throw FieldError("Write the pages a day as a whole number, or leave it empty.") }
                    return pages
                }
                _ = try await library.setDailyGoal(.id(id), pages: pages)
            case "acquire":
                field = "status"
                let status = form["status"].flatMap(ReadingStatus.init(rawValue:)) ?? .toRead
                _ = try await library.acquire(.id(id), copy: nil, status: status)
            case "sessions":
                field = "session"
                kept["minutes"] = form["minutes"] ?? ""
                kept["pages"] = form["pages"] ?? ""
                guard let minutes = Int(form["minutes"] ?? ""), let pages = Int(form["pages"] ?? "0") else {
                    throw FieldError("Write the minutes read and the pages read as whole numbers.")
                }
                _ = try await library.addSession(.id(id), minutes: minutes, pages: pages)
            case "quotes":
                field = "quote"
                kept["quote"] = form.raw("quote") ?? ""
                kept["quotePage"] = form["page"] ?? ""
                guard let text = form["quote"] else { throw FieldError("Write the quote.") }
                let page = try form["page"].map { text in
                    guard let page = Int(text) else { throw FieldError("The page is a whole number.") }
                    return page
                }
                _ = try await library.addQuote(.id(id), text: text, page: page)
            case "remove-quote":
                guard let quote = form["quote"] else { throw WebError(.badRequest, "Choose a quote to remove.") }
                _ = try await library.removeQuote(.id(id), quoteID: quote)
            case "remove":
                let removed = try await library.removeKeepingUndo(.id(id))
                let token = services.undoShelf.keep(removed, owner: web.account.user.id)
                return WebPages.redirect("/library?undo=\(token)")
            default:
                throw WebError.notFound
            }
        } catch let error as FieldError {
            return try await bookPage(id, request, web, state: FormState(errors: [field: error.message], values: kept), status: .badRequest)
        } catch {
            // A use case's refusal (a page past the end, a review too long) goes next to its field.
            guard let refusal = APIError(error), refusal.status != .notFound else { throw error }
            return try await bookPage(id, request, web, state: FormState(errors: [field: refusal.error.message], values: kept), status: refusal.status)
        }
        return WebPages.redirect("/books/\(id.description)#\(field)")
    }

    /// A value of a form that cannot be used, said next to its field.
    struct FieldError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
