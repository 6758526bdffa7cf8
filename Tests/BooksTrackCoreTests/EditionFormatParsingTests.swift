import BooksTrackCore
import Testing

@Suite struct EditionFormatParsingTests {
    /// Binding and format texts as the sample exports, provider answers and dumps write them
    /// (../shared/samples and the import fixtures), and the localized names the stores use.
    static let realBindings: [(text: String, format: EditionFormat)] = [
        // Goodreads "Binding".
        ("Hardcover", .hardcover), ("Paperback", .paperback), ("Mass Market Paperback", .massMarket),
        ("Kindle Edition", .ebook), ("Audible Audio", .audiobook), ("Tapa blanda", .paperback),
        // Hardcover "Binding" and "Media"; StoryGraph and Openreads formats.
        ("Audio", .audiobook), ("Ebook", .ebook), ("Book", .other), ("audio", .audiobook), ("digital", .ebook),
        ("paperback", .paperback), ("hardcover", .hardcover), ("ebook", .ebook), ("audiobook", .audiobook),
        // LibraryThing publications and media.
        ("Poche", .massMarket), ("Broché", .paperback), ("Unknown Binding", .other), ("Paper Book", .other),
        // Open Library `physical_format` (editions and dumps) and ISBNdb `binding`.
        ("Audio CD", .audiobook), ("School & Library Binding", .hardcover), ("Electronic resource", .ebook),
        ("Audio Cassette", .audiobook), ("eBook", .ebook), ("Library Binding", .hardcover), ("Paper", .paperback),
        ("Hard Cover", .hardcover), ("Trade Paperback", .paperback), ("Board Book", .hardcover), ("MP3 CD", .audiobook),
        ("CD-ROM", .other), ("Spiral-bound", .other), ("Leather Bound", .other), ("Softcover", .paperback),
        // Amazon's localized bindings.
        ("Taschenbuch", .paperback), ("Gebundene Ausgabe", .hardcover), ("Hörbuch-Download", .audiobook),
        ("Relié", .hardcover), ("Tapa dura", .hardcover), ("Brossura", .paperback), ("Nook", .ebook), ("EPUB", .ebook),
    ]

    @Test(arguments: realBindings)
    func everyBindingTheSourcesWriteHasOneFormat(text: String, format: EditionFormat) {
        #expect(EditionFormat(parsingBinding: text) == format)
    }

    @Test func taschenbuchIsAPaperbackWhicheverSourceItCameThrough() {
        #expect(EditionFormat(parsingBinding: "Taschenbuch") == .paperback)
        #expect(EditionFormat(parsingBinding: "taschenbuch") == .paperback)
        #expect(EditionFormat(parsingBinding: "Taschenbuch, 320 Seiten") == .paperback)
    }

    @Test func aMassMarketPaperbackIsMassMarketNotPaperback() {
        #expect(EditionFormat(parsingBinding: "Mass Market Paperback") == .massMarket)
        #expect(EditionFormat(parsingBinding: "mass-market paperback") == .massMarket)
    }

    @Test(arguments: EditionFormat.allCases)
    func everyFormatReadsBackFromItsRawValueAndDisplayName(format: EditionFormat) {
        #expect(EditionFormat(parsingBinding: format.rawValue) == format)
        #expect(EditionFormat(parsingBinding: format.displayName) == format)
    }

    @Test(arguments: ["", " ", "   \t ", "\n"])
    func blankTextNamesNoFormat(text: String) {
        #expect(EditionFormat(parsingBinding: text) == nil)
    }

    @Test(arguments: [
        ("  Hardcover  ", EditionFormat.hardcover), ("HARDCOVER", .hardcover), ("hArDbAcK", .hardcover),
        ("\tKindle Edition\n", .ebook), ("RELIÉ", .hardcover), ("relie", .hardcover), ("📚 Paperback 📚", .paperback),
    ])
    func caseAccentsPaddingAndSymbolsDoNotChangeTheFormat(text: String, format: EditionFormat) {
        #expect(EditionFormat(parsingBinding: text) == format)
    }

    @Test(arguments: ["📚", "🎧📖", "?!", "papyrus", "Software", "Hardware", String(repeating: "x", count: 10_000)])
    func textThatNamesNoFormatIsOther(text: String) {
        #expect(EditionFormat(parsingBinding: text) == .other)
    }

    @Test func aVeryLongBindingIsReadByItsWords() {
        let padding = String(repeating: "lorem ", count: 2_000)
        #expect(EditionFormat(parsingBinding: padding + "Audio CD") == .audiobook)
        #expect(EditionFormat(parsingBinding: String(repeating: "Paperback ", count: 1_000)) == .paperback)
    }
}
