import Foundation

/// Reads the barcodes printed in a photo (a book's back cover).
public protocol BarcodeReader: Sendable {
    /// The texts of the EAN-13 barcodes found in the photo, each once, in the order found.
    /// Throws `ImageError` for bytes that are not a photo it may read.
    func ean13Barcodes(inPhoto data: Data) async throws -> [String]
}
