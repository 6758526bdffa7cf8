import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a parsed SVG fragment, enough to ask what was drawn where.
final class SVGElement {
    let name: String
    let attributes: [String: String]
    var children: [SVGElement] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// This element and every element under it, in document order.
    var all: [SVGElement] { [self] + children.flatMap(\.all) }

    /// Every element under this one with `name` and, when given, a class list holding `className`.
    func elements(_ name: String, class className: String? = nil) -> [SVGElement] {
        all.filter { element in
            element.name == name && (className.map { element.classes.contains($0) } ?? true)
        }
    }

    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// The text of this element and of its descendants.
    var allText: String { text + children.map(\.allText).joined() }

    func number(_ attribute: String) -> Double? {
        attributes[attribute].flatMap(Double.init)
    }
}

/// The `<svg>…</svg>` fragments of a page, each parsed as XML.
enum SVGDocument {
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Every `<svg` … `</svg>` of `html`, as written.
    static func fragments(of html: String) -> [String] {
        var fragments: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
            fragments.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return fragments
    }

    /// The root element of `fragment`, or the parser's complaint when it is not well-formed XML.
    static func parse(_ fragment: String) throws -> SVGElement {
        let parser = XMLParser(data: Data(fragment.utf8))
        let builder = TreeBuilder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(
                description:
                    "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "no root element") in \(fragment.prefix(200))")
        }
        return root
    }

    /// Every SVG of `html`, parsed.
    static func charts(in html: String) throws -> [SVGElement] {
        try fragments(of: html).map(parse)
    }

    /// The chart of `html` whose `<title>` is `title`.
    static func chart(titled title: String, in html: String) throws -> SVGElement? {
        try charts(in: html).first { $0.children.first?.name == "title" && $0.children.first?.text == title }
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: SVGElement?
        var stack: [SVGElement] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = SVGElement(name: elementName, attributes: attributes)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
