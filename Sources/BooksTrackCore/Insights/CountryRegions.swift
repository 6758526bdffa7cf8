/// The cultural region of each country, by its ISO 3166-1 alpha-2 code.
///
/// The rule follows the UN M49 geoscheme (unstats.un.org/unsd/methodology/m49): Africa → africa;
/// Caribbean → caribbean; Central America and South America → southAmerica (Latin America);
/// Northern America (US, CA, GL, BM, PM) → northAmerica; Central Asia → centralAsia; Western Asia
/// and Iran → middleEast; the rest of Asia → asia; Europe → europe; Oceania → oceania.
/// Antarctica (AQ) is a known code in no region. Kosovo's user-assigned "XK" counts as Europe.
public enum CountryRegions {
    /// The region of a country code ("NG", " gb "), any case; nil for unknown codes and for AQ.
    public static func region(forCountryCode code: String) -> CulturalRegion? {
        regions[normalized(code)]
    }

    /// True for every current ISO 3166-1 alpha-2 code and XK, any case.
    public static func isKnownCountryCode(_ code: String) -> Bool {
        let code = normalized(code)
        return regions[code] != nil || codesWithoutRegion.contains(code)
    }

    /// Every known code, upper case.
    public static var knownCountryCodes: Set<String> {
        Set(regions.keys).union(codesWithoutRegion)
    }

    private static func normalized(_ code: String) -> String {
        code.trimmingWhitespace().uppercased()
    }

    // Antarctica belongs to no M49 region.
    private static let codesWithoutRegion: Set<String> = ["AQ"]

    private static let regions: [String: CulturalRegion] = {
        var table: [String: CulturalRegion] = [:]
        for (region, codes) in codesByRegion {
            for code in codes.split(separator: " ") { table[String(code)] = region }
        }
        return table
    }()

    // Grouped by M49 sub-region so each line can be checked against the UN table.
    private static let codesByRegion: [(CulturalRegion, String)] = [
        // Northern, Eastern, Middle, Southern and Western Africa.
        (.africa, "DZ EG LY MA SD TN EH"),
        (.africa, "IO BI KM DJ ER ET TF KE MG MW MU YT MZ RE RW SC SO SS UG TZ ZM ZW"),
        (.africa, "AO CM CF TD CG CD GQ GA ST"),
        (.africa, "BW SZ LS NA ZA"),
        (.africa, "BJ BF CV CI GM GH GN GW LR ML MR NE NG SH SN SL TG"),
        // Caribbean.
        (.caribbean, "AI AG AW BS BB BQ VG KY CU CW DM DO GD GP HT JM MQ MS PR BL KN LC MF VC SX TT TC VI"),
        // Central America, then South America (Bouvet Island and South Georgia included).
        (.southAmerica, "BZ CR SV GT HN MX NI PA"),
        (.southAmerica, "AR BO BV BR CL CO EC FK GF GY PY PE GS SR UY VE"),
        // Northern America.
        (.northAmerica, "BM CA GL PM US"),
        // Central Asia.
        (.centralAsia, "KZ KG TJ TM UZ"),
        // Western Asia, plus Iran (M49 puts it in Southern Asia).
        (.middleEast, "AM AZ BH CY GE IQ IL JO KW LB OM QA SA PS SY TR AE YE"),
        (.middleEast, "IR"),
        // Eastern, South-eastern and Southern Asia.
        (.asia, "CN HK MO KP JP MN KR TW"),
        (.asia, "BN KH ID LA MY MM PH SG TH TL VN"),
        (.asia, "AF BD BT IN MV NP PK LK"),
        // Eastern, Northern, Southern and Western Europe.
        (.europe, "BY BG CZ HU PL MD RO RU SK UA"),
        (.europe, "AX DK EE FO FI GG IS IE IM JE LV LT NO SJ SE GB"),
        (.europe, "AL AD BA HR GI GR VA IT MT ME MK PT SM RS SI ES XK"),
        (.europe, "AT BE FR DE LI LU MC NL CH"),
        // Australia and New Zealand, Melanesia, Micronesia, Polynesia.
        (.oceania, "AU CX CC HM NZ NF"),
        (.oceania, "FJ NC PG SB VU"),
        (.oceania, "GU KI MH FM NR MP PW UM"),
        (.oceania, "AS CK PF NU PN WS TK TO TV WF"),
    ]
}
