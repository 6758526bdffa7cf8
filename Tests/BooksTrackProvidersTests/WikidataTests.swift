import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Foundation
import Testing

/// Routes and authors shared by the Wikidata suites.
enum WikidataRoutes {
    static let created = Date(timeIntervalSince1970: 1_763_798_400)
    static let later = created.addingTimeInterval(86_400)

    /// A Wikidata id; fails the test for text that is none.
    static func id(_ text: String) throws -> WikidataID {
        guard let id = WikidataID(text) else { throw WikidataTestError.notAnID(text) }
        return id
    }

    /// `Special:EntityData/{id}.json` answering a fixture of `wikidata/`.
    static func entity(_ id: String, _ fixture: String) throws -> LoopbackRoute {
        .get("/wiki/Special:EntityData/\(id).json", try .fixture("wikidata/\(fixture)"))
    }

    /// `wbgetclaims` for one entity.
    static func claims(of entity: String, _ response: LoopbackResponse) -> LoopbackRoute {
        let matches: @Sendable (LoopbackRequest) -> Bool = {
            $0.path == "/w/api.php" && $0.queryValue("action") == "wbgetclaims" && $0.queryValue("entity") == entity
        }
        return LoopbackRoute(.custom(matches), response)
    }

    /// `wbsearchentities`, whatever the name.
    static func search(_ response: LoopbackResponse) -> LoopbackRoute {
        LoopbackRoute(.custom { $0.path == "/w/api.php" && $0.queryValue("action") == "wbsearchentities" }, response)
    }

    /// The `wbgetclaims` requests the server saw.
    static func claimsRequests(_ server: LoopbackHTTPServer) -> [LoopbackRequest] {
        server.requests(toPath: "/w/api.php").filter { $0.queryValue("action") == "wbgetclaims" }
    }

    /// An author as the library holds it.
    static func author(
        _ name: String, gender: AuthorGender = .unknown, region: CulturalRegion? = nil, nationality: String? = nil,
        birthYear: Int? = nil, openLibraryID: String? = nil, wikidataID: String? = nil
    ) -> Author {
        Author(
            name: name, gender: gender, culturalRegion: region, nationality: nationality, birthYear: birthYear,
            externalIDs: AuthorExternalIDs(openLibraryID: openLibraryID, wikidataID: wikidataID), dateCreated: created
        )
    }
}

enum WikidataTestError: Error {
    case notAnID(String)
}

