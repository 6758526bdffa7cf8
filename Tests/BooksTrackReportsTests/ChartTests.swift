import BooksTrackCore
import Testing

@testable import BooksTrackReports

@Suite struct ChartTests {
    @Test func barHeightsAreProportionalToTheirValues() throws {
        // Given
        let values = [2, 1, 3, 0, 4]
        let chart = BarChart(
            title: "Books per month", bars: values.map { .init(label: "m\($0)", value: $0) }, unit: "books", emptyText: "None")

        // When
        let bars = try SVGDocument.parse(chart.svg()).elements("rect", class: "bar")

        // Then
        #expect(bars.map { $0.attributes["data-value"] } == values.map(String.init))
        let heights = bars.compactMap { $0.number("height") }
        let plotHeight = BarChart.baseline - BarChart.top
        for (value, height) in zip(values, heights) {
            #expect(abs(height - Double(value) / 4 * plotHeight) < 0.01)
        }
        #expect(heights.max() == plotHeight)
        let bottoms = bars.compactMap { bar in bar.number("y").flatMap { y in bar.number("height").map { y + $0 } } }
        #expect(bottoms.allSatisfy { abs($0 - BarChart.baseline) < 0.01 })
    }

    @Test func valuesTooWideForTheirBarAreShortened() throws {
        let bars = (1...12).map { BarChart.Bar(label: "m\($0)", value: $0 * 1_000 + 234) }
        let chart = BarChart(title: "Pages per month", bars: bars, unit: "pages", emptyText: "None")

        let svg = try SVGDocument.parse(chart.svg())

        #expect(svg.elements("text", class: "value").first?.text == "1.2k")
        #expect(svg.elements("text", class: "value").last?.text == "12k")
        #expect(svg.elements("rect", class: "bar").first?.allText == "m1: 1,234 pages")
    }

    @Test func barValuesAndLabelsAreWritten() throws {
        let chart = BarChart(
            title: "Pages per month", bars: [.init(label: "Jan", value: 1_200), .init(label: "Feb", value: 250)], unit: "pages",
            emptyText: "None")

        let svg = try SVGDocument.parse(chart.svg())

        #expect(svg.elements("text", class: "value").map(\.text) == ["1,200", "250"])
        #expect(svg.elements("text", class: "label").map(\.text) == ["Jan", "Feb"])
        #expect(svg.elements("line", class: "baseline").count == 1)
    }

    @Test(arguments: [[Int](), [0, 0, 0]])
    func aBarChartWithNothingToDrawShowsItsEmptyState(values: [Int]) throws {
        let chart = BarChart(
            title: "Books per month", bars: values.map { .init(label: "x", value: $0) }, unit: "books",
            emptyText: "No books finished in 2026")

        let svg = try SVGDocument.parse(chart.svg())

        #expect(svg.elements("rect", class: "bar").isEmpty)
        #expect(svg.elements("text", class: "empty").map(\.text) == ["No books finished in 2026"])
    }

