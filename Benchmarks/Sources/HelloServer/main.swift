import Hummingbird

// `hello-server PORT`: one route, GET /hello, answering a short text, on loopback; the baseline
// for the server benchmarks, built and run the same way as `bookstrack serve`.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8081
let router = Router()
router.get("/hello") { _, _ in "hello" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
