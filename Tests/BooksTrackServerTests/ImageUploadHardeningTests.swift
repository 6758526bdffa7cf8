import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackServer

/// Uploaded images that are more than they seem: a polyglot kept as sent, a PNG of a few hundred
/// kilobytes that decodes to 800 MB, sent eight at once.
@Suite struct ImageUploadHardeningTests {
    @Test func aKeptOriginalThatIsAlsoHTMLIsServedOnlyAsAnImage() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            // Given a JPEG with an HTML page after its end, kept as sent
            var polyglot = Array(try SamplePhoto.jpeg(width: 64, height: 64))
            polyglot += Array("<html><script>alert(document.cookie)</script></html>".utf8)
            let book = try await server.addBook("Kindred", token: alice.token)
            let kept = try await server.send(.post, "/v1/books/\(book)/photos?keepOriginal=true", token: alice.token, body: polyglot)
            let id = try #require(kept.data?["id"] as? String, "\(kept.text)")
            // Then every way of reading it back is an image that is never sniffed and runs nothing
            for size in ["original", "full", "thumbnail"] {
                let answer = try await server.send(.get, "/v1/photos/\(id)?size=\(size)", token: alice.token)
                #expect(answer.status == 200)
                #expect(answer.header("Content-Type") == "image/jpeg")
                #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(size)")
                #expect(answer.header("Content-Security-Policy")?.contains("sandbox") == true, "\(size)")
            }
        }
    }

    @Test func anEmptyOrNonImageUploadIsRefusedAndTheServerGoesOn() async throws {
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            // Given uploads refused before the image library is used
            for body in [[UInt8](), Array("not a photo".utf8)] {
                let answer = try await server.send(.post, "/v1/search/barcode", token: alice.token, body: body)
                #expect(answer.status == 415, "\(answer.status) \(answer.text)")
            }
            // Then the server still answers
            #expect(try await server.send(.get, "/health").status == 200)
        }
    }

    @Test func eightSixteenBitGiantsAtOnceAreEachAnsweredWithoutAServerError() async throws {
        let giant = Array(try TestPNG.sixteenBitGiant())
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            // When eight are sent at once to the barcode search
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await server.send(.post, "/v1/search/barcode", token: alice.token, body: giant) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // Then each is read in its turn and has no barcode
            #expect(answers.map(\.status) == Array(repeating: 422, count: 8), "\(answers.map(\.status))")
            #expect(answers.allSatisfy { $0.code == "NO_ISBN_BARCODE" })
        }
    }
}
