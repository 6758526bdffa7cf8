import Foundation

/// Every JSON answer of the API: `success`, then `data` or `error`, then `meta`.
public struct ResponseEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    public var success: Bool
    public var data: Payload?
    public var error: ErrorDTO?
    public var meta: ResponseMeta

    /// A successful answer.
    public static func success(_ data: Payload, meta: ResponseMeta) -> Self {
        Self(success: true, data: data, error: nil, meta: meta)
    }

    /// A failed answer.
    public static func failure(_ error: ErrorDTO, meta: ResponseMeta) -> Self {
        Self(success: false, data: nil, error: error, meta: meta)
    }

    /// Creates an envelope.
    public init(success: Bool, data: Payload?, error: ErrorDTO?, meta: ResponseMeta) {
        self.success = success
        self.data = data
        self.error = error
        self.meta = meta
    }
}

/// Why a request failed: a message for people, a stable code for programs, and details.
public struct ErrorDTO: Codable, Hashable, Sendable {
    public var message: String
    /// "INVALID_ISBN", "NOT_FOUND", "PROVIDER_UNAVAILABLE", ...
    public var code: String
    public var details: [String: String]

    /// Creates an error description.
    public init(message: String, code: String, details: [String: String] = [:]) {
        self.message = message
        self.code = code
        self.details = details
    }
}

/// How an answer was made.
public struct ResponseMeta: Codable, Hashable, Sendable {
    public var timestamp: Date
    /// Milliseconds spent answering.
    public var processingTime: Int
    /// The provider tag of the answer ("catalog", "openlibrary", "orchestrated:catalog+google").
    public var provider: String?
    /// True when the answer came from the cache.
    public var cached: Bool
    /// What each provider asked did: found, not found, failed (and why), skipped.
    public var providers: [ProviderReport]

    /// Creates the meta block.
    public init(timestamp: Date, processingTime: Int, provider: String? = nil, cached: Bool = false, providers: [ProviderReport] = []) {
        self.timestamp = timestamp
        self.processingTime = processingTime
        self.provider = provider
        self.cached = cached
        self.providers = providers
    }
}

/// What one provider contributed to an answer.
public struct ProviderReport: Codable, Hashable, Sendable {
    /// How the provider's part ended.
    public enum Outcome: String, Codable, Hashable, Sendable {
        case found
        case notFound
        case failed
        case timedOut
        case rateLimited
        case disabled
        case skipped

        /// The outcome in words, for messages ("not found", "timed out").
        public var displayName: String {
            switch self {
            case .found: "found"
            case .notFound: "not found"
            case .failed: "failed"
            case .timedOut: "timed out"
            case .rateLimited: "rate limited"
            case .disabled: "not asked"
            case .skipped: "skipped"
            }
        }
    }

    public var provider: String
    public var outcome: Outcome
    /// Why, for failures ("HTTP 500", "the answer was not JSON", "no API key configured").
    public var message: String?
    /// Milliseconds the provider took.
    public var duration: Int?

    /// Creates a report.
    public init(provider: String, outcome: Outcome, message: String? = nil, duration: Int? = nil) {
        self.provider = provider
        self.outcome = outcome
        self.message = message
        self.duration = duration
    }
}
