import Foundation

extension ProviderConfiguration {
    /// The environment variables read by `fromEnvironment(_:)`, with what each one sets.
    public enum EnvironmentVariable {
        /// `1`/`true`/`yes`/`on` switches every online provider off.
        public static let offline = "BOOKSTRACK_OFFLINE"
        /// Comma-separated provider names in priority order, e.g. `openlibrary,google`.
        public static let providers = "BOOKSTRACK_PROVIDERS"
        /// Seconds one provider call may take (decimal, > 0 and ≤ 120); default 5.
        public static let timeout = "BOOKSTRACK_PROVIDER_TIMEOUT"
        /// An e-mail address or URL for the User-Agent.
        public static let contact = "BOOKSTRACK_CONTACT"
        /// Open Library's API root.
        public static let openLibraryURL = "BOOKSTRACK_OPENLIBRARY_URL"
        /// Google Books' API root.
        public static let googleBooksURL = "BOOKSTRACK_GOOGLE_BOOKS_URL"
        /// The Google Books API key (optional).
        public static let googleBooksKey = "BOOKSTRACK_GOOGLE_BOOKS_KEY"
        /// ISBNdb's API root.
        public static let isbndbURL = "BOOKSTRACK_ISBNDB_URL"
        /// The ISBNdb API key; without it ISBNdb is disabled.
        public static let isbndbKey = "BOOKSTRACK_ISBNDB_KEY"
        /// Wikidata's root, asked for author demographics.
        public static let wikidataURL = "BOOKSTRACK_WIKIDATA_URL"
        /// The Gemini API key: shelf photos and unknown CSV columns are then read by Gemini.
        public static let geminiKey = "GEMINI_API_KEY"
        /// The Gemini model (default `gemini-2.5-flash`).
        public static let geminiModel = "BOOKSTRACK_GEMINI_MODEL"
        /// Gemini's API root.
        public static let geminiURL = "BOOKSTRACK_GEMINI_URL"
    }

    /// The longest timeout accepted: a provider that needs more is effectively down.
    public static let maximumTimeout: Duration = .seconds(120)

    /// Reads the configuration from environment variables; unset or empty variables keep the defaults.
    ///
    /// Throws `ProviderConfigurationError` naming the variable when a value cannot be used, so a
    /// typo is reported instead of silently ignored.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ProviderConfigurationError) -> ProviderConfiguration {
        typealias Variable = EnvironmentVariable
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
                return nil
            }
            return raw
        }

        var configuration = ProviderConfiguration()
        if let text = value(Variable.offline) {
            configuration.isOffline = try parseSwitch(text, setting: Variable.offline)
        }
        if let text = environment[Variable.providers] {
            configuration.providerOrder = try parseProviderOrder(text, setting: Variable.providers)
        }
        if let text = value(Variable.timeout) {
            configuration.timeout = try parseTimeout(text, setting: Variable.timeout)
        }
        configuration.contact = value(Variable.contact)
        if let text = value(Variable.openLibraryURL) {
            configuration.openLibraryURL = try parseBaseURL(text, setting: Variable.openLibraryURL)
        }
        if let text = value(Variable.googleBooksURL) {
            configuration.googleBooksURL = try parseBaseURL(text, setting: Variable.googleBooksURL)
        }
        configuration.googleBooksKey = value(Variable.googleBooksKey)
        if let text = value(Variable.isbndbURL) {
            configuration.isbndbURL = try parseBaseURL(text, setting: Variable.isbndbURL)
        }
        configuration.isbndbKey = value(Variable.isbndbKey)
        if let text = value(Variable.wikidataURL) {
            configuration.wikidataURL = try parseBaseURL(text, setting: Variable.wikidataURL)
        }
        configuration.geminiKey = value(Variable.geminiKey)
        if let text = value(Variable.geminiModel) {
            guard text.count <= 100, text.allSatisfy({ $0.isLetter || $0.isNumber || "-._".contains($0) }) else {
                throw .invalidValue(setting: Variable.geminiModel, value: text, expected: "a model name such as gemini-2.5-flash")
            }
            configuration.geminiModel = text
        }
        if let text = value(Variable.geminiURL) {
            configuration.geminiURL = try parseBaseURL(text, setting: Variable.geminiURL)
        }
        return configuration
    }

    /// Reads an on/off setting: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off`, in any case.
    public static func parseSwitch(_ text: String, setting: String) throws(ProviderConfigurationError) -> Bool {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw .invalidValue(setting: setting, value: text, expected: "1/true/yes/on or 0/false/no/off")
        }
    }

    /// Reads a comma-separated provider list; an empty text means no online provider at all.
    public static func parseProviderOrder(_ text: String, setting: String) throws(ProviderConfigurationError) -> [String] {
        var names: [String] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { continue }
            guard knownProviderNames.contains(name) else { throw .unknownProvider(setting: setting, name: name) }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Reads a timeout in seconds ("5", "0.5"); it must be above zero and at most two minutes.
    public static func parseTimeout(_ text: String, setting: String) throws(ProviderConfigurationError) -> Duration {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.hasSuffix("s") ? String(trimmed.dropLast()) : trimmed
        guard let value = Double(digits), value.isFinite, value > 0, value <= seconds(maximumTimeout) else {
            throw .invalidValue(setting: setting, value: text, expected: "a number of seconds above 0 and at most 120, such as 5 or 0.5")
        }
        return .seconds(value)
    }

    /// Reads an http or https base URL with a host; a trailing slash is dropped.
    public static func parseBaseURL(_ text: String, setting: String) throws(ProviderConfigurationError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil
        else {
            throw .invalidValue(setting: setting, value: text, expected: "an http or https URL such as https://openlibrary.org")
        }
        return trimmingTrailingSlashes(trimmed)
    }
}
