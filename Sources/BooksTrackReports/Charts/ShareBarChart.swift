import BooksTrackCore

/// Horizontal bars, one per share: the label, a bar as long as the share's fraction of the whole
/// and "42% (12)". The unknown share is drawn in a neutral grey and always drawn, even at zero.
package struct ShareBarChart: Sendable {
    package var title: String
    package var shares: [Share]
    package var color: String
    /// Shown instead of the bars when there are no shares.
    package var emptyText: String

    package init(title: String, shares: [Share], color: String = Palette.share, emptyText: String) {
        self.title = title
        self.shares = shares
        self.color = color
        self.emptyText = emptyText
    }

    static let rowHeight = 24.0
    static let labelWidth = 140.0
    static let gap = 6.0
    static let fontSize = 12.0

    /// The chart as an inline SVG element.
    package func svg() -> String {
        guard !shares.isEmpty else { return ChartFrame.empty(title: title, text: emptyText) }

        let height = Double(shares.count) * Self.rowHeight + 4
        // The figures' column is as wide as the widest "42% (12)"; the track takes what is left,
        // the same for every row so the bars compare.
        // Room for "100% (999)" at least, so the tracks of charts side by side line up.
        let figureWidth =
            (shares.map { Self.figure($0) } + ["100% (999)"]).map { Markup.estimatedWidth($0, fontSize: Self.fontSize) }.max() ?? 0
        let trackWidth = ChartFrame.width - Self.labelWidth - 2 * Self.gap - figureWidth
        let labelCharacters = Int((Self.labelWidth - Self.gap) / (Self.fontSize * 0.55))
        let summary = shares.map { "\($0.label) \(Self.figure($0))" }.joined(separator: ", ")
        var svg = ChartFrame.open(height: height, title: title, label: "\(title): \(summary)")
        for (index, share) in shares.enumerated() {
            let top = 2 + Double(index) * Self.rowHeight
            let textY = Markup.number(top + 16)
            let isUnknown = share.key == Share.unknown
            let fraction = share.fraction.isFinite ? min(1, max(0, share.fraction)) : 0
            let label = Markup.shortened(share.label, to: labelCharacters)
            svg += "<g class=\"share\(isUnknown ? " unknown" : "")\"><title>"
            svg += Markup.escaped("\(share.label): \(Self.figure(share))") + "</title>"
            svg += "<text x=\"0\" y=\"\(textY)\" fill=\"\(isUnknown ? Palette.mutedText : Palette.text)\""
            svg += isUnknown ? " font-style=\"italic\">" : ">"
            svg += "\(Markup.escaped(label))</text>"
            svg += "<rect class=\"track\" x=\"\(Markup.number(Self.labelWidth))\" y=\"\(Markup.number(top + 5))\" "
            svg += "width=\"\(Markup.number(trackWidth))\" height=\"14\" rx=\"3\" fill=\"\(Palette.track)\"/>"
            svg += "<rect class=\"share-bar\" x=\"\(Markup.number(Self.labelWidth))\" y=\"\(Markup.number(top + 5))\" "
            svg += "width=\"\(Markup.number(fraction * trackWidth))\" height=\"14\" rx=\"3\" "
            svg += "fill=\"\(isUnknown ? Palette.unknown : color)\"/>"
            svg += "<text class=\"figure\" x=\"\(Markup.number(Self.labelWidth + trackWidth + Self.gap))\" y=\"\(textY)\" "
            svg += "fill=\"\(Palette.text)\">\(Self.figure(share))</text></g>"
        }
        return svg + ChartFrame.close
    }

    /// "42% (12)".
    static func figure(_ share: Share) -> String {
        let fraction = share.fraction.isFinite ? share.fraction : 0
        return "\(FigureText.percent(fraction)) (\(NumberText.grouped(share.count)))"
    }
}
