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

    @Test func compactCountsShortenThousandsAndMillions() {
        #expect(FigureText.compactCount(950) == "950")
        #expect(FigureText.compactCount(1_234) == "1.2k")
        #expect(FigureText.compactCount(9_960) == "10k")
        #expect(FigureText.compactCount(12_345) == "12k")
        #expect(FigureText.compactCount(999_999) == "1M")
        #expect(FigureText.compactCount(3_400_000) == "3.4M")
        #expect(FigureText.compactCount(-1_500) == "-1.5k")
    }

    @Test func decimalsKeepOneDigitWhenThereIsOne() {
        #expect(FigureText.decimal(3.5) == "3.5")
        #expect(FigureText.decimal(4) == "4")
        #expect(FigureText.decimal(4.04) == "4")
        #expect(FigureText.decimal(2.26) == "2.3")
    }
}
