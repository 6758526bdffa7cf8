import Foundation
import Testing

@testable import BooksTrackImport

/// Naming the export a header comes from.
struct FormatDetectionTests {
    private static let goodreads2020 = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Recommended For", "Recommended By", "Owned Copies",
        "Original Purchase Date", "Original Purchase Location", "Condition", "Condition Description", "BCID",
    ]
    private static let goodreads2024 = Array(goodreads2020.prefix(23)) + ["Owned Copies"]
    private static let goodreads2026 = goodreads2024.filter { $0 != "Average Rating" }

    @Test(arguments: [goodreads2020, goodreads2024, goodreads2026])
    func everyGoodreadsHeaderGenerationIsGoodreads(names: [String]) {
        // given a Goodreads header of 31, 24 or 23 columns
        // when the format is detected
        let format = FormatDetector.detect(header: CSVHeader(names))
        // then it is Goodreads
        #expect(format == .goodreads)
    }

    @Test func goodreadsHeaderInAnotherOrderIsStillGoodreads() {
        // given the Goodreads columns reversed
        // when the format is detected
        // then it is Goodreads, as detection goes by names, not positions
        #expect(FormatDetector.detect(header: CSVHeader(Self.goodreads2024.reversed())) == .goodreads)
    }

    @Test func headerWithGoodreadsColumnCountButOtherNamesIsUnknown() {
        // given 24 columns named like nothing a tool writes
        // when the format is detected
        // then no format is named
        let names = (1...24).map { "Column \($0)" }
        #expect(FormatDetector.detect(header: CSVHeader(names)) == nil)
    }

    @Test(arguments: [
        (
            "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?",
            ImportFormat.storygraph
        ),
        (
            "Title,Author,Series,Status,Privacy,Hardcover Book ID,Hardcover Edition ID,ISBN 10,ISBN 13,ASIN,Media,Country Code,Language Code,Binding,Pages,Duration in Seconds,Publish Date,Publisher,Genres,Moods,Tags,Content Warnings,Lists,Date Added,Date Started,Date Finished,Rating,Review,Review Contains Spoilers,Sponsored Review,Review Date,Review URL,Review Media URL,Private Notes,Owned,Compilation,Review Slate",
            .hardcover
        ),
        (
            "title,author_text,remote_id,openlibrary_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,aasin,isfdb,isbn_10,isbn_13,oclc_number,start_date,finish_date,stopped_date,rating,review_name,review_cw,review_content,review_published,shelf,shelf_name,shelf_date",
            .bookwyrm
        ),
        (
            "Work ID,Title,Authors,First Publish Year,Edition ID,Edition Count,Bookshelf,My Ratings,Ratings Average,Ratings Count,Has Ebook,Subjects,Subject People,Subject Places,Subject Times",
            .openlibrary
        ),
        ("Work Id,Edition Id,Bookshelf", .openlibrary),
        (
            "authors,author_sort,rating,library_name,timestamp,formats,size,isbn,identifiers,comments,tags,series,series_index,languages,title,cover,title_sort,publisher,pubdate,id,uuid",
            .calibre
        ),
        (
            "title,subtitle,author,description,status,favourite,deleted,rating,pages,publication_year,isbn,olid,tags,my_review,notes,book_format,readings,date_added,date_modified",
            .openreads
        ),
    ])
    func eachExportIsNamedByItsColumns(header: String, expected: ImportFormat) {
        // given the header the export writes
        // when the format is detected
        let format = FormatDetector.detect(header: CSVHeader(header.components(separatedBy: ",")))
        // then it names that export
        #expect(format == expected)
    }

    @Test func libraryThingTSVIsNotTakenForGoodreadsThoughBothHaveBookId() {
        // given LibraryThing's tab-separated header, which also has "Book Id"
        let names = [
            "Book Id", "Title", "Sort Character", "Primary Author", "Primary Author Role", "Secondary Author",
            "Secondary Author Roles", "Publication", "Date", "Review", "Rating", "Comment", "Private Comment",
            "Summary", "Media", "Page Count", "Date Started", "Date Read", "Tags", "Collections", "ISBN", "ISBNs",
        ]
        // when the format is detected
        // then it is LibraryThing
        #expect(FormatDetector.detect(header: CSVHeader(names)) == .librarything)
    }

    @Test func columnNamesAreMatchedWithoutRegardToCaseOrSpaces() {
        // given a StoryGraph header written in lower case with padded names
        let names = [" title", "authors ", "isbn/uid", "read status", "star rating"]
        // when the format is detected
        // then it is StoryGraph
        #expect(FormatDetector.detect(header: CSVHeader(names)) == .storygraph)
    }

    @Test func plainSpreadsheetIsLeftToTheGenericImporter() {
        // given a homemade list with title, author, ISBN and rating
        // when the format is detected
        // then no export is named
        #expect(FormatDetector.detect(header: CSVHeader(["id", "title", "author", "ISBN13", "rating", "shelf"])) == nil)
    }
}
