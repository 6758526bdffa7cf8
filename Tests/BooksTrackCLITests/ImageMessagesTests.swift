import BooksTrackTesting
import Foundation
import Testing

/// What the program prints about images: its own words, never the image library's raw warnings.
@Suite struct ImageMessagesTests {
    @Test func aPhotoTheImageLibraryWarnsAboutIsKeptWithoutItsWarningOnStandardError() throws {
        let folder = try TemporaryDirectory(prefix: "bookstrack-vips-warning")
        defer { folder.remove() }
        // Given a PNG with a text chunk whose checksum is wrong (libpng warns and reads on)
        var png = Array(try TestPNG.make(width: 64, height: 64, grey: 128, alpha: 255))
        let afterHeader = 8 + 25
        let text = Array("tEXt".utf8) + Array("Comment\u{0}hi".utf8)
        let chunk = [0, 0, 0, UInt8(text.count - 4)] + text + [0, 0, 0, 1]
        png.insert(contentsOf: chunk, at: afterHeader)
        let file = folder.url.appendingPathComponent("warned.png")
        try Data(png).write(to: file)
        let data = folder.url.appendingPathComponent("data")
        let binary = TheRealExecutable()
        #expect(try binary.run(["add", "Kindred"], dataDirectory: data).0 == 0)

        // When it is added as a page photo
        let (status, output, error) = try binary.run(["photo", "add", "kindred", file.path], dataDirectory: data)

        // Then it is kept, and nothing but the program's own words reaches the terminal
        #expect(status == 0, "\(error)")
        #expect(output.contains("Photo"))
        #expect(!error.contains("VIPS"), "\(error)")
        #expect(error.isEmpty, "\(error)")
    }
}
