import Foundation

/// Language codes as exports, providers and catalog dumps write them, read as BCP 47 tags.
public enum ISO639 {
    /// The BCP 47 tag of a language code: ISO 639-1 ("en") stays, ISO 639-2 in its bibliographic or
    /// MARC form ("ger", "fre") and its terminology form ("deu", "fra") become the two-letter code
    /// where there is one, a region or script is kept ("en_US" → "en-US", "pt-BR"); nil for blank
    /// text, for text that is no code, and for "und", "mul", "zxx" and "mis", which name no one language.
    public static func languageTag(_ code: String) -> String? {
        let subtags = code.trimmingWhitespace().split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        let language = first.lowercased()
        guard !noLanguage.contains(language) else { return nil }
        let primary = language.count == 2 ? language : twoLetterCodes[language] ?? Locale.LanguageCode(language).identifier(.alpha2) ?? language
        return ([primary] + subtags.dropFirst().map(String.init)).joined(separator: "-")
    }

    /// Undetermined, multiple, no linguistic content, uncoded.
    private static let noLanguage: Set<String> = ["und", "mul", "zxx", "mis"]

    // The codes the sources use most, without asking Foundation (a catalog dump has millions of
    // editions), and the bibliographic and MARC codes, which Foundation does not read ("scr" is
    // MARC's former code for Croatian, still in Open Library's records).
    private static let twoLetterCodes: [String: String] = [
        "afr": "af", "alb": "sq", "ara": "ar", "arm": "hy", "baq": "eu", "ben": "bn", "bul": "bg", "bur": "my",
        "cat": "ca", "ces": "cs", "chi": "zh", "cym": "cy", "cze": "cs", "dan": "da", "deu": "de", "dut": "nl",
        "ell": "el", "eng": "en", "epo": "eo", "est": "et", "eus": "eu", "fas": "fa", "fin": "fi", "fra": "fr",
        "fre": "fr", "geo": "ka", "ger": "de", "gle": "ga", "glg": "gl", "gre": "el", "guj": "gu", "heb": "he",
        "hin": "hi", "hrv": "hr", "hun": "hu", "hye": "hy", "ice": "is", "ind": "id", "isl": "is", "ita": "it",
        "jpn": "ja", "kan": "kn", "kat": "ka", "kor": "ko", "lat": "la", "lav": "lv", "lit": "lt", "mac": "mk",
        "mal": "ml", "mao": "mi", "mar": "mr", "may": "ms", "mkd": "mk", "mri": "mi", "msa": "ms", "mya": "my",
        "nld": "nl", "nor": "no", "pan": "pa", "per": "fa", "pol": "pl", "por": "pt", "ron": "ro", "rum": "ro",
        "rus": "ru", "scr": "hr", "slk": "sk", "slo": "sk", "slv": "sl", "spa": "es", "sqi": "sq", "srp": "sr",
        "swa": "sw", "swe": "sv", "tam": "ta", "tel": "te", "tha": "th", "tib": "bo", "bod": "bo", "tur": "tr",
        "ukr": "uk", "urd": "ur", "vie": "vi", "wel": "cy", "yid": "yi", "zho": "zh",
    ]
}
