import BooksTrackCore
import Testing

@Suite struct ISO639Tests {
    /// Codes as the sources write them: Calibre's `languages` (../shared/samples/exports/calibre.csv),
    /// Hardcover's "Language Code", Open Library's `/languages/` keys (editions and dumps), Google
    /// Books' and ISBNdb's `language`.
    static let sourceCodes: [(code: String, tag: String?)] = [
        ("eng", "en"), ("fre", "fr"), ("spa", "es"), ("ger", "de"), ("en", "en"), ("jpn", "ja"), ("chi", "zh"),
        ("dut", "nl"), ("cze", "cs"), ("gre", "el"), ("per", "fa"), ("rum", "ro"), ("wel", "cy"), ("scr", "hr"),
        ("en_US", "en-US"), ("en-GB", "en-GB"), ("pt-BR", "pt-BR"), ("zh-Hant", "zh-Hant"), ("es-419", "es-419"),
    ]

    @Test(arguments: sourceCodes)
    func sourceCodesBecomeBCP47Tags(code: String, tag: String?) {
        #expect(ISO639.languageTag(code) == tag)
    }

    @Test(arguments: [("deu", "de"), ("fra", "fr"), ("ces", "cs"), ("nld", "nl"), ("zho", "zh"), ("nep", "ne")])
    func terminologyCodesBecomeTheSameTagsAsBibliographicOnes(code: String, tag: String) {
        #expect(ISO639.languageTag(code) == tag)
    }

    @Test func aCodeWithoutATwoLetterFormKeepsItsThreeLetters() {
        #expect(ISO639.languageTag("tlh") == "tlh")
    }

    @Test(arguments: ["und", "mul", "zxx", "mis", "UND", " mul "])
    func codesThatNameNoOneLanguageGiveNoTag(code: String) {
        #expect(ISO639.languageTag(code) == nil)
    }

    @Test(arguments: [("ENG", "en"), ("  fre  ", "fr"), ("\tger\n", "de"), ("En", "en"), ("EN_us", "en-us")])
    func caseAndPaddingDoNotChangeTheLanguage(code: String, tag: String) {
        #expect(ISO639.languageTag(code) == tag)
    }

    @Test(arguments: [
        "", " ", "e", "English", "eng-", "-eng", "en--US", "12", "en_US_toolongsubtag", "🇬🇧", "ëng", "e n",
        String(repeating: "a", count: 10_000), "en-" + String(repeating: "x", count: 10_000),
    ])
    func textThatIsNoCodeGivesNoTag(code: String) {
        #expect(ISO639.languageTag(code) == nil)
    }
}
