import Foundation

/// Tells a JSON export from a delimited one by its first bytes, and reads small JSON files whole.
enum FileSniffer {
    enum Kind: Equatable, Sendable {
        /// A JSON document; `isBooksTrack` when it declares `"format":"bookstrack"`.
        case json(isBooksTrack: Bool)
        case delimited
    }

    static func kind(of url: URL, limits: ImportLimits) throws(ImportError) -> Kind {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadable(path: url.path, reason: Self.reason(error))
        }
        defer { try? handle.close() }
        let head: Data
        do {
            head = try handle.read(upToCount: 4_096) ?? Data()
        } catch {
            throw .unreadable(path: url.path, reason: Self.reason(error))
        }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .delimited }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return .delimited }
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: " ", with: "")
        return .json(isBooksTrack: text.contains("\"format\":\"bookstrack\""))
    }

    /// The file's size in bytes, refused when larger than the byte cap.
    static func size(of url: URL, limits: ImportLimits) throws(ImportError) -> Int {
        let size: Int
        do {
            size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .unreadable(path: url.path, reason: Self.reason(error))
        }
        guard size <= limits.maxBytes else { throw .fileTooLarge(bytes: size, limit: limits.maxBytes) }
        return size
    }

    /// The whole file, refused when larger than the byte cap; `mapped` maps it instead of reading it.
    static func contents(of url: URL, limits: ImportLimits, mapped: Bool = false) throws(ImportError) -> Data {
        _ = try size(of: url, limits: limits)
        do {
            return try Data(contentsOf: url, options: mapped ? .alwaysMapped : [])
        } catch {
            throw .unreadable(path: url.path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
