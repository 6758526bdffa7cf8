import BooksTrackCore
import Foundation
import Hummingbird

/// `GET /health`: the process answers and its library file can be read.
enum HealthRoutes {
    struct Health: Codable, Sendable {
        var status: String
        var needsFirstAccount: Bool
    }

    static let routes: [APIRoute] = [
        APIRoute(.get, "/health", .open) { _, context, services in
            let needsFirstAccount = try await services.accounts.needsFirstAccount()
            return try JSONBody.success(Health(status: "ok", needsFirstAccount: needsFirstAccount), context: context)
        },
    ]
}
