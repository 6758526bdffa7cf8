import BooksTrackTesting
import Testing

/// The browser tests' driver starts even when the port drawn for it is taken: a driver that cannot
/// listen ends at once, and the next port is tried instead of waiting on the first. A loopback
/// server holds the taken port.
@Suite struct WebDriverStartTests {
    @Test func aTakenPortIsPassedOverForTheNext() async throws {
        let driverPath = try #require(WebDriver.driverPath, "apt-get install chromium-driver")
        try await LoopbackHTTPServer.withServer(routes: []) { taken in
            let free = Int.random(in: 20_000...32_000)
            let (driver, base) = try await WebDriver.startDriver(driverPath, ports: [taken.port, free])
            driver.kill()
            #expect(base == "http://127.0.0.1:\(free)")
        }
    }

    @Test func whenEveryPortIsTakenTheFailureSaysWhatTheDriverPrinted() async throws {
        let driverPath = try #require(WebDriver.driverPath, "apt-get install chromium-driver")
        try await LoopbackHTTPServer.withServer(routes: []) { taken in
            do {
                let (driver, _) = try await WebDriver.startDriver(driverPath, ports: [taken.port])
                driver.kill()
                Issue.record("the driver started on a taken port")
            } catch let failure as WebDriver.Failure {
                #expect(failure.description.contains("port \(taken.port): the driver ended"))
                #expect(failure.description.contains("Address already in use"))
            }
        }
    }
}
