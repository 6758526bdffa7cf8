import BooksTrackCore
import BooksTrackServices
import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// The cookie that marks a browser or device as one an account has signed in from (OWASP's
/// "device cookie"). Failed sign-ins of an account from everywhere slow down strangers only: a
/// browser holding the account's device cookie is throttled by its own failures, so a guesser
/// spread over many addresses cannot lock the owner out.
struct KnownDevice: Sendable {
    let signing: ServerSigning

    /// How long a device cookie lasts: a year.
    static let lifetime = 365 * 24 * 3_600

    /// The cookie's name for the account `nameKey` (each account a browser signs in to has its own).
    static func cookieName(for nameKey: String) -> String {
        "bt_device_" + SHA256.hash(data: Data(nameKey.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    /// A new cookie for the account `nameKey`, to set at a successful sign-in.
    func setting(for nameKey: String, secure: Bool) -> String {
        let nonce = AccountService.newSetupSecret()
        let value = nonce + "." + signing.signature("device\n" + nameKey + "\n" + nonce)
        return "\(Self.cookieName(for: nameKey))=\(value); Path=/; Max-Age=\(Self.lifetime); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The device's own identifier when `request` carries a valid device cookie for `nameKey`.
    func device(in request: Request, for nameKey: String) -> String? {
        guard let value = request.cookies[Self.cookieName(for: nameKey)]?.value else { return nil }
        let parts = value.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0].count <= 128, signing.isSignature(parts[1], of: "device\n" + nameKey + "\n" + parts[0]) else { return nil }
        return parts[0]
    }
}