    @Test func crowdedLabelsAreThinnedOutRatherThanOverlapped() throws {
        let bars = (1990...2029).map { BarChart.Bar(label: String($0), value: $0 % 7 + 1) }
        let chart = BarChart(title: "Books per year", bars: bars, unit: "books", emptyText: "None")

        let labels = try SVGDocument.parse(chart.svg()).elements("text", class: "label")

        #expect(labels.count < bars.count)
        #expect(labels.first?.text == "1990")
        let positions = labels.compactMap { $0.number("x") }
        let widest = Markup.estimatedWidth("2029", fontSize: BarChart.labelFontSize)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $1 - $0 >= widest })
    }

    @Test func shareBarsAreAsLongAsTheirFraction() throws {
        let shares = [
            Share(key: "female", label: "Female", count: 5, fraction: 5.0 / 12),
            Share(key: "male", label: "Male", count: 4, fraction: 4.0 / 12),
            Share(key: "unknown", label: "Unknown", count: 3, fraction: 3.0 / 12),
        ]

        let svg = try SVGDocument.parse(ShareBarChart(title: "Author gender", shares: shares, emptyText: "None").svg())

        let widths = svg.elements("rect", class: "share-bar").compactMap { $0.number("width") }
        let tracks = svg.elements("rect", class: "track").compactMap { $0.number("width") }
        #expect(widths.count == 3)
        #expect(Set(tracks).count == 1)
        let track = try #require(tracks.first)
        for (share, width) in zip(shares, widths) {
            #expect(abs(width - share.fraction * track) < 0.01)
        }
        #expect(svg.elements("text", class: "figure").map(\.text) == ["42% (5)", "33% (4)", "25% (3)"])
    }

    @Test func theUnknownShareIsGreyAndDrawnEvenAtZero() throws {
        let shares = [
            Share(key: "yes", label: "Translated", count: 3, fraction: 1),
            Share(key: "unknown", label: "Unknown", count: 0, fraction: 0),
        ]

        let svg = try SVGDocument.parse(ShareBarChart(title: "Translated", shares: shares, emptyText: "None").svg())

        let unknown = try #require(svg.elements("g", class: "unknown").first)
        #expect(unknown.allText.contains("Unknown"))
        #expect(unknown.elements("text", class: "figure").first?.text == "0% (0)")
        #expect(unknown.elements("rect", class: "share-bar").first?.attributes["fill"] == Palette.unknown)
        #expect(svg.elements("g", class: "share").first?.elements("rect", class: "share-bar").first?.attributes["fill"] != Palette.unknown)
    }

    @Test func everyChartIsAnAccessibleImageThatScales() throws {
        let charts = [
            BarChart(title: "Books", bars: [.init(label: "Jan", value: 1)], unit: "books", emptyText: "None").svg(),
            BarChart(title: "Books", bars: [], unit: "books", emptyText: "None").svg(),
            ShareBarChart(title: "Gender", shares: [Share(key: "unknown", label: "Unknown", count: 1, fraction: 1)], emptyText: "None")
                .svg(),
            GoalProgressBar(title: "Books", unit: "books", done: 3, goal: 10, expected: 4).svg(),
            RatingDistributionChart(distribution: [1, 0, 0, 0, 2]).svg(),
        ]

        for chart in charts {
            let svg = try SVGDocument.parse(chart)
            #expect(svg.attributes["role"] == "img")
            #expect(svg.attributes["viewBox"]?.hasPrefix("0 0 \(Markup.number(ChartFrame.width)) ") == true)
            #expect(svg.attributes["width"] == nil)
            #expect(svg.attributes["aria-label"]?.isEmpty == false)
            #expect(svg.children.first?.name == "title")
        }
    }

    @Test func chartTextIsEscaped() throws {
        let label = "<b>Fish & \"Chips\"</b>"
        let chart = ShareBarChart(title: "A <title>", shares: [Share(key: "x", label: label, count: 1, fraction: 1)], emptyText: "None")
            .svg()

        let svg = try SVGDocument.parse(chart)

        #expect(!chart.contains("<b>"))
        #expect(svg.children.first?.text == "A <title>")
        #expect(svg.elements("title").contains { $0.text.hasPrefix(label) })
        #expect(svg.attributes["aria-label"]?.contains(label) == true)
    }

    @Test func ratingsAreFiveBarsFromOneStarToFive() throws {
        let svg = try SVGDocument.parse(RatingDistributionChart(distribution: [0, 1, 2, 5, 3]).svg())

        #expect(svg.elements("text", class: "label").map(\.text) == ["1★", "2★", "3★", "4★", "5★"])
        #expect(svg.elements("rect", class: "bar").map { $0.attributes["data-value"] } == ["0", "1", "2", "5", "3"])
    }

    @Test func goalBarShowsWhatIsDoneAndWhereTheEvenPaceWouldBe() throws {
        let svg = try SVGDocument.parse(GoalProgressBar(title: "Books", unit: "books", done: 12, goal: 24, expected: 18).svg())

        #expect(svg.elements("rect", class: "done").first?.number("width") == ChartFrame.width / 2)
        #expect(svg.elements("line", class: "expected").first?.number("x1") == ChartFrame.width * 0.75)
        #expect(svg.elements("text", class: "progress").first?.text == "12 of 24 books (50%)")
        #expect(svg.allText.contains("expected by today: 18"))
    }

    @Test func goalBarStopsAtTheEndOfTheTrackOnceTheGoalIsPassed() throws {
        let svg = try SVGDocument.parse(GoalProgressBar(title: "Books", unit: "books", done: 30, goal: 24, expected: 30).svg())

        #expect(svg.elements("rect", class: "done").first?.number("width") == ChartFrame.width)
        #expect(svg.elements("line", class: "expected").first?.number("x1") == ChartFrame.width)
        #expect(svg.elements("rect", class: "done").first?.attributes["fill"] == Palette.onTrack)
    }
}
