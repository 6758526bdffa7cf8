import BooksTrackCore

extension ProviderConfiguration {
    /// The online providers named in `providerOrder`, in that order, all sharing `transport`.
    ///
    /// "catalog" is skipped (the local catalog is not an online provider). ISBNdb is included even
    /// without a key so that answers report it as disabled and say why.
    public func makeOnlineProviders(transport: HTTPTransport) -> [any MetadataProvider] {
        providerOrder.compactMap { name -> (any MetadataProvider)? in
            switch name {
            case OpenLibraryMapping.provider: OpenLibraryProvider(configuration: self, transport: transport)
            case GoogleBooksMapping.provider: GoogleBooksProvider(configuration: self, transport: transport)
            case ISBNdbMapping.provider: ISBNdbProvider(configuration: self, transport: transport)
            default: nil
            }
        }
    }
}
