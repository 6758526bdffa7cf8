import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Foundation
import Synchronization
import Testing

/// The Gemini recognizer against a loopback server playing Gemini, with answers in the real shape.
@Suite struct GeminiShelfRecognizerTests {
    static let photo = ShelfPhoto(jpeg: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 300)), width: 2_048, height: 1_536)

    /// A recognizer asking the loopback server, retrying after 10 ms, 20 ms and 30 ms.
    static func recognizer(_ server: LoopbackHTTPServer, key: String? = "test-key", log: @escaping @Sendable (String) -> Void = { _ in })
        -> (GeminiShelfRecognizer?, HTTPTransport) {
        var configuration = ProviderConfiguration()
        configuration.geminiURL = server.baseURL
        configuration.geminiKey = key
        configuration.geminiTimeout = .seconds(10)
        let transport = HTTPTransport(configuration: configuration)
        let client = GeminiClient(configuration: configuration, transport: transport,
                                  retryDelays: [.milliseconds(10), .milliseconds(20), .milliseconds(30)], log: log)
        return (client.map(GeminiShelfRecognizer.init), transport)
    }

    static func recognize(_ responses: [LoopbackResponse], log: @escaping @Sendable (String) -> Void = { _ in })
        async throws -> (Result<[ShelfDetection], any Error>, [LoopbackRequest]) {
        let answers = AnswerQueue(responses)
        let server = try await LoopbackHTTPServer.start(routes: [
            LoopbackRoute(method: "POST", .path(GeminiFixtures.path)) { _ in answers.next() ?? GeminiFixtures.error(503) },
        ])
        let (recognizer, transport) = recognizer(server, log: log)
        let result: Result<[ShelfDetection], any Error>
        do {
            result = .success(try await #require(recognizer).recognize(photo))
        } catch {
            result = .failure(error)
        }
        let requests = server.requests
        await transport.shutdown()
        await server.shutdown()
        return (result, requests)
    }

    @Test func aGoodAnswerGivesCheckedBooksAndTheRequestHasTheRealShape() async throws {
        let lines = Lines()
        let (result, requests) = try await Self.recognize([GeminiFixtures.shelf([
            .init("The Left Hand of Darkness", by: "Ursula K. Le Guin", confidence: 0.92, box: [40, 100, 960, 160]),
            .init("Kindred", by: "Octavia E. Butler", isbn: "978-0-8070-8305-8 ", confidence: 0.81, box: [20, 170, 980, 215]),
            .init("Dune", isbn: "978-0-441-17271-9", confidence: 0.7, box: [0, 900, 1000, 1000]),
        ])], log: { lines.append($0) })
        let books = try result.get()
        #expect(books.map(\.title) == ["The Left Hand of Darkness", "Kindred", "Dune"])
        #expect(books[0].author == "Ursula K. Le Guin")
        #expect(books[0].box == BoundingBox(x: 0.1, y: 0.04, width: 0.06, height: 0.92))
        // A misread digit fails the checksum: the ISBN is dropped, the book kept.
        #expect(books[1].isbn == nil)
        #expect(books[2].isbn?.isbn13 == "9780441172719")
        #expect(books[2].box.x + books[2].box.width == 1)

        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.header("x-goog-api-key") == "test-key")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        let parts = try #require(((body["contents"] as? [[String: Any]])?.first?["parts"]) as? [[String: Any]])
        // The image first, then the question; the instruction apart.
        let inline = try #require(parts.first?["inlineData"] as? [String: String])
        #expect(inline["mimeType"] == "image/jpeg")
        #expect(Data(base64Encoded: inline["data"] ?? "") == Self.photo.jpeg)
        #expect(parts.last?["text"] is String)
        #expect(((body["systemInstruction"] as? [String: Any])?["parts"] as? [[String: String]])?.first?["text"]?.contains("box_2d") == true)
        let generation = try #require(body["generationConfig"] as? [String: Any])
        #expect(generation["temperature"] as? Double == 0.4)
        #expect(generation["responseMimeType"] as? String == "application/json")
        #expect((generation["responseSchema"] as? [String: Any])?["type"] as? String == "OBJECT")
        // Token usage is logged.
        #expect(lines.all.contains { $0.contains("tokens prompt 1290") && $0.contains("total 1602") })
    }

    @Test func withoutAKeyThereIsNoRecognizer() async throws {
        let server = try await LoopbackHTTPServer.start(routes: [])
        let (recognizer, transport) = Self.recognizer(server, key: nil)
        #expect(recognizer == nil)
        await transport.shutdown()
        await server.shutdown()
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        // Values out of bounds, each named in the reason.
        (#"{"books": [{"title": "Dune", "confidence": 1.7, "box_2d": [0, 0, 500, 100]}]}"#, "confidence 1.7"),
        (#"{"books": [{"title": "Dune", "confidence": 0.9, "box_2d": [0, 0, 1200, 100]}]}"#, "box_2d"),
        (#"{"books": [{"title": "Dune", "confidence": 0.9, "box_2d": [500, 0, 100, 100]}]}"#, "box_2d"),
        (#"{"books": [{"title": "Dune", "confidence": 0.9, "box_2d": [0, 0, 100]}]}"#, "box_2d"),
        (#"{"books": [{"title": "   ", "confidence": 0.9, "box_2d": [0, 0, 100, 100]}]}"#, "no title"),
        (#"{"books": [{"title": "\#(String(repeating: "x", count: 301))", "confidence": 0.9, "box_2d": [0, 0, 100, 100]}]}"#, "301 characters"),
        (#"{"books": [{"title": "Dune", "author": "\#(String(repeating: "y", count: 201))", "confidence": 0.5, "box_2d": [0, 0, 100, 100]}]}"#, "author"),
        // Not the JSON asked for.
        (#"{"shelf": []}"#, "books is missing"),
        (#"[{"title": "Dune"}]"#, "not the JSON asked for"),
        ("Here are the books I see: Dune, Kindred.", "not the JSON asked for"),
    ])
    func aMalformedAnswerIsAFailureWithItsReason(text: String, reason: String) async throws {
        let (result, _) = try await Self.recognize([GeminiFixtures.answer(text: text, finishReason: "STOP")])
        #expect(throws: ShelfRecognitionError.self) { try result.get() }
        guard case .failure(let error) = result, case .malformedAnswer(let message)? = error as? ShelfRecognitionError else {
            Issue.record("expected a malformed answer, got \(result)")
            return
        }
        #expect(message.contains(reason), "\(message)")
    }

    @Test func tooManyBooksOnOnePhotoIsRefused() async throws {
        let books = (0..<151).map { GeminiFixtures.Book("Book \($0)", confidence: 0.5, box: [0, 0, 100, 100]) }
        let (result, _) = try await Self.recognize([GeminiFixtures.shelf(books)])
        guard case .failure(ShelfRecognitionError.malformedAnswer(let message)) = result else { Issue.record("\(result)"); return }
        #expect(message.contains("151 books"))
    }

    @Test func aFencedAnswerIsReadAsItsJSON() async throws {
        let text = "```json\n{\"books\": [{\"title\": \"Dune\", \"confidence\": 0.9, \"box_2d\": [0, 0, 1000, 80]}]}\n```"
        let (result, _) = try await Self.recognize([GeminiFixtures.answer(text: text, finishReason: "STOP")])
        #expect(try result.get().map(\.title) == ["Dune"])
    }

    @Test func safetyBlocksSayTheyWereBlocked() async throws {
        let (prompt, _) = try await Self.recognize([GeminiFixtures.promptBlocked()])
        guard case .failure(ShelfRecognitionError.blocked(let reason)) = prompt else { Issue.record("\(prompt)"); return }
        #expect(reason.contains("SAFETY"))
        let (candidate, _) = try await Self.recognize([GeminiFixtures.answer(text: nil, finishReason: "SAFETY")])
        guard case .failure(ShelfRecognitionError.blocked) = candidate else { Issue.record("\(candidate)"); return }
    }

    @Test func aTruncatedAnswerIsAFailureNotPartOfAShelf() async throws {
        // The token limit cut the JSON in the middle of a book.
        let cut = GeminiFixtures.answer(text: #"{"books": [{"title": "Dune", "confidence": 0.9, "box_2d": [0, 0, 1000, 80]}, {"title": "Kin"#,
                                        finishReason: "MAX_TOKENS")
        let (result, _) = try await Self.recognize([cut])
        guard case .failure(ShelfRecognitionError.malformedAnswer(let reason)) = result else { Issue.record("\(result)"); return }
        #expect(reason.contains("cut off"))
        // A body cut off on the wire.
        var wire = GeminiFixtures.shelf([.init("Dune", confidence: 0.9, box: [0, 0, 1000, 80])])
        wire.delivery = .truncated(afterBytes: 40)
        let (cutOnTheWire, _) = try await Self.recognize([wire])
        #expect(throws: ShelfRecognitionError.self) { try cutOnTheWire.get() }
    }

    @Test func rateLimitsAndOutagesAreRetriedWithBackoffThenGiveUp() async throws {
        let good = GeminiFixtures.shelf([.init("Dune", confidence: 0.9, box: [0, 0, 1000, 80])])
        let (recovered, requests) = try await Self.recognize([GeminiFixtures.error(429), GeminiFixtures.error(503), good])
        #expect(try recovered.get().map(\.title) == ["Dune"])
        #expect(requests.count == 3)

        let (exhausted, tries) = try await Self.recognize(Array(repeating: GeminiFixtures.error(429), count: 6))
        guard case .failure(ShelfRecognitionError.unavailable(let reason)) = exhausted else { Issue.record("\(exhausted)"); return }
        #expect(reason.contains("429"))
        #expect(tries.count == 4)

        // A refused key is not retried.
        let (refused, once) = try await Self.recognize([GeminiFixtures.error(400)])
        guard case .failure(ShelfRecognitionError.unavailable(let message)) = refused else { Issue.record("\(refused)"); return }
        #expect(message.contains("GEMINI_API_KEY"))
        #expect(once.count == 1)
    }

    @Test func anOversizedAnswerIsRefusedUnread() async throws {
        // 6 MB of books: past the transport's 5 MB limit.
        let padding = String(repeating: "a", count: 6 * 1_024 * 1_024)
        let (result, _) = try await Self.recognize([GeminiFixtures.answer(text: padding, finishReason: "STOP")])
        guard case .failure(ShelfRecognitionError.malformedAnswer(let reason)) = result else { Issue.record("\(result)"); return }
        #expect(reason.contains("limit"), "\(reason)")
    }
}

/// Lines a test's log closure received.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
