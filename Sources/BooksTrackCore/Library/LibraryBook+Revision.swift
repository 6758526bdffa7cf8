import Foundation

extension LibraryBook {
    /// A short text that changes whenever anything stored of the book changes (its work, authors,
    /// edition or entry): the API's `ETag`, compared with `If-Match` inside the edit's transaction
    /// so that two devices editing one book at once cannot lose each other's change unseen.
    public var revision: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let parts = Revisioned(work: work, authors: authors, edition: edition, entry: entry)
        // Encoding values of the model cannot fail; were it to, every book would share one
        // revision and every If-Match would match, which loses no data but checks nothing.
        let bytes = (try? encoder.encode(parts)) ?? Data()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private struct Revisioned: Encodable {
        var work: Work
        var authors: [Author]
        var edition: Edition?
        var entry: LibraryEntry
    }
}
