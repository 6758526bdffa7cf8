/// Rated books per star, "1★" to "5★", as a bar chart.
package struct RatingDistributionChart: Sendable {
    package var title: String
    /// Five counts, one star first.
    package var distribution: [Int]

    package init(title: String = "Ratings", distribution: [Int]) {
        self.title = title
        self.distribution = distribution
    }

    /// The chart as an inline SVG element.
    package func svg() -> String {
        // The model always has five buckets; anything else is padded or cut so the stars stay right.
        let counts = (distribution + Array(repeating: 0, count: 5)).prefix(5)
        let bars = counts.enumerated().map { index, count in
            BarChart.Bar(label: "\(index + 1)★", value: count, name: "\(index + 1) star\(index == 0 ? "" : "s")")
        }
        return BarChart(title: title, bars: bars, unit: "books", color: Palette.ratings, emptyText: "No rated books yet").svg()
    }
}
