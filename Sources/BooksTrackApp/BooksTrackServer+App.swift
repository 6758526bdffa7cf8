import BooksTrackServer
import Foundation
import Logging

extension BooksTrackServer {
    /// `bookstrack serve` over `app`'s data folder: the server is handed the process's services,
    /// built here once (`AppServices`).
    public init(app: BooksTrackApp, configuration: ServerConfiguration, logger: Logger = Logger(label: "bookstrack")) throws {
        app.limitWaitingImages(to: configuration.imagesWaiting)
        try self.init(configuration: configuration, dataDirectory: app.dataDirectory, now: app.now, logger: logger) {
            try app.services(passwordCost: configuration.passwordCost, log: { logger.info("\($0)") })
        }
    }
}
