import BooksTrackCore
import Testing

@Suite struct NumberTextTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"), (100_000, "100,000"),
        (1_234_567, "1,234,567"), (-1, "-1"), (-999, "-999"), (-12_345, "-12,345"), (-1_000_000, "-1,000,000"),
    ])
    func wholeNumbersAreGroupedByThousands(value: Int, text: String) {
        #expect(NumberText.grouped(value) == text)
    }

    @Test func theLargestAndSmallestIntegersAreGroupedWithoutOverflow() {
        #expect(NumberText.grouped(Int.max) == "9,223,372,036,854,775,807")
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test func boundsInMessagesUseTheSameGrouping() {
        #expect(Bounds.text(Bounds.pageCount) == "1–100,000")
        #expect(Bounds.text(Bounds.year) == "-9,999–9,999")
    }
}
