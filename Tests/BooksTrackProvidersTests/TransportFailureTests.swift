import BooksTrackCore
import BooksTrackProviders
import BooksTrackTesting
import Testing

/// Every way an answer can go wrong ends in the right `ProviderError`, quickly, never a crash or a hang.
@Suite struct TransportFailureTests {
    static let isbnText = "9780060273224"
    static let editionPath = "/isbn/9780060273224.json"

    /// Looks the ISBN up in Open Library against a server answering `response` for it.
    static func lookUp(
        answering response: LoopbackResponse, timeout: Duration = .seconds(120), maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes
    ) async throws -> Result<[WorkDTO], ProviderError> {
        let isbn = try TestISBN.make(isbnText)
        return try await ProviderHarness.run(routes: [.get(editionPath, response)], timeout: timeout, maximumBodyBytes: maximumBodyBytes) { harness in
            do throws(ProviderError) {
                return .success(try await harness.openLibrary().lookup(isbn: isbn))
            } catch {
                return .failure(error)
            }
        }
    }

    static func error(of result: Result<[WorkDTO], ProviderError>) -> ProviderError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func aServerErrorIsReportedWithItsStatus() async throws {
        // Given the service answers 500
        // When looking up
        let result = try await Self.lookUp(answering: .text("Internal Server Error", status: 500))

        // Then the failure says HTTP 500
        #expect(Self.error(of: result) == .httpStatus(500))
    }

    @Test func tooManyRequestsIsReportedWithTheRetryAfterSeconds() async throws {
        // Given the service answers 429 with Retry-After: 120
        // When looking up
        let result = try await Self.lookUp(answering: LoopbackResponse.status(429).adding(header: "Retry-After", "120"))

        // Then the failure is rate limiting, with the wait the service asked for
        #expect(Self.error(of: result) == .rateLimited(retryAfter: 120))
    }

    @Test func tooManyRequestsWithoutRetryAfterIsStillRateLimiting() async throws {
        // Given a bare 429
        // When looking up
        let result = try await Self.lookUp(answering: .status(429))

        // Then the failure is rate limiting without a wait
        #expect(Self.error(of: result) == .rateLimited(retryAfter: nil))
    }

    @Test func aRateLimitedAnswerHoldsBackTheNextRequest() async throws {
        // Given the service answered 429 with Retry-After: 60
        let isbn = try TestISBN.make(Self.isbnText)
        let routes: [LoopbackRoute] = [.get(Self.editionPath, LoopbackResponse.status(429).adding(header: "Retry-After", "60"))]
        try await ProviderHarness.run(routes: routes, timeout: .seconds(30)) { harness in
            let provider = harness.openLibrary(rateLimiter: RateLimiter(policy: .openLibrary(hasContact: true)))
            _ = try? await provider.lookup(isbn: isbn)

            // When looking up again at once
            let elapsed = await ContinuousClock().measure {
                await #expect(throws: ProviderError.self) { try await provider.lookup(isbn: isbn) }
            }

            // Then the second call fails without reaching the service: its 30 s budget cannot cover
            // the 60 s wait, so it gives up at once rather than sleeping through the budget
            #expect(harness.server.requests.count == 1)
            #expect(elapsed < .seconds(20))
        }
    }

    @Test func anHTMLErrorPageIsAnUnreadableAnswer() async throws {
        // Given a proxy's HTML page with status 200
        // When looking up
        let result = try await Self.lookUp(answering: try .fixture("errors/maintenance.html"))

        // Then the failure says the answer was HTML
        #expect(Self.error(of: result) == .malformedResponse("the answer was an HTML page, not JSON"))
    }

    @Test func anHTMLPageWithAnErrorStatusReportsTheStatus() async throws {
        // Given nginx's 502 page
        // When looking up
        let result = try await Self.lookUp(answering: try .fixture("errors/bad-gateway.html", status: 502))

        // Then the status is what is reported
        #expect(Self.error(of: result) == .httpStatus(502))
    }