@Suite struct WikidataClientTests {
    @Test func aWriterGetsHerGenderCitizenshipRegionAndYearsInOneRequest() async throws {
        // Given Octavia E. Butler's item, a citizen of the United States (a country in the built-in table)
        let routes = [try WikidataRoutes.entity("Q235302", "entity-Q235302-octavia-e-butler.json")]
        try await ProviderHarness.run(routes: routes) { harness in
            // When reading her demographics
            let demographics = try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q235302"))

            // Then every field is read, and the country needed no second request
            #expect(
                demographics
                    == AuthorDemographics(
                        wikidataID: "Q235302", label: "Octavia E. Butler", gender: .female, nationality: "US",
                        culturalRegion: .northAmerica, birthYear: 1947, deathYear: 2006
                    )
            )
            #expect(harness.server.requests.map(\.path) == ["/wiki/Special:EntityData/Q235302.json"])
            #expect(harness.server.requests.first?.header("User-Agent") == harness.configuration.userAgent)
        }
    }

    @Test func aNigerianCitizenIsFromAfrica() async throws {
        // Given Chinua Achebe's item, citizen of Nigeria (Q1033)
        let routes = [try WikidataRoutes.entity("Q155845", "entity-Q155845-chinua-achebe.json")]
        try await ProviderHarness.run(routes: routes) { harness in
            // When reading his demographics
            let demographics = try #require(try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q155845")))

            // Then he is a man from Nigeria, in Africa
            #expect(demographics.gender == .male)
            #expect(demographics.nationality == "NG")
            #expect(demographics.culturalRegion == .africa)
            #expect(demographics.birthYear == 1930)
            #expect(demographics.deathYear == 2013)
        }
    }

    @Test func aNonBinaryAuthorIsNonBinaryWithABirthYearKnownToTheYear() async throws {
        // Given Akwaeke Emezi's item: P21 non-binary, born in 1987 (precision: year)
        let routes = [try WikidataRoutes.entity("Q50351432", "entity-Q50351432-akwaeke-emezi.json")]
        try await ProviderHarness.run(routes: routes) { harness in
            // When reading the demographics
            let demographics = try #require(try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q50351432")))

            // Then
            #expect(demographics.gender == .nonBinary)
            #expect(demographics.nationality == "NG")
            #expect(demographics.birthYear == 1987)
            #expect(demographics.deathYear == nil)
        }
    }

    @Test func aDeprecatedStatementIsIgnoredAndAPreferredOneWins() async throws {
        // Given an item with a deprecated "male" before a normal "female", and a normal France
        // before a preferred Iceland (not in the built-in table), born in a known century only
        let routes = [
            try WikidataRoutes.entity("Q4115189", "entity-Q4115189-sandbox-ranks.json"),
            WikidataRoutes.claims(of: "Q189", try .fixture("wikidata/claims-Q189-P297-iceland.json")),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When reading the demographics
            let demographics = try #require(try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q4115189")))

            // Then the normal gender and the preferred country count, Iceland's code was asked for,
            // and a century is no birth year
            #expect(demographics.gender == .female)
            #expect(demographics.nationality == "IS")
            #expect(demographics.culturalRegion == .europe)
            #expect(demographics.birthYear == nil)
            let request = try #require(WikidataRoutes.claimsRequests(harness.server).first)
            #expect(request.queryValue("property") == "P297")
            #expect(request.queryValue("format") == "json")
        }
    }

    @Test func aCountryCodeIsAskedForOnceInTheClientsLifetime() async throws {
        // Given an item whose country is not in the built-in table
        let routes = [
            try WikidataRoutes.entity("Q4115189", "entity-Q4115189-sandbox-ranks.json"),
            WikidataRoutes.claims(of: "Q189", try .fixture("wikidata/claims-Q189-P297-iceland.json")),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            let client = harness.wikidata()
            let id = try WikidataRoutes.id("Q4115189")

            // When reading it three times with one client
            var nationalities: [String?] = []
            for _ in 0..<3 {
                nationalities.append(try await client.demographics(of: id)?.nationality)
            }

            // Then each answer has the code; the entity was asked three times, the country once
            #expect(nationalities == ["IS", "IS", "IS"])
            #expect(harness.server.requests(toPath: "/wiki/Special:EntityData/Q4115189.json").count == 3)
            #expect(WikidataRoutes.claimsRequests(harness.server).count == 1)
        }
    }

    @Test func aCountryWikidataDoesNotKnowHasNoCodeAndIsNotAskedAgain() async throws {
        // Given the API answers "no-such-entity" for the country
        let routes = [WikidataRoutes.claims(of: "Q999999999", try .fixture("wikidata/error-no-such-entity.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            let client = harness.wikidata()
            let country = try WikidataRoutes.id("Q999999999")

            // When asking for its code twice
            let first = try await client.countryCode(of: country)
            let second = try await client.countryCode(of: country)

            // Then there is none, and it was asked once
            #expect(first == nil && second == nil)
            #expect(WikidataRoutes.claimsRequests(harness.server).count == 1)
        }
    }

    @Test func aFormerStateWithoutAnISOCodeGivesNoNationality() async throws {
        // Given the Soviet Union, which the built-in table knows to have no code
        try await ProviderHarness.run(routes: []) { harness in
            // When asking for its code
            let code = try await harness.wikidata().countryCode(of: try WikidataRoutes.id("Q15180"))

            // Then there is none, and nothing was asked
            #expect(code == nil)
            #expect(harness.server.requests.isEmpty)
        }
    }

    @Test func aRedirectedItemAnswersWithItsTarget() async throws {
        // Given a merged item whose entity data answers with the item it now redirects to
        let routes = [try WikidataRoutes.entity("Q11111111", "entity-Q155845-chinua-achebe.json")]
        try await ProviderHarness.run(routes: routes) { harness in
            // When reading the old id
            let demographics = try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q11111111"))

            // Then the target's demographics come back under the target's id
            #expect(demographics?.wikidataID == "Q155845")
            #expect(demographics?.label == "Chinua Achebe")
        }
    }

    @Test func anUnknownItemIsNotFoundRatherThanAnError() async throws {
        // Given Wikidata answers 404 for the item
        let routes: [LoopbackRoute] = [.get("/wiki/Special:EntityData/Q999999999.json", .text("Not Found: no such entity", status: 404))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When reading it
            let demographics = try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q999999999"))

            // Then there is nothing
            #expect(demographics == nil)
        }
    }

    @Test func statementsOfUnexpectedTypesGiveNoAnswerInsteadOfACrash() async throws {
        // Given an item whose P21 is a string, P27 an unknown value, P569 an item, P570 garbage,
        // and P106 not even a list
        let routes = [try WikidataRoutes.entity("Q4115189", "entity-Q4115189-sandbox-odd-values.json")]
        try await ProviderHarness.run(routes: routes) { harness in
            // When reading it
            let demographics = try #require(try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q4115189")))

            // Then the label is read and nothing else is guessed
            #expect(demographics == AuthorDemographics(wikidataID: "Q4115189", label: "Wikidata Sandbox"))
            #expect(WikidataRoutes.claimsRequests(harness.server).isEmpty)
        }
    }

    @Test func anItemWithoutClaimsHasEmptyDemographics() async throws {
        // Given an item whose labels and claims are PHP's empty lists
        let body = #"{"entities": {"Q4115189": {"type": "item", "id": "Q4115189", "labels": [], "claims": []}}}"#
        try await ProviderHarness.run(routes: [.get("/wiki/Special:EntityData/Q4115189.json", .json(body))]) { harness in
            // When reading it
            let demographics = try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q4115189"))

            // Then the answer is there, empty
            #expect(demographics == AuthorDemographics(wikidataID: "Q4115189"))
        }
    }

    @Test func offlineModeAsksNothing() async throws {
        // Given offline mode
        try await ProviderHarness.run(routes: [], configure: { $0.isOffline = true }) { harness in
            // When / Then every call reports Wikidata disabled without a request
            await #expect(throws: ProviderError.disabled("offline mode is on (BOOKSTRACK_OFFLINE)")) {
                try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q42"))
            }
            await #expect(throws: ProviderError.self) {
                try await harness.wikidata().searchWriter(named: "Octavia Butler")
            }
            #expect(harness.server.requests.isEmpty)
        }
    }
}

