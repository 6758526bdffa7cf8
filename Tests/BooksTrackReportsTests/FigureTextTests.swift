import Testing

@testable import BooksTrackReports

@Suite struct FigureTextTests {
    @Test func countsAreGroupedByThousands() {
        #expect(FigureText.count(0) == "0")
        #expect(FigureText.count(999) == "999")
        #expect(FigureText.count(1_000) == "1,000")
        #expect(FigureText.count(1_234_567) == "1,234,567")
        #expect(FigureText.count(-12_345) == "-12,345")
    }

    @Test func percentagesRoundAndNeverHideASmallShare() {
        #expect(FigureText.percent(0.4213) == "42%")
        #expect(FigureText.percent(0) == "0%")
        #expect(FigureText.percent(0.001) == "<1%")
        #expect(FigureText.percent(1) == "100%")
    }

    @Test func decimalsKeepOneDigitWhenThereIsOne() {
        #expect(FigureText.decimal(3.5) == "3.5")
        #expect(FigureText.decimal(4) == "4")
        #expect(FigureText.decimal(4.04) == "4")
        #expect(FigureText.decimal(2.26) == "2.3")
    }
}
