import Synchronization

/// The ISO codes of country items already looked up, kept for the client's lifetime; a country
/// without a code is remembered too, so the Soviet Union is asked about once.
final class WikidataCountryCache: Sendable {
    private let codes = Mutex<[WikidataID: String?]>([:])

    /// The remembered answer: nil when never asked, `.some(nil)` when the country has no code.
    func code(of country: WikidataID) -> String?? {
        codes.withLock { $0[country] }
    }

    /// Remembers the answer for `country`.
    func remember(_ code: String?, for country: WikidataID) {
        codes.withLock { $0[country] = .some(code) }
    }
}