@Suite struct WikidataSearchTests {
    @Test func aNameSearchChoosesTheFirstMatchDescribedAsAWriter() async throws {
        // Given a search answering a disambiguation page, the writer, then an asteroid
        let routes = [
            WikidataRoutes.search(try .fixture("wikidata/search-octavia-butler.json")),
            try WikidataRoutes.entity("Q235302", "entity-Q235302-octavia-e-butler.json"),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When searching by name
            let demographics = try await harness.wikidata().searchWriter(named: "Octavia Butler")

            // Then the writer was chosen and read, and the search asked for English items
            #expect(demographics?.wikidataID == "Q235302")
            #expect(demographics?.gender == .female)
            let search = try #require(harness.server.requests.first)
            #expect(search.queryValue("search") == "Octavia Butler")
            #expect(search.queryValue("language") == "en")
            #expect(search.queryValue("type") == "item")
            #expect(search.queryValue("limit") == "10")
            #expect(harness.server.requests(toPath: "/wiki/Special:EntityData/Q7078380.json").isEmpty)
        }
    }

    @Test func aNameSearchWithoutAWriterFindsNothing() async throws {
        // Given a search whose only match is a novel
        let routes = [WikidataRoutes.search(try .fixture("wikidata/search-no-writer.json"))]
        try await ProviderHarness.run(routes: routes) { harness in
            // When searching
            let demographics = try await harness.wikidata().searchWriter(named: "Sabriel")

            // Then nothing is found and no entity was read
            #expect(demographics == nil)
            #expect(harness.server.requests.count == 1)
        }
    }

