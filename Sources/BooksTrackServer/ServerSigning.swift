import BooksTrackCore
import Crypto
import Foundation

/// The server's own signatures (HMAC-SHA256 under a key kept in the data folder): the cookies
/// that mark a browser as one an account has signed in from, and the image links the server's
/// pages make. The key is made on first start and kept (mode 0600), so both outlive a restart.
struct ServerSigning: Sendable {
    private let key: SymmetricKey

    enum Failure: Error, CustomStringConvertible {
        case unreadableKey(path: String, reason: String)

        var description: String {
            switch self {
            case .unreadableKey(let path, let reason): "the server's signing key at \(path) cannot be read or made: \(reason)"
            }
        }
    }

    init(key: SymmetricKey) {
        self.key = key
    }

    /// The key kept at `file`, made (32 random bytes) when there is none.
    init(keyFile file: URL) throws {
        if let bytes = try? Data(contentsOf: file), bytes.count == 32 {
            key = SymmetricKey(data: bytes)
            return
        }
        let made = SymmetricKey(size: .bits256)
        let bytes = made.withUnsafeBytes { Data($0) }
        do {
            try OwnerOnly.makeFolder(file.deletingLastPathComponent())
            let created = FileManager.default.createFile(atPath: file.path, contents: bytes, attributes: [.posixPermissions: 0o600])
            guard created else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw Failure.unreadableKey(path: file.path, reason: "\(error)")
        }
        key = made
    }

    /// The signature of `text`, as 43 URL-safe characters.
    func signature(_ text: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)
        return Data(code).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `signature` is the signature of `text` (compared in constant time).
    func isSignature(_ signature: String, of text: String) -> Bool {
        let expected = Array(self.signature(text).utf8)
        let given = Array(signature.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
