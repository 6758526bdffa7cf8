/// Which ISBN a back cover's barcodes name: the one EAN-13 that is an ISBN (978 or 979, a right
/// check digit). A price code beside it (an EAN-5, or an EAN-13 that is not an ISBN) is not the
/// book; two different ISBNs (a photo of two books) are asked about, not guessed.
public enum BarcodeISBN {
    public static func choose(_ barcodes: [String]) throws(BarcodeError) -> ISBN {
        var isbns: [ISBN] = []
        for code in barcodes {
            if let isbn = ISBN(code), code.count == 13, !isbns.contains(isbn) { isbns.append(isbn) }
        }
        guard let isbn = isbns.first else { throw .noISBN(otherBarcodes: barcodes.count) }
        guard isbns.count == 1 else { throw .severalISBNs(isbns) }
        return isbn
    }
}

/// Why a photo gave no ISBN.
public enum BarcodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No barcode of an ISBN; `otherBarcodes` is how many other EAN-13 codes were read.
    case noISBN(otherBarcodes: Int)
    /// Several books' barcodes: which one is meant is not guessed.
    case severalISBNs([ISBN])

    public var description: String {
        switch self {
        case .noISBN(0):
            "no barcode could be read in the photo; take it closer, straight on and sharp, with the whole barcode in it"
        case .noISBN(let others):
            "the photo's barcode\(others == 1 ? " is" : "s are") not an ISBN (a book's starts with 978 or 979); photograph the barcode on the back cover"
        case .severalISBNs(let isbns):
            "the photo has the barcodes of \(isbns.count) books (\(isbns.map(\.isbn13).joined(separator: ", "))); photograph one at a time"
        }
    }
}
