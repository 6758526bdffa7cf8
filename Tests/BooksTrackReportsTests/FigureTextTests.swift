import Testing

@testable import BooksTrackReports

@Suite struct FigureTextTests {
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
