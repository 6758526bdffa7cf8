import ArgumentParser
import BooksTrackCore
import BooksTrackServices
import Foundation

/// `bookstrack edit`: change any field of a book. Each flag names a field and hands its text to the
/// one reading of a reader's edit (`BookEdit.set`, `add`, `remove`, `clear`), the same the API and
/// the web app use; what the reader sets stays the reader's through enrichment and re-imports.
struct EditCommand: AsyncParsableCommand, BookCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change any field of a book: title, authors, series, edition, dates, your own notes …",
        discussion: """
            Lists take one value per flag (repeat the flag) or several separated by commas; people \
            are "Name" or "Name (role)", e.g. --add-author "Fiona Staples (illustrator)". An empty \
            value or --clear FIELD empties a field. Fields you set are yours: enrichment and \
            re-imports leave them as you left them.

            Examples:
              bookstrack edit dune --pages 412 --series "Dune #1" --add-genre Classics
              bookstrack edit 9780441172719 --author "Frank Herbert" --clear subtitle
              bookstrack edit earthsea --started 2024-03-05 --status reading
            """
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "The book: id, id prefix, ISBN or a piece of its title.")
    var book: String

    // The work.
    @Option(name: .long, parsing: .unconditional, help: "The title.") var title: String?
    @Option(name: .long, parsing: .unconditional, help: "The subtitle.") var subtitle: String?
    @Option(name: [.customLong("author"), .customLong("authors")], help: "Replace the people who made the book: \"Name\" or \"Name (role)\" (repeat, in order; the first author is the primary one).")
    var authors: [String] = []
    @Option(name: .customLong("add-author"), help: "Add a person: \"Name\" or \"Name (illustrator)\".") var addAuthors: [String] = []
    @Option(name: .customLong("remove-author"), help: "Remove a person by name.") var removeAuthors: [String] = []
    @Option(name: .long, parsing: .unconditional, help: "The series and position: \"Earthsea #2\", \"Earthsea #1-3\", or \"Earthsea\".") var series: String?
    @Option(name: .customLong("series-name"), parsing: .unconditional, help: "The series' name alone.") var seriesName: String?
    @Option(name: .customLong("series-position"), parsing: .unconditional, help: "The position in the series: 2, 1.5 or 1-3.") var seriesPosition: String?
    @Option(name: .customLong("series-position-end"), parsing: .unconditional, help: "The last position an omnibus collects.") var seriesPositionEnd: String?
    @Option(name: [.customLong("year"), .customLong("first-publication-year")], parsing: .unconditional, help: "The year of first publication (-700 is 700 BCE).")
    var firstPublicationYear: String?
    @Option(name: [.customLong("country"), .customLong("original-country")], parsing: .unconditional, help: "Where it was first published: NG, or a country's name.")
    var originalCountry: String?
    @Option(name: .customLong("original-language"), parsing: .unconditional, help: "The original language: en, ja, pt-BR.") var originalLanguage: String?
    @Option(name: [.customLong("genre"), .customLong("genres")], help: "Replace the genres (repeat for several).") var genres: [String] = []
    @Option(name: .customLong("add-genre"), help: "Add a genre.") var addGenres: [String] = []
    @Option(name: .customLong("remove-genre"), help: "Remove a genre.") var removeGenres: [String] = []
    @Option(name: .customLong("description"), parsing: .unconditional, help: "The description (up to 10,000 characters).") var workDescription: String?
    @Option(name: [.customLong("theme"), .customLong("cultural-themes")], help: "Replace the cultural themes.") var culturalThemes: [String] = []
    @Option(name: .customLong("add-theme"), help: "Add a cultural theme.") var addThemes: [String] = []
    @Option(name: .customLong("remove-theme"), help: "Remove a cultural theme.") var removeThemes: [String] = []
    @Option(name: [.customLong("content-warning"), .customLong("content-warnings")], help: "Replace the content warnings.") var contentWarnings: [String] = []
    @Option(name: .customLong("add-content-warning"), help: "Add a content warning.") var addContentWarnings: [String] = []
    @Option(name: .customLong("remove-content-warning"), help: "Remove a content warning.") var removeContentWarnings: [String] = []
    @Option(name: [.customLong("award"), .customLong("awards")], help: "Replace the awards.") var awards: [String] = []
    @Option(name: .customLong("add-award"), help: "Add an award.") var addAwards: [String] = []
    @Option(name: .customLong("remove-award"), help: "Remove an award.") var removeAwards: [String] = []
    @Option(name: [.customLong("difficulty"), .customLong("reading-difficulty")], parsing: .unconditional, help: "easy, moderate, challenging or academic.")
    var readingDifficulty: String?

    // The reader's edition.
    @Option(name: [.customLong("isbn"), .customLong("isbns")], help: "Replace the ISBNs of your edition (repeat for several).") var isbns: [String] = []
    @Option(name: .customLong("add-isbn"), help: "Add an ISBN to your edition.") var addISBNs: [String] = []
    @Option(name: .customLong("remove-isbn"), help: "Remove an ISBN from your edition.") var removeISBNs: [String] = []
    @Option(name: .long, parsing: .unconditional, help: "The publisher.") var publisher: String?
    @Option(name: [.customLong("published"), .customLong("publication-date")], parsing: .unconditional, help: "When your edition was published: 1969, 1998-09, 2020-10-25.")
    var publicationDate: String?
    @Option(name: [.customLong("pages"), .customLong("page-count")], parsing: .unconditional, help: "The number of pages.") var pageCount: String?
    @Option(name: .long, parsing: .unconditional, help: "hardcover, paperback, massMarket, ebook, audiobook or other.") var format: String?
    @Option(name: .long, parsing: .unconditional, help: "The edition's language: en, de, pt-BR.") var language: String?
    @Option(name: .customLong("edition-title"), parsing: .unconditional, help: "\"25th anniversary edition\".") var editionTitle: String?
    @Option(name: .long, parsing: .unconditional, help: "The translator.") var translator: String?
    @Option(name: .long, parsing: .unconditional, help: "The narrator of an audiobook.") var narrator: String?
    @Option(name: [.customLong("audio-minutes"), .customLong("audio-duration-minutes")], parsing: .unconditional, help: "An audiobook's length in minutes.")
    var audioDurationMinutes: String?
    @Option(name: [.customLong("cover-url"), .customLong("cover-image-url")], parsing: .unconditional, help: "An https:// address of a cover image.")
    var coverImageURL: String?

    // The reader's own.
    @Option(name: .long, parsing: .unconditional, help: "wishlist, toRead, reading, read, onHold or dnf.") var status: String?
    @Option(name: .long, parsing: .unconditional, help: "yes or no: you own a copy.") var owned: String?
    @Option(name: .long, parsing: .unconditional, help: "0.25 to 5 in quarter steps.") var rating: String?
    @Option(name: .long, parsing: .unconditional, help: "Your review (up to 20,000 characters).") var review: String?
    @Option(name: [.customLong("spoilers"), .customLong("review-has-spoilers")], parsing: .unconditional, help: "yes or no: the review has spoilers.")
    var reviewHasSpoilers: String?
    @Option(name: .long, parsing: .unconditional, help: "Private notes (up to 5,000 characters).") var notes: String?
    @Option(name: .customLong("discussion-notes"), parsing: .unconditional, help: "Notes for a book club (up to 5,000 characters).") var discussionNotes: String?
    @Option(name: [.customLong("tag"), .customLong("tags")], help: "Replace the tags (repeat for several).") var tags: [String] = []
    @Option(name: .customLong("add-tag"), help: "Add a tag.") var addTags: [String] = []
    @Option(name: .customLong("remove-tag"), help: "Remove a tag.") var removeTags: [String] = []
    @Option(name: [.customLong("favorite"), .customLong("is-favorite")], parsing: .unconditional, help: "yes or no.") var isFavorite: String?
    @Option(name: [.customLong("public"), .customLong("is-public")], parsing: .unconditional, help: "yes or no.") var isPublic: String?
    @Option(name: .customLong("recommended-by"), parsing: .unconditional, help: "Who recommended the book.") var recommendedBy: String?
    @Option(name: .customLong("would-recommend"), parsing: .unconditional, help: "yes or no.") var wouldRecommend: String?
    @Option(name: [.customLong("cultural-goal"), .customLong("contributes-to-cultural-goal")], parsing: .unconditional, help: "yes or no: it counts toward your cultural reading goal.")
    var contributesToCulturalGoal: String?
    @Option(name: [.customLong("cultural-category"), .customLong("cultural-goal-category")], parsing: .unconditional, help: "The category of that goal.")
    var culturalGoalCategory: String?
    @Option(name: [.customLong("daily-goal"), .customLong("daily-reading-goal")], parsing: .unconditional, help: "Pages a day you mean to read.")
    var dailyReadingGoal: String?
    @Option(name: [.customLong("added"), .customLong("date-added")], parsing: .unconditional, help: "The day you added it: 2024-03-05.") var dateAdded: String?
    @Option(name: [.customLong("started"), .customLong("date-started")], parsing: .unconditional, help: "The day you started it.") var dateStarted: String?
    @Option(name: [.customLong("finished"), .customLong("date-completed")], parsing: .unconditional, help: "The day you finished it.") var dateCompleted: String?
    @Option(name: [.customLong("stopped"), .customLong("date-stopped")], parsing: .unconditional, help: "The day you stopped reading it.") var dateStopped: String?

    @Option(name: .customLong("clear"), help: "Empty a field, by its name or its flag: subtitle, pages, series … (repeat for several).")
    var clear: [String] = []

    func run() async throws {
        let edit = try bookEdit()
        let library = try options.library()
        let change = try await library.edit(reference, edit)
        if options.json { return try JSONOutput.print(BookResource(change.book, now: library.now())) }
        say(TextFormat.summary(change.book))
        let lines = EditText.changes(from: change.before, to: change.book)
        if lines.isEmpty {
            say("Nothing changed: every field already had the value given.")
        } else {
            for line in lines { say(line) }
        }
    }

    /// The reader's edit, each flag read by the one parser of a book's fields.
    func bookEdit() throws -> BookEdit {
        var edit = BookEdit()
        var given: Set<BookField> = []
        func set(_ field: BookField, _ text: String?) throws {
            guard let text else { return }
            try edit.set(field, text: text)
            given.insert(field)
        }
        func list(_ field: BookField, replace: [String], add: [String], remove: [String]) throws {
            // Repeated flags are one list: the parser reads one item a line.
            if !replace.isEmpty { try edit.set(field, text: replace.joined(separator: "\n")); given.insert(field) }
            for text in remove { try edit.remove(field, text: text); given.insert(field) }
            for text in add { try edit.add(field, text: text); given.insert(field) }
        }
        if let series {
            try edit.setSeries(text: series)
            given.formUnion([.seriesName, .seriesPosition, .seriesPositionEnd])
        }
        let values: [(BookField, String?)] = [
            (.title, title), (.subtitle, subtitle), (.seriesName, seriesName), (.seriesPosition, seriesPosition),
            (.seriesPositionEnd, seriesPositionEnd), (.firstPublicationYear, firstPublicationYear), (.originalCountry, originalCountry),
            (.originalLanguage, originalLanguage), (.description, workDescription), (.readingDifficulty, readingDifficulty),
            (.publisher, publisher), (.publicationDate, publicationDate), (.pageCount, pageCount), (.format, format),
            (.language, language), (.editionTitle, editionTitle), (.translator, translator), (.narrator, narrator),
            (.audioDurationMinutes, audioDurationMinutes), (.coverImageURL, coverImageURL), (.status, status), (.owned, owned),
            (.rating, rating), (.review, review), (.reviewHasSpoilers, reviewHasSpoilers), (.notes, notes),
            (.discussionNotes, discussionNotes), (.isFavorite, isFavorite), (.isPublic, isPublic), (.recommendedBy, recommendedBy),
            (.wouldRecommend, wouldRecommend), (.contributesToCulturalGoal, contributesToCulturalGoal),
            (.culturalGoalCategory, culturalGoalCategory), (.dailyReadingGoal, dailyReadingGoal), (.dateAdded, dateAdded),
            (.dateStarted, dateStarted), (.dateCompleted, dateCompleted), (.dateStopped, dateStopped),
        ]
        for (field, text) in values { try set(field, text) }
        try list(.authors, replace: authors, add: addAuthors, remove: removeAuthors)
        try list(.genres, replace: genres, add: addGenres, remove: removeGenres)
        try list(.culturalThemes, replace: culturalThemes, add: addThemes, remove: removeThemes)
        try list(.contentWarnings, replace: contentWarnings, add: addContentWarnings, remove: removeContentWarnings)
        try list(.awards, replace: awards, add: addAwards, remove: removeAwards)
        try list(.isbns, replace: isbns, add: addISBNs, remove: removeISBNs)
        try list(.tags, replace: tags, add: addTags, remove: removeTags)
        for name in clear {
            let field = try Self.field(named: name)
            if given.contains(field) {
                throw CommandFailure.invalid("--clear \(name): \(field.rawValue) is given a value in the same edit; give a value or clear it, not both")
            }
            try edit.clear(field)
        }
        guard !edit.isEmpty else { throw CommandFailure.invalid(Self.nothingToEdit) }
        return edit
    }

    /// The refusal of an edit without a field: what can be edited, in groups.
    static var nothingToEdit: String {
        func flags(_ fields: ArraySlice<BookField>) -> String {
            fields.compactMap { field in Self.flags.first { $0.field == field }.map { "--" + $0.flag } }.joined(separator: ", ")
        }
        // BookField lists the work's fields, then the edition's (from isbns), then the reader's (from status).
        let all = BookField.allCases[...]
        let work = all.prefix { $0 != .isbns }
        let edition = all.drop { $0 != .isbns }.prefix { $0 != .status }
        let entry = all.drop { $0 != .status }
        return """
            give at least one field to change, e.g. bookstrack edit BOOK --pages 320
              the book: --series "Earthsea #2", \(flags(work))
              your edition: \(flags(edition))
              yours: \(flags(entry))
              lists: --add-/--remove-author, genre, theme, content-warning, award, isbn, tag
              --clear FIELD empties a field (by its flag or its name)
            """
    }

    /// Every field's flag, in the order `--help` lists them.
    static let flags: [(flag: String, field: BookField)] = [
        ("title", .title), ("subtitle", .subtitle), ("author", .authors), ("series-name", .seriesName),
        ("series-position", .seriesPosition), ("series-position-end", .seriesPositionEnd), ("year", .firstPublicationYear),
        ("country", .originalCountry), ("original-language", .originalLanguage), ("genre", .genres), ("description", .description),
        ("theme", .culturalThemes), ("content-warning", .contentWarnings), ("award", .awards), ("difficulty", .readingDifficulty),
        ("isbn", .isbns), ("publisher", .publisher), ("published", .publicationDate), ("pages", .pageCount), ("format", .format),
        ("language", .language), ("edition-title", .editionTitle), ("translator", .translator), ("narrator", .narrator),
        ("audio-minutes", .audioDurationMinutes), ("cover-url", .coverImageURL), ("status", .status), ("owned", .owned),
        ("rating", .rating), ("review", .review), ("spoilers", .reviewHasSpoilers), ("notes", .notes),
        ("discussion-notes", .discussionNotes), ("tag", .tags), ("favorite", .isFavorite), ("public", .isPublic),
        ("recommended-by", .recommendedBy), ("would-recommend", .wouldRecommend), ("cultural-goal", .contributesToCulturalGoal),
        ("cultural-category", .culturalGoalCategory), ("daily-goal", .dailyReadingGoal), ("added", .dateAdded),
        ("started", .dateStarted), ("finished", .dateCompleted), ("stopped", .dateStopped),
    ]

    /// The other names a field's flag answers to.
    private static let aliases: [String: BookField] = [
        "authors": .authors, "series": .seriesName, "first-publication-year": .firstPublicationYear,
        "original-country": .originalCountry, "genres": .genres, "themes": .culturalThemes, "cultural-themes": .culturalThemes,
        "content-warnings": .contentWarnings, "awards": .awards, "reading-difficulty": .readingDifficulty, "isbns": .isbns,
        "publication-date": .publicationDate, "page-count": .pageCount, "audio-duration-minutes": .audioDurationMinutes,
        "cover": .coverImageURL, "cover-image-url": .coverImageURL, "review-has-spoilers": .reviewHasSpoilers, "tags": .tags,
        "is-favorite": .isFavorite, "is-public": .isPublic, "contributes-to-cultural-goal": .contributesToCulturalGoal,
        "cultural-goal-category": .culturalGoalCategory, "daily-reading-goal": .dailyReadingGoal, "date-added": .dateAdded,
        "date-started": .dateStarted, "date-completed": .dateCompleted, "date-stopped": .dateStopped,
    ]

    /// The field `--clear` names: a `BookField` name ("pageCount") or a flag ("pages", "--page-count").
    static func field(named name: String) throws -> BookField {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let flag = (trimmed.hasPrefix("--") ? String(trimmed.dropFirst(2)) : trimmed).lowercased()
        if let field = BookField.allCases.first(where: { $0.rawValue.lowercased() == flag })
            ?? flags.first(where: { $0.flag == flag })?.field ?? aliases[flag]
        {
            return field
        }
        throw CommandFailure.invalid("--clear: no field \"\(name.prefix(64))\"; name a field by its flag ("
            + flags.map(\.flag).joined(separator: ", ") + ") or by its name (pageCount, seriesName …)")
    }
}
