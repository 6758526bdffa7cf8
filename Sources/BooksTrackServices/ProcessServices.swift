import BooksTrackCore
import BooksTrackProviders
import Foundation
import ServiceLifecycle

/// The use cases of a long-running process, as a front end receives them from the composition
/// root (built once, with one pool per database file and one HTTP client): the server is handed
/// one and never builds a store or a client itself. It runs as a service of the process's
/// service group, which shuts it down after the front ends that use it.
public protocol ProcessServices: Service, Sendable {
    var accounts: AccountService { get }
    var search: SearchService { get }
    var catalog: CatalogService { get }
    var jobs: JobService { get }
    /// The cover proxy (its fetches are guarded against other hosts than covers').
    var covers: CoverProxy { get }
    /// Reads the ISBN barcodes of back-cover photos.
    var barcodes: any BarcodeReader { get }
    /// The use cases of a signed-in user's library.
    func library(of user: User) -> UserLibrary
    /// How many changes this process has committed to the library file: a value kept from a read
    /// before the last of them is out of date.
    var libraryCommitCount: UInt64 { get }
    /// Saves what must be saved and closes the clients; once, later calls do nothing.
    func shutdown() async
}
