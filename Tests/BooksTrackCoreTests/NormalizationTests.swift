import Testing

@testable import BooksTrackCore

@Suite struct TitleNormalizationTests {
    @Test(arguments: [
        ("The Left Hand of Darkness", "left hand of darkness"),
        ("Gideon the Ninth (The Locked Tomb #1)", "gideon the ninth"),
        ("The Hunger Games (The Hunger Games, #1)", "hunger games"),
        ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "harry potter and the sorcerers stone"),
        ("Pride & Prejudice", "pride and prejudice"),
        ("Dune: Messiah", "dune messiah"),
        ("Catch-22", "catch 22"),
        ("Ender’s Game", "enders game"),
        ("Crème Brûlée", "creme brulee"),
        ("Straße der Ölsardinen", "strasse der olsardinen"),
        ("Æsir Øre Łódź", "aesir ore lodz"),
        ("ﬁnal Ｆａｎｔａｓｙ", "final fantasy"),
        ("  The   Hobbit  ", "hobbit"),
        ("A Wizard of Earthsea", "wizard of earthsea"),
        ("An Unkindness of Ghosts", "unkindness of ghosts"),
        ("Le Petit Prince", "petit prince"),
        ("La Peste", "peste"),
        ("Les Misérables", "miserables"),
        ("L'Étranger", "etranger"),
        ("L’Étranger", "etranger"),
        ("Der Process", "process"),
        ("Die Verwandlung", "verwandlung"),
        ("Das Parfum", "parfum"),
        ("El Aleph", "aleph"),
        ("Los de abajo", "de abajo"),
        ("Las Batallas en el desierto", "batallas en el desierto"),
        ("The A Team", "a team"),
        ("Gideon the Ninth", "gideon the ninth"),
        ("The", "the"),
        ("A", "a"),
        ("L'", "l"),
        ("Frankenstein (Penguin Classics)", "frankenstein penguin classics"),
        ("我穿我自己", "我穿我自己"),
        ("", ""),
    ])
    func normalizingATitleGivesItsMatchingKey(title: String, key: String) {
        #expect(TextNormalization.normalizeTitle(title) == key)
        // A title key made once is that key, and only for the title it was made from.
        let made = TitleKey(of: title)
        #expect(made.key == key)
        #expect(made.key(of: title) == key)
        #expect(made.key(of: title + " ") == nil)
    }

    @Test(arguments: [
        ("The Left Hand of Darkness", "left hand of darkness"),
        ("Gideon the Ninth (The Locked Tomb #1)", "Gideon the Ninth"),
        ("Les Misérables", "Miserables"),
        ("Pride and Prejudice", "PRIDE & PREJUDICE"),
        ("Ender's Game", "Enders Game"),
        ("Jonathan Strange & Mr Norrell", "Jonathan Strange and Mr. Norrell"),
    ])
    func titlesThatDifferOnlyInSpellingShareAKey(first: String, second: String) {
        #expect(TextNormalization.normalizeTitle(first) == TextNormalization.normalizeTitle(second))
    }

    @Test(arguments: [
        ("Dune", "Dune Messiah"),
        ("がっこう", "かっこう"),
        ("The Two Towers", "Two Towers Three"),
    ])
    func differentTitlesKeepDifferentKeys(first: String, second: String) {
        #expect(TextNormalization.normalizeTitle(first) != TextNormalization.normalizeTitle(second))
    }

    @Test(arguments: [
        ("📚 Dune 🐛", "dune"),
        ("👩‍👩‍👧 Family", "family"),
        ("Dune\u{0}Messiah\u{7}", "dune messiah"),
        ("\u{200F}Dune\u{200E}", "dune"),
        ("\u{202E}enuD", "enud"),
        ("\u{FEFF}The Hobbit", "hobbit"),
    ])
    func normalizingDropsEmojiControlCharactersAndDirectionMarks(title: String, key: String) {
        #expect(TextNormalization.normalizeTitle(title) == key)
    }

    /// ASCII text is read byte by byte, other text scalar by scalar: one accented letter at the end
    /// sends the same title down the other path, which must give the same words.
    @Test(arguments: [
        "The Left Hand of Darkness", "Pride & Prejudice", "Catch-22", "Ender's `Game`", "CAPITALS and digits 1984",
        "Dune: Messiah -- Part/2", "Tabs\tand\nnewlines", "l'etranger",
    ])
    func asciiTitlesGetTheKeysTheUnicodePathGives(title: String) {
        #expect(TextNormalization.normalizeTitle(title + " é") == TextNormalization.normalizeTitle(title) + " e")
    }

    @Test(arguments: [
        ("Sapiens: A Brief History of Humankind", "sapiens" as String?),
        ("The Way of Kings (The Stormlight Archive, #1): Part One", "way of kings"),
        ("Dune", nil),
        ("Ending with a colon:", nil),
        (": Only a subtitle", nil),
        ("Nothing but marks: — …", nil),
        // A colon carrying a combining accent is another character, not a colon.
        ("Dune:\u{301} Messiah", nil),
        // A full-width colon is not a colon.
        ("三体：地球往事", nil),
        ("Ünïcödé: Tïtle", "unicode"),
    ])
    func theKeyBeforeTheSubtitleIsTheNormalizedTextBeforeTheFirstColon(title: String, key: String?) {
        #expect(TextNormalization.mainTitleKey(title) == key)
        #expect(TextNormalization.mainTitleKey(title[...]) == key)
    }

    @Test func normalizingAMegabyteTitleFinishesWithTheWholeText() {
        let title = String(repeating: "a", count: 1_000_000)

        #expect(TextNormalization.normalizeTitle(title) == title)
    }

    @Test func normalizingAMegabyteOfEmojiAndAccentsKeepsOnlyTheLetters() {
        let title = String(repeating: "📚é\u{200F}", count: 100_000)

        #expect(TextNormalization.normalizeTitle(title) == Array(repeating: "e", count: 100_000).joined(separator: " "))
    }

    @Test func normalizingAMegabyteOfPunctuationGivesAnEmptyKey() {
        let title = String(repeating: "((", count: 250_000) + String(repeating: ")", count: 500_000)

        #expect(TextNormalization.normalizeTitle(title) == "")
    }
}

