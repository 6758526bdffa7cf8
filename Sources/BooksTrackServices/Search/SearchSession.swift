import Foundation

/// The search use cases with the clients they hold.
public struct SearchSession: Sendable {
    public let search: SearchService
    /// Saves the cache counters and releases the HTTP client.
    public let close: @Sendable () async -> Void

    public init(search: SearchService, close: @escaping @Sendable () async -> Void) {
        self.search = search
        self.close = close
    }

    /// Runs `body` with the session and closes it whether or not `body` throws.
    public func using<T: Sendable>(_ body: (SearchService) async throws -> T) async throws -> T {
        do {
            let value = try await body(search)
            await close()
            return value
        } catch {
            await close()
            throw error
        }
    }
}
