import Foundation

/// Reads the barcodes printed in a photo (a book's back cover).
public protocol BarcodeReader: Sendable {
    /// The texts of the EAN-13 barcodes found in the photo, each once, in the order found.
    /// Throws `ImageError` for bytes that are not a photo it may read.
    func ean13Barcodes(inPhoto data: Data) async throws -> [String]
}

extension BarcodeReader {
    /// The ISBN of the one book whose barcode the photo shows (`BarcodeISBN.choose`); throws
    /// `ImageError` or `BarcodeError` saying why not.
    public func isbn(inPhoto data: Data) async throws -> ISBN {
        try BarcodeISBN.choose(try await ean13Barcodes(inPhoto: data))
    }
}