@Suite struct SeriesSplittingTests {
    static let seriesTitles: [(text: String, title: String, series: String, position: Double)] = [
        ("Gideon the Ninth (The Locked Tomb #1)", "Gideon the Ninth", "The Locked Tomb", 1),
        ("Title (Series, #2.5)", "Title", "Series", 2.5),
        ("The Hunger Games (The Hunger Games, #1)", "The Hunger Games", "The Hunger Games", 1),
        (
            "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "Harry Potter and the Sorcerer's Stone",
            "Harry Potter", 1
        ),
        ("The Colour of Magic (Discworld, #1; Rincewind #1)", "The Colour of Magic", "Discworld", 1),
        ("The Complete Trilogy (Series, #1-3)", "The Complete Trilogy", "Series", 1),
        ("Box Set (Series #4–6)", "Box Set", "Series", 4),
        ("Omnibus (Series, #7 - 9)", "Omnibus", "Series", 7),
        ("Prequel (Series, #0.5)", "Prequel", "Series", 0.5),
        ("Outer (Series (Part One), #2)", "Outer", "Series (Part One)", 2),
        ("  Spaced Title  (Series, # 3)  ", "Spaced Title", "Series", 3),
        ("Catch-22 (Catch-22, #1)", "Catch-22", "Catch-22", 1),
    ]

    @Test(arguments: seriesTitles)
    func splittingTakesTheSeriesOutOfAGoodreadsTitle(text: String, title: String, series: String, position: Double) {
        let split = TextNormalization.splitSeries(fromTitle: text)

        #expect(split.title == title)
        #expect(split.series == series)
        #expect(split.position == position)
    }

