import BooksTrackCore

/// One part of a yearly goal as a bar: what is done, where an even pace would be by today
/// (a marker), and the goal (the end of the track).
package struct GoalProgressBar: Sendable {
    package var title: String
    /// "books", "pages".
    package var unit: String
    package var done: Int
    package var goal: Int
    /// Where the reader would be by today at an even pace; nil draws no marker.
    package var expected: Double?

    package init(title: String, unit: String, done: Int, goal: Int, expected: Double?) {
        self.title = title
        self.unit = unit
        self.done = done
        self.goal = goal
        self.expected = expected
    }

    static let height = 76.0
    static let trackTop = 26.0
    static let trackHeight = 18.0

    /// The bar as an inline SVG element.
    package func svg() -> String {
        let width = ChartFrame.width
        let doneFraction = min(1, Markup.ratio(Double(done), Double(goal)))
        let reached = goal > 0 && done >= goal
        let ahead = expected.map { Double(done) >= $0.rounded(.down) } ?? true
        let progress =
            "\(NumberText.grouped(done)) of \(NumberText.grouped(goal)) \(unit) (\(FigureText.percent(Markup.ratio(Double(done), Double(goal)))))"
        var label = "\(title): \(progress)"
        if let expected, expected.isFinite { label += ", \(NumberText.grouped(Int(expected.rounded(.down)))) expected by today" }

        // Without a marker there is no marker label to leave room for under the track.
        let height = expected?.isFinite == true ? Self.height : Self.trackTop + Self.trackHeight + 6
        var svg = ChartFrame.open(height: height, title: title, label: label)
        svg += "<text class=\"progress\" x=\"0\" y=\"16\" fill=\"\(Palette.text)\" font-weight=\"600\">\(Markup.escaped(progress))</text>"
        svg += "<text x=\"\(Markup.number(width))\" y=\"16\" text-anchor=\"end\" fill=\"\(Palette.mutedText)\">"
        svg += "goal \(NumberText.grouped(goal))</text>"
        svg += "<rect class=\"track\" x=\"0\" y=\"\(Markup.number(Self.trackTop))\" width=\"\(Markup.number(width))\" "
        svg += "height=\"\(Markup.number(Self.trackHeight))\" rx=\"4\" fill=\"\(Palette.track)\"/>"
        svg += "<rect class=\"done\" data-value=\"\(done)\" x=\"0\" y=\"\(Markup.number(Self.trackTop))\" "
        svg += "width=\"\(Markup.number(doneFraction * width))\" height=\"\(Markup.number(Self.trackHeight))\" rx=\"4\" "
        svg += "fill=\"\(reached || ahead ? Palette.onTrack : Palette.books)\"/>"
        if let expected, expected.isFinite {
            let x = min(1, Markup.ratio(expected, Double(goal))) * width
            let marker = "expected by today: \(NumberText.grouped(Int(expected.rounded(.down))))"
            // The marker's label is centred on it unless that would push it off either end.
            let half = Markup.estimatedWidth(marker, fontSize: 11) / 2
            let anchor = x - half < 0 ? "start" : x + half > width ? "end" : "middle"
            svg += "<line class=\"expected\" x1=\"\(Markup.number(x))\" y1=\"\(Markup.number(Self.trackTop - 4))\" "
            svg += "x2=\"\(Markup.number(x))\" y2=\"\(Markup.number(Self.trackTop + Self.trackHeight + 4))\" "
            svg += "stroke=\"\(Palette.marker)\" stroke-width=\"2\"/>"
            svg += "<text x=\"\(Markup.number(x))\" y=\"\(Markup.number(Self.trackTop + Self.trackHeight + 20))\" "
            svg += "text-anchor=\"\(anchor)\" font-size=\"11\" fill=\"\(Palette.marker)\">\(marker)</text>"
        }
        return svg + ChartFrame.close
    }
}
