import BooksTrackCore
import CTesseract
import Foundation

/// One tesseract engine with the English model, reading 8-bit grey pixels. A handle is not
/// thread-safe: each value is used by one thread at a time and freed when released.
final class TesseractOCR {
    /// What tesseract read in one image: its text and its mean confidence, 0–100.
    struct Reading: Sendable, Hashable {
        var text: String
        var confidence: Int
    }

    /// Where Debian installs tesseract's models (tesseract-ocr-eng), newest first.
    static let debianDataFolders = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"]

    private let handle: OpaquePointer

    /// Starts tesseract with `language`'s model from `dataFolder`; throws `notConfigured` with the
    /// reason when the model is missing or the engine does not start.
    init(dataFolder: String, language: String = "eng") throws(ShelfRecognitionError) {
        try Self.checkModel(in: dataFolder, language: language)
        guard let handle = TessBaseAPICreate() else { throw .notConfigured("tesseract could not be created") }
        guard TessBaseAPIInit3(handle, dataFolder, language) == 0 else {
            TessBaseAPIDelete(handle)
            throw .notConfigured("tesseract could not load its \(language) model from \(dataFolder)")
        }
        self.handle = handle
        // Spine photos carry no resolution; tesseract otherwise warns and assumes 70. Said here to
        // keep it quiet: at 70, Sauvola's window (a third of an inch) is about half a letter high
        // on the strips read, which finds their letters best.
        _ = TessBaseAPISetVariable(handle, "user_defined_dpi", "70")
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    /// Throws `notConfigured` when `language`'s model is not in `dataFolder`.
    static func checkModel(in dataFolder: String, language: String = "eng") throws(ShelfRecognitionError) {
        let model = (dataFolder as NSString).appendingPathComponent("\(language).traineddata")
        guard FileManager.default.fileExists(atPath: model) else {
            throw .notConfigured("tesseract's \(language) model is not at \(model); install tesseract-ocr-\(language) or set the tessdata folder")
        }
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The first Debian tessdata folder that holds the English model, or nil.
    static func installedDataFolder() -> String? {
        debianDataFolders.first { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("eng.traineddata")) }
    }

    /// How tesseract tells ink from paper before reading.
    enum Thresholding: String, Sendable {
        /// One threshold for the whole image (Otsu's, tesseract's default): clean on a spine that
        /// is one colour, but set by the dark gaps and neighbouring spines on a strip, it can lose
        /// pale letters on a mid-tone spine.
        case global = "0"
        /// Sauvola's thresholds, each from its neighbourhood: finds those letters, and reads
        /// the noise of a dark, grainy gap as letters too.
        case local = "2"
    }

    /// The text of `pixels` (8-bit grey, rows of `width`), read as one block of text.
    func read(_ pixels: [UInt8], width: Int, height: Int, thresholding: Thresholding) -> Reading {
        _ = TessBaseAPISetVariable(handle, "thresholding_method", thresholding.rawValue)
        return pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetPageSegMode(handle, bt_tess_single_block())
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(width), Int32(height), 1, Int32(width))
            defer { TessBaseAPIClear(handle) }
            guard let text = TessBaseAPIGetUTF8Text(handle) else { return Reading(text: "", confidence: 0) }
            defer { TessDeleteText(text) }
            return Reading(text: String(cString: text), confidence: Int(TessBaseAPIMeanTextConf(handle)))
        }
    }
}
