import BooksTrackConcurrency
import BooksTrackCore
import CVips
import Foundation

/// Names the books on a shelf photo without leaving the machine: finds the spines
/// (`SpineFinder`), reads each with tesseract turned both ways a spine is written, looks the
/// words up in the offline catalog and keeps a book only when it accounts for what was read
/// (`SpineTextMatch`) well enough to be trusted. Spines are read with one threshold for the
/// whole strip first, and those where no book was found again with local thresholds. Decoding
/// and OCR run on threads of their own, two spines at a time, one tesseract engine per thread.
public struct TesseractShelfRecognizer: ShelfRecognizer {
    /// "offline", kept with each scan.
    public let name = "offline"
    /// Where tesseract's models are; nil for Debian's folder.
    public let dataFolder: String?
    /// The largest photo decoded, in bytes and pixels.
    public let limits: ImageLimits
    /// The lowest `SpineTextMatch.score` kept, 0–1: high, because a wrong book on a shelf costs the
    /// user more than a missed one (they add it by hand).
    public let acceptance: Double
    private let candidates: @Sendable (String) async throws -> [WorkDTO]

    /// Whether tesseract's English model is in `folder`, else where Debian installs it.
    public static func isInstalled(in folder: String? = nil) -> Bool {
        guard let folder else { return TesseractOCR.installedDataFolder() != nil }
        return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("eng.traineddata"))
    }

    /// A recognizer looking books up with `candidates` (words read on a spine → catalog works, best
    /// first; the app passes the offline catalog's text search).
    public init(
        dataFolder: String? = nil, limits: ImageLimits = ImageLimits(), acceptance: Double = 0.62,
        candidates: @escaping @Sendable (String) async throws -> [WorkDTO]
    ) {
        self.dataFolder = dataFolder
        self.limits = limits
        self.acceptance = acceptance
        self.candidates = candidates
    }

    /// What was read on one spine, and where the spine is. Each group of words is looked up on
    /// its own: the words of each way of reading it, all of them and line by line (two books of
    /// one colour side by side are one strip of two lines).
    struct SpineReading: Sendable {
        var groups: [[String]]
        var box: BoundingBox
    }

    /// A spine's pixels ready for tesseract: 8-bit grey, rows of `width`, with where it is and the
    /// ways it is turned to be read.
    struct SpineImage: Sendable {
        var pixels: [UInt8]
        var width: Int
        var height: Int
        var box: BoundingBox
        var turns: [Turn]
    }

    /// How wide a spine's strip is read at, in pixels across (letters about 50 pixels tall): a
    /// narrow spine is enlarged, tesseract reading small letters badly; a wide one shrunk, as
    /// well read and faster.
    static let readingThickness = 90.0
    /// The size the spines are looked for at, in pixels (of the longer side).
    static let analysisSize = 800
    /// The narrowest strip also read as it is (books lying flat), as a share of the photo's height.
    static let lyingShare = 0.2
    /// The widest a strip is read at as it is, in pixels.
    static let lyingWidth = 1_600.0
    /// How many threads read spines at once.
    static let readers = 2

    /// The catalog books whose spines were read on `photo`, each checked, one detection per book.
    /// Throws `ImageError` for a photo that cannot be decoded and `ShelfRecognitionError.notConfigured`
    /// when tesseract or its English model is missing.
    public func recognize(_ photo: ShelfPhoto) async throws -> [ShelfDetection] {
        guard let folder = dataFolder ?? TesseractOCR.installedDataFolder() else {
            throw ShelfRecognitionError.notConfigured(
                "tesseract's English model was not found in \(TesseractOCR.debianDataFolders.joined(separator: " or ")); install tesseract-ocr-eng"
            )
        }
        // A missing model is reported before any photo work (and for a photo with no spines too).
        try TesseractOCR.checkModel(in: folder)
        let limits = limits
        let spines = try await ImageWork.shared.run(name: "bookstrack shelf") { try Self.spineImages(photo.jpeg, limits: limits) }
        var best: [String: ShelfDetection] = [:]
        var order: [String] = []
        var searched: [String: [WorkDTO]] = [:]
        // Global thresholds first; the spines where no book was found are read again with local ones.
        var unread = Array(spines.indices)
        for thresholding in [TesseractOCR.Thresholding.global, .local] where !unread.isEmpty {
            let readings = try await Self.read(unread.map { spines[$0] }, dataFolder: folder, thresholding: thresholding)
            var stillUnread: [Int] = []
            for (index, reading) in zip(unread, readings) {
                let found = try await add(reading, index: index, to: &best, order: &order, searched: &searched)
                if !found { stillUnread.append(index) }
            }
            unread = stillUnread
        }
        let detections = order.compactMap { best[$0] }
        try ShelfDetection.checkCount(detections.count)
        return detections
    }

    /// Adds the books found in one spine's reading to `best` (the better of two detections of
    /// the same book kept); whether any was found.
    private func add(
        _ reading: SpineReading, index: Int, to best: inout [String: ShelfDetection], order: inout [String],
        searched: inout [String: [WorkDTO]]
    ) async throws -> Bool {
        var found = false
        for words in reading.groups {
            guard let (work, score) = try await bestWork(for: words, searched: &searched) else { continue }
            let author = work.authors.first?.name
            let detection = try ShelfDetection.checked(
                index: index, title: work.title, author: author, isbn: nil, confidence: min(1, max(0, score)), box: reading.box
            )
            let key = TextNormalization.normalizeTitle(work.title) + "|" + (author.map(TextNormalization.normalizeAuthor) ?? "")
            found = true
            if let kept = best[key] {
                if kept.confidence < detection.confidence { best[key] = detection }
            } else {
                best[key] = detection
                order.append(key)
            }
        }
        return found
    }

    /// The catalog work that best accounts for `words`, with its score, when it clears `acceptance`.
    func bestWork(for words: [String], searched: inout [String: [WorkDTO]]) async throws -> (WorkDTO, Double)? {
        var best: (work: WorkDTO, score: Double)?
        for query in Self.queries(for: words) {
            let found: [WorkDTO]
            if let known = searched[query] {
                found = known
            } else {
                do {
                    found = try await candidates(query)
                } catch {
                    throw ShelfRecognitionError.unavailable("the offline catalog could not be searched: \(error)")
                }
                searched[query] = found
            }
            for work in found {
                guard let score = Self.score(work, read: words), score >= acceptance else { continue }
                if score > (best?.score ?? -1) { best = (work, score) }
            }
        }
        return best
    }

    /// How well `work` accounts for the words read, or nil when it cannot be the book: less than
    /// two thirds of its title read, or a title of fewer than eight letters without its author
    /// (a lone short word is read on too many spines).
    static func score(_ work: WorkDTO, read: [String]) -> Double? {
        let authorWords = SpineTextMatch.words(work.authors.first?.name ?? "")
        var titles = [work.title]
        if let main = work.title.split(separator: ":").first, main.count < work.title.count { titles.append(String(main)) }
        var best: Double?
        for title in titles {
            let titleWords = SpineTextMatch.words(title)
            let match = SpineTextMatch(title: titleWords, author: authorWords, read: read)
            guard match.title >= 0.67 else { continue }
            if titleWords.reduce(0, { $0 + $1.count }) < 8, match.author < 0.5 { continue }
            best = max(best ?? 0, match.score)
        }
        return best
    }

    /// The searches made for the words of one spine, most specific first: all of them, all but
    /// one (a misread word makes a search of every word find nothing), each two neighbours, and
    /// each long word alone. Only words of three letters or more are searched, the eight longest
    /// (the specks tesseract reads as letters come out short: "ee", "oe").
    static func queries(for words: [String]) -> [String] {
        let lettered = words.filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) && Set($0).count > 1 }
        let longest = Set(lettered.indices.sorted { lettered[$0].count > lettered[$1].count }.prefix(8))
        let strong = lettered.indices.filter { longest.contains($0) }.map { lettered[$0] }
        guard !strong.isEmpty else { return [] }
        var queries = [strong.joined(separator: " ")]
        if strong.count > 2 {
            for skipped in strong.indices {
                var rest = strong
                rest.remove(at: skipped)
                queries.append(rest.joined(separator: " "))
            }
        }
        if strong.count > 1 {
            for index in strong.indices.dropLast() { queries.append(strong[index] + " " + strong[index + 1]) }
        }
        queries += strong.filter { $0.count >= 6 }
        var seen = Set<String>()
        return queries.filter { seen.insert($0).inserted }.prefix(24).map { $0 }
    }

    /// Reads every spine, `readers` at a time, each reader on its own thread with its own engine.
    static func read(_ spines: [SpineImage], dataFolder: String, thresholding: TesseractOCR.Thresholding) async throws -> [SpineReading] {
        try await withThrowingTaskGroup(of: [(Int, SpineReading)].self) { group in
            for reader in 0..<readers {
                let share = spines.indices.filter { $0 % readers == reader }.map { ($0, spines[$0]) }
                guard !share.isEmpty else { continue }
                group.addTask {
                    try await OwnThread.run(name: "bookstrack ocr") {
                        let engine = try TesseractOCR(dataFolder: dataFolder)
                        return share.map { index, spine in
                            var groups: [[String]] = []
                            for text in readTexts(of: spine, with: engine, thresholding: thresholding) {
                                let lines = text.split(whereSeparator: \.isNewline).map { SpineTextMatch.words(String($0)) }.filter { !$0.isEmpty }
                                groups.append(SpineTextMatch.words(text))
                                if lines.count > 1 { groups += lines }
                            }
                            return (index, SpineReading(groups: groups.filter { !$0.isEmpty }, box: spine.box))
                        }
                    }
                }
            }
            var readings: [(Int, SpineReading)] = []
            for try await part in group { readings += part }
            return readings.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The texts of one spine, read in each of its turns (a standing spine a quarter either way, up
    /// the spine and down it): all are kept, since capitals read upside down give words too (SOON
    /// turned over reads NOOS), and the catalog tells which is the book better than tesseract's
    /// confidence does.
    static func readTexts(of spine: SpineImage, with engine: TesseractOCR, thresholding: TesseractOCR.Thresholding) -> [String] {
        spine.turns.map { turn in
            let turned = turn.apply(spine.pixels, width: spine.width, height: spine.height)
            return engine.read(turned.pixels, width: turned.width, height: turned.height, thresholding: thresholding).text
        }
    }

    /// A quarter turn of grey pixels, or none.
    enum Turn: Sendable {
        case clockwise, anticlockwise, none

        /// The pixels turned, with their new width and height.
        func apply(_ pixels: [UInt8], width: Int, height: Int) -> (pixels: [UInt8], width: Int, height: Int) {
            guard self != .none else { return (pixels, width, height) }
            var turned = [UInt8](repeating: 0, count: pixels.count)
            pixels.withUnsafeBufferPointer { source in
                turned.withUnsafeMutableBufferPointer { target in
                    for y in 0..<height {
                        for x in 0..<width {
                            // Clockwise, the bottom row becomes the left column; anticlockwise, the right column the top row.
                            let index = self == .clockwise ? x * height + (height - 1 - y) : (width - 1 - x) * height + y
                            target[index] = source[y * width + x]
                        }
                    }
                }
            }
            return (turned, height, width)
        }
    }

    /// The photo decoded and its spines cut out, straightened and scaled for reading.
    static func spineImages(_ data: Data, limits: ImageLimits) throws -> [SpineImage] {
        _ = try Vips.check(data, limits: limits)
        let image = try Vips.upright(data, fitting: 2_048)
        defer { Vips.release(image) }
        let small = try Vips.shrunk(image, fitting: analysisSize)
        defer { Vips.release(small) }
        let colour = try rgb(small)
        let strips = SpineFinder().strips(rgb: colour.pixels, width: colour.width, height: colour.height)
        guard !strips.isEmpty else { return [] }
        let grey = try Vips.grey(image)
        let scale = Double(grey.width) / Double(colour.width)
        return strips.flatMap { strip in
            let left = strip.left * scale, right = strip.right * scale
            let standing = cut(grey.pixels, width: grey.width, height: grey.height, left: left, right: right, slope: strip.slope,
                               thickness: readingThickness, turns: [.anticlockwise, .clockwise])
            // A strip this wide may be books lying flat, stacked, their spines written across: read as it is too,
            // at most `lyingWidth` wide.
            guard right - left >= lyingShare * Double(grey.height) else { return [standing] }
            let lying = cut(grey.pixels, width: grey.width, height: grey.height, left: left, right: right, slope: strip.slope,
                            thickness: min(lyingWidth, (right - left) * 1.24), turns: [.none])
            return [standing, lying]
        }
    }

    /// One spine's strip of a grey image: the columns between `left` and `right` (at the middle
    /// row) and an eighth more either side, following the slant, scaled to `thickness` across
    /// (bilinearly).
    static func cut(
        _ pixels: [UInt8], width: Int, height: Int, left: Double, right: Double, slope: Double, thickness: Double, turns: [Turn]
    ) -> SpineImage {
        let margin = (right - left) * 0.12
        let start = left - margin, across = right - left + 2 * margin
        let step = across / thickness
        let columns = max(1, Int(across / step)), rows = max(1, Int(Double(height) / step))
        var strip = [UInt8](repeating: 0, count: columns * rows)
        let centre = Double(height) / 2
        pixels.withUnsafeBufferPointer { source in
            strip.withUnsafeMutableBufferPointer { target in
                for row in 0..<rows {
                    let y = min(Double(height - 1), Double(row) * step)
                    let y0 = Int(y), y1 = min(height - 1, y0 + 1), fy = y - Double(y0)
                    let shift = start + slope * (y - centre)
                    for column in 0..<columns {
                        let x = min(Double(width - 1), max(0, shift + Double(column) * step))
                        let x0 = Int(x), x1 = min(width - 1, x0 + 1), fx = x - Double(x0)
                        let top = Double(source[y0 * width + x0]) * (1 - fx) + Double(source[y0 * width + x1]) * fx
                        let bottom = Double(source[y1 * width + x0]) * (1 - fx) + Double(source[y1 * width + x1]) * fx
                        target[row * columns + column] = UInt8(min(255, max(0, (top * (1 - fy) + bottom * fy).rounded())))
                    }
                }
            }
        }
        let reach = abs(slope) * centre
        let boxLeft = max(0, left - reach), boxRight = min(Double(width), right + reach)
        let box = BoundingBox(x: boxLeft / Double(width), y: 0, width: max(1, boxRight - boxLeft) / Double(width), height: 1)
        return SpineImage(pixels: strip, width: columns, height: rows, box: box, turns: turns)
    }

    /// The pixels of `image` as 8-bit sRGB, three bytes each, with its width and height.
    static func rgb(_ image: OpaquePointer) throws(ImageError) -> (pixels: [UInt8], width: Int, height: Int) {
        let vipsImage = UnsafeMutablePointer<VipsImage>(image)
        var pixels: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard bt_vips_rgb(vipsImage, &pixels, &length) == 0, let pixels else { throw .unreadable(Vips.lastError()) }
        defer { g_free(pixels) }
        return (Array(UnsafeBufferPointer(start: pixels, count: length)),
                Int(vips_image_get_width(vipsImage)), Int(vips_image_get_height(vipsImage)))
    }
}
