import ArgumentParser
import BooksTrackCore
import BooksTrackImport
import Foundation

/// `bookstrack export`: the whole library as BooksTrack JSON or Goodreads CSV.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the library as BooksTrack JSON (everything) or Goodreads CSV.",
        discussion: """
            json: works, editions, authors and entries with sessions, quotes, read history, tags, \
            ratings, reviews and notes (page photos with --photos); `bookstrack import` reads it back.
            goodreads: the Goodreads library-export columns, which Goodreads, StoryGraph and BookWyrm import.
            Without -o the export is written to standard output.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case goodreads
    }

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: "json or goodreads.")
    var format: Format = .json

    @Option(name: [.customShort("o"), .long], help: "The file to write (replaced only when the export succeeds).")
    var output: String?

    @Flag(name: .long, help: "Include page photos in a JSON export.")
    var photos = false

    func validate() throws {
        if photos, format != .json { throw ArgumentParser.ValidationError("--photos goes with --format json") }
    }

    func run() async throws {
        let context = CommandContext.current
        let imports = try options.user().imports
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("bookstrack-export-\(UUID().uuidString)", isDirectory: true)
        let destination = output.map { URL(fileURLWithPath: $0) }
            ?? temporary.appendingPathComponent(format == .json ? "library.json" : "goodreads_library_export.csv")
        if output == nil {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        let bar = ProgressBar(label: destination.lastPathComponent, context: context)
        let count: Int
        do {
            let progress: @Sendable (Int, Int) -> Void = { done, total in bar.show(processed: done, total: total, unit: "books") }
            switch format {
            case .json: count = try await imports.exportJSON(to: destination, includePhotos: photos, progress: progress)
            case .goodreads: count = try await imports.exportGoodreadsCSV(to: destination, progress: progress)
            }
        } catch {
            bar.finish()
            throw error
        }
        bar.finish()
        if output == nil {
            try Self.copy(destination, to: context)
        } else {
            context.standardError("Exported \(HumanFormat.count(count, "book", "books")) to \(destination.path)\n")
        }
    }

    /// Streams a finished export to standard output in chunks.
    private static func copy(_ file: URL, to context: CommandContext) throws {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var pending = Data()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending.append(chunk)
            // A chunk may end inside a multi-byte character: hold those bytes for the next one.
            let cut = completeUTF8Prefix(pending)
            context.standardOutput(String(decoding: pending.prefix(cut), as: UTF8.self))
            pending = Data(pending.dropFirst(cut))
        }
        if !pending.isEmpty { context.standardOutput(String(decoding: pending, as: UTF8.self)) }
    }

    /// The length of the longest prefix of `data` that does not end inside a UTF-8 sequence.
    private static func completeUTF8Prefix(_ data: Data) -> Int {
        let bytes = [UInt8](data.suffix(4))
        let base = data.count - bytes.count
        for offset in stride(from: bytes.count - 1, through: 0, by: -1) where bytes[offset] & 0xC0 != 0x80 {
            let lead = bytes[offset]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            return offset + length <= bytes.count ? data.count : base + offset
        }
        return data.count
    }
}
