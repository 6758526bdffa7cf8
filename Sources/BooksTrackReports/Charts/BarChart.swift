import BooksTrackCore

/// A vertical bar chart: one bar per label, bars as tall as their value over the largest value,
/// the value above each bar and a baseline under them.
package struct BarChart: Sendable {
    /// One bar.
    package struct Bar: Sendable {
        package var label: String
        package var value: Int
        /// What the bar's tooltip and the screen reader name it ("March 2026"); the label when nil.
        package var name: String?

        package init(label: String, value: Int, name: String? = nil) {
            self.label = label
            self.value = value
            self.name = name
        }
    }

    package var title: String
    package var bars: [Bar]
    /// "books", "pages", said after each value in the tooltips and the accessible label.
    package var unit: String
    package var color: String
    /// Shown instead of the bars when there are none or all are zero.
    package var emptyText: String

    package init(title: String, bars: [Bar], unit: String, color: String = Palette.books, emptyText: String) {
        self.title = title
        self.bars = bars
        self.unit = unit
        self.color = color
        self.emptyText = emptyText
    }

    static let height = 190.0
    static let top = 20.0
    static let baseline = 164.0
    static let side = 2.0
    static let valueFontSize = 11.0
    static let labelFontSize = 12.0

    /// The chart as an inline SVG element.
    package func svg() -> String {
        let largest = bars.map(\.value).max() ?? 0
        guard largest > 0 else { return ChartFrame.empty(title: title, text: emptyText) }

        let plotHeight = Self.baseline - Self.top
        let slot = (ChartFrame.width - 2 * Self.side) / Double(bars.count)
        let barWidth = min(slot * 0.72, 48)
        // Values that would run into their neighbours are shortened ("1.2k"), then left to the
        // tooltips; labels are thinned out to every second or third bar. Nothing overlaps.
        let fullValues = bars.map { NumberText.grouped($0.value) }
        let compactValues = bars.map { FigureText.compactCount($0.value) }
        let valueTexts = [fullValues, compactValues].first { texts in
            texts.allSatisfy { Markup.estimatedWidth($0, fontSize: Self.valueFontSize) <= slot - 1 }
        }
        let widestLabel = bars.map { Markup.estimatedWidth($0.label, fontSize: Self.labelFontSize) }.max() ?? 0
        let labelStep = max(1, Int(((widestLabel + 6) / slot).rounded(.up)))

        let summary = bars.map { "\($0.name ?? $0.label) \(NumberText.grouped($0.value))" }.joined(separator: ", ")
        var svg = ChartFrame.open(height: Self.height, title: title, label: "\(title) (\(unit)): \(summary)")
        for (index, bar) in bars.enumerated() {
            let centre = Self.side + slot * (Double(index) + 0.5)
            let barHeight = Double(bar.value) / Double(largest) * plotHeight
            let y = Self.baseline - barHeight
            let name = bar.name ?? bar.label
            svg += "<rect class=\"bar\" data-value=\"\(bar.value)\" x=\"\(Markup.number(centre - barWidth / 2))\" "
            svg += "y=\"\(Markup.number(y))\" width=\"\(Markup.number(barWidth))\" height=\"\(Markup.number(barHeight))\" "
            svg += "rx=\"2\" fill=\"\(color)\"><title>\(Markup.escaped("\(name): \(fullValues[index]) \(unit)"))</title></rect>"
            if let valueTexts {
                let fill = bar.value == 0 ? Palette.axis : Palette.text
                svg += "<text class=\"value\" x=\"\(Markup.number(centre))\" y=\"\(Markup.number(y - 5))\" text-anchor=\"middle\" "
                svg += "font-size=\"\(Markup.number(Self.valueFontSize))\" fill=\"\(fill)\">\(valueTexts[index])</text>"
            }
            if index % labelStep == 0 {
                svg += "<text class=\"label\" x=\"\(Markup.number(centre))\" y=\"\(Markup.number(Self.baseline + 17))\" "
                svg += "text-anchor=\"middle\" font-size=\"\(Markup.number(Self.labelFontSize))\" fill=\"\(Palette.mutedText)\">"
                svg += "\(Markup.escaped(bar.label))</text>"
            }
        }
        svg += "<line class=\"baseline\" x1=\"0\" y1=\"\(Markup.number(Self.baseline))\" x2=\"\(Markup.number(ChartFrame.width))\" "
        svg += "y2=\"\(Markup.number(Self.baseline))\" stroke=\"\(Palette.axis)\" stroke-width=\"1\"/>"
        return svg + ChartFrame.close
    }
}
