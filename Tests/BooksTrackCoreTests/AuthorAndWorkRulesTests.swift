import Foundation
import Testing

@testable import BooksTrackCore

private let day0 = Date(timeIntervalSince1970: 1_763_798_400)
private func day(_ n: Double) -> Date { day0.addingTimeInterval(n * 86_400) }

@Suite struct Authors {
    @Test func displayNameShowsLifeYears() {
        #expect(Author(name: "F. Scott Fitzgerald", birthYear: 1896, deathYear: 1940, dateCreated: day0).displayName == "F. Scott Fitzgerald (1896–1940)")
        #expect(Author(name: "Tamsyn Muir", birthYear: 1985, dateCreated: day0).displayName == "Tamsyn Muir (b. 1985)")
        #expect(Author(name: "Anonymous", dateCreated: day0).displayName == "Anonymous")
    }

    @Test(arguments: [AuthorGender.female, .nonBinary, .other])
    func womenAndGenderMinoritiesRepresentMarginalizedVoices(gender: AuthorGender) {
        #expect(Author(name: "A", gender: gender, culturalRegion: .europe, dateCreated: day0).representsMarginalizedVoices)
    }

    @Test(arguments: [CulturalRegion.africa, .asia, .southAmerica, .middleEast, .caribbean, .centralAsia, .indigenous])
    func authorsFromUnderrepresentedRegionsRepresentMarginalizedVoices(region: CulturalRegion) {
        #expect(Author(name: "A", gender: .male, culturalRegion: region, dateCreated: day0).representsMarginalizedVoices)
    }

    @Test(arguments: [CulturalRegion.europe, .northAmerica, .oceania, .international])
    func menFromOverrepresentedRegionsDoNot(region: CulturalRegion) {
        #expect(!Author(name: "A", gender: .male, culturalRegion: region, dateCreated: day0).representsMarginalizedVoices)
    }

    @Test func anUnknownAuthorIsNotCountedAsMarginalized() {
        #expect(!Author(name: "A", dateCreated: day0).representsMarginalizedVoices)
    }

    @Test func theReadersExplicitAnswerWins() {
        #expect(!Author(name: "A", gender: .female, marginalizedVoiceOverride: false, dateCreated: day0).representsMarginalizedVoices)
        #expect(Author(name: "A", gender: .male, culturalRegion: .europe, marginalizedVoiceOverride: true, dateCreated: day0).representsMarginalizedVoices)
    }

    @Test func onlyIndigenousAuthorsRepresentIndigenousVoices() {
        #expect(Author(name: "A", culturalRegion: .indigenous, dateCreated: day0).representsIndigenousVoices)
        #expect(!Author(name: "A", culturalRegion: .oceania, dateCreated: day0).representsIndigenousVoices)
    }

    @Test func aDeathBeforeBirthIsRejected() {
        let author = Author(name: "A", birthYear: 1950, deathYear: 1900, dateCreated: day0)
        #expect(throws: LibraryError.self) { try Validation.validate(author) }
    }

    @Test func everyEnumHasADisplayName() {
        #expect(ReadingStatus.allCases.count == 6)
        #expect(CulturalRegion.allCases.count == 11)
        #expect(Set(ReadingStatus.allCases.map(\.displayName)).count == 6)
        #expect(Set(CulturalRegion.allCases.map(\.displayName)).count == 11)
        #expect(Set(EditionFormat.allCases.map(\.displayName)).count == EditionFormat.allCases.count)
        #expect(Set(AuthorGender.allCases.map(\.displayName)).count == 5)
        #expect(ReadingDifficulty.allCases.map(\.displayName) == ["Easy", "Moderate", "Challenging", "Academic"])
        #expect(ReviewStatus.allCases.map(\.displayName) == ["Verified", "Pending Review"])
    }
}

@Suite struct ExternalIdentifiers {
    @Test func addingIgnoresEmptyAndDuplicateValues() {
        var work = Work(title: "Dune", dateCreated: day0)
        work.addGoogleBooksVolumeID("B1exAAAAIAAJ", now: day(1))
        work.addGoogleBooksVolumeID("B1exAAAAIAAJ", now: day(1))
        work.addGoogleBooksVolumeID("  ", now: day(1))
        #expect(work.externalIDs.googleBooksVolumeIDs == ["B1exAAAAIAAJ"])
        #expect(work.lastModified == day(1))
    }

    @Test func mergingUnionsListsAndFillsOnlyMissingSingleIDs() {
        var work = Work(title: "Dune", externalIDs: WorkExternalIDs(openLibraryWorkID: "OL893415W", goodreadsWorkIDs: ["3634639"]), dateCreated: day0)
        let other = Work(
            title: "Dune",
            externalIDs: WorkExternalIDs(openLibraryWorkID: "OL999W", isbndbID: "isbndb-1", goodreadsWorkIDs: ["3634639", "1"], amazonASINs: ["B00B7NPRY8"]),
            dateCreated: day0
        )
        work.mergeExternalIDs(from: other, now: day(2))
        #expect(work.externalIDs.openLibraryWorkID == "OL893415W")
        #expect(work.externalIDs.isbndbID == "isbndb-1")
        #expect(work.externalIDs.goodreadsWorkIDs == ["3634639", "1"])
        #expect(work.externalIDs.amazonASINs == ["B00B7NPRY8"])
    }

