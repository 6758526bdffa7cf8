import BooksTrackCore
import BooksTrackImport
import BooksTrackProviders
import Foundation

/// What a front end asks the composition root for, over one data folder: services and the outside
/// helpers they use, never a database. The terminal is handed one per command (`bookstrack`'s entry
/// point makes it from `BooksTrackApp`); each database file behind it is opened once per process.
public protocol ServiceRoot: Sendable {
    /// The folder of the library, the catalog and the cache.
    var dataDirectory: URL { get }
    /// The clock every rule reads.
    var now: @Sendable () -> Date { get }
    /// Whether the folder holds a library file already (reading it would not create one).
    var hasLibrary: Bool { get }

    /// A user's library. Only `creatingUser` creates a user that does not exist; an unknown name is
    /// refused (`UnknownUserError`) unless it is the default user or `unknownUserIsEmpty` (a preview).
    func library(user: String, creatingUser: Bool, unknownUserIsEmpty: Bool) throws -> UserLibrary
    /// The account use cases; `passwordCost` is bcrypt's work factor.
    func accounts(passwordCost: UInt8) throws -> AccountService
    /// The offline catalog's use cases.
    func catalog() throws -> CatalogService
    /// The search cache, for its sizes and to clear it.
    func searchCache() throws -> any SearchCache
    /// The provider configuration: the environment, then the front end's settings on top.
    func providerConfiguration(offline: Bool, timeout: Double?, providers: String?, contact: String?) throws -> ProviderConfiguration
    /// Search with the clients it holds, closed together.
    func searchSession(_ configuration: ProviderConfiguration, resultLimit: Int) throws -> SearchSession
    /// Gemini when a key is set and the providers are online; `close` releases its client.
    func gemini(_ configuration: ProviderConfiguration, log: @escaping @Sendable (String) -> Void) -> (client: GeminiClient?, close: @Sendable () async -> Void)
    /// Gemini as the advisor of column mappings for CSVs no importer knows.
    func columnMappingAdvisor(gemini: GeminiClient?) -> (any ColumnMappingAdvisor)?
    /// What reads shelf photos here, or why nothing can.
    func shelfReader(gemini: GeminiClient?) throws(UnavailableError) -> any ShelfRecognizer
    /// Wikidata as the source of authors' details, or why it cannot be asked (offline).
    func authorDetailsSource(_ configuration: ProviderConfiguration) throws(UnavailableError) -> (source: any AuthorDetailsSource, close: @Sendable () async -> Void)
    /// The barcode reader of back-cover photos.
    func barcodeReader() -> any BarcodeReader
    /// The services of a long-running process (`bookstrack serve`), built once.
    func processServices(passwordCost: UInt8, log: @escaping @Sendable (String) -> Void) throws -> any ProcessServices
    /// Bounds the images this process keeps waiting for their turn; past it one is refused as busy.
    func limitWaitingImages(to count: Int)
}

extension ServiceRoot {
    public func library(user: String) throws -> UserLibrary {
        try library(user: user, creatingUser: false, unknownUserIsEmpty: false)
    }

    /// The account use cases at bcrypt's usual work factor.
    public func accounts() throws -> AccountService {
        try accounts(passwordCost: 11)
    }

    /// The provider configuration of the environment alone.
    public func providerConfiguration() throws -> ProviderConfiguration {
        try providerConfiguration(offline: false, timeout: nil, providers: nil, contact: nil)
    }
}