    @Test func aBodyThatIsNotJSONIsAnUnreadableAnswer() async throws {
        // Given a plain-text body
        // When looking up
        let result = try await Self.lookUp(answering: .text("Service temporarily unavailable, try again"))

        // Then the failure is an unreadable answer
        guard case .malformedResponse? = Self.error(of: result) else {
            Issue.record("expected malformedResponse, got \(result)")
            return
        }
    }

    @Test func aBodyCutOffBeforeItsContentLengthIsAnUnreadableAnswer() async throws {
        // Given the edition JSON cut after 200 of its bytes, then the connection closed
        let response = try LoopbackResponse.fixture("openlibrary/edition-sabriel.json").delivered(.truncated(afterBytes: 200))

        // When looking up
        let result = try await Self.lookUp(answering: response)

        // Then the failure says the answer was cut off
        guard case .malformedResponse(let reason)? = Self.error(of: result) else {
            Issue.record("expected malformedResponse, got \(result)")
            return
        }
        #expect(reason.contains("cut off"))
    }

    @Test func truncatedJSONThatLooksCompleteIsAnUnreadableAnswer() async throws {
        // Given a close-delimited answer that stops in the middle of the JSON
        let response = try LoopbackResponse.fixture("openlibrary/edition-sabriel.json").delivered(.truncatedWithoutLength(afterBytes: 200))

        // When looking up
        let result = try await Self.lookUp(answering: response)

        // Then the failure says the JSON is not valid
        #expect(Self.error(of: result) == .malformedResponse("the answer was not valid JSON (cut off or not JSON)"))
    }

    @Test func anEmptyBodyIsAnUnreadableAnswer() async throws {
        // Given a 200 without a body
        // When looking up
        let result = try await Self.lookUp(answering: .status(200))

        // Then the failure says the answer was empty
        #expect(Self.error(of: result) == .malformedResponse("the answer was empty"))
    }

    @Test func JSONOfTheWrongShapeIsAnUnreadableAnswer() async throws {
        // Given a JSON array where an edition object belongs
        // When looking up
        let result = try await Self.lookUp(answering: .json("[1, 2, 3]"))

        // Then the failure is an unreadable answer
        guard case .malformedResponse? = Self.error(of: result) else {
            Issue.record("expected malformedResponse, got \(result)")
            return
        }
    }

    @Test func aSlowAnswerTimesOutQuickly() async throws {
        // Given an answer that comes after 3 s, and a timeout of 0.2 s
        let response = try LoopbackResponse.fixture("openlibrary/edition-sabriel.json").delayed(by: .seconds(3))

        // When looking up
        let result = try await Self.lookUp(answering: response, timeout: .milliseconds(200))

        // Then the lookup times out instead of waiting for the answer (which would have succeeded)
        #expect(Self.error(of: result) == .timedOut(seconds: 0.2))
    }

    @Test func aBodyThatStallsTimesOutQuickly() async throws {
        // Given headers at once but a body that stops after 50 bytes, and a timeout of 0.2 s
        let response = try LoopbackResponse.fixture("openlibrary/edition-sabriel.json").delivered(.stalled(afterBytes: 50))

        // When looking up
        let result = try await Self.lookUp(answering: response, timeout: .milliseconds(200))

        // Then the lookup times out instead of waiting for the rest
        #expect(Self.error(of: result) == .timedOut(seconds: 0.2))
    }

