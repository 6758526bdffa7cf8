import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

/// Listing books: filters, orders and pages.
@Suite struct EntryQueryTests {
    let library: TestLibrary
    /// Titles by the day they were added: A (day 1) … F (day 6).
    var ids: [String: LibraryEntry.ID] = [:]

    init() throws {
        library = try TestLibrary()
        let rows: [(String, String, ReadingStatus, Bool, [String], Double?)] = [
            ("Anathem", "Neal Stephenson", .read, true, ["Sci-Fi", "doorstop"], 4.5),
            ("Beloved", "Toni Morrison", .read, false, ["classics"], 5),
            ("Circe", "Madeline Miller", .reading, true, ["myth"], nil),
            ("Dune", "Frank Herbert", .toRead, false, ["sci-fi"], nil),
            ("Emma", "Jane Austen", .wishlist, false, ["classics"], nil),
            ("Foundation", "Isaac Asimov", .dnf, false, [], 2),
        ]
        for (offset, row) in rows.enumerated() {
            let book = try library.addBook(row.0, by: row.1, status: row.2, dateAdded: day(Double(offset + 1)), tags: row.4)
            _ = try library.store.updateEntry(id: book.entry.id) { entry, _ in
                entry.isFavorite = row.3
                entry.rating = row.5
            }
            ids[row.0] = book.entry.id
        }
    }

    func titles(_ query: EntryQuery) throws -> [String] {
        try library.store.books(query).map(\.work.title)
    }

    @Test func theDefaultOrderIsNewestAdditionFirst() throws {
        // Given six books added on successive days, when listed with the default query
        // Then the newest comes first
        #expect(try titles(EntryQuery()) == ["Foundation", "Emma", "Dune", "Circe", "Beloved", "Anathem"])
    }

    @Test func filtersByStatusesTagFavoriteAndOwnership() throws {
        // Given the six books, when filtered each way, then only the matching ones come back
        #expect(try titles(EntryQuery(statuses: [.read, .reading])) == ["Circe", "Beloved", "Anathem"])
        #expect(try titles(EntryQuery(tag: "SCI-FI")) == ["Dune", "Anathem"])
        #expect(try titles(EntryQuery(tag: " classics ")) == ["Emma", "Beloved"])
        #expect(try titles(EntryQuery(isFavorite: true)) == ["Circe", "Anathem"])
        #expect(try titles(EntryQuery(isFavorite: false)).count == 4)
        #expect(try titles(EntryQuery(isOwned: false)) == ["Emma"])
        #expect(try titles(EntryQuery(isOwned: true)).count == 5)
        #expect(try titles(EntryQuery(statuses: [.read], tag: "sci-fi", isFavorite: true, isOwned: true)) == ["Anathem"])
        #expect(try titles(EntryQuery(statuses: [])).isEmpty)
    }

    @Test func textFindsEveryWordInTheTitleOrAnAuthorsNameIgnoringCaseAndAccents() throws {
        func find(_ text: String, _ change: (inout EntryQuery) -> Void = { _ in }) throws -> [String] {
            var query = EntryQuery()
            query.text = text
            change(&query)
            return try titles(query)
        }
        #expect(try find("dune") == ["Dune"])
        #expect(try find("MORRISON") == ["Beloved"])
        #expect(try find("toni beloved") == ["Beloved"], "one word in the author, one in the title")
        #expect(try find("miller dune").isEmpty, "every word must match")
        #expect(try find("Emmá") == ["Emma"], "accents are ignored")
        #expect(try find("an") == ["Emma", "Dune", "Anathem"], "a word matches inside names (Jane, Frank) and titles")
        #expect(try find("an") { $0.statuses = [.read] } == ["Anathem"], "with the other filters")
        #expect(try find("%") == titles(EntryQuery()), "punctuation alone is no word: every book")
        #expect(try find(String(repeating: "dune ", count: 10_000)) == ["Dune"], "at most eight words are read")
        var counted = EntryQuery()
        counted.text = "an"
        #expect(try library.store.count(counted) == 3)
    }

    @Test func countsMatchTheFiltersAndIgnorePaging() throws {
        // Given the six books, when counted with filters and a page size
        // Then the counts are those of the filters alone
        #expect(try library.store.count(EntryQuery()) == 6)
        #expect(try library.store.count(EntryQuery(limit: 2, offset: 4)) == 6)
        #expect(try library.store.count(EntryQuery(statuses: [.read])) == 2)
        #expect(try library.store.count(EntryQuery(tag: "Classics")) == 2)
        #expect(try library.store.count(EntryQuery(isFavorite: true, isOwned: true)) == 2)
        #expect(try library.store.count(EntryQuery(tag: "nothing")) == 0)
    }

