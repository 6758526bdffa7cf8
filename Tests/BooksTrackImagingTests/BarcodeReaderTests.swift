import BooksTrackCore
import BooksTrackTesting
import CVips
import Foundation
import Testing

@testable import BooksTrackImaging

/// Back-cover barcodes made by zint (Debian's package, installed by CI) and changed by libvips
/// as photos change them: turned, tilted, blurred, small. Read by the real zbar.
@Suite struct BarcodeReaderTests {
    /// These tests call libvips directly as well: it is started first, as every user of it in the
    /// process must (`Vips.start()`), or its own start on a first call races another thread's.
    init() throws { try #require(Vips.start()) }

    /// The ISBNs of the generated set (real books of the seed catalog).
    static let isbns = ["9780441172719", "9780141439549", "9780062315007", "9780307277671", "9780553293357", "9780099549482",
                        "9791032305690", "9780316769488"]

    static func barcode(_ code: String, addOn: String? = nil, scale: Double = 2) throws -> Data {
        try ZintBarcode.png(code, addOn: addOn, scale: scale)
    }

    struct HarnessFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// An image changed by one libvips operation, as PNG.
    static func changed(_ png: Data, _ change: (UnsafeMutablePointer<VipsImage>, inout UnsafeMutablePointer<VipsImage>?) -> Int32) throws -> Data {
        try png.withUnsafeBytes { raw in
            guard let image = bt_vips_open(raw.baseAddress, raw.count) else { throw HarnessFailure(Vips.lastError()) }
            defer { bt_vips_release(image) }
            var out: UnsafeMutablePointer<VipsImage>?
            guard change(image, &out) == 0, let out else { throw HarnessFailure(Vips.lastError()) }
            defer { bt_vips_release(out) }
            return try Self.png(out)
        }
    }

    static func png(_ image: UnsafeMutablePointer<VipsImage>) throws -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard bt_vips_png(image, &buffer, &length) == 0, let buffer else { throw HarnessFailure(Vips.lastError()) }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    static func read(_ photo: Data) async throws -> [String] {
        try await ZBarBarcodeReader().ean13Barcodes(inPhoto: photo)
    }

    @Test func anUprightBarcodeGivesItsISBNAndAPriceAddOnIsNotTheBook() async throws {
        let plain = try Self.barcode("9780441172719")
        #expect(try await Self.read(plain) == ["9780441172719"])
        #expect(try BarcodeISBN.choose(try await Self.read(plain)) == ISBN("9780441172719"))
        let priced = try Self.barcode("9780441172719", addOn: "52495")
        #expect(try BarcodeISBN.choose(try await Self.read(priced)).isbn13 == "9780441172719")
    }

    @Test(arguments: [90.0, 180.0, 270.0])
    func aBarcodeTurnedARightAngleIsRead(degrees: Double) async throws {
        let photo = try Self.changed(try Self.barcode("9780141439549")) { bt_vips_rotate($0, degrees, &$1) }
        #expect(try await Self.read(photo) == ["9780141439549"], "\(degrees)°")
    }

    @Test func twoBooksAreAskedAboutAndABarcodeThatIsNoISBNOrNoneAtAllSaySo() async throws {
        let first = try Self.barcode("9780441172719")
        let second = try Self.barcode("9780141439549")
        let both = try first.withUnsafeBytes { a in
            try second.withUnsafeBytes { b in
                let left = bt_vips_open(a.baseAddress, a.count), right = bt_vips_open(b.baseAddress, b.count)
                defer { bt_vips_release(left); bt_vips_release(right) }
                var out: UnsafeMutablePointer<VipsImage>?
                guard bt_vips_join(left, right, &out) == 0, let out else { throw HarnessFailure(Vips.lastError()) }
                defer { bt_vips_release(out) }
                return try Self.png(out)
            }
        }
        let codes = try await Self.read(both)
        #expect(Set(codes) == ["9780441172719", "9780141439549"])
        #expect(throws: BarcodeError.severalISBNs([ISBN("9780441172719")!, ISBN("9780141439549")!].sorted { codes.firstIndex(of: $0.isbn13)! < codes.firstIndex(of: $1.isbn13)! })) {
            try BarcodeISBN.choose(codes)
        }
        // A grocery barcode: an EAN-13, not an ISBN.
        let grocery = try await Self.read(try Self.barcode("4006381333931"))
        #expect(grocery == ["4006381333931"])
        #expect(throws: BarcodeError.noISBN(otherBarcodes: 1)) { try BarcodeISBN.choose(grocery) }
        // Only white: nothing read.
        let blank = try Self.changed(try Self.barcode("9780441172719")) { bt_vips_blur($0, 40, &$1) }
        #expect(try await Self.read(blank).isEmpty)
        #expect(throws: BarcodeError.noISBN(otherBarcodes: 0)) { try BarcodeISBN.choose([]) }
    }

