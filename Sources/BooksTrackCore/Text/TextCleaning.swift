/// The one cleaning every text from outside gets before the library keeps or shows it (titles,
/// names, tags, notes, reviews, descriptions, quotes, whether typed, sent to the API, imported or
/// answered by a provider): the characters that would act on a terminal or disguise what a page
/// shows are removed.
///
/// - Removed: C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls (U+0080–U+009F), and the bidi
///   embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder the text
///   after them ("\u{202E}txt.exe" shows as "exe.txt").
/// - Line breaks: a single-line text (a title, a name, a tag) has each line break or tab turned
///   into a space; a multi-line text (notes, a review, a description, a quote) keeps tabs and line
///   feeds, with CR LF, a lone CR and the Unicode line and paragraph separators made line feeds.
/// - Kept: the left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter mark
///   (U+061C): they reorder nothing past the neutral characters next to them, and Hebrew and
///   Arabic texts need them. Zero-width joiners (emoji) and combining marks are kept too.
///
/// A text that changed is trimmed again, so a removed character cannot leave a space at an end.
public enum TextCleaning {
    /// A single-line text cleaned: controls and bidi overrides removed, line breaks and tabs made spaces.
    public static func line(_ text: String) -> String { cleaned(text, keepingLineBreaks: false) }

    /// A multi-line text cleaned: controls and bidi overrides removed, tabs and line feeds kept.
    public static func paragraphs(_ text: String) -> String { cleaned(text, keepingLineBreaks: true) }

    private static func cleaned(_ text: String, keepingLineBreaks: Bool) -> String {
        guard needsCleaning(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let wasCR = previousWasCR
            previousWasCR = scalar == "\r"
            switch scalar.value {
            case 0x0A where wasCR:
                continue  // The LF of a CR LF: the CR already made the break.
            case 0x09 where keepingLineBreaks:
                result.append(scalar)
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                result.append(keepingLineBreaks ? "\n" : " ")
            case 0x09, 0x0B, 0x0C:
                if !keepingLineBreaks { result.append(" ") }
            case let value where isRemoved(value):
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result).trimmingWhitespace()
    }

    /// Whether a scalar is removed wherever it stands (tab and line feed are kept or turned into a
    /// space before this is asked).
    public static func isRemoved(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Whether anything would change: most texts are checked byte by byte and returned as they are.
    private static func needsCleaning(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var hasNonASCII = false
        for byte in text.utf8 {
            if byte < 0x20 {
                if keepingLineBreaks, byte == 0x09 || byte == 0x0A { continue }
                return true
            }
            if byte == 0x7F { return true }
            if byte >= 0x80 { hasNonASCII = true }
        }
        guard hasNonASCII else { return false }
        return text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return value >= 0x80 && (isRemoved(value) || value == 0x85 || value == 0x2028 || value == 0x2029)
        }
    }
}

/// A text type a model keeps cleaned by `TextCleaning`: a text, an optional text or a list of texts.
public protocol CleanableText: Hashable, Sendable, Codable {
    /// The value with each text cleaned as a single line, or as paragraphs when `keepingLineBreaks`.
    func cleaned(keepingLineBreaks: Bool) -> Self
}

extension String: CleanableText {
    /// The text cleaned by `TextCleaning`.
    public func cleaned(keepingLineBreaks: Bool) -> String {
        keepingLineBreaks ? TextCleaning.paragraphs(self) : TextCleaning.line(self)
    }
}

extension Optional: CleanableText where Wrapped == String {
    /// The text, if any, cleaned by `TextCleaning`.
    public func cleaned(keepingLineBreaks: Bool) -> String? {
        map { $0.cleaned(keepingLineBreaks: keepingLineBreaks) }
    }
}

extension Array: CleanableText where Element == String {
    /// Each text cleaned by `TextCleaning`.
    public func cleaned(keepingLineBreaks: Bool) -> [String] {
        map { $0.cleaned(keepingLineBreaks: keepingLineBreaks) }
    }
}

/// A single-line text of a model (a title, a name, tags), cleaned by `TextCleaning.line(_:)` however
/// it is set: by an initializer, an assignment, or decoding.
@propertyWrapper
public struct SingleLineText<Value: CleanableText>: Hashable, Sendable, Codable {
    private var value: Value

    /// Keeps `wrappedValue` cleaned.
    public init(wrappedValue: Value) { value = wrappedValue.cleaned(keepingLineBreaks: false) }

    /// The cleaned text.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue.cleaned(keepingLineBreaks: false) }
    }

    /// Decodes the text as it stands in the document, and cleans it.
    public init(from decoder: any Decoder) throws { self.init(wrappedValue: try Value(from: decoder)) }

    /// Encodes the text as if it had no wrapper.
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// A multi-line text of a model (notes, a review, a description, a quote), cleaned by
/// `TextCleaning.paragraphs(_:)` however it is set.
@propertyWrapper
public struct MultiLineText<Value: CleanableText>: Hashable, Sendable, Codable {
    private var value: Value

    /// Keeps `wrappedValue` cleaned.
    public init(wrappedValue: Value) { value = wrappedValue.cleaned(keepingLineBreaks: true) }

    /// The cleaned text.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue.cleaned(keepingLineBreaks: true) }
    }

    /// Decodes the text as it stands in the document, and cleans it.
    public init(from decoder: any Decoder) throws { self.init(wrappedValue: try Value(from: decoder)) }

    /// Encodes the text as if it had no wrapper.
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

// An optional text behind a wrapper is coded as a plain optional: a missing key decodes as nil and
// nil is left out, as they were before the wrappers (Swift codes the wrapper, not its value).
extension KeyedDecodingContainer {
    /// Decodes an optional single-line text; a missing key is nil.
    public func decode(_ type: SingleLineText<String?>.Type, forKey key: Key) throws -> SingleLineText<String?> {
        SingleLineText(wrappedValue: try decodeIfPresent(String.self, forKey: key))
    }

    /// Decodes an optional multi-line text; a missing key is nil.
    public func decode(_ type: MultiLineText<String?>.Type, forKey key: Key) throws -> MultiLineText<String?> {
        MultiLineText(wrappedValue: try decodeIfPresent(String.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Encodes an optional single-line text; nil is left out.
    public mutating func encode(_ value: SingleLineText<String?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }

    /// Encodes an optional multi-line text; nil is left out.
    public mutating func encode(_ value: MultiLineText<String?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
