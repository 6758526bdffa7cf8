import BooksTrackCore
import Foundation

/// The conversions every provider mapping shares: ISBNs, dates, languages, URLs, text.
package enum MappingSupport {
    /// Open Library's cover images by cover id; "-L" is the large size.
    package static let openLibraryCoversRoot = "https://covers.openlibrary.org/b/id/"

    /// The text trimmed, or nil when nothing is left.
    package static func nonBlank(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Every valid ISBN among `texts` (and `including`), deduplicated in order: as ISBN-13, and as
    /// ISBN-10 where one exists. Invalid checksums are dropped.
    package static func isbns(_ texts: [String], including extra: [ISBN] = []) -> (isbn13: [String], isbn10: [String]) {
        var seen = Set<ISBN>()
        let all = (extra + texts.compactMap { ISBN($0) }).filter { seen.insert($0).inserted }
        return (all.map(\.isbn13), all.compactMap(\.isbn10))
    }

    /// The language of an Open Library link such as `/languages/eng`.
    package static func languageTag(fromOpenLibraryKey key: String?) -> String? {
        guard let key, let code = key.split(separator: "/").last else { return nil }
        return ISO639.languageTag(String(code))
    }

    /// The URL forced to https (Google Books still hands out http thumbnail links); nil for
    /// anything that is not an http(s) URL.
    package static func httpsURL(_ text: String?) -> String? {
        guard let url = nonBlank(text) else { return nil }
        if url.lowercased().hasPrefix("https://") { return url }
        if url.lowercased().hasPrefix("http://") { return "https://" + url.dropFirst("http://".count) }
        return nil
    }

    /// A cover URL a provider answered, forced to https, kept only when the cover proxy would fetch
    /// it (a host on the default cover allowlist, named, on the default port): a provider's answer
    /// cannot plant a URL that points into the reader's network.
    package static func coverURL(_ text: String?) -> String? {
        guard let url = httpsURL(text), (try? OutboundURLPolicy().check(url)) != nil else { return nil }
        return url
    }

    /// The large cover image of an Open Library cover id; ids below 1 mean "no cover" in its data.
    package static func openLibraryCoverURL(id: Int?) -> String? {
        guard let id, id > 0 else { return nil }
        return "\(openLibraryCoversRoot)\(id)-L.jpg"
    }

    /// The Open Library identifier in a key or URL: "/works/OL45804W" and
    /// "https://openlibrary.org/authors/OL269675A/Pascal_Quignard" give "OL45804W", "OL269675A".
    package static func openLibraryID(from keyOrURL: String?) -> String? {
        guard let keyOrURL else { return nil }
        return keyOrURL.split(separator: "/").lazy.map(String.init).first(where: isOpenLibraryID)
    }

    /// A publication date in `PartialDate` form ("1998-09"), or nil when the text is no date.
    package static func publicationDate(_ text: String?) -> String? {
        guard let text = nonBlank(text) else { return nil }
        return PartialDate(parsing: text)?.description
    }

    /// The year of a free-text date ("13 September 1916", "1995", "c. 1950").
    package static func year(_ text: String?) -> Int? {
        guard let text = nonBlank(text) else { return nil }
        return PartialDate(parsing: text)?.year
    }

    /// Text with its HTML markup removed: line breaks and paragraphs become new lines, other tags
    /// vanish, the common entities are decoded. ISBNdb synopses and Google descriptions carry HTML.
    package static func plainText(fromHTML html: String?) -> String? {
        guard let html = nonBlank(html) else { return nil }
        guard html.contains("<") || html.contains("&") else { return html }
        var text = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter })
                if ["br", "p", "div", "li"].contains(String(name)) { text += "\n" }
                index = html.index(after: close)
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        for (entity, replacement) in htmlEntities {
            text = text.replacingOccurrences(of: entity, with: replacement)
        }
        while text.contains("\n\n\n") {
            text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n")
        }
        return nonBlank(text)
    }

    private static func isOpenLibraryID(_ text: String) -> Bool {
        guard text.hasPrefix("OL"), let kind = text.last, "AMW".contains(kind) else { return false }
        let digits = text.dropFirst(2).dropLast()
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    // "&amp;" goes last so "&amp;lt;" stays the text "&lt;".
    private static let htmlEntities: [(String, String)] = [
        ("&nbsp;", " "), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"),
        ("&amp;", "&"),
    ]
}
