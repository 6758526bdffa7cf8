import Foundation

/// Where a reader is in a book, as they type it: a page ("120") or a percentage ("45%",
/// "45 %", "12.5%"). One reading for the terminal's `progress` and the web app's progress field;
/// whether the page or percentage fits the book is the rules' to say.
public enum ProgressPosition: Hashable, Sendable {
    case page(Int)
    case percent(Double)

    /// The position `text` writes, surrounding spaces ignored; nil for anything else.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)) else { return nil }
            self = .percent(percent)
        } else {
            guard let page = Int(text) else { return nil }
            self = .page(page)
        }
    }
}
