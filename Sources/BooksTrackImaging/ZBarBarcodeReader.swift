import BooksTrackCore
import CZBar
import Foundation

/// Reads EAN-13 barcodes with zbar from a photo libvips decodes once: turned upright, shrunk to
/// 2,048 pixels (then 1,024 when nothing was found: zbar reads a blurred barcode better small;
/// then turned 30° either way), in grey. Runs on a thread of its own, never on the cooperative pool.
public struct ZBarBarcodeReader: BarcodeReader {
    public let limits: ImageLimits

    public init(limits: ImageLimits = ImageLimits()) {
        self.limits = limits
    }

    public func ean13Barcodes(inPhoto data: Data) async throws -> [String] {
        let limits = limits
        return try await ImageWork.shared.run(name: "bookstrack barcode") { try Self.read(data, limits: limits) }
    }

    /// The same, blocking the calling thread.
    public static func read(_ data: Data, limits: ImageLimits) throws -> [String] {
        _ = try Vips.check(data, limits: limits)
        // Decoded once: the smaller and turned versions are made from the decoded photo.
        let large = try Vips.upright(data, fitting: 2_048)
        defer { Vips.release(large) }
        var found = try scan(large)
        if !found.isEmpty { return found }
        let small = try Vips.shrunk(large, fitting: 1_024)
        defer { Vips.release(small) }
        found = try scan(small)
        if !found.isEmpty { return found }
        // zbar reads lines straight across and down (and diagonals); a barcode held at about 30°
        // between them is read once the photo is turned back.
        for degrees in [30.0, -30.0] {
            let turned = try Vips.rotated(small, degrees: degrees)
            defer { Vips.release(turned) }
            found = try scan(turned)
            if !found.isEmpty { return found }
        }
        return []
    }

    private static func scan(_ image: OpaquePointer) throws -> [String] {
        let grey = try Vips.grey(image)
        return scan(grey.pixels, width: grey.width, height: grey.height)
    }

    /// The EAN-13 codes zbar finds in 8-bit grey pixels.
    static func scan(_ pixels: [UInt8], width: Int, height: Int) -> [String] {
        guard let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_EAN13, ZBAR_CFG_ENABLE, 1)
        guard let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
        zbar_image_set_format(image, bt_zbar_grey_format())
        zbar_image_set_size(image, UInt32(width), UInt32(height))
        return pixels.withUnsafeBufferPointer { buffer -> [String] in
            zbar_image_set_data(image, buffer.baseAddress, UInt(buffer.count), nil)
            guard zbar_scan_image(scanner, image) > 0 else { return [] }
            var codes: [String] = []
            var symbol = zbar_image_first_symbol(image)
            while let current = symbol {
                if zbar_symbol_get_type(current) == ZBAR_EAN13, let text = zbar_symbol_get_data(current) {
                    let code = String(cString: text)
                    if !codes.contains(code) { codes.append(code) }
                }
                symbol = zbar_symbol_next(current)
            }
            // The scanner's results point into the image; nothing of them is kept past here.
            zbar_image_set_data(image, nil, 0, nil)
            return codes
        }
    }
}
