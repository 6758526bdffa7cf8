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

    @Test func worksSurviveAJSONRoundTrip() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let data = Data(try json(work).utf8)
        #expect(try decoder.decode(WorkDTO.self, from: data) == work)
    }
}