    @Test func whatIsNotAPhotoIsRefusedBeforeDecoding() async throws {
        await #expect(throws: ImageError.notAnImage) { try await Self.read(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) }
        await #expect(throws: ImageError.notAnImage) { try await Self.read(Data()) }
        // A PNG that says it is 50,000 × 50,000 pixels: refused from its header.
        await #expect(throws: ImageError.tooManyPixels(width: 50_000, height: 50_000, limit: 100_000_000)) {
            try await Self.read(PNGBomb.make(width: 50_000, height: 50_000))
        }
        // The first half of a real barcode photo (JPEG), and of the PNG zint drew.
        let drawn = try Self.barcode("9780441172719", scale: 6)
        let jpeg = try drawn.withUnsafeBytes { raw in
            let image = try #require(bt_vips_open(raw.baseAddress, raw.count))
            defer { bt_vips_release(image) }
            return try Vips.jpeg(OpaquePointer(image), quality: 90)
        }
        #expect(try await Self.read(jpeg) == ["9780441172719"])
        // A cut file is refused, not read as far as it goes.
        await #expect(throws: ImageError.self) { try await Self.read(jpeg.prefix(jpeg.count * 2 / 3)) }
        await #expect(throws: ImageError.self) { try await Self.read(drawn.prefix(drawn.count / 2)) }
        await #expect(throws: ImageError.self) { try await Self.read(jpeg.prefix(40)) }
        // 30 MB, whatever is in it.
        let huge = Data([0xFF, 0xD8, 0xFF]) + Data(count: 30 * 1_048_576)
        await #expect(throws: ImageError.tooLarge(bytes: huge.count, limit: 25 * 1_048_576)) { try await Self.read(huge) }
    }

    /// The decode rate over the generated set, each ISBN drawn small, blurred and tilted. What
    /// it reaches is printed (for the record); what must always be read is asserted.
    @Test func theDecodeRateOverTheGeneratedSet() async throws {
        var read: [String: (Int, Int)] = [:]
        let variants: [(String, (Data) throws -> Data)] = [
            ("upright", { $0 }),
            ("small (half size)", { png in try Self.changed(png) { bt_vips_resize($0, 0.5, &$1) } }),
            ("blurred (sigma 1)", { png in try Self.changed(png) { bt_vips_blur($0, 1, &$1) } }),
            ("blurred (sigma 2)", { png in try Self.changed(png) { bt_vips_blur($0, 2, &$1) } }),
            ("tilted 5°", { png in try Self.changed(png) { bt_vips_rotate($0, 5, &$1) } }),
            ("tilted 15°", { png in try Self.changed(png) { bt_vips_rotate($0, 15, &$1) } }),
            ("tilted 30°", { png in try Self.changed(png) { bt_vips_rotate($0, 30, &$1) } }),
            ("tilted 45°", { png in try Self.changed(png) { bt_vips_rotate($0, 45, &$1) } }),
        ]
        for isbn in Self.isbns {
            let drawn = try Self.barcode(isbn)
            for (name, change) in variants {
                let found = try await Self.read(try change(drawn)).contains(isbn)
                let (hits, total) = read[name] ?? (0, 0)
                read[name] = (hits + (found ? 1 : 0), total + 1)
            }
        }
        let all = read.values.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        for (name, _) in variants {
            let (hits, total) = read[name]!
            print("barcode decode rate, \(name): \(hits) of \(total)")
        }
        print("barcode decode rate, all: \(all.0) of \(all.1)")
        #expect(read["upright"]!.0 == Self.isbns.count)
        #expect(read["small (half size)"]!.0 == Self.isbns.count)
        #expect(read["blurred (sigma 1)"]!.0 == Self.isbns.count)
    }
}
