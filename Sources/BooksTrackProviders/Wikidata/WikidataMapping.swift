import BooksTrackCore
import Foundation

/// Reads author demographics out of Wikidata entities.
package enum WikidataMapping {
    /// Sex or gender.
    package static let gender = "P21"
    /// Country of citizenship.
    package static let citizenship = "P27"
    /// Occupation.
    package static let occupation = "P106"
    /// Date of birth.
    package static let birth = "P569"
    /// Date of death.
    package static let death = "P570"
    /// ISO 3166-1 alpha-2 code, on country items.
    package static let isoCountryCode = "P297"

    /// Words in a search result's description that mark a writer; "writer" also matches
    /// "screenwriter" and "songwriter", which is accepted as close enough.
    package static let writingOccupations = [
        "writer", "author", "novelist", "poet", "playwright", "essayist", "journalist", "historian", "philosopher",
    ]

    /// The value of the statement that counts: deprecated statements are ignored, the first
    /// preferred one wins, else the first normal one. Nil when there is none.
    package static func bestValue(of statements: [WikidataStatement]?) -> WikidataValue? {
        guard let statements else { return nil }
        return (statements.first { $0.rank == .preferred } ?? statements.first { $0.rank == .normal })?.value
    }

    /// The item of the statement that counts; nil for "no value", "unknown value" and other datavalue types.
    package static func bestItem(of statements: [WikidataStatement]?) -> WikidataID? {
        guard case .item(let id)? = bestValue(of: statements) else { return nil }
        return WikidataID(id)
    }

    /// The gender an item of P21 stands for.
    ///
    /// Trans women and trans men are women and men. Genderfluid, genderqueer and agender people
    /// fall under the non-binary umbrella and are counted so; intersex (Q1097630) describes sex
    /// characteristics, not a gender, and becomes `.other`, like every item not listed here.
    package static func gender(forItem id: WikidataID) -> AuthorGender {
        switch id.rawValue {
        case "Q6581072", "Q1052281": .female  // female, trans woman
        case "Q6581097", "Q2449503": .male  // male, trans man
        case "Q48270", "Q18116794", "Q12964198", "Q505371": .nonBinary  // non-binary, genderfluid, genderqueer, agender
        default: .other
        }
    }

    /// The year of a Wikidata time ("+1947-06-22T00:00:00Z", "-0069-01-01T00:00:00Z" for 70 BCE in
    /// astronomical numbering); nil when it is known only to the decade or coarser (precision < 9).
    package static func year(_ value: WikidataValue?) -> Int? {
        guard case .time(let text, let precision)? = value else { return nil }
        if let precision, precision < 9 { return nil }
        let sign = text.first == "-" ? -1 : 1
        let digits = text.drop(while: { $0 == "+" || $0 == "-" }).prefix(while: \.isNumber)
        guard (1...11).contains(digits.count), let year = Int(digits), Bounds.year.contains(sign * year) else { return nil }
        return sign * year
    }

    /// An ISO 3166-1 alpha-2 code from a P297 statement ("us" → "US"); nil unless two ASCII letters.
    package static func countryCode(_ value: WikidataValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return code
    }

    /// True when a search result's description names a writing occupation, in any case.
    package static func describesWriter(_ description: String?) -> Bool {
        guard let description = description?.lowercased() else { return false }
        return writingOccupations.contains { description.contains($0) }
    }

    /// True when the item looks like a person: it states an occupation, or at least a gender.
    package static func describesPerson(_ entity: WikidataEntity) -> Bool {
        !(entity.claims[occupation] ?? []).isEmpty || !(entity.claims[gender] ?? []).isEmpty
    }

    /// The entity the answer holds for `id`: under its own id, else the only one present (Wikidata
    /// answers a redirected item with its target's entity).
    package static func entity(_ id: WikidataID, in response: WikidataEntityResponse) -> WikidataEntity? {
        if let entity = response.entities[id.rawValue] { return entity }
        return response.entities.count == 1 ? response.entities.values.first : nil
    }

    /// The demographics of an entity, with its country's code already looked up.
    package static func demographics(of entity: WikidataEntity, id: WikidataID, countryCode: String?) -> AuthorDemographics {
        AuthorDemographics(
            wikidataID: WikidataID(entity.id)?.rawValue ?? id.rawValue,
            label: entity.label,
            gender: bestItem(of: entity.claims[gender]).map(gender(forItem:)),
            nationality: countryCode,
            culturalRegion: countryCode.flatMap(CountryRegions.region(forCountryCode:)),
            birthYear: year(bestValue(of: entity.claims[birth])),
            deathYear: year(bestValue(of: entity.claims[death]))
        )
    }

    /// Country items whose ISO code is known without asking: the usual countries of citizenship.
    /// A nil code marks a former state that has none (the Soviet Union, Q15180).
    package static let countryCodes: [String: String?] = [
        "Q30": "US", "Q145": "GB", "Q16": "CA", "Q408": "AU", "Q142": "FR", "Q183": "DE", "Q38": "IT", "Q29": "ES",
        "Q17": "JP", "Q148": "CN", "Q668": "IN", "Q155": "BR", "Q96": "MX", "Q1033": "NG", "Q258": "ZA", "Q159": "RU",
        "Q414": "AR", "Q298": "CL", "Q739": "CO", "Q115": "ET", "Q114": "KE", "Q79": "EG", "Q43": "TR", "Q794": "IR",
        "Q801": "IL", "Q884": "KR", "Q664": "NZ", "Q27": "IE", "Q20": "NO", "Q34": "SE", "Q35": "DK", "Q33": "FI",
        "Q55": "NL", "Q29999": "NL", "Q31": "BE", "Q39": "CH", "Q40": "AT", "Q36": "PL", "Q45": "PT", "Q41": "GR",
        "Q213": "CZ", "Q28": "HU", "Q218": "RO", "Q212": "UA", "Q766": "JM", "Q241": "CU", "Q790": "HT", "Q117": "GH",
        "Q1009": "CM", "Q1028": "MA", "Q262": "DZ", "Q948": "TN", "Q843": "PK", "Q902": "BD", "Q854": "LK",
        "Q836": "MM", "Q869": "TH", "Q881": "VN", "Q928": "PH", "Q252": "ID", "Q833": "MY", "Q334": "SG",
        "Q865": "TW", "Q8646": "HK", "Q15180": nil,
    ]
}
