import BooksTrackCore
import BooksTrackTesting
import CVips
import Foundation
import Testing

@testable import BooksTrackImaging

/// Page photos as kept: upright, at most 2,048 pixels, JPEG quality 70 without metadata, with a
/// 320-pixel thumbnail; and what is not a photo refused before decoding.
@Suite struct ImageProcessorTests {
    /// These tests call libvips directly as well: it is started first, as every user of it in the
    /// process must (`Vips.start()`), or its own start on a first call races another thread's.
    init() throws { try #require(Vips.start()) }

    /// A camera's JPEG of a wide picture (a barcode drawn 4,500 px wide), tagged as taken with the
    /// phone turned (EXIF orientation 6: to be turned 90° clockwise to be upright).
    static func cameraPhoto(orientation: Int32) throws -> Data {
        let drawn = try ZintBarcode.png("9780441172719", scale: 20)
        return try drawn.withUnsafeBytes { raw in
            let image = try #require(bt_vips_open(raw.baseAddress, raw.count))
            defer { bt_vips_release(image) }
            var tagged: UnsafeMutablePointer<VipsImage>?
            guard bt_vips_oriented(image, orientation, &tagged) == 0, let tagged else { throw ZintBarcode.Failure(description: Vips.lastError()) }
            defer { bt_vips_release(tagged) }
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard bt_vips_camera_jpeg(tagged, &buffer, &length) == 0, let buffer else { throw ZintBarcode.Failure(description: Vips.lastError()) }
            defer { g_free(buffer) }
            return Data(bytes: buffer, count: length)
        }
    }

    static func size(of jpeg: Data) throws -> (width: Int, height: Int) {
        try jpeg.withUnsafeBytes { raw in
            let image = try #require(bt_vips_open(raw.baseAddress, raw.count))
            defer { bt_vips_release(image) }
            return (Int(vips_image_get_width(image)), Int(vips_image_get_height(image)))
        }
    }

    @Test func aSidewaysCameraPhotoIsKeptUprightSmallerAndWithoutItsMetadata() async throws {
        let photo = try Self.cameraPhoto(orientation: 6)
        let original = try Self.size(of: photo)
        #expect(original.width > 4_000 && original.width > original.height, "a wide picture: \(original)")
        #expect(photo.range(of: Data("Exif".utf8)) != nil, "the camera's JPEG carries EXIF")

        let kept = try await VipsImageProcessor().pagePhoto(photo)
        #expect(kept.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(kept.jpeg.range(of: Data("Exif".utf8)) == nil, "no EXIF (location, camera) is kept")
        let size = try Self.size(of: kept.jpeg)
        #expect(size.height == 2_048, "upright (turned by its orientation) and fit to 2,048: \(size)")
        #expect(size.width < size.height)
        #expect((kept.width, kept.height) == (size.width, size.height))
        let thumbnail = try Self.size(of: kept.thumbnail)
        #expect(thumbnail.height == 320 && thumbnail.width < 320, "\(thumbnail)")
        #expect(kept.jpeg.count < photo.count)
    }

    @Test func aTwelveMegapixelPhotoBecomesTwoThousandPixelsWide() async throws {
        let photo = try SamplePhoto.jpeg(width: 4_000, height: 3_000)
        let kept = try await VipsImageProcessor().pagePhoto(photo)
        #expect(try Self.size(of: kept.jpeg) == (2_048, 1_536) as (Int, Int))
        #expect(try Self.size(of: kept.thumbnail) == (320, 240) as (Int, Int))
        #expect(kept.jpeg.count < photo.count / 2, "\(kept.jpeg.count) of \(photo.count) bytes")
    }

    @Test func aSmallPhotoIsNotEnlarged() async throws {
        let drawn = try ZintBarcode.png("9780441172719", scale: 1)
        let kept = try await VipsImageProcessor().pagePhoto(drawn)
        let size = try Self.size(of: kept.jpeg)
        let original = try Self.size(of: drawn)
        #expect(size.width == original.width && size.height == original.height)
    }

    @Test func whatIsNotAPhotoOrTooBigIsRefusedBeforeDecoding() async throws {
        let processor = VipsImageProcessor()
        await #expect(throws: ImageError.notAnImage) { try await processor.pagePhoto(Data("%PDF-1.7".utf8)) }
        await #expect(throws: ImageError.notAnImage) { try await processor.pagePhoto(Data("GIF89a".utf8) + Data(count: 64)) }
        await #expect(throws: ImageError.tooManyPixels(width: 50_000, height: 50_000, limit: 100_000_000)) {
            try await processor.pagePhoto(PNGBomb.make(width: 50_000, height: 50_000))
        }
        let photo = try Self.cameraPhoto(orientation: 1)
        await #expect(throws: ImageError.self) { try await processor.pagePhoto(photo.prefix(photo.count / 2)) }
        // WebP with a broken body: recognized by its bytes, then refused as unreadable.
        await #expect(throws: ImageError.self) { try await processor.pagePhoto(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) }
    }

    @Test func aHEICPhotoTheImageLibraryCannotReadSaysSo() async throws {
        // An iPhone's HEIC header: recognized by its bytes. Debian's libvips here is built without
        // libheif, so it is refused with a message that says to send JPEG; with libheif it is
        // read, and this header alone is then unreadable.
        let heic = Data([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + Data(count: 64)
        do {
            _ = try await VipsImageProcessor().pagePhoto(heic)
            Issue.record("a header alone was read as a photo")
        } catch ImageError.kindNotReadHere(let kind) {
            #expect(kind == "HEIC")
            #expect(ImageError.kindNotReadHere(kind).description.contains("send the photo as JPEG"))
        } catch ImageError.unreadable {
            // This libvips reads HEIC.
        }
    }
}
