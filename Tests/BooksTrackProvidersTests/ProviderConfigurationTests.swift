import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Testing

@Suite struct ProviderConfigurationTests {
    @Test func anEmptyEnvironmentGivesThePublicServicesAndAFiveSecondTimeout() throws {
        // Given no variables
        // When reading the configuration
        let configuration = try ProviderConfiguration.fromEnvironment([:])

        // Then the defaults apply
        #expect(configuration.openLibraryURL == "https://openlibrary.org")
        #expect(configuration.googleBooksURL == "https://www.googleapis.com/books/v1")
        #expect(configuration.isbndbURL == "https://api2.isbndb.com")
        #expect(configuration.timeout == .seconds(5))
        #expect(configuration.providerOrder == ["openlibrary", "google", "isbndb"])
        #expect(configuration.isOffline == false)
        #expect(configuration.isbndbKey == nil)
        #expect(configuration.googleBooksKey == nil)
        #expect(configuration.userAgent == "BooksTrack/0.1 (+https://github.com/bookstrack; contact: unset; set BOOKSTRACK_CONTACT)")
    }

    @Test func everyVariableIsRead() throws {
        // Given every variable set
        let environment = [
            "BOOKSTRACK_OFFLINE": "yes",
            "BOOKSTRACK_PROVIDERS": "google, openlibrary",
            "BOOKSTRACK_PROVIDER_TIMEOUT": "2.5",
            "BOOKSTRACK_CONTACT": "me@example.org",
            "BOOKSTRACK_OPENLIBRARY_URL": "http://127.0.0.1:8080/",
            "BOOKSTRACK_GOOGLE_BOOKS_URL": "https://books.example/v1",
            "BOOKSTRACK_GOOGLE_BOOKS_KEY": "g-key",
            "BOOKSTRACK_ISBNDB_URL": "https://isbndb.example",
            "BOOKSTRACK_ISBNDB_KEY": "i-key",
        ]

        // When reading the configuration
        let configuration = try ProviderConfiguration.fromEnvironment(environment)

        // Then each one took effect
        #expect(configuration.isOffline)
        #expect(configuration.providerOrder == ["google", "openlibrary"])
        #expect(configuration.timeout == .milliseconds(2500))
        #expect(configuration.userAgent == "BooksTrack/0.1 (+https://github.com/bookstrack; contact: me@example.org)")
        #expect(configuration.openLibraryURL == "http://127.0.0.1:8080")
        #expect(configuration.googleBooksURL == "https://books.example/v1")
        #expect(configuration.googleBooksKey == "g-key")
        #expect(configuration.isbndbURL == "https://isbndb.example")
        #expect(configuration.isbndbKey == "i-key")
    }

    @Test func wikidataDefaultsToThePublicServiceAndCanBePointedElsewhere() throws {
        // Given no variable, then BOOKSTRACK_WIKIDATA_URL with a trailing slash
        // When reading the configuration
        let defaults = try ProviderConfiguration.fromEnvironment([:])
        let configured = try ProviderConfiguration.fromEnvironment(["BOOKSTRACK_WIKIDATA_URL": "http://127.0.0.1:9090/"])

        // Then the public service is the default, and the variable replaces it
        #expect(defaults.wikidataURL == "https://www.wikidata.org")
        #expect(configured.wikidataURL == "http://127.0.0.1:9090")
    }

    static let invalidSettings: [(variable: String, value: String)] = [
        ("BOOKSTRACK_OFFLINE", "maybe"),
        ("BOOKSTRACK_PROVIDER_TIMEOUT", "five"),
        ("BOOKSTRACK_PROVIDER_TIMEOUT", "0"),
        ("BOOKSTRACK_PROVIDER_TIMEOUT", "-1"),
        ("BOOKSTRACK_PROVIDER_TIMEOUT", "600"),
        ("BOOKSTRACK_OPENLIBRARY_URL", "openlibrary.org"),
        ("BOOKSTRACK_GOOGLE_BOOKS_URL", "ftp://books.example"),
        ("BOOKSTRACK_ISBNDB_URL", "https://isbndb.example/?key=x"),
        ("BOOKSTRACK_WIKIDATA_URL", "www.wikidata.org"),
    ]

    @Test(arguments: invalidSettings)
    func anUnusableValueIsReportedWithTheVariableName(variable: String, value: String) {
        // Given one unusable value
        // When reading the configuration
        // Then the error names the variable
        #expect {
            try ProviderConfiguration.fromEnvironment([variable: value])
        } throws: { error in
            guard case .invalidValue(let setting, let rejected, _) = error as? ProviderConfigurationError else { return false }
            return setting == variable && rejected == value
        }
    }

    @Test func anUnknownProviderNameIsReported() {
        // Given a misspelt provider
        // When reading the configuration
        // Then the error names it
        #expect(throws: ProviderConfigurationError.unknownProvider(setting: "BOOKSTRACK_PROVIDERS", name: "goggle")) {
            try ProviderConfiguration.fromEnvironment(["BOOKSTRACK_PROVIDERS": "openlibrary,goggle"])
        }
    }

    @Test func anEmptyProviderListMeansNoOnlineProvider() async throws {
        // Given BOOKSTRACK_PROVIDERS set to nothing
        let configuration = try ProviderConfiguration.fromEnvironment(["BOOKSTRACK_PROVIDERS": ""])
        let transport = HTTPTransport(configuration: configuration)

        // When making the online providers
        let names = configuration.makeOnlineProviders(transport: transport).map(\.name)
        await transport.shutdown()

        // Then there are none
        #expect(names.isEmpty)
    }

    @Test func theOnlineProvidersFollowTheConfiguredOrder() async throws {
        // Given an order with the catalog in it
        let configuration = try ProviderConfiguration.fromEnvironment(["BOOKSTRACK_PROVIDERS": "isbndb,catalog,openlibrary,google"])
        let transport = HTTPTransport(configuration: configuration)

        // When making the online providers
        let names = configuration.makeOnlineProviders(transport: transport).map(\.name)
        await transport.shutdown()

        // Then they come in that order, the catalog left to the orchestrator
        #expect(names == ["isbndb", "openlibrary", "google"])
    }
}
