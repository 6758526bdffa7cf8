extension ISBN {
    /// The registration group an ISBN belongs to: a language area, country or region.
    public struct RegistrationGroup: Sendable, Hashable {
        /// The EAN prefix and group identifier, e.g. "978-0" or "979-10".
        public let prefix: String
        /// The group's name in the ISBN range data, e.g. "English language", "Japan".
        public let name: String
    }
}