    @Test(arguments: [
        ("Frankenstein (Penguin Classics)", "Frankenstein (Penguin Classics)"),
        ("Le grand incendie de Londres (Fiction & Cie)", "Le grand incendie de Londres (Fiction & Cie)"),
        ("(The Locked Tomb #1)", "(The Locked Tomb #1)"),
        ("Title (#1)", "Title (#1)"),
        ("Title (Series, #)", "Title (Series, #)"),
        ("Title (Series, #one)", "Title (Series, #one)"),
        ("Title (Series, #1 and more)", "Title (Series, #1 and more)"),
        ("Title (Series #1) Extra", "Title (Series #1) Extra"),
        ("Unbalanced Series #1)", "Unbalanced Series #1)"),
        ("Title ()", "Title ()"),
        ("  No Parentheses  ", "No Parentheses"),
        ("", ""),
    ])
    func splittingLeavesTitlesWithoutASeriesAlone(text: String, title: String) {
        let split = TextNormalization.splitSeries(fromTitle: text)

        #expect(split.title == title)
        #expect(split.series == nil)
        #expect(split.position == nil)
    }

    @Test func splittingAcceptsASubstring() {
        let cell = "42036538,Gideon the Ninth (The Locked Tomb #1)".split(separator: ",")[1]

        let split = TextNormalization.splitSeries(fromTitle: cell)

        #expect(split.title == "Gideon the Ninth")
        #expect(split.series == "The Locked Tomb")
    }

    @Test func splittingAMegabyteOfUnbalancedParenthesesFindsNoSeries() {
        let text = String(repeating: ")", count: 1_000_000)

        #expect(TextNormalization.splitSeries(fromTitle: text).series == nil)
    }
}

@Suite struct AuthorNormalizationTests {
    @Test(arguments: [
        ("Le Guin, Ursula K.", "ursula k le guin"),
        ("Ursula K. Le Guin", "ursula k le guin"),
        ("J.R.R. Tolkien", "jrr tolkien"),
        ("Martin Luther King Jr.", "martin luther king jr"),
        ("Natasha Wimmer (Translator)", "natasha wimmer"),
        ("Roberto Bolaño", "roberto bolano"),
        ("Plato", "plato"),
        ("", ""),
    ])
    func normalizingANameGivesItsMatchingKey(name: String, key: String) {
        #expect(TextNormalization.normalizeAuthor(name) == key)
    }

    @Test(arguments: [
        ("Le Guin, Ursula K.", "Ursula K. Le Guin"),
        ("ursula k le guin", "Ursula K. Le Guin"),
        ("Ursula K.Le Guin", "Ursula K. Le Guin"),
        ("  Ursula   K.  Le   Guin ", "Ursula K. Le Guin"),
        ("J.R.R. Tolkien", "J. R. R. Tolkien"),
        ("JRR Tolkien", "J. R. R. Tolkien"),
        ("Tolkien, J.R.R.", "J. R. R. Tolkien"),
        ("King, Jr., Martin Luther", "Martin Luther King Jr."),
        ("King, Martin Luther, Jr.", "Martin Luther King Jr."),
        ("Martin Luther King, Jr.", "Martin Luther King Jr."),
        ("King, Martin Luther Jr.", "Martin Luther King Jr."),
        ("Dupuis, Mélanie", "Melanie Dupuis"),
        ("Gabriel García Márquez", "Gabriel Garcia Marquez"),
        ("Stanisław Lem", "Stanislaw Lem"),
        ("Cortazar, Julio", "Julio Cortázar"),
        ("Søren Kierkegaard", "Soren Kierkegaard"),
        ("Muir, Tamsyn", "Tamsyn Muir"),
        ("Kenneth Haigh (Narrator)", "Kenneth Haigh"),
        ("Flannery O'Connor", "Flannery OConnor"),
    ])
    func namesWrittenInEitherOrderOrWithAnyInitialsShareAKey(first: String, second: String) {
        #expect(TextNormalization.normalizeAuthor(first) == TextNormalization.normalizeAuthor(second))
    }

    @Test(arguments: [
        ("Martin Luther King Jr.", "Martin Luther King Sr."),
        ("Ursula K. Le Guin", "Ursula K. Guin"),
        ("Stephen King", "Stephen Kingsley"),
    ])
    func differentPeopleKeepDifferentKeys(first: String, second: String) {
        #expect(TextNormalization.normalizeAuthor(first) != TextNormalization.normalizeAuthor(second))
    }

