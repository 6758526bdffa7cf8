/// Why the provider settings in the environment or on the command line cannot be used.
public enum ProviderConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A setting holds a value of the wrong kind; `expected` says what would be accepted.
    case invalidValue(setting: String, value: String, expected: String)
    /// The provider order names a provider BooksTrack does not know.
    case unknownProvider(setting: String, name: String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case let .invalidValue(setting, value, expected):
            "\(setting)=\"\(value.prefix(80))\" is not valid: expected \(expected)"
        case let .unknownProvider(setting, name):
            "\(setting) names an unknown provider \"\(name.prefix(40))\": use a comma-separated list of "
                + ProviderConfiguration.knownProviderNames.joined(separator: ", ")
        }
    }
}
