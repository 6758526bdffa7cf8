/// A source of book metadata: the embedded catalog or an online service.
public protocol MetadataProvider: Sendable {
    /// Short stable name used in provenance: "catalog", "openlibrary", "google", "isbndb".
    var name: String { get }
    /// The works carrying this ISBN (usually one); empty when the provider does not know it.
    /// Throws `ProviderError` when the provider could not answer.
    func lookup(isbn: ISBN) async throws(ProviderError) -> [WorkDTO]
    /// Works whose title matches, best first, at most `limit`.
    func search(title: String, limit: Int) async throws(ProviderError) -> [WorkDTO]
    /// Works whose title and author match, best first, at most `limit`.
    func search(title: String, author: String, limit: Int) async throws(ProviderError) -> [WorkDTO]
    /// Works matching free words that may name the title, the author or both ("dune herbert",
    /// "le guin"), best first, at most `limit`.
    func search(text: String, limit: Int) async throws(ProviderError) -> [WorkDTO]
}

/// Why a provider could not answer. A failed provider degrades an answer; it never fails it.
public enum ProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer within the configured timeout.
    case timedOut(seconds: Double)
    /// The service answered 429; `retryAfter` seconds when it said.
    case rateLimited(retryAfter: Double?)
    /// The service answered with an HTTP error status.
    case httpStatus(Int)
    /// The answer could not be read (not JSON, truncated, unexpected shape).
    case malformedResponse(String)
    /// The service could not be reached.
    case unreachable(String)
    /// The provider is switched off (offline mode, or no API key).
    case disabled(String)

    /// A message for people.
    public var description: String {
        switch self {
        case .timedOut(let seconds): "no answer within \(seconds) s"
        case .rateLimited(let retryAfter): "rate limited" + (retryAfter.map { "; retry after \(Int($0)) s" } ?? "")
        case .httpStatus(let status): "HTTP \(status)"
        case .malformedResponse(let reason): "unreadable answer: \(reason)"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .disabled(let reason): "disabled: \(reason)"
        }
    }

    /// The report outcome for this failure.
    public var outcome: ProviderReport.Outcome {
        switch self {
        case .timedOut: .timedOut
        case .rateLimited: .rateLimited
        case .disabled: .disabled
        case .httpStatus, .malformedResponse, .unreachable: .failed
        }
    }
}