    @Test func aWriterMatchWhoseItemStatesNeitherOccupationNorGenderIsRejected() async throws {
        // Given the search names a writer, but the item has no P106 and no P21
        let body =
            #"{"entities": {"Q235302": {"id": "Q235302", "labels": {"en": {"language": "en", "value": "Octavia E. Butler"}}, "claims": {"P27": []}}}}"#
        let routes = [
            WikidataRoutes.search(try .fixture("wikidata/search-octavia-butler.json")),
            LoopbackRoute.get("/wiki/Special:EntityData/Q235302.json", .json(body)),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When searching
            let demographics = try await harness.wikidata().searchWriter(named: "Octavia Butler")

            // Then nothing is found
            #expect(demographics == nil)
        }
    }

    @Test func aSearchTheAPIRefusesIsAnUnreadableAnswer() async throws {
        // Given the API answers its error object with status 200
        let routes = [
            WikidataRoutes.search(.json(#"{"error": {"code": "param-missing", "info": "The \"search\" parameter must be set."}}"#))
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When / Then the refusal is reported with Wikidata's reason
            await #expect(throws: ProviderError.malformedResponse("Wikidata refused the request: The \"search\" parameter must be set.")) {
                try await harness.wikidata().searchWriter(named: "Octavia Butler")
            }
        }
    }

    @Test func aBlankNameAsksNothing() async throws {
        try await ProviderHarness.run(routes: []) { harness in
            // When searching for a blank name
            let demographics = try await harness.wikidata().searchWriter(named: "  ")

            // Then nothing is found and nothing asked
            #expect(demographics == nil)
            #expect(harness.server.requests.isEmpty)
        }
    }
}

@Suite struct WikidataFailureTests {
    static let id = "Q235302"

    static func demographics(
        answering response: LoopbackResponse, maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes
    ) async throws -> Result<AuthorDemographics?, ProviderError> {
        let id = try WikidataRoutes.id(Self.id)
        let routes: [LoopbackRoute] = [.get("/wiki/Special:EntityData/\(Self.id).json", response)]
        return try await ProviderHarness.run(routes: routes, maximumBodyBytes: maximumBodyBytes) { harness in
            do throws(ProviderError) {
                return .success(try await harness.wikidata().demographics(of: id))
            } catch {
                return .failure(error)
            }
        }
    }

    static func error(of result: Result<AuthorDemographics?, ProviderError>) -> ProviderError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func aServerErrorIsReportedWithItsStatus() async throws {
        let result = try await Self.demographics(answering: .text("upstream connect error", status: 500))
        #expect(Self.error(of: result) == .httpStatus(500))
    }

    @Test func tooManyRequestsIsReportedWithTheRetryAfterSeconds() async throws {
        let result = try await Self.demographics(answering: LoopbackResponse.status(429).adding(header: "Retry-After", "30"))
        #expect(Self.error(of: result) == .rateLimited(retryAfter: 30))
    }

    @Test func anHTMLPageIsAnUnreadableAnswer() async throws {
        let result = try await Self.demographics(answering: try .fixture("errors/maintenance.html"))
        #expect(Self.error(of: result) == .malformedResponse("the answer was an HTML page, not JSON"))
    }

    @Test func aBodyThatIsNotJSONIsAnUnreadableAnswer() async throws {
        let result = try await Self.demographics(answering: .text("Wikimedia Error: our servers are currently under maintenance"))
        guard case .malformedResponse? = Self.error(of: result) else {
            Issue.record("expected malformedResponse, got \(result)")
            return
        }
    }

