import Foundation

/// EAN-13 barcodes drawn by zint (Debian's package), as a back cover prints them: what the
/// barcode tests photograph.
public enum ZintBarcode {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The barcode of `code` as PNG, with an EAN-5 price add-on when given.
    public static func png(_ code: String, addOn: String? = nil, scale: Double = 2) throws -> Data {
        let folder = try TemporaryDirectory(prefix: "bookstrack-barcodes")
        defer { folder.remove() }
        let file = folder.path("code.png")
        let zint = try ChildProcess.start(
            "/usr/bin/zint", ["-b", "13", "-d", code + (addOn.map { "+" + $0 } ?? ""), "--scale", String(scale), "-o", file])
        guard zint.waitForExit() == 0 else { throw Failure(description: "zint could not draw \(code)") }
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }
}
