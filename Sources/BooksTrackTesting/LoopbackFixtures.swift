import Foundation

/// The recorded-shape provider answers in `Fixtures/Providers/` (Open Library, Google Books, ISBNdb, Wikidata).
public enum LoopbackFixtures {
    /// The bytes of a fixture, by its path below `Fixtures/Providers/` ("openlibrary/edition-sabriel.json").
    public static func bytes(_ name: String) throws -> [UInt8] {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw LoopbackFixtureError.missing(name)
        }
        let url = root.appendingPathComponent("Providers").appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LoopbackFixtureError.missing(name)
        }
        return Array(data)
    }

    /// The text of a fixture.
    public static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }
}

/// A fixture that is not in the bundle.
public enum LoopbackFixtureError: Error, Sendable, CustomStringConvertible {
    /// No fixture at this path below `Fixtures/Providers/`.
    case missing(String)

    /// The message shown in a failing test.
    public var description: String {
        switch self {
        case .missing(let name): "no provider fixture Fixtures/Providers/\(name) in BooksTrackTesting"
        }
    }
}

extension LoopbackResponse {
    /// A fixture as the body, JSON unless the name ends in ".html".
    public static func fixture(_ name: String, status: Int = 200) throws -> LoopbackResponse {
        let contentType = name.hasSuffix(".html") ? "text/html; charset=utf-8" : "application/json"
        return LoopbackResponse(
            status: status, headers: [LoopbackHeader(name: "Content-Type", value: contentType)], body: try LoopbackFixtures.bytes(name)
        )
    }
}
