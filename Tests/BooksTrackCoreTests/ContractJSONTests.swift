import Foundation
import Testing

@testable import BooksTrackCore

/// The JSON shape of the API contract is pinned: clients depend on these keys.
@Suite struct ContractJSON {
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    let work = WorkDTO(
        title: "Dune",
        authors: [AuthorDTO(name: "Frank Herbert", openLibraryID: "OL79034A")],
        firstPublicationYear: 1965,
        editions: [EditionDTO(isbn13: ["9780441172719"], isbn10: ["0441172717"], pageCount: 412, primaryProvider: "openlibrary")],
        primaryProvider: "orchestrated:catalog+openlibrary",
        contributors: ["catalog", "openlibrary"]
    )

    @Test func aSuccessfulAnswerHasTheEnvelopeShape() throws {
        let envelope = ResponseEnvelope.success(
            SearchResultsDTO(works: [work]),
            meta: ResponseMeta(
                timestamp: Date(timeIntervalSince1970: 1_795_338_000), processingTime: 12, provider: "orchestrated:catalog+openlibrary",
                cached: false, providers: [ProviderReport(provider: "google", outcome: .timedOut, message: "no answer within 5.0 s", duration: 5000)]
            )
        )
        #expect(
            try json(envelope) == """
                {"data":{"authors":[{"name":"Frank Herbert","openLibraryID":"OL79034A"}],"works":[{"authors":[{"name":"Frank Herbert","openLibraryID":"OL79034A"}],\
                "contributors":["catalog","openlibrary"],"editions":[{"contributors":["openlibrary"],"isbn10":["0441172717"],"isbn13":["9780441172719"],\
                "pageCount":412,"primaryProvider":"openlibrary"}],"firstPublicationYear":1965,"goodreadsWorkIDs":[],"googleBooksVolumeIDs":[],\
                "primaryProvider":"orchestrated:catalog+openlibrary","subjects":[],"synthetic":false,"title":"Dune"}]},\
                "meta":{"cached":false,"processingTime":12,"provider":"orchestrated:catalog+openlibrary","providers":[{"duration":5000,\
                "message":"no answer within 5.0 s","outcome":"timedOut","provider":"google"}],"timestamp":"2026-11-22T09:00:00Z"},"success":true}
                """
        )
    }

    @Test func aFailedAnswerCarriesTheErrorAndNoData() throws {
        let envelope = ResponseEnvelope<SearchResultsDTO>.failure(
            ErrorDTO(message: "bad check digit: expected 9, found 8", code: "INVALID_ISBN", details: ["isbn": "9780441172718"]),
            meta: ResponseMeta(timestamp: Date(timeIntervalSince1970: 1_795_338_000), processingTime: 0)
        )
        #expect(
            try json(envelope) == """
                {"error":{"code":"INVALID_ISBN","details":{"isbn":"9780441172718"},"message":"bad check digit: expected 9, found 8"},\
                "meta":{"cached":false,"processingTime":0,"providers":[],"timestamp":"2026-11-22T09:00:00Z"},"success":false}
                """
        )
    }

    /// A book's `currentPage` is the page reached, as the terminal and the web app show it.
    @Test func aBookResourceGivesThePageReached() throws {
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        func resource(pageCount: Int?, _ record: (inout LibraryEntry) throws -> Void) throws -> BookResource {
            let work = Work(title: "Gideon the Ninth", dateCreated: now)
            let edition = Edition(workID: work.id, pageCount: pageCount, dateCreated: now)
            var entry = LibraryEntry(userID: User.ID(), workID: work.id, dateAdded: now)
            try record(&entry)
            return BookResource(LibraryBook(entry: entry, work: work, authors: [], edition: edition), now: now)
        }
        // Read before the book had a page count; the edition now has 448 pages: the last one.
        let finished = try resource(pageCount: 448) { $0.finish(pageCount: nil, now: now) }
        #expect(finished.currentPage == 448)
        #expect(finished.progress == 1)
        // 45 % recorded without a page count; 45 % of 300 pages is page 135.
        let share = try resource(pageCount: 300) { try $0.updateProgress(percent: 45, pageCount: nil, now: now) }
        #expect(share.currentPage == 135)
        // A page recorded is the page reached, with a page count or without.
        let page = try resource(pageCount: 412) { try $0.updateProgress(page: 120, pageCount: 412, now: now) }
        #expect(page.currentPage == 120)
        let noCount = try resource(pageCount: nil) { try $0.updateProgress(percent: 45, pageCount: nil, now: now) }
        #expect(noCount.currentPage == 0)
    }

    @Test func worksSurviveAJSONRoundTrip() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let data = Data(try json(work).utf8)
        #expect(try decoder.decode(WorkDTO.self, from: data) == work)
    }
}
