@testable import BooksTrackCore
import BooksTrackTesting
import Testing

/// Series carried in a title: omnibus ranges, unnumbered series, names with commas.
@Suite struct SeriesSplitTests {
    typealias Split = TextNormalization.SeriesSplit

    @Test(arguments: [
        ("The Expanse Omnibus (The Expanse, #1-3)", Split(title: "The Expanse Omnibus", series: "The Expanse", position: 1, positionEnd: 3)),
        ("Omnibus (Saga #4–6)", Split(title: "Omnibus", series: "Saga", position: 4, positionEnd: 6)),
        ("Hedge Knight (Tales, Dunk and Egg, #1)", Split(title: "Hedge Knight", series: "Tales, Dunk and Egg", position: 1)),
        ("Edgedancer (The Stormlight Archive, #2.5)", Split(title: "Edgedancer", series: "The Stormlight Archive", position: 2.5)),
        ("Odd Range (Saga, #3-1)", Split(title: "Odd Range", series: "Saga", position: 3)),
    ])
    func numberedSeriesKeepTheirRange(title: String, split: Split) {
        #expect(TextNormalization.seriesSplit(fromTitle: title) == split)
        #expect(TextNormalization.seriesSplit(fromTitle: title, allowingUnnumbered: true) == split)
    }

    @Test(arguments: [
        ("The Silmarillion (Middle-earth Universe)", Split(title: "The Silmarillion", series: "Middle-earth Universe")),
        ("Frankenstein (Penguin Classics)", Split(title: "Frankenstein", series: "Penguin Classics")),
        ("Dracula (Illustrated Edition)", Split(title: "Dracula (Illustrated Edition)")),
        ("Ulysses (Unabridged)", Split(title: "Ulysses (Unabridged)")),
        ("Nineteen Eighty-Four (1984)", Split(title: "Nineteen Eighty-Four (1984)")),
        ("Emma (A Novel)", Split(title: "Emma (A Novel)")),
        ("(Untitled)", Split(title: "(Untitled)")),
    ])
    func anUnnumberedSeriesIsReadOnlyWhenAskedAndNotForEditionNotes(title: String, split: Split) {
        #expect(TextNormalization.seriesSplit(fromTitle: title, allowingUnnumbered: true) == split)
        // Without being asked, a parenthesis without a number stays in the title
        #expect(TextNormalization.seriesSplit(fromTitle: title).series == nil)
    }

    /// ASCII titles are split byte by byte (`asciiSeriesSplit`); every other title character by
    /// character. Both must agree wherever the bytes are read: on the cases above and on titles
    /// made at random of the characters the parser looks at.
    @Test func asciiTitlesSplitAsTheyDoCharacterByCharacter() {
        var random = SeededGenerator(seed: 13)
        let pieces = [
            "Dune", "The", "a", " ", "  ", "\t", "\n", "(", ")", "#", ",", ";", ".", "-", "1", "2.5", "0", "10", "e", "inf",
            "Illustrated", "Edition", "A Novel", "1984", "#1-3", ", #", "Saga", " (", ") ", "\u{0B}", "\u{0C}",
        ]
        var titles = [
            "The Expanse Omnibus (The Expanse, #1-3)", "Hedge Knight (Tales, Dunk and Egg, #1)", "Odd Range (Saga, #3-1)",
            "The Silmarillion (Middle-earth Universe)", "Dracula (Illustrated Edition)", "Emma (A Novel)", "(Untitled)",
            "Title (Series, #)", "Title (Series #1; Other #2)", "Title ((nested) #2)", "Title (#1)", "  Padded (Saga, #2)  ",
            "Title (Series, #1 - 3)", "Title (Series, #3 -)", "Title (Series, #.5)", "Title (Series, #1.2.3)", "",
        ]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...12, using: &random)
            titles.append((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for title in titles {
            for unnumbered in [false, true] {
                let bytes = Array(title.utf8)
                let fast = bytes.withUnsafeBufferPointer { TextNormalization.asciiSeriesSplit($0, allowingUnnumbered: unnumbered) }
                #expect(fast == TextNormalization.characterSeriesSplit(fromTitle: title, allowingUnnumbered: unnumbered), "\(title)")
                #expect(TextNormalization.seriesSplit(fromTitle: title, allowingUnnumbered: unnumbered) == fast)
            }
        }
    }

    @Test(arguments: ["Les Misérables (Saga, #1)", "Title (Series, #1)\r\n", "Title\r\n(Series, #2)", "Omnibus (Saga #4–6)"])
    func otherTitlesAreSplitCharacterByCharacter(title: String) {
        let fast = Array(title.utf8).withUnsafeBufferPointer { TextNormalization.asciiSeriesSplit($0, allowingUnnumbered: true) }
        #expect(fast == nil)
        #expect(
            TextNormalization.seriesSplit(fromTitle: title, allowingUnnumbered: true)
                == TextNormalization.characterSeriesSplit(fromTitle: title, allowingUnnumbered: true))
    }
}
