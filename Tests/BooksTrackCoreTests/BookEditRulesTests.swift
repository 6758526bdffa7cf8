import BooksTrackCore
import Foundation
import Testing

/// The editing rules on plain values: what a typed value means for each field, what an edit does
/// to a book, and which fields become the reader's.
@Suite struct BookEditRulesTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func book(pageCount: Int? = 300, status: ReadingStatus = .toRead) throws -> LibraryBook {
        let author = Author(name: "Ursula K. Le Guin", dateCreated: now)
        let work = Work(title: "The Dispossessed", authorIDs: [author.id], dateCreated: now)
        let edition = Edition(workID: work.id, pageCount: pageCount, format: .paperback, dateCreated: now)
        var entry = LibraryEntry(userID: User.ID(), workID: work.id, editionID: edition.id, dateAdded: now)
        try entry.setStatus(status, pageCount: pageCount, now: now)
        return LibraryBook(entry: entry, work: work, authors: [author], edition: edition)
    }

    @Test func typedValuesAreReadForEachField() throws {
        var edit = BookEdit()
        try edit.set(.pageCount, text: " 387 ")
        try edit.set(.seriesPosition, text: "1-3")
        try edit.set(.firstPublicationYear, text: "-700")
        try edit.set(.isbns, text: "0-441-47812-3, 978-0-06-051275-0")
        try edit.set(.genres, text: "Science Fiction, Utopia, Anarchism")
        try edit.set(.authors, text: "Ursula K. Le Guin; Charles Vess (Illustrator)")
        try edit.set(.originalCountry, text: "us")
        try edit.set(.owned, text: "yes")
        try edit.set(.status, text: "completed")
        try edit.set(.dateStarted, text: "2024-03-05")
        try edit.set(.publicationDate, text: "October 1, 1988")
        try edit.set(.subtitle, text: "")

        #expect(edit.pageCount == .set(387))
        #expect(edit.seriesPosition == .set(1))
        #expect(edit.seriesPositionEnd == .set(3))
        #expect(edit.firstPublicationYear == .set(-700))
        #expect(edit.isbns?.replacement?.map(\.isbn13) == ["9780441478125", "9780060512750"])
        #expect(edit.genres?.replacement == ["Science Fiction", "Utopia", "Anarchism"])
        #expect(edit.people?.replacement == [Contributor(name: "Ursula K. Le Guin", role: "author"),
                                             Contributor(name: "Charles Vess", role: "illustrator")])
        #expect(edit.originalCountry == .set("US"))
        #expect(edit.owned == true)
        #expect(edit.status == .read, "\"completed\" is read")
        #expect(edit.dateStarted?.value.map(ISO8601Text.day) == "2024-03-05")
        #expect(edit.publicationDate == .set(try #require(PartialDate(year: 1988, month: 10, day: 1))))
        #expect(edit.subtitle == .clear, "empty text clears a field")

        var lines = BookEdit()
        try lines.set(.awards, text: "Hugo Award, Best Novel\nNebula Award")
        #expect(lines.awards?.replacement == ["Hugo Award, Best Novel", "Nebula Award"], "an item on a line of its own keeps its comma")
    }

    @Test func badTypedValuesAreRefusedNamingTheField() {
        func refusal(_ field: BookField, _ text: String) -> String? {
            var edit = BookEdit()
            do {
                try edit.set(field, text: text)
                return nil
            } catch {
                guard case .invalid(let problem) = error else { return "another error" }
                return problem.field
            }
        }
        #expect(refusal(.firstPublicationYear, "1234567890123456789") == "firstPublicationYear")
        #expect(refusal(.pageCount, "0") == "pageCount")
        #expect(refusal(.pageCount, "-5") == "pageCount")
        #expect(refusal(.pageCount, "1000000000000") == "pageCount")
        #expect(refusal(.isbns, "9780446676985") == "isbns")
        #expect(refusal(.seriesPosition, "3-1") == "seriesPosition")
        #expect(refusal(.coverImageURL, "javascript:alert(1)") == "coverImageURL")
        #expect(refusal(.coverImageURL, "http://covers.example/a.jpg") == "coverImageURL")
        #expect(refusal(.title, "") == "title")
        #expect(refusal(.title, String(repeating: "t", count: Work.titleLimit + 1)) == "title")
        #expect(refusal(.rating, "4.1") == "rating")
        #expect(refusal(.language, "not a language") == "language")
        #expect(refusal(.dateAdded, "yesterday") == "dateAdded")
        #expect(refusal(.owned, "perhaps") == "owned")
        #expect(refusal(.originalCountry, "ZZ") == "originalCountry")
    }

    @Test func anEditMarksTheFieldsItSetsAsTheReadersAndNoOthers() throws {
        var book = try Self.book()
        var edit = BookEdit()
        try edit.set(.pageCount, text: "387")
        try edit.set(.description, text: "")
        try edit.set(.title, text: "The Dispossessed: An Ambiguous Utopia")

        try book.apply(edit, authors: nil, now: Self.now.addingTimeInterval(60))

        #expect(book.work.readerSetFields == [.title, .description])
        #expect(book.edition?.readerSetFields == [.pageCount])
        #expect(book.edition?.pageCount == 387)
        #expect(book.work.lastModified == Self.now.addingTimeInterval(60))
        #expect(book.entry.lastModified == Self.now, "the entry did not change")
    }

    @Test func theReadersFieldsArePutBackOverWhatAnotherSourceMade() throws {
        var book = try Self.book()
        var edit = BookEdit()
        try edit.set(.description, text: "")
        try edit.set(.genres, text: "Utopia")
        try book.apply(edit, authors: nil, now: Self.now)
        var enriched = book.work
        enriched.description = "From a provider."
        enriched.genres = ["Fiction", "Utopia"]
        enriched.firstPublicationYear = 1974

        enriched.keepReaderSetFields(of: book.work)

        #expect(enriched.description == nil)
        #expect(enriched.genres == ["Utopia"])
        #expect(enriched.firstPublicationYear == 1974, "a field the reader did not set takes the new value")
    }

    @Test func aFailedEditLeavesTheBookAsItWas() throws {
        var book = try Self.book(status: .reading)
        _ = try book.entry.updateProgress(page: 200, pageCount: 300, now: Self.now)
        let before = book
        var edit = BookEdit()
        try edit.set(.title, text: "Changed")
        try edit.set(.pageCount, text: "150")  // below the page reached

        #expect(throws: LibraryError.self) { try book.apply(edit, authors: nil, now: Self.now) }
        #expect(book == before)
    }

    @Test func ownedIsItsOwnSwitchForAnyStatusButTheWishlist() throws {
        var book = try Self.book()
        book.entry.editionID = nil
        var own = BookEdit()
        own.owned = true
        try book.apply(own, authors: nil, now: Self.now)
        #expect(book.entry.isOwned)
        #expect(book.entry.status == .toRead)

        var wishlist = BookEdit()
        wishlist.status = .wishlist
        wishlist.owned = true
        #expect(throws: LibraryError.wishlistCannotBeOwned) { try book.apply(wishlist, authors: nil, now: Self.now) }
        var moveToWishlist = BookEdit()
        moveToWishlist.status = .wishlist
        try book.apply(moveToWishlist, authors: nil, now: Self.now)
        #expect(book.entry.status == .wishlist)
        #expect(!book.entry.isOwned, "moving to the wishlist gives the copy up")
    }

    @Test func aPageShortOfTheEndOfAReadBookStartsARereadAndKeepsTheFinishedRead() throws {
        var book = try Self.book(status: .read)
        let later = Self.now.addingTimeInterval(86_400 * 30)

        try book.entry.updateProgress(page: 114, pageCount: 300, now: later)

        #expect(book.entry.status == .reading)
        #expect(book.entry.currentPage == 114)
        #expect(book.entry.readHistory.count == 1)
        #expect(book.entry.readHistory.first?.outcome == .read)
        #expect(book.entry.readHistory.first?.ended == Self.now)
        #expect(book.entry.dateStarted == later)
        #expect(book.entry.dateCompleted == nil)
    }

    @Test func aCorrectedPageCountKeepsThePageReachedAndCountsItsShareAgain() throws {
        var book = try Self.book(status: .reading)
        try book.entry.updateProgress(page: 100, pageCount: 300, now: Self.now)
        var edit = BookEdit()
        try edit.set(.pageCount, text: "250")

        try book.apply(edit, authors: nil, now: Self.now)

        #expect(book.entry.currentPage == 100)
        #expect(book.entry.progress == 0.4)
    }

    @Test func anotherEditionKeepsTheShareReadAndAReadBookAtItsLastPage() {
        var reading = LibraryEntry(userID: User.ID(), workID: Work.ID(), status: .reading, currentPage: 100, progress: 100.0 / 300.0,
                                   dateAdded: Self.now)
        reading.moveToEdition(pageCount: 600)
        #expect(reading.currentPage == 200)
        #expect(abs(reading.progress - 1.0 / 3.0) < 1e-9)

        var read = LibraryEntry(userID: User.ID(), workID: Work.ID(), status: .read, currentPage: 412, progress: 1, dateAdded: Self.now)
        read.moveToEdition(pageCount: 256)
        #expect(read.currentPage == 256, "a finished book is at the last page of the edition it is shown in")
        #expect(read.progress == 1)
    }

    @Test func aMergePatchKeepsNullAndMissingApartAndRefusesWrongKinds() throws {
        let members = try JSONDecoder().decode([String: MergePatchValue].self, from: Data(#"""
            {"pageCount": 304, "subtitle": null, "genres": ["A", "B"], "owned": true, "authors": [{"name": "X", "role": "editor"}]}
            """#.utf8))
        let edit = try BookEdit(mergePatch: members)
        #expect(edit.pageCount == .set(304))
        #expect(edit.subtitle == .clear)
        #expect(edit.description == nil, "a missing member leaves the field")
        #expect(edit.genres == .replace(["A", "B"]))
        #expect(edit.owned == true)
        #expect(edit.people == .replace([Contributor(name: "X", role: "editor")]))
        for json in [#"{"pageCount": "304"}"#, #"{"owned": "yes"}"#, #"{"genres": "A"}"#, #"{"title": 5}"#, #"{"nope": 1}"#,
                     #"{"status": "Read"}"#, #"{"language": "English"}"#] {
            let members = try JSONDecoder().decode([String: MergePatchValue].self, from: Data(json.utf8))
            #expect(throws: LibraryError.self, "\(json)") { _ = try BookEdit(mergePatch: members) }
        }
    }
}
