import BooksTrackCore

/// Author demographics from Wikidata: an item's gender, country of citizenship and life years,
/// found by item id or by name.
///
/// Country items are turned into ISO codes through a built-in table of the usual ones, else by
/// asking for the country's P297 statement; the answers are kept for the client's lifetime, so
/// keep one client for a whole run.
public struct WikidataClient: Sendable {
    /// The pacing shared by every call of this client.
    public let rateLimiter: RateLimiter
    /// The request builders, from the configured root.
    package let requests: WikidataRequests
    private let session: ProviderSession
    private let isOffline: Bool
    private let countries = WikidataCountryCache()

    /// Creates the client; without a `rateLimiter` it paces itself by `RateLimitPolicy.wikidata`.
    public init(configuration: ProviderConfiguration, transport: HTTPTransport, rateLimiter: RateLimiter? = nil) {
        let limiter = rateLimiter ?? RateLimiter(policy: .wikidata)
        self.rateLimiter = limiter
        self.requests = WikidataRequests(baseURL: configuration.wikidataURL)
        self.session = ProviderSession(transport: transport, limiter: limiter, timeout: configuration.timeout)
        self.isOffline = configuration.isOffline
    }

    /// The demographics of an item; nil when Wikidata has no such item (404).
    ///
    /// The entity and, when its country is not in the built-in table, the country's code share one
    /// timeout. A failing country request fails the call: a half answer would read as "no nationality".
    public func demographics(of id: WikidataID) async throws(ProviderError) -> AuthorDemographics? {
        try ensureOnline()
        let budget = session.startCall()
        guard let entity = try await entity(id, budget: budget) else { return nil }
        return try await demographics(of: entity, id: id, budget: budget)
    }

    /// The first search match for `name` whose description names a writing occupation (writer,
    /// author, novelist, poet, playwright, essayist, journalist, historian, philosopher), with its
    /// demographics; nil when no match is described so, or when its item states neither an
    /// occupation (P106) nor a gender (P21), which a person's item would.
    public func searchWriter(named name: String) async throws(ProviderError) -> AuthorDemographics? {
        try ensureOnline()
        guard let name = MappingSupport.nonBlank(name) else { return nil }
        let budget = session.startCall()
        let response = try await session.get(requests.search(name: name), within: budget)
        if response.isNotFound { return nil }
        let answer = try response.decode(WikidataSearchResponse.self)
        if let error = answer.error { throw Self.refusal(error) }
        guard let match = answer.results.first(where: { WikidataMapping.describesWriter($0.description) }),
            let id = WikidataID(match.id)
        else { return nil }
        guard let entity = try await entity(id, budget: budget), WikidataMapping.describesPerson(entity) else { return nil }
        return try await demographics(of: entity, id: id, budget: budget)
    }

    /// The ISO 3166-1 alpha-2 code of a country item ("Q30" → "US"); nil for items without one,
    /// such as former states.
    public func countryCode(of country: WikidataID) async throws(ProviderError) -> String? {
        try ensureOnline()
        return try await countryCode(of: country, budget: session.startCall())
    }

    private func ensureOnline() throws(ProviderError) {
        if isOffline { throw .disabled("offline mode is on (BOOKSTRACK_OFFLINE)") }
    }

    private func entity(_ id: WikidataID, budget: CallBudget) async throws(ProviderError) -> WikidataEntity? {
        let response = try await session.get(requests.entity(id), within: budget)
        if response.isNotFound { return nil }
        let answer = try response.decode(WikidataEntityResponse.self)
        guard let entity = WikidataMapping.entity(id, in: answer) else {
            throw .malformedResponse("the answer for \(id) held \(answer.entities.count) entities, none of them \(id)")
        }
        return entity
    }

    private func demographics(of entity: WikidataEntity, id: WikidataID, budget: CallBudget) async throws(ProviderError)
        -> AuthorDemographics
    {
        var code: String?
        if let country = WikidataMapping.bestItem(of: entity.claims[WikidataMapping.citizenship]) {
            code = try await countryCode(of: country, budget: budget)
        }
        return WikidataMapping.demographics(of: entity, id: id, countryCode: code)
    }

    private func countryCode(of country: WikidataID, budget: CallBudget) async throws(ProviderError) -> String? {
        if let known = WikidataMapping.countryCodes[country.rawValue] { return known }
        if let remembered = countries.code(of: country) { return remembered }
        let response = try await session.get(requests.claims(of: country, property: WikidataMapping.isoCountryCode), within: budget)
        var code: String?
        if !response.isNotFound {
            let answer = try response.decode(WikidataClaimsResponse.self)
            if let error = answer.error, error.code != "no-such-entity" { throw Self.refusal(error) }
            code = WikidataMapping.countryCode(WikidataMapping.bestValue(of: answer.claims[WikidataMapping.isoCountryCode]))
        }
        countries.remember(code, for: country)
        return code
    }

    // The API answers refusals with status 200 and an error object.
    private static func refusal(_ error: WikidataAPIError) -> ProviderError {
        .malformedResponse("Wikidata refused the request: \((error.info ?? error.code ?? "no reason given").prefix(200))")
    }
}