    @Test func sortsByEachKeyInBothDirections() throws {
        // Given the six books, when sorted by title, author and rating
        // Then titles read A to Z by default, authors by surname, ratings high to low with unrated last
        #expect(try titles(EntryQuery(sort: .title)) == ["Anathem", "Beloved", "Circe", "Dune", "Emma", "Foundation"])
        #expect(try titles(EntryQuery(sort: .title, descending: true)).first == "Foundation")
        #expect(try titles(EntryQuery(sort: .author)) == ["Foundation", "Emma", "Dune", "Circe", "Beloved", "Anathem"])
        #expect(try titles(EntryQuery(sort: .rating)).prefix(3) == ["Beloved", "Anathem", "Foundation"])
        #expect(try titles(EntryQuery(sort: .rating, descending: false)).prefix(3) == ["Foundation", "Anathem", "Beloved"])
        #expect(try titles(EntryQuery(sort: .dateAdded, descending: false)).first == "Anathem")
    }

    @Test func pagesFollowEachOtherWithoutGapsOrRepeats() throws {
        // Given the six books, when read in pages of four
        let first = try titles(EntryQuery(sort: .title, limit: 4))
        let second = try titles(EntryQuery(sort: .title, limit: 4, offset: 4))
        // Then the pages join into the whole list
        #expect(first == ["Anathem", "Beloved", "Circe", "Dune"])
        #expect(second == ["Emma", "Foundation"])
        #expect(try titles(EntryQuery(limit: 4, offset: 8)).isEmpty)
    }

    @Test func everyPageAfterTheFirstIsTheSliceOfTheWholeListInEveryOrderAndFilter() throws {
        // Pages after the first choose their rows in the index first, then read them: the same
        // books in the same order as slicing the whole list.
        let filters: [EntryQuery] = [
            EntryQuery(), EntryQuery(statuses: [.read, .dnf]), EntryQuery(tag: "classics"), EntryQuery(isFavorite: true),
            EntryQuery(isOwned: false),
        ]
        for filter in filters {
            for sort in EntryQuery.Sort.allCases {
                for descending in [false, true] {
                    var query = filter
                    query.sort = sort
                    query.descending = descending
                    let whole = try library.store.books(query).map(\.entry.id)
                    for offset in 1...6 {
                        query.limit = 2
                        query.offset = offset
                        let page = try library.store.books(query).map(\.entry.id)
                        #expect(page == Array(whole.dropFirst(offset).prefix(2)), "\(sort) \(descending) offset \(offset)")
                    }
                    query.limit = nil
                    query.offset = 0
                }
            }
        }
    }

    @Test func equalSortKeysAreOrderedByEntryIdentifier() throws {
        // Given three more books with the same added date
        let sameDay = day(10)
        var added: [LibraryEntry.ID] = []
        for title in ["Same 1", "Same 2", "Same 3"] {
            added.append(try library.addBook(title, dateAdded: sameDay).entry.id)
        }
        // When listed newest first, then those three come in descending identifier order, page after page
        let page1 = try library.store.books(EntryQuery(limit: 2)).map(\.entry.id)
        let page2 = try library.store.books(EntryQuery(limit: 2, offset: 2)).map(\.entry.id)
        #expect(Array((page1 + page2).prefix(3)) == added.sorted(by: >))
    }

    @Test func renamingAnAuthorMovesTheirBooksInTheAuthorOrder() throws {
        // Given the six books ordered by author (Asimov first)
        #expect(try titles(EntryQuery(sort: .author)).first == "Foundation")
        // When Isaac Asimov gets the sort name "Zz, Isaac"
        var asimov = try #require(try library.store.authors(named: "Isaac Asimov").first)
        asimov.sortName = "Zz, Isaac"
        try library.store.save(asimov)
        // Then his book sorts last
        #expect(try titles(EntryQuery(sort: .author)).last == "Foundation")
    }

    @Test func aPageCarriesAuthorsInOrderAndTheShownEdition() throws {
        // Given a wishlist book with two editions, the later one better described
        let authors = [LibraryFixtures.author("Neil Gaiman"), LibraryFixtures.author("Terry Pratchett")]
        let book = LibraryFixtures.book(title: "Good Omens", authors: authors, userID: library.alice.id, status: .wishlist,
                                        pageCount: nil, dateAdded: day(20))
        _ = try library.store.add(book)
        let better = Edition(workID: book.work.id, isbns: [try #require(LibraryFixtures.isbn(serial: 9))], pageCount: 412,
                             coverImageURL: URL(string: "https://example.org/g.jpg"), dateCreated: day(21))
        try library.store.save(better)
        // When the first page is read
        let listed = try #require(try library.store.books(EntryQuery(limit: 1)).first)
        // Then the authors keep their order and the primary (best) edition is shown
        #expect(listed.authors.map(\.name) == ["Neil Gaiman", "Terry Pratchett"])
        #expect(listed.work.authorIDs == authors.map(\.id))
        #expect(listed.edition?.id == better.id)
        #expect(listed.pageCount == 412)
    }
}
