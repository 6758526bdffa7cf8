import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackServer

/// The OpenAPI document kept in the repository and the route table are the same set: paths,
/// methods, path parameters, query parameters (which the router enforces: an undeclared one is
/// refused) and who may call each.
@Suite struct OpenAPIDocumentTests {
    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/BooksTrackServer/Resources/openapi.json")

    struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var pathParameters: Set<String>
        var queryParameters: Set<String>
        var needsAccount: Bool
        var description: String { "\(method) \(path) path\(pathParameters.sorted()) query\(queryParameters.sorted()) account:\(needsAccount)" }
    }

    static func documented() throws -> Set<Operation> {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: documentURL)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations = Set<Operation>()
        for (path, item) in paths {
            for (method, value) in item where ["get", "put", "post", "delete", "patch"].contains(method) {
                let operation = try #require(value as? [String: Any])
                let parameters = (operation["parameters"] as? [[String: Any]] ?? []) + (item["parameters"] as? [[String: Any]] ?? [])
                let security = operation["security"] as? [[String: Any]] ?? []
                operations.insert(Operation(
                    method: method.uppercased(), path: path,
                    pathParameters: Set(parameters.filter { $0["in"] as? String == "path" }.compactMap { $0["name"] as? String }),
                    queryParameters: Set(parameters.filter { $0["in"] as? String == "query" }.compactMap { $0["name"] as? String }),
                    needsAccount: !security.isEmpty))
            }
        }
        return operations
    }

    static var routed: Set<Operation> {
        Set(APIRoute.all.map { route in
            Operation(
                method: route.method.rawValue,
                path: route.path.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/"),
                pathParameters: Set(route.parameters), queryParameters: Set(route.query), needsAccount: route.access == .account)
        })
    }

    @Test func theDocumentDescribesExactlyTheRoutesTheServerHas() throws {
        let documented = try Self.documented()
        let routed = Self.routed
        #expect(routed.count == APIRoute.all.count, "two routes share a method and path")
        for missing in routed.subtracting(documented).sorted(by: { $0.description < $1.description }) {
            Issue.record("routed but not documented as such: \(missing)")
        }
        for extra in documented.subtracting(routed).sorted(by: { $0.description < $1.description }) {
            Issue.record("documented but not routed as such: \(extra)")
        }
    }

    /// `x-rule-refusals` lets the contract check take a refusal of a schema-valid request: each must
    /// be one of the operation's documented answers, with the codes it may carry.
    @Test func everyRuleRefusalIsADocumentedAnswerWithItsCodes() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.documentURL)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var refusals = 0
        for (path, item) in paths {
            for (method, value) in item {
                guard let operation = value as? [String: Any], let rules = operation["x-rule-refusals"] as? [String: [String]] else { continue }
                let responses = try #require(operation["responses"] as? [String: Any])
                for (status, codes) in rules {
                    refusals += 1
                    #expect(responses[status] != nil, "\(method) \(path): \(status) is not among its answers")
                    #expect(status.hasPrefix("4"), "\(method) \(path): \(status) is not a refusal")
                    #expect(!codes.isEmpty, "\(method) \(path): \(status) names no code")
                }
            }
        }
        #expect(refusals >= 20)
    }

    /// What every route of its kind can answer, whatever it does: the router's 400 for an undeclared
    /// parameter, 401 for a token that is not live, 503 past the time limit; 413 for a body past its
    /// limit; 404 for an ID that is not the account's; 403 for a change sent with a session cookie
    /// but no CSRF token.
    @Test func everyOperationDescribesTheRefusalsItsKindOfRouteMakes() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.documentURL)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (path, item) in paths {
            for (method, value) in item where ["get", "put", "post", "delete", "patch"].contains(method) {
                let operation = try #require(value as? [String: Any])
                let statuses = Set((operation["responses"] as? [String: Any] ?? [:]).keys)
                var expected: Set<String> = ["400", "401", "503"]
                if operation["requestBody"] != nil { expected.insert("413") }
                if path.contains("{") { expected.insert("404") }
                if method != "get", !(operation["security"] as? [[String: Any]] ?? []).isEmpty { expected.insert("403") }
                for missing in expected.subtracting(statuses).sorted() {
                    Issue.record("\(method.uppercased()) \(path) does not describe its \(missing)")
                }
            }
        }
    }

    @Test func anUndeclaredQueryParameterIsRefusedNamingIt() async throws {
        try await ServerHarness.run { server in
            let answer = try await server.send(.get, "/v1/search/title?q=dune&page=2")
            #expect(answer.status == 400)
            #expect(answer.code == "UNKNOWN_PARAMETER")
            #expect(answer.details?["field"] == "page")
            #expect(try await server.send(.get, "/health?verbose=1").code == "UNKNOWN_PARAMETER")
            #expect(try await server.send(.get, "/v1/search/title?q=dune").status == 200)
        }
    }

    @Test func theServedDocumentIsTheOneInTheRepository() async throws {
        try await ServerHarness.run { server in
            let served = try await server.send(.get, "/openapi.json")
            #expect(served.status == 200)
            #expect(served.body == (try Data(contentsOf: Self.documentURL)))
        }
    }
}

@Suite struct MethodNotAllowedTests {
    @Test func aRoutedPathAskedWithAnotherMethodIs405WithAllow() async throws {
        try await ServerHarness.run { server in
            let trace = try await server.send(.init("TRACE")!, "/health")
            #expect(trace.status == 405)
            #expect(trace.code == "METHOD_NOT_ALLOWED")
            #expect(trace.header("Allow") == "GET")
            let put = try await server.send(.put, "/v1/books/\(UUID().uuidString.lowercased())")
            #expect(put.status == 405)
            #expect(put.header("Allow")?.contains("DELETE") == true)
            #expect(try await server.send(.get, "/v1/nowhere").status == 404)
            // A literal segment wins over a parameter, as in the router: not PUT /v1/authors/{id}.
            let suggestions = try await server.send(.get, "/v1/authors/suggestions")
            #expect(suggestions.status == 405)
            #expect(suggestions.header("Allow") == "POST")
        }
    }
}