    @Test func entitiesOfTheWrongShapeAreAnUnreadableAnswer() async throws {
        // Given `entities` as a list
        let result = try await Self.demographics(answering: .json(#"{"entities": [1, 2, 3]}"#))
        #expect(Self.error(of: result) == .malformedResponse("unexpected JSON shape at entities"))
    }

    @Test func anAnswerWithoutEntitiesIsAnUnreadableAnswer() async throws {
        let result = try await Self.demographics(answering: .json(#"{"success": 1}"#))
        #expect(Self.error(of: result) == .malformedResponse(#"missing "entities" at the top level"#))
    }

    @Test func anAnswerWithOtherEntitiesOnlyIsAnUnreadableAnswer() async throws {
        // Given two entities, neither the one asked for
        let body = #"{"entities": {"Q1": {"id": "Q1"}, "Q2": {"id": "Q2"}}}"#
        let result = try await Self.demographics(answering: .json(body))
        #expect(Self.error(of: result) == .malformedResponse("the answer for Q235302 held 2 entities, none of them Q235302"))
    }

    @Test func anOversizedAnswerIsRefused() async throws {
        // Given a 9 KB entity and a 2 KB limit
        let result = try await Self.demographics(
            answering: try .fixture("wikidata/entity-Q235302-octavia-e-butler.json"), maximumBodyBytes: 2048
        )
        #expect(Self.error(of: result) == .malformedResponse("the answer is larger than the 2048-byte limit"))
    }

    @Test func aFailingCountryRequestFailsTheCall() async throws {
        // Given the item is fine but its country's code answers 500
        let routes = [
            try WikidataRoutes.entity("Q4115189", "entity-Q4115189-sandbox-ranks.json"),
            WikidataRoutes.claims(of: "Q189", .status(500)),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When / Then
            await #expect(throws: ProviderError.httpStatus(500)) {
                try await harness.wikidata().demographics(of: try WikidataRoutes.id("Q4115189"))
            }
        }
    }
}

@Suite struct WikidataMappingTests {
    static let genders: [(item: String, gender: AuthorGender)] = [
        ("Q6581072", .female), ("Q6581097", .male), ("Q1052281", .female), ("Q2449503", .male), ("Q48270", .nonBinary),
        ("Q18116794", .nonBinary), ("Q12964198", .nonBinary), ("Q505371", .nonBinary), ("Q1097630", .other),
        ("Q5", .other),
    ]

    @Test(arguments: genders)
    func aGenderItemMapsToTheModelsGender(item: String, gender: AuthorGender) throws {
        let id = try WikidataRoutes.id(item)
        #expect(WikidataMapping.gender(forItem: id) == gender)
    }

    @Test(arguments: [
        ("Q235302", "Q235302"), ("q42", "Q42"), (" Q42\n", "Q42"), ("https://www.wikidata.org/wiki/Q42", "Q42"),
        ("http://www.wikidata.org/entity/Q42", "Q42"),
    ])
    func aWikidataIDIsReadFromItsUsualForms(text: String, id: String) {
        #expect(WikidataID(text)?.rawValue == id)
    }

    @Test(arguments: ["", "Q", "P21", "Q0", "Q12a", "Q42/../../w/api.php", "Q1234567890123", "Q４２"])
    func anythingElseIsNoWikidataID(text: String) {
        #expect(WikidataID(text) == nil)
    }

    @Test func wikidataTimesGiveYearsOnlyWhenKnownToTheYear() {
        #expect(WikidataMapping.year(.time("+1947-06-22T00:00:00Z", precision: 11)) == 1947)
        #expect(WikidataMapping.year(.time("+1987-00-00T00:00:00Z", precision: 9)) == 1987)
        #expect(WikidataMapping.year(.time("-0069-00-00T00:00:00Z", precision: 9)) == -69)
        #expect(WikidataMapping.year(.time("+1800-00-00T00:00:00Z", precision: 7)) == nil)
        #expect(WikidataMapping.year(.time("garbage", precision: 11)) == nil)
        #expect(WikidataMapping.year(.item("Q5")) == nil)
    }

    @Test func theBuiltInCountryTableHoldsOnlyKnownCodes() {
        for case let (item, code?) in WikidataMapping.countryCodes {
            #expect(WikidataID(item) != nil)
            #expect(CountryRegions.isKnownCountryCode(code), "\(item) → \(code)")
        }
    }
}

@Suite struct AuthorDemographicsSuggesterTests {
    @Test func theAuthorsOwnWikidataIDIsUsedFirst() async throws {
        // Given an author with a Wikidata id and an Open Library id
        let author = WikidataRoutes.author("Chinua Achebe", openLibraryID: "OL34184A", wikidataID: "Q155845")
        let routes = [try WikidataRoutes.entity("Q155845", "entity-Q155845-chinua-achebe.json")]
        try await ProviderHarness.run(routes: routes) { harness in
            // When asking for a suggestion
            let suggestion = try #require(try await harness.demographicsSuggester().suggestion(for: author))

            // Then only the item was read, and what the author lacks is suggested
            #expect(harness.server.requests.map(\.path) == ["/wiki/Special:EntityData/Q155845.json"])
            #expect(suggestion.match == .wikidataID)
            #expect(suggestion.gender == .male)
            #expect(suggestion.nationality == "NG")
            #expect(suggestion.culturalRegion == .africa)
            #expect(suggestion.wikidataID == nil)
        }
    }

    @Test func anOpenLibraryAuthorLeadsToWikidataThroughItsRemoteIDs() async throws {
        // Given an author known only by Open Library id, whose record links Q25161
        let author = WikidataRoutes.author("Roald Dahl", openLibraryID: "OL34184A")
        let routes = [
            LoopbackRoute.get("/authors/OL34184A.json", try .fixture("openlibrary/author-roald-dahl.json")),
            try WikidataRoutes.entity("Q25161", "entity-Q25161-roald-dahl.json"),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When asking for a suggestion
            let suggestion = try #require(try await harness.demographicsSuggester().suggestion(for: author))

            // Then the linked item answered, and its id is suggested too
            #expect(suggestion.match == .openLibrary)
            #expect(suggestion.wikidataID == "Q25161")
            #expect(suggestion.gender == .male)
            #expect(suggestion.nationality == "GB")
            #expect(suggestion.culturalRegion == .europe)
            #expect(suggestion.birthYear == 1916)
            #expect(suggestion.deathYear == 1990)
        }
    }

    @Test func anOpenLibraryRecordWithoutALinkFallsBackToANameSearch() async throws {
        // Given the Open Library author has no Wikidata id
        let author = WikidataRoutes.author("Octavia Butler", openLibraryID: "OL382982A")
        let routes = [
            LoopbackRoute.get("/authors/OL382982A.json", try .fixture("openlibrary/author-garth-nix.json")),
            WikidataRoutes.search(try .fixture("wikidata/search-octavia-butler.json")),
            try WikidataRoutes.entity("Q235302", "entity-Q235302-octavia-e-butler.json"),
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When asking for a suggestion
            let suggestion = try #require(try await harness.demographicsSuggester().suggestion(for: author))

            // Then the name search found the writer, and says so
            #expect(suggestion.match == .nameSearch)
            #expect(suggestion.wikidataID == "Q235302")
            #expect(harness.server.requests.first?.path == "/authors/OL382982A.json")
        }
    }

    @Test func aWikidataIDWikidataDoesNotKnowGivesNoSuggestion() async throws {
        // Given the author's own id answers 404
        let author = WikidataRoutes.author("Octavia Butler", wikidataID: "Q999999999")
        try await ProviderHarness.run(routes: []) { harness in
            // When asking for a suggestion
            let suggestion = try await harness.demographicsSuggester().suggestion(for: author)

            // Then there is none, and no namesake was searched for
            #expect(suggestion == nil)
            #expect(harness.server.requests.count == 1)
        }
    }

    @Test func aSuggestionLeavesOutWhatTheAuthorAlreadyHas() async throws {
        // Given an author the reader described as a woman from Nigeria, without a region
        let author = WikidataRoutes.author("Chinua Achebe", gender: .female, nationality: "NG", birthYear: 1931, wikidataID: "Q155845")
        let routes = [try WikidataRoutes.entity("Q155845", "entity-Q155845-chinua-achebe.json")]
        try await ProviderHarness.run(routes: routes) { harness in
            // When asking for a suggestion
            let suggestion = try #require(try await harness.demographicsSuggester().suggestion(for: author))

            // Then only the region and the death year are suggested, though Wikidata said more
            #expect(suggestion.demographics.gender == .male)
            #expect(suggestion.gender == nil)
            #expect(suggestion.nationality == nil)
            #expect(suggestion.birthYear == nil)
            #expect(suggestion.wikidataID == nil)
            #expect(suggestion.culturalRegion == .africa)
            #expect(suggestion.deathYear == 2013)
        }
    }
}

@Suite struct AuthorDemographicsSuggestionTests {
    static let achebe = AuthorDemographics(
        wikidataID: "Q155845", label: "Chinua Achebe", gender: .male, nationality: "NG", culturalRegion: .africa,
        birthYear: 1930, deathYear: 2013
    )

    @Test func applyingFillsEveryEmptyFieldAndTouchesTheAuthor() {
        // Given an author with nothing known
        let author = WikidataRoutes.author("Chinua Achebe")
        let suggestion = AuthorDemographicsSuggestion(demographics: Self.achebe, match: .nameSearch, for: author)

        // When applying the suggestion
        let updated = suggestion.applying(to: author, now: WikidataRoutes.later)

        // Then every field is filled and the change is dated
        #expect(updated.gender == .male)
        #expect(updated.nationality == "NG")
        #expect(updated.culturalRegion == .africa)
        #expect(updated.birthYear == 1930)
        #expect(updated.deathYear == 2013)
        #expect(updated.externalIDs.wikidataID == "Q155845")
        #expect(updated.lastModified == WikidataRoutes.later)
        #expect(updated.name == author.name)
    }

    @Test func applyingNeverOverwritesAFieldSetSinceTheSuggestionWasMade() {
        // Given a suggestion made for an empty author, who was then described by the reader
        let empty = WikidataRoutes.author("Chinua Achebe")
        let suggestion = AuthorDemographicsSuggestion(demographics: Self.achebe, match: .nameSearch, for: empty)
        var described = empty
        described.gender = .nonBinary
        described.culturalRegion = .international
        described.nationality = "GB"
        described.externalIDs.wikidataID = "Q1"

        // When applying the old suggestion
        let updated = suggestion.applying(to: described, now: WikidataRoutes.later)

        // Then the reader's answers stay, and only the years are filled
        #expect(updated.gender == .nonBinary)
        #expect(updated.culturalRegion == .international)
        #expect(updated.nationality == "GB")
        #expect(updated.externalIDs.wikidataID == "Q1")
        #expect(updated.birthYear == 1930)
    }

    @Test func aSuggestionForAFullyDescribedAuthorIsEmptyAndChangesNothing() {
        // Given an author with every field set
        let author = Author(
            name: "Chinua Achebe", gender: .male, culturalRegion: .africa, nationality: "NG", birthYear: 1930, deathYear: 2013,
            externalIDs: AuthorExternalIDs(wikidataID: "Q155845"), dateCreated: WikidataRoutes.created
        )

        // When making and applying a suggestion
        let suggestion = AuthorDemographicsSuggestion(demographics: Self.achebe, match: .wikidataID, for: author)
        let updated = suggestion.applying(to: author, now: WikidataRoutes.later)

        // Then there is nothing to suggest, and the author is unchanged, not even touched
        #expect(suggestion.isEmpty)
        #expect(updated == author)
    }
}