    @Test func anOversizedBodyIsRefused() async throws {
        // Given a 1 KB limit and a larger answer
        let response = LoopbackResponse.json(#"{"title": "\#(String(repeating: "x", count: 4096))"}"#)

        // When looking up
        let result = try await Self.lookUp(answering: response, maximumBodyBytes: 1024)

        // Then the answer is refused as unreadable
        #expect(Self.error(of: result) == .malformedResponse("the answer is larger than the 1024-byte limit"))
    }

    @Test func anOversizedBodyWithoutContentLengthIsRefusedWhileStreaming() async throws {
        // Given a 1 KB limit and a larger close-delimited answer that announces no length
        let body = #"{"title": "\#(String(repeating: "x", count: 4096))"}"#
        let response = LoopbackResponse.json(body).delivered(.truncatedWithoutLength(afterBytes: body.utf8.count))

        // When looking up
        let result = try await Self.lookUp(answering: response, maximumBodyBytes: 1024)

        // Then the answer is refused as unreadable
        #expect(Self.error(of: result) == .malformedResponse("the answer is larger than the 1024-byte limit"))
    }

    @Test func aConnectionClosedWithoutAnswerMeansUnreachable() async throws {
        // Given the service closes the connection without answering
        // When looking up
        let result = try await Self.lookUp(answering: LoopbackResponse().delivered(.closeWithoutAnswer))

        // Then the service counts as unreachable
        guard case .unreachable? = Self.error(of: result) else {
            Issue.record("expected unreachable, got \(result)")
            return
        }
    }

    @Test func aServiceThatIsDownIsUnreachable() async throws {
        // Given a port where nothing listens any more
        let isbn = try TestISBN.make(Self.isbnText)
        let closedPort = try await LoopbackHTTPServer.withServer(routes: []) { $0.baseURL }
        // A refused connection fails at once; the long timeout only keeps a busy test run from racing it.
        let configuration = ProviderConfiguration(openLibraryURL: closedPort, timeout: .seconds(120))
        let transport = HTTPTransport(configuration: configuration)

        // When looking up
        var failure: ProviderError?
        do throws(ProviderError) {
            _ = try await OpenLibraryProvider(configuration: configuration, transport: transport, rateLimiter: .unpaced).lookup(isbn: isbn)
        } catch {
            failure = error
        }
        await transport.shutdown()

        // Then the failure names the host as unreachable
        guard case .unreachable(let reason)? = failure else {
            Issue.record("expected unreachable, got \(String(describing: failure))")
            return
        }
        #expect(reason.contains("127.0.0.1"))
    }

    @Test func endlessRedirectsAreCutShort() async throws {
        // Given the edition path redirects to itself through a second path, forever
        let isbn = try TestISBN.make(Self.isbnText)
        let routes: [LoopbackRoute] = [
            .get(Self.editionPath, .redirect(to: "/books/OL1M.json")),
            LoopbackRoute(.pathPrefix("/books/")) { request in
                let hop = (Int(request.path.dropFirst("/books/OL".count).prefix(while: \.isNumber)) ?? 0) + 1
                return .redirect(to: "/books/OL\(hop)M.json")
            },
        ]
        try await ProviderHarness.run(routes: routes) { harness in
            // When / Then the lookup gives up after a few hops
            await #expect(throws: ProviderError.malformedResponse("too many redirects (more than \(HTTPTransport.maximumRedirects))")) {
                try await harness.openLibrary().lookup(isbn: isbn)
            }
            #expect(harness.server.requests.count <= HTTPTransport.maximumRedirects + 1)
        }
    }

    @Test func everyRequestIdentifiesItselfWithTheContact() async throws {
        // Given the Sabriel chain
        let isbn = try TestISBN.make(Self.isbnText)
        try await ProviderHarness.run(routes: try OpenLibraryProviderTests.sabrielRoutes()) { harness in
            // When looking it up
            _ = try await harness.openLibrary().lookup(isbn: isbn)

            // Then every request, the redirected ones too, carried the User-Agent with the contact
            let agents = harness.server.requests.map { $0.header("User-Agent") }
            #expect(agents.count == 4)
            #expect(agents.allSatisfy { $0 == "BooksTrack/0.1 (+https://github.com/bookstrack; contact: tests@bookstrack.invalid)" })
        }
    }
}