    @Test(arguments: [
        ("📚 Tamsyn Muir", "tamsyn muir"),
        ("Tamsyn\u{0}Muir", "tamsyn muir"),
        ("\u{200F}Muir, Tamsyn\u{200E}", "tamsyn muir"),
    ])
    func normalizingANameDropsEmojiControlCharactersAndDirectionMarks(name: String, key: String) {
        #expect(TextNormalization.normalizeAuthor(name) == key)
    }

    @Test func normalizingAMegabyteOfCommasGivesAnEmptyKey() {
        #expect(TextNormalization.normalizeAuthor(String(repeating: ",", count: 1_000_000)) == "")
    }

    static let sortNames: [(name: String, sortName: String)] = [
        ("Ursula K. Le Guin", "Le Guin, Ursula K."),
        ("Tamsyn Muir", "Muir, Tamsyn"),
        ("Mary Ann Evans", "Evans, Mary Ann"),
        ("J.R.R. Tolkien", "Tolkien, J.R.R."),
        ("Johannes van der Waals", "van der Waals, Johannes"),
        ("Ursula von der Leyen", "von der Leyen, Ursula"),
        ("Ludwig van Beethoven", "van Beethoven, Ludwig"),
        ("Antoine de Saint-Exupéry", "de Saint-Exupéry, Antoine"),
        ("Walter de la Mare", "de la Mare, Walter"),
        ("Leonardo da Vinci", "da Vinci, Leonardo"),
        ("Daphne du Maurier", "du Maurier, Daphne"),
        ("Martin Luther King Jr.", "King, Martin Luther, Jr."),
        ("Martin Luther King, Jr.", "King, Martin Luther, Jr."),
        ("Le Guin, Ursula K.", "Le Guin, Ursula K."),
        ("  Tamsyn   Muir ", "Muir, Tamsyn"),
        ("Kenneth Haigh (Narrator)", "Haigh, Kenneth"),
        ("Plato", "Plato"),
        ("Le Guin", "Le Guin"),
        ("村上春樹", "村上春樹"),
        ("", ""),
    ]

    @Test(arguments: sortNames)
    func sortNameFilesThePersonUnderTheirSurname(name: String, sortName: String) {
        #expect(TextNormalization.sortName(forAuthor: name) == sortName)
    }

    @Test(arguments: sortNames.map(\.name))
    func aSortNameHasTheSameMatchingKeyAsTheNameItCameFrom(name: String) {
        let sorted = TextNormalization.sortName(forAuthor: name)

        #expect(TextNormalization.normalizeAuthor(sorted) == TextNormalization.normalizeAuthor(name))
    }

    @Test func sortNameOfAMegabyteNameFinishes() {
        let name = String(repeating: "a ", count: 500_000) + "Muir"

        #expect(TextNormalization.sortName(forAuthor: name).hasPrefix("Muir, a a"))
    }
}

@Suite struct DedupeKeyTests {
    @Test func theSameBookFromTwoExportsGetsTheSameKey() {
        let goodreads = TextNormalization.dedupeKey(
            title: "Gideon the Ninth (The Locked Tomb #1)", primaryAuthor: "Muir, Tamsyn")
        let storyGraph = TextNormalization.dedupeKey(title: "Gideon the Ninth", primaryAuthor: "Tamsyn Muir")

        #expect(goodreads == storyGraph)
        #expect(goodreads == "gideon the ninth|tamsyn muir")
    }

    @Test(arguments: [nil, "", "   "] as [String?])
    func aMissingAuthorLeavesTheAuthorPartEmpty(author: String?) {
        #expect(TextNormalization.dedupeKey(title: "The Hobbit", primaryAuthor: author) == "hobbit|")
    }

    @Test func theSameTitleByDifferentAuthorsGetsDifferentKeys() {
        let first = TextNormalization.dedupeKey(title: "Selected Poems", primaryAuthor: "John Keats")
        let second = TextNormalization.dedupeKey(title: "Selected Poems", primaryAuthor: "Lord Byron")

        #expect(first != second)
    }
}
