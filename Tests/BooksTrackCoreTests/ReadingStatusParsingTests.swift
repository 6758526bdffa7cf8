import Testing

@testable import BooksTrackCore

@Suite struct ReadingStatusParsingTests {
    static let sourceAppNames: [(text: String, status: ReadingStatus)] = [
        // Display names of the earlier apps.
        ("TBR - To Be Read", .toRead), ("DNF - Did Not Finish", .dnf), ("On Hold", .onHold),
        ("Currently Reading", .reading), ("Want to Read", .toRead), ("Already Read", .read), ("Read", .read),
        ("Reading", .reading), ("Wishlist", .wishlist), ("Wish list", .wishlist), ("Paused", .onHold),
        ("To Read", .toRead), ("Did Not Finish", .dnf), ("TBR", .toRead), ("To Be Read", .toRead),
        // Goodreads exclusive shelves, built-in and custom.
        ("read", .read), ("currently-reading", .reading), ("to-read", .toRead), ("did-not-finish", .dnf),
        ("dnf", .dnf), ("abandoned", .dnf), ("paused", .onHold), ("unfinished", .dnf),
        // StoryGraph read statuses.
        ("to-read", .toRead), ("currently-reading", .reading), ("did-not-finish", .dnf), ("paused", .onHold),
        // Hardcover statuses.
        ("Want to Read", .toRead), ("Currently Reading", .reading), ("Read", .read), ("Paused", .onHold),
        ("Did Not Finish", .dnf),
        // BookWyrm shelves.
        ("to-read", .toRead), ("reading", .reading), ("read", .read), ("stopped-reading", .dnf),
        // Open Library reading-log shelves.
        ("Want to Read", .toRead), ("Currently Reading", .reading), ("Already Read", .read),
        // LibraryThing collections.
        ("Wishlist", .wishlist), ("Currently reading", .reading), ("To read", .toRead), ("Read but unowned", .read),
        // Openreads statuses.
        ("planned", .toRead), ("in_progress", .reading), ("finished", .read),
        // Other spellings people use.
        ("stopped", .dnf), ("on-hold", .onHold), ("tbr", .toRead), ("want-to-read", .toRead), ("gave up", .dnf),
    ]

    @Test(arguments: sourceAppNames)
    func parsingUnderstandsEverySourceAppsStatusAndShelfNames(text: String, status: ReadingStatus) {
        #expect(ReadingStatus(parsing: text) == status)
    }

    @Test(arguments: ReadingStatus.allCases)
    func parsingReadsBackTheRawValueAndDisplayNameOfEveryStatus(status: ReadingStatus) {
        #expect(ReadingStatus(parsing: status.rawValue) == status)
        #expect(ReadingStatus(parsing: status.displayName) == status)
    }

    static let spellingVariants: [(text: String, status: ReadingStatus)] = [
        ("CURRENTLY_READING", .reading), ("  currently   reading \t", .reading), ("Currently-Reading", .reading),
        ("currentlyreading", .reading), ("to_read", .toRead), ("TO-READ", .toRead), ("On-Hold", .onHold),
        ("on_hold", .onHold), ("onHold", .onHold), ("did not finish", .dnf), ("Did_Not_Finish", .dnf),
        ("tbr-to-be-read", .toRead), ("Did\u{2011}Not\u{2011}Finish", .dnf), ("\u{200F}read\u{200E}", .read),
        ("read\r\n", .read), ("Want To Read", .toRead),
    ]

    @Test(arguments: spellingVariants)
    func parsingIgnoresCaseSpacesHyphensAndUnderscores(text: String, status: ReadingStatus) {
        #expect(ReadingStatus(parsing: text) == status)
    }

    @Test func parsingAcceptsASubstring() {
        let cell = "title,currently-reading".split(separator: ",")[1]

        #expect(ReadingStatus(parsing: cell) == .reading)
    }

    @Test(arguments: [
        "owned", "favorites", "", "   ", "-", "reading-list-2024", "Your library", "to-read-2024", "unread",
        "readd", "rea", "currently", "want", "réad", "re\u{301}ad", "📚read", "read📚", "kindle", "fantasy",
        "library", "to buy", "reread", "read 2", "null", "none",
    ])
    func parsingGivesNilForShelvesThatAreNotStatuses(text: String) {
        #expect(ReadingStatus(parsing: text) == nil)
    }

    // The arguments are the repeated units, not the megabyte strings, so the test log stays short.
    @Test(arguments: ["read", "-", "\u{200F}", " ", "📚"])
    func parsingAMegabyteOfRepeatedTextGivesNil(unit: String) {
        let text = String(repeating: unit, count: 1_000_000 / unit.utf8.count)

        #expect(ReadingStatus(parsing: text) == nil)
        #expect(ReadingStatus(parsing: text + "read") == nil)
    }

    @Test(arguments: [
        "📚", "👩‍👩‍👧", "\u{0}", "\u{0}\u{7}\u{1B}[0m", "\u{200F}\u{202E}", "\u{FFFD}",
    ])
    func parsingHostileTextGivesNilWithoutCrashing(text: String) {
        #expect(ReadingStatus(parsing: text) == nil)
    }
}
