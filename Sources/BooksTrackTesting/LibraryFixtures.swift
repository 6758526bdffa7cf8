import BooksTrackCore
import Foundation

/// Deterministic, realistic libraries for tests and benchmarks: the same seed always makes the
/// same books, and every date is relative to `referenceDate`, never today.
public enum LibraryFixtures {
    /// Bumped whenever the generator's output changes, so cached benchmark databases are rebuilt.
    public static let generatorVersion = 1

    /// The fixed "now" of every fixture: 2025-06-15 12:00:00 UTC.
    public static let referenceDate = date(2025, 6, 15, hour: 12)

    /// A UTC date.
    public static func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0, minute: Int = 0) -> Date {
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        return PartialDate.gregorianUTC.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// A valid ISBN-13 made from a serial number (978 prefix, correct check digit).
    public static func isbn(serial: Int) -> ISBN? {
        let body = "978" + String(format: "%09d", abs(serial) % 1_000_000_000)
        guard let check = ISBN.checkDigit13(for: body) else { return nil }
        return ISBN(body + String(check))
    }

    /// `count` books for `userID`: shared authors, valid ISBNs, a realistic mix of statuses
    /// (mostly read and to-read, some reading, wishlist books never owned), quarter-step ratings,
    /// tags, sessions and read histories, all dated before `referenceDate`.
    public static func books(count: Int, userID: User.ID, seed: UInt64 = 1) -> [NewBook] {
        var generator = SeededGenerator(seed: seed)
        let authors = makeAuthors(count: max(8, count / 4), using: &generator)
        return (0..<count).map { index in
            makeBook(index: index, userID: userID, authors: authors, using: &generator)
        }
    }

    // MARK: Single values for tests

    /// An author with only a name, created at the reference date.
    public static func author(_ name: String, id: Author.ID = Author.ID()) -> Author {
        Author(id: id, name: name, dateCreated: referenceDate)
    }

    /// A minimal book: a work by `authors`, an optional edition, and an entry with `status`
    /// (owned unless `owned` is false or the status is wishlist).
    public static func book(
        title: String,
        authors: [Author],
        userID: User.ID,
        status: ReadingStatus = .toRead,
        pageCount: Int? = 300,
        isbn: ISBN? = nil,
        owned: Bool = true,
        dateAdded: Date = referenceDate,
        tags: [String] = []
    ) -> NewBook {
        let work = Work(title: title, authorIDs: authors.map(\.id), dateCreated: dateAdded)
        let edition = Edition(
            workID: work.id, isbns: isbn.map { [$0] } ?? [], pageCount: pageCount, format: .paperback, dateCreated: dateAdded
        )
        let isOwned = owned && status != .wishlist
        let entry = LibraryEntry(
            userID: userID, workID: work.id, editionID: isOwned ? edition.id : nil, status: status, tags: tags,
            dateAdded: dateAdded
        )
        return NewBook(work: work, authors: authors, edition: edition, entry: entry)
    }

    // MARK: Generation

    private static let givenNames = [
        "Ursula", "Octavia", "Chimamanda", "Haruki", "Toni", "Gabriel", "Isabel", "Kazuo", "Chinua", "Margaret",
        "Ted", "N. K.", "Jhumpa", "Orhan", "Elena", "Italo", "Zadie", "Ngũgĩ", "Arundhati", "Yaa", "Olga",
        "Jorge Luis", "Mariana", "Ken", "Ann", "Jesmyn", "Tomás", "Wisława", "Clarice", "Banana", "José",
        "Naguib", "Leila", "Ocean", "Sally", "Kim", "Rebecca", "Hanya", "Min Jin", "Colson",
    ]
    private static let surnames = [
        "Le Guin", "Butler", "Adichie", "Murakami", "Morrison", "García Márquez", "Allende", "Ishiguro",
        "Achebe", "Atwood", "Chiang", "Jemisin", "Lahiri", "Pamuk", "Ferrante", "Calvino", "Smith",
        "wa Thiong'o", "Roy", "Gyasi", "Tokarczuk", "Borges", "Enríquez", "Liu", "Patchett", "Ward",
        "Eloy Martínez", "Szymborska", "Lispector", "Yoshimoto", "Saramago", "Mahfouz", "Slimani", "Vuong",
        "Rooney", "Stanley Robinson", "Kuang", "Yanagihara", "Lee", "Whitehead", "van der Berg", "de Beauvoir",
    ]
    private static let adjectives = [
        "Left", "Silent", "Broken", "Hidden", "Last", "Golden", "Burning", "Quiet", "Distant", "Wandering",
        "Forgotten", "Invisible", "Crimson", "Lonely", "Fifth", "Secret", "Drowned", "Infinite", "Little", "Café",
    ]
    private static let nouns = [
        "Hand", "Darkness", "River", "Garden", "Mountain", "Library", "Season", "Kingdom", "Island", "Sparrow",
        "Ministry", "Orchard", "Machine", "Harbor", "Archive", "Lighthouse", "Map", "Circus", "Forest", "Tower",
        "Ninth", "Promise", "Memory", "Dispossessed", "Sister", "Atlas", "Winter", "Sea", "Bridge", "Clock",
    ]
    private static let places = ["Paris", "Lagos", "Kyoto", "Buenos Aires", "Kraków", "Cairo", "Lima", "Oslo", "Accra", "Seoul"]
    private static let genres = [
        "Fiction", "Science Fiction", "Fantasy", "Literary Fiction", "Mystery", "History", "Poetry",
        "Memoir", "Philosophy", "Magical Realism",
    ]
    private static let tags = [
        "book-club", "favorites", "sci-fi", "classics", "to-gift", "comfort-read", "2024-challenge",
        "non-fiction", "translated", "audiobook-queue", "Summer Reading", "re-read",
    ]
    private static let publishers = ["Ace", "Vintage", "Penguin", "Tor", "Knopf", "Faber & Faber", "Gallimard", "Anagrama"]

    private static func makeAuthors(count: Int, using generator: inout SeededGenerator) -> [Author] {
        (0..<count).map { index in
            let given = givenNames[index % givenNames.count]
            let surname = surnames[(index / givenNames.count + index * 7) % surnames.count]
            let name = index < givenNames.count * surnames.count ? "\(given) \(surname)" : "\(given) \(surname) \(index)"
            let gender = generator.weighted([
                (AuthorGender.female, 0.45), (.male, 0.4), (.nonBinary, 0.03), (.other, 0.02), (.unknown, 0.1),
            ]) ?? .unknown
            let region = generator.chance(0.8) ? CulturalRegion.allCases.randomElement(using: &generator) : nil
            let birthYear = generator.chance(0.6) ? Int.random(in: 1850...1995, using: &generator) : nil
            let deathYear = birthYear.flatMap { birth in
                birth < 1940 && generator.chance(0.7) ? birth + Int.random(in: 40...95, using: &generator) : nil
            }
            return Author(
                id: Author.ID(generator.uuid()),
                name: name,
                sortName: TextNormalization.sortName(forAuthor: name),
                gender: gender,
                culturalRegion: region,
                birthYear: birthYear,
                deathYear: deathYear,
                externalIDs: AuthorExternalIDs(openLibraryID: generator.chance(0.5) ? "OL\(100_000 + index)A" : nil),
                dateCreated: date(2015, 1, 1)
            )
        }
    }

    private static func makeTitle(index: Int, using generator: inout SeededGenerator) -> String {
        let adjective = adjectives.randomElement(using: &generator) ?? "Left"
        let noun = nouns.randomElement(using: &generator) ?? "Hand"
        let other = nouns.randomElement(using: &generator) ?? "Darkness"
        let place = places.randomElement(using: &generator) ?? "Paris"
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return "The \(adjective) \(noun) of \(other)"
        case 1: return "A \(noun) in \(place)"
        case 2: return "\(noun) of the \(adjective) \(other)"
        case 3: return "The \(noun)'s \(other)"
        case 4: return "\(adjective) \(noun)"
        default: return "The \(adjective) \(noun) (\(other) Cycle #\(index % 7 + 1))"
        }
    }

    private static func makeBook(index: Int, userID: User.ID, authors: [Author], using generator: inout SeededGenerator) -> NewBook {
        let startOfLibrary = date(2015, 1, 1).timeIntervalSinceReferenceDate
        let end = referenceDate.timeIntervalSinceReferenceDate
        // Whole seconds, like the dates of real exports.
        let dateAdded = Date(timeIntervalSinceReferenceDate: Double(Int(Double.random(in: startOfLibrary..<end, using: &generator))))

        // Popular authors write more books: a skewed pick shares authors across books.
        let primaryIndex = Int(Double(authors.count) * pow(Double.random(in: 0..<1, using: &generator), 2))
        var bookAuthors = [authors[min(primaryIndex, authors.count - 1)]]
        if generator.chance(0.1), let coauthor = authors.randomElement(using: &generator), coauthor.id != bookAuthors[0].id {
            bookAuthors.append(coauthor)
        }

        let workID = Work.ID(generator.uuid())
        let genreCount = Int.random(in: 0...3, using: &generator)
        let work = Work(
            id: workID,
            title: makeTitle(index: index, using: &generator),
            subtitle: generator.chance(0.15) ? "A Novel" : nil,
            authorIDs: bookAuthors.map(\.id),
            genres: (0..<genreCount).compactMap { _ in genres.randomElement(using: &generator) },
            originalLanguage: generator.chance(0.7) ? "en" : ["fr", "es", "ja", "pl", "de"].randomElement(using: &generator),
            firstPublicationYear: Int.random(in: 1850...2024, using: &generator),
            description: generator.chance(0.5) ? "A story about \(nouns.randomElement(using: &generator) ?? "memory")." : nil,
            seriesName: generator.chance(0.1) ? "\(nouns.randomElement(using: &generator) ?? "Sea") Cycle" : nil,
            externalIDs: WorkExternalIDs(
                openLibraryWorkID: generator.chance(0.6) ? "OL\(200_000 + index)W" : nil,
                goodreadsWorkIDs: generator.chance(0.4) ? ["\(300_000 + index)"] : []
            ),
            reviewStatus: generator.chance(0.02) ? .pending : .verified,
            dateCreated: dateAdded,
            dataQuality: Int.random(in: 20...100, using: &generator)
        )

        let pageCount = generator.chance(0.95) ? Int.random(in: 80...1_200, using: &generator) : nil
        let format = generator.weighted([
            (EditionFormat.paperback, 0.45), (.hardcover, 0.25), (.ebook, 0.15), (.audiobook, 0.05), (.massMarket, 0.07), (.other, 0.03),
        ]) ?? .paperback
        let edition = Edition(
            id: Edition.ID(generator.uuid()),
            workID: workID,
            isbns: isbn(serial: index * 7 + Int(generator.next() % 7)).map { [$0] } ?? [],
            publisher: publishers.randomElement(using: &generator),
            publicationDate: PartialDate(year: Int.random(in: 1950...2024, using: &generator), month: generator.chance(0.5) ? Int.random(in: 1...12, using: &generator) : nil),
            pageCount: pageCount,
            format: format,
            language: "en",
            coverImageURL: generator.chance(0.7) ? URL(string: "https://covers.openlibrary.org/b/id/\(1_000_000 + index)-L.jpg") : nil,
            audioDurationMinutes: format == .audiobook ? Int.random(in: 240...1_800, using: &generator) : nil,
            dateCreated: dateAdded
        )

        let status = generator.weighted([
            (ReadingStatus.read, 0.45), (.toRead, 0.30), (.reading, 0.05), (.wishlist, 0.10), (.onHold, 0.04), (.dnf, 0.06),
        ]) ?? .toRead
        var entry = LibraryEntry(
            id: LibraryEntry.ID(generator.uuid()),
            userID: userID,
            workID: workID,
            editionID: status != .wishlist && generator.chance(0.85) ? edition.id : nil,
            status: status,
            dateAdded: dateAdded
        )
        let shownPages = pageCount
        let afterAdded = { (generator: inout SeededGenerator) -> Date in
            Date(timeIntervalSinceReferenceDate: Double(Int(Double.random(in: dateAdded.timeIntervalSinceReferenceDate..<end, using: &generator))))
        }
        switch status {
        case .read:
            let started = afterAdded(&generator)
            let completed = Date(timeIntervalSinceReferenceDate: min(end, started.timeIntervalSinceReferenceDate + Double(Int.random(in: 1...60, using: &generator)) * 86_400))
            entry.dateStarted = started
            entry.dateCompleted = completed
            entry.progress = 1
            entry.currentPage = shownPages ?? 0
            if generator.chance(0.7) { entry.rating = Double(Int.random(in: 4...20, using: &generator)) / 4 }
            entry.isFavorite = generator.chance(0.15)
            if generator.chance(0.05) {
                entry.readHistory = [ReadPeriod(started: date(2014, 3, 1), ended: date(2014, 4, 2), outcome: .read)]
            }
            if generator.chance(0.2) { entry.review = "Loved the \(nouns.randomElement(using: &generator) ?? "ending")." }
        case .reading, .onHold, .dnf:
            entry.dateStarted = afterAdded(&generator)
            if let pages = shownPages {
                entry.currentPage = Int.random(in: 1..<pages, using: &generator)
                entry.progress = Double(entry.currentPage) / Double(pages)
            } else {
                entry.progress = Double(Int.random(in: 1...99, using: &generator)) / 100
            }
            if status == .dnf { entry.dateStopped = entry.dateStarted }
        case .toRead, .wishlist:
            break
        }
        let tagCount = Int.random(in: 0...3, using: &generator)
        var seenTags = Set<String>()
        entry.tags = (0..<tagCount).compactMap { _ in tags.randomElement(using: &generator) }
            .filter { seenTags.insert($0.lowercased()).inserted }
        if let started = entry.dateStarted, generator.chance(0.3) {
            entry.sessions = (0..<Int.random(in: 1...5, using: &generator)).map { offset in
                ReadingSession(
                    id: ReadingSession.ID(generator.uuid()),
                    date: Date(timeIntervalSinceReferenceDate: min(end, started.timeIntervalSinceReferenceDate + Double(offset) * 86_400)),
                    durationMinutes: Int.random(in: 10...180, using: &generator),
                    pagesRead: Int.random(in: 5...80, using: &generator)
                )
            }
        }
        if status == .read, generator.chance(0.05) {
            entry.quotes = [Quote(id: Quote.ID(generator.uuid()), text: "It is good to have an end to journey toward.", page: 1, dateAdded: dateAdded)]
        }
        entry.lastModified = entry.dateCompleted ?? entry.dateStarted ?? dateAdded
        return NewBook(work: work, authors: bookAuthors, edition: edition, entry: entry)
    }
}
