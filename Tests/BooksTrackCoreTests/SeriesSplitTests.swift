import BooksTrackCore
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
}
