/// Builds Wikidata requests from the configured root; pure, no I/O.
package struct WikidataRequests: Sendable {
    /// How many search results are asked for; the writer is nearly always among the first few.
    package static let searchLimit = 10

    /// The root, e.g. "https://www.wikidata.org".
    package var baseURL: String

    /// Creates the builder.
    package init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// `/wiki/Special:EntityData/{id}.json`: the whole entity, labels and claims included.
    package func entity(_ id: WikidataID) -> ProviderRequest {
        ProviderRequest(url: ProviderRequest.url(base: baseURL, path: "/wiki/Special:EntityData/\(id.rawValue).json"))
    }

    /// `/w/api.php?action=wbgetclaims&entity={id}&property={property}&format=json`: one property's
    /// statements only. Country entities run to megabytes; their P297 statement is a few hundred bytes.
    package func claims(of id: WikidataID, property: String) -> ProviderRequest {
        ProviderRequest(
            url: ProviderRequest.url(
                base: baseURL, path: "/w/api.php",
                query: [("action", "wbgetclaims"), ("entity", id.rawValue), ("property", property), ("format", "json")]
            )
        )
    }

    /// `/w/api.php?action=wbsearchentities&search={name}&language=en&type=item&limit=10&format=json`.
    package func search(name: String) -> ProviderRequest {
        ProviderRequest(
            url: ProviderRequest.url(
                base: baseURL, path: "/w/api.php",
                query: [
                    ("action", "wbsearchentities"), ("search", name), ("language", "en"), ("type", "item"),
                    ("limit", String(Self.searchLimit)), ("format", "json"),
                ]
            )
        )
    }
}