    @Test func editionMergeAddsNewISBNsOnce() throws {
        let workID = Work.ID()
        var edition = Edition(workID: workID, isbns: [try ISBN(parsing: "0441172717")], dateCreated: day0)
        let other = Edition(
            workID: workID, isbns: [try ISBN(parsing: "9780441172719"), try ISBN(parsing: "9780593099322")],
            externalIDs: EditionExternalIDs(openLibraryEditionID: "OL1M"), dateCreated: day0
        )
        edition.mergeExternalIDs(from: other, now: day(1))
        #expect(edition.isbns.map(\.isbn13) == ["9780441172719", "9780593099322"])
        #expect(edition.externalIDs.openLibraryEditionID == "OL1M")
    }

    @Test func authorMergeNeverOverwritesASetID() {
        var author = Author(name: "Frank Herbert", externalIDs: AuthorExternalIDs(wikidataID: "Q7934"), dateCreated: day0)
        author.mergeExternalIDs(from: Author(name: "F", externalIDs: AuthorExternalIDs(openLibraryID: "OL79034A", wikidataID: "Q1"), dateCreated: day0), now: day(1))
        #expect(author.externalIDs.wikidataID == "Q7934")
        #expect(author.externalIDs.openLibraryID == "OL79034A")
    }
}

@Suite struct PrimaryEditionAndCover {
    let workID = Work.ID()
    let cover = URL(string: "https://covers.openlibrary.org/b/id/1-L.jpg")
    let workCover = URL(string: "https://example.org/work.jpg")

    @Test func theOwnedEditionIsPrimary() {
        let bare = Edition(workID: workID, dateCreated: day(0))
        let rich = Edition(workID: workID, pageCount: 300, coverImageURL: cover, dateCreated: day(1))
        #expect(EditionSelection.primaryEdition(of: [rich, bare], ownedEditionID: bare.id) == bare)
    }

    @Test func otherwiseTheBestScoredEditionIsPrimary() throws {
        let bare = Edition(workID: workID, dateCreated: day(0))
        let withISBNAndPages = Edition(workID: workID, isbns: [try ISBN(parsing: "0441172717")], pageCount: 412, dateCreated: day(1))
        #expect(EditionSelection.primaryEdition(of: [bare, withISBNAndPages], ownedEditionID: nil) == withISBNAndPages)
    }

    @Test func theLanguageCountsWhenAsked() {
        let english = Edition(workID: workID, language: "en", dateCreated: day(0))
        let german = Edition(workID: workID, language: "de", dateCreated: day(1))
        #expect(EditionSelection.primaryEdition(of: [english, german], ownedEditionID: nil, preferredLanguage: "de") == german)
    }

    @Test func tiesGoToTheOldestEdition() {
        let newer = Edition(workID: workID, pageCount: 100, dateCreated: day(5))
        let older = Edition(workID: workID, pageCount: 200, dateCreated: day(1))
        #expect(EditionSelection.primaryEdition(of: [newer, older], ownedEditionID: nil) == older)
    }

    @Test func theCoverFallsBackFromOwnedToPrimaryToWork() {
        let work = Work(title: "T", coverImageURL: workCover, dateCreated: day0)
        let ownedBare = Edition(workID: workID, dateCreated: day(0))
        let withCover = Edition(workID: workID, coverImageURL: cover, dateCreated: day(1))
        #expect(EditionSelection.coverURL(work: work, editions: [ownedBare, withCover], ownedEditionID: ownedBare.id) == cover)
        #expect(EditionSelection.coverURL(work: work, editions: [ownedBare], ownedEditionID: ownedBare.id) == workCover)
        #expect(EditionSelection.coverURL(work: Work(title: "T", dateCreated: day0), editions: [], ownedEditionID: nil) == nil)
    }
}

@Suite struct PageImages {
    @Test func jpegAndPNGAreRecognizedByTheirLeadingBytes() throws {
        #expect(try Validation.imageType(of: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]) == .jpeg)
        #expect(try Validation.imageType(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
    }

    @Test func otherBytesAreRejectedWhateverTheirName() {
        #expect(throws: LibraryError.unsupportedImage) { try Validation.imageType(of: Array("GIF89a".utf8)) }
        #expect(throws: LibraryError.unsupportedImage) { try Validation.imageType(of: [UInt8]()) }
    }

    @Test func imagesOverTenMegabytesAreRejected() {
        var big = [UInt8](repeating: 0, count: PagePhoto.byteLimit + 1)
        big[0] = 0xFF; big[1] = 0xD8; big[2] = 0xFF
        #expect(throws: LibraryError.imageTooLarge(bytes: PagePhoto.byteLimit + 1, limit: PagePhoto.byteLimit)) {
            try Validation.imageType(of: big)
        }
    }
}
