import Foundation

/// A PNG whose header claims a size its few bytes could never hold: what a decompression bomb
/// looks like to a reader that trusts headers.
public enum PNGBomb {
    public static func make(width: UInt32, height: UInt32) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(contentsOf: width.bigEndianBytes)
        header.append(contentsOf: height.bigEndianBytes)
        header.append(contentsOf: [8, 0, 0, 0, 0])   // 8-bit grey, deflate, no filter, no interlace
        png.append(chunk("IHDR", header))
        png.append(chunk("IDAT", Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])))
        png.append(chunk("IEND", Data()))
        return png
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        var chunk = Data(UInt32(body.count).bigEndianBytes)
        let typed = Data(type.utf8) + body
        chunk.append(typed)
        chunk.append(contentsOf: crc32(typed).bigEndianBytes)
        return chunk
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension UInt32 {
    var bigEndianBytes: [UInt8] { [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)] }
}
