import BooksTrackImaging
import CVips
import Foundation
import Synchronization

/// Photos of a bookshelf drawn by libvips from a list of books, each different by its seed: spines
/// of varied widths, heights and colours standing on a board, their titles and authors written
/// along them (top to bottom or bottom to top) in the DejaVu fonts, the whole photo turned,
/// sheared and seen in mild perspective, with noise, blur and JPEG compression. What the offline
/// shelf recognizer is measured on; the boxes are where each spine ends up on the photo.
public enum ShelfRenderer {
    /// A failure of libvips while drawing.
    public struct Failure: Error, CustomStringConvertible {
        /// libvips's message.
        public let description: String
    }

    /// What is written on a spine.
    public struct Book: Sendable, Hashable {
        /// The title, as printed (in capitals on some spines).
        public var title: String
        /// The author, as printed.
        public var author: String

        /// A book with its title and author, as printed.
        public init(title: String, author: String) {
            self.title = title
            self.author = author
        }
    }

    /// A book as it stands on the photo: the spine's bounding box, normalized 0–1 like a
    /// recognizer's, after the photo's turn, shear and perspective.
    public struct PlacedBook: Sendable, Hashable {
        /// What its spine says.
        public var book: Book
        /// Left edge, 0–1 of the photo's width.
        public var x: Double
        /// Top edge, 0–1 of the photo's height.
        public var y: Double
        /// Width, 0–1 of the photo's width.
        public var width: Double
        /// Height, 0–1 of the photo's height.
        public var height: Double
    }

    /// A drawn shelf: the photo as a phone's JPEG and the truth about it.
    public struct Shelf: Sendable {
        /// The photo.
        public var jpeg: Data
        /// Its width in pixels.
        public var width: Int
        /// Its height in pixels.
        public var height: Int
        /// The books on it, left to right.
        public var books: [PlacedBook]
    }

    /// The fonts spines are written in (all in Debian's fonts-dejavu-core).
    static let fonts = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Bold", "DejaVu Serif Bold", "DejaVu Sans Mono Bold"]

    /// Starts libvips if it is not yet (through the one start of the process, `Vips.start`).
    public static func start() throws {
        guard Vips.start() else { throw Failure(description: "libvips did not start") }
    }

