/// The parts every chart shares: the root element that makes it an accessible, scalable image,
/// the palette and the empty state.
package enum ChartFrame {
    /// The width of every chart's coordinate system, close to a card's width on a phone and on a
    /// desktop alike, so the page scales the text by little either way.
    package static let width = 360.0

    /// `<svg>` with a viewBox, `role="img"`, an `aria-label` and a `<title>`, up to the end of the title.
    package static func open(height: Double, title: String, label: String) -> String {
        """
        <svg class="chart" viewBox="0 0 \(Markup.number(width)) \(Markup.number(height))" \
        role="img" aria-label="\(Markup.escaped(label))" \
        font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" font-size="12">\
        <title>\(Markup.escaped(title))</title>
        """
    }

    package static let close = "</svg>"

    /// A chart with nothing to draw: the reason, centred, so the card never looks broken.
    package static func empty(title: String, text: String) -> String {
        open(height: 64, title: title, label: "\(title): \(text)")
            + "<text class=\"empty\" x=\"\(Markup.number(width / 2))\" y=\"37\" text-anchor=\"middle\" "
            + "font-size=\"14\" fill=\"\(Palette.mutedText)\" font-style=\"italic\">\(Markup.escaped(text))</text>"
            + close
    }
}

/// Colours of the charts, chosen for contrast on a white card and in print.
package enum Palette {
    package static let books = "#2563eb"
    package static let pages = "#0f766e"
    package static let ratings = "#b45309"
    package static let share = "#7c3aed"
    /// Unknown shares: a neutral grey that reads as "not recorded", never as a category.
    package static let unknown = "#8b95a5"
    package static let track = "#e8ecf2"
    package static let axis = "#6b7280"
    package static let text = "#1f2937"
    package static let mutedText = "#4b5563"
    package static let onTrack = "#15803d"
    package static let marker = "#b91c1c"
}
