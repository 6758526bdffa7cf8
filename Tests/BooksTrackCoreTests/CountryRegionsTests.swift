import BooksTrackCore
import Testing

@Suite struct CountryRegionsTests {
    static let knownAnswers: [(code: String, region: CulturalRegion)] = [
        ("NG", .africa), ("JP", .asia), ("US", .northAmerica), ("MX", .southAmerica), ("JM", .caribbean),
        ("KZ", .centralAsia), ("SA", .middleEast), ("IR", .middleEast), ("AU", .oceania), ("FR", .europe),
        ("BR", .southAmerica), ("GL", .northAmerica), ("IN", .asia), ("TR", .middleEast), ("EG", .africa),
        ("XK", .europe),
    ]

    @Test(arguments: knownAnswers)
    func aCountryCodeGivesItsM49Region(code: String, region: CulturalRegion) {
        // Given a country code
        // When asking for its region
        // Then it is the region of its M49 sub-region
        #expect(CountryRegions.region(forCountryCode: code) == region)
    }

    @Test func lowerCaseAndSurroundingSpacesAreAccepted() {
        // Given "gb" written carelessly
        // When asking for its region
        // Then it is found like "GB"
        #expect(CountryRegions.region(forCountryCode: " gb ") == .europe)
        #expect(CountryRegions.isKnownCountryCode("gb"))
    }

    @Test(arguments: ["ZZ", "", "   ", "USA", "U", "ÜS"])
    func anUnknownCodeHasNoRegion(code: String) {
        // Given something that is no ISO 3166-1 alpha-2 code
        // When asking for its region
        // Then there is none, and the code is not known
        #expect(CountryRegions.region(forCountryCode: code) == nil)
        #expect(!CountryRegions.isKnownCountryCode(code))
    }

    @Test func antarcticaIsAKnownCodeInNoRegion() {
        // Given Antarctica, which M49 places in no region
        // When asking
        // Then the code is known but has no region
        #expect(CountryRegions.isKnownCountryCode("AQ"))
        #expect(CountryRegions.region(forCountryCode: "AQ") == nil)
    }

    @Test func everyCurrentISOCodeIsCovered() {
        // Given the 249 codes of ISO 3166-1 plus Kosovo's XK
        // When counting the known codes
        // Then there are 250 of them, each two upper-case letters
        let codes = CountryRegions.knownCountryCodes
        #expect(codes.count == 250)
        #expect(codes.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isUppercase } })
    }
}
