import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The browser tests' driver starts even when the port drawn for it is taken: a driver that cannot
/// listen ends at once, and the next port is tried instead of waiting on the first.
@Suite struct WebDriverStartTests {
    @Test func aTakenPortIsPassedOverForTheNext() async throws {
        let driverPath = try #require(WebDriver.driverPath, "apt-get install chromium-driver")
        let taken = try ListeningSocket()
        defer { taken.close() }
        let free = Int.random(in: 20_000...32_000)
        let (driver, base) = try await WebDriver.startDriver(driverPath, ports: [taken.port, free])
        driver.kill()
        #expect(base == "http://127.0.0.1:\(free)")
    }

    @Test func whenEveryPortIsTakenTheFailureSaysWhatTheDriverPrinted() async throws {
        let driverPath = try #require(WebDriver.driverPath, "apt-get install chromium-driver")
        let taken = try ListeningSocket()
        defer { taken.close() }
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

/// A socket listening on a port of 127.0.0.1 the system chose.
private struct ListeningSocket {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw WebDriver.Failure(description: "could not listen: \(String(cString: strerror(errno)))") }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
