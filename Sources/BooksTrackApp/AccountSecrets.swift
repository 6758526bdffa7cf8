import BooksTrackCore
import Crypto
import Foundation
import HummingbirdBcrypt

/// Passwords hashed with bcrypt, token secrets digested with SHA-256.
struct AccountSecrets: Secrets {
    /// bcrypt's work factor: 2^cost rounds (cost 11 is about 0.15 s here, a sign-in's worth).
    var cost: UInt8 = 11

    func hashPassword(_ password: String) -> String {
        Bcrypt.hash(password, cost: cost)
    }

    func verifyPassword(_ password: String, hash: String) -> Bool {
        Bcrypt.verify(password, hash: hash)
    }

    func digest(token secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