    /// Draws `books` side by side on a shelf `height` pixels tall, every choice taken from `seed`.
    public static func render(_ books: [Book], seed: UInt64, height: Int = 1_600) throws -> Shelf {
        try start()
        var generator = SeededGenerator(seed: seed)
        let widths = books.map { _ in Int.random(in: 40...110, using: &generator) }
        let gaps = books.map { _ in generator.chance(0.5) ? 0 : Int.random(in: 1...8, using: &generator) }
        let margin = Int.random(in: 30...90, using: &generator)
        let width = 2 * margin + widths.reduce(0, +) + gaps.reduce(0, +)
        let board = Int.random(in: 60...110, using: &generator)

        let wall = darkColour(using: &generator)
        let canvas = try make { bt_vips_canvas(Int32(width), Int32(height), wall.red, wall.green, wall.blue, &$0) }
        defer { bt_vips_release(canvas) }
        let wood = Colour(red: Double.random(in: 110...170, using: &generator), green: Double.random(in: 70...110, using: &generator),
                          blue: Double.random(in: 30...60, using: &generator))
        try check(bt_vips_fill_rect(canvas, wood.red, wood.green, wood.blue, 0, Int32(height - board), Int32(width), Int32(board)))

        var spines: [(book: Book, left: Int, top: Int, width: Int, height: Int)] = []
        var left = margin
        for (index, book) in books.enumerated() {
            let spineWidth = widths[index]
            let spineHeight = Int(Double(height - board) * Double.random(in: 0.7...0.95, using: &generator))
            let top = height - board - spineHeight
            try drawSpine(book, on: canvas, left: left, top: top, width: spineWidth, height: spineHeight, using: &generator)
            spines.append((book, left, top, spineWidth, spineHeight))
            left += spineWidth + gaps[index]
        }

        let view = View(
            width: Double(width), height: Double(height),
            turn: Double.random(in: -2...2, using: &generator) * .pi / 180,
            shear: Double.random(in: -0.02...0.02, using: &generator),
            keystone: Double.random(in: -0.03...0.03, using: &generator)
        )
        let seen = try view.apply(to: canvas)
        defer { bt_vips_release(seen) }
        let sigma = Double.random(in: 0.4...1.1, using: &generator)
        let blurred = try make { bt_vips_blur(seen, sigma, &$0) }
        defer { bt_vips_release(blurred) }
        let noisy = try make { bt_vips_noisy(blurred, Double.random(in: 3...9, using: &generator), Int32.random(in: 0...Int32.max, using: &generator), &$0) }
        defer { bt_vips_release(noisy) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        try check(bt_vips_jpeg(noisy, Int32(Int.random(in: 78...92, using: &generator)), &buffer, &length))
        guard let buffer else { throw Failure(description: "libvips wrote no JPEG") }
        defer { g_free(buffer) }

        let placed = spines.map { spine in
            let corners = [(spine.left, spine.top), (spine.left + spine.width, spine.top), (spine.left, spine.top + spine.height),
                           (spine.left + spine.width, spine.top + spine.height)].map { view.forward(Double($0.0), Double($0.1)) }
            let minX = max(0, corners.map(\.x).min()!), maxX = min(Double(width), corners.map(\.x).max()!)
            let minY = max(0, corners.map(\.y).min()!), maxY = min(Double(height), corners.map(\.y).max()!)
            return PlacedBook(book: spine.book, x: minX / Double(width), y: minY / Double(height),
                              width: (maxX - minX) / Double(width), height: (maxY - minY) / Double(height))
        }
        return Shelf(jpeg: Data(bytes: buffer, count: length), width: width, height: height, books: placed)
    }

    /// An sRGB colour, 0–255 each.
    struct Colour {
        var red: Double
        var green: Double
        var blue: Double

        /// Perceived brightness, 0–255.
        var luminance: Double { 0.299 * red + 0.587 * green + 0.114 * blue }
    }

    /// The shadowy colour behind the books.
    static func darkColour(using generator: inout SeededGenerator) -> Colour {
        let base = Double.random(in: 20...70, using: &generator)
        return Colour(red: base + Double.random(in: 0...25, using: &generator), green: base, blue: base - min(base, Double.random(in: 0...15, using: &generator)))
    }

    /// A spine's cloth or paper, and ink that stands out from it by 90–230 grey levels (real spines
    /// range from white on black to dark red on brown).
    static func spineColours(using generator: inout SeededGenerator) -> (background: Colour, ink: Colour) {
        while true {
            let background = Colour(red: Double.random(in: 0...255, using: &generator), green: Double.random(in: 0...255, using: &generator),
                                    blue: Double.random(in: 0...255, using: &generator))
            let ink = generator.chance(0.6)
                ? (background.luminance > 128 ? Colour(red: 20, green: 20, blue: 25) : Colour(red: 245, green: 240, blue: 225))
                : Colour(red: Double.random(in: 0...255, using: &generator), green: Double.random(in: 0...255, using: &generator),
                         blue: Double.random(in: 0...255, using: &generator))
            if abs(ink.luminance - background.luminance) >= 90 { return (background, ink) }
        }
    }

    /// Fills one spine and writes its title (about two thirds of its length) and author (a quarter)
    /// along it, both in the same direction and font.
    static func drawSpine(
        _ book: Book, on canvas: UnsafeMutablePointer<VipsImage>, left: Int, top: Int, width: Int, height: Int,
        using generator: inout SeededGenerator
    ) throws {
        let (background, ink) = spineColours(using: &generator)
        try check(bt_vips_fill_rect(canvas, background.red, background.green, background.blue, Int32(left), Int32(top), Int32(width), Int32(height)))
        let font = fonts[Int.random(in: 0..<fonts.count, using: &generator)]
        let capitals = generator.chance(0.4)
        // One quarter turn clockwise reads top to bottom (the English custom), three bottom to top.
        let turns = generator.chance(0.6) ? 1 : 3
        let title = capitals ? book.title.uppercased() : book.title
        let author = capitals ? book.author.uppercased() : book.author
        let titleLength = Double(height) * 0.6, authorLength = Double(height) * 0.26
        let titleMask = try text(title, font: font, along: titleLength, across: Double(width) * Double.random(in: 0.45...0.6, using: &generator), turns: turns)
        defer { bt_vips_release(titleMask) }
        let authorMask = try text(author, font: font, along: authorLength, across: Double(width) * 0.38, turns: turns)
        defer { bt_vips_release(authorMask) }
        // Reading top to bottom the title comes first, at the top; bottom to top, at the bottom.
        let titleZone = turns == 1 ? (start: 0.04, length: 0.62) : (start: 0.34, length: 0.62)
        let authorZone = turns == 1 ? (start: 0.70, length: 0.27) : (start: 0.03, length: 0.27)
        for (mask, zone) in [(titleMask, titleZone), (authorMask, authorZone)] {
            let maskWidth = Int(vips_image_get_width(mask)), maskHeight = Int(vips_image_get_height(mask))
            let x = left + (width - maskWidth) / 2
            let y = top + Int(Double(height) * zone.start) + max(0, (Int(Double(height) * zone.length) - maskHeight) / 2)
            try check(bt_vips_paint_mask(canvas, ink.red, ink.green, ink.blue, mask, Int32(x), Int32(y)))
        }
    }

    /// Held while libvips writes a text (`text(_:font:along:across:turns:)`).
    private static let textLock = Mutex(())

    /// `text` in `font`, sized to fit `along` pixels of length and `across` of thickness, turned
    /// `turns` quarter turns clockwise: a mask to paint through.
    static func text(_ text: String, font: String, along: Double, across: Double, turns: Int) throws -> UnsafeMutablePointer<VipsImage> {
        // Pango takes markup: an ampersand or angle bracket in a title must be escaped.
        let markup = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        // One text at a time in the process: libvips lays text out with Pango and fontconfig, whose
        // font caches every thread shares, and tests draw shelves on several threads at once. (A
        // whole test run once stopped on a division by zero inside GLib while another thread was
        // inside fontconfig.)
        let written = try textLock.withLock { _ in
            let probe = try make { bt_vips_text(markup, font, 72, &$0) }
            let scale = min(along / Double(vips_image_get_width(probe)), across / Double(vips_image_get_height(probe)))
            bt_vips_release(probe)
            return try make { bt_vips_text(markup, font, Int32(max(8, (72 * scale).rounded(.down))), &$0) }
        }
        defer { bt_vips_release(written) }
        return try make { bt_vips_rot90(written, Int32(turns), &$0) }
    }

    /// How the camera sees the shelf: turned by `turn` radians and sheared about the centre, then
    /// narrowed towards the top or the bottom by `keystone` (a photo taken from a little below or above).
    struct View {
        var width: Double
        var height: Double
        var turn: Double
        var shear: Double
        var keystone: Double

        /// Where the drawn point (`x`, `y`) lands on the photo.
        func forward(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let dx = x - width / 2 + shear * (y - height / 2), dy = y - height / 2
            let tx = cos(turn) * dx - sin(turn) * dy, ty = sin(turn) * dx + cos(turn) * dy
            return (width / 2 + tx * (1 + keystone * ty / height), height / 2 + ty)
        }

        /// The drawn point a photo's pixel shows: `forward` undone.
        func backward(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let ty = y - height / 2
            let tx = (x - width / 2) / (1 + keystone * ty / height)
            let dx = cos(turn) * tx + sin(turn) * ty, dy = -sin(turn) * tx + cos(turn) * ty
            return (width / 2 + dx - shear * dy, height / 2 + dy)
        }

        /// The photo of `image` (of the view's size), resampled through `backward`.
        func apply(to image: UnsafeMutablePointer<VipsImage>) throws -> UnsafeMutablePointer<VipsImage> {
            let columns = Int(width), rows = Int(height)
            var index = [Float](repeating: 0, count: columns * rows * 2)
            index.withUnsafeMutableBufferPointer { buffer in
                for row in 0..<rows {
                    for column in 0..<columns {
                        let source = backward(Double(column), Double(row))
                        buffer[(row * columns + column) * 2] = Float(source.x)
                        buffer[(row * columns + column) * 2 + 1] = Float(source.y)
                    }
                }
            }
            let map = index.withUnsafeBytes { raw in
                vips_image_new_from_memory_copy(raw.baseAddress, raw.count, Int32(columns), Int32(rows), 2, VIPS_FORMAT_FLOAT)
            }
            guard let map else { throw Failure(description: ShelfRenderer.lastError()) }
            defer { bt_vips_release(map) }
            let lazy = try make { bt_vips_remap(image, map, &$0) }
            defer { bt_vips_release(lazy) }
            guard let copied = vips_image_copy_memory(lazy) else { throw Failure(description: ShelfRenderer.lastError()) }
            return copied
        }
    }

    /// The image a libvips call makes, or its error.
    static func make(_ call: (inout UnsafeMutablePointer<VipsImage>?) -> Int32) throws -> UnsafeMutablePointer<VipsImage> {
        var out: UnsafeMutablePointer<VipsImage>?
        guard call(&out) == 0, let out else { throw Failure(description: lastError()) }
        return out
    }

    /// Throws libvips's error when a call that changes an image in place failed.
    static func check(_ status: Int32) throws {
        guard status == 0 else { throw Failure(description: lastError()) }
    }

    /// libvips's last error, cleared.
    static func lastError() -> String {
        defer { bt_vips_clear_error() }
        return bt_vips_error().map { String(cString: $0) } ?? "libvips failed"
    }
}
