import Foundation
import Testing

@testable import BooksTrackCore
@testable import BooksTrackServices

@Suite struct AccountRulesTests {
    @Test func aTokenSecretIsThePrefixAnd256RandomBitsInBase64URL() {
        let secrets = (0..<200).map { _ in AccountService.newSecret() }
        #expect(Set(secrets).count == 200)
        for secret in secrets {
            #expect(secret.hasPrefix("bt_"))
            #expect(secret.count == 46)
            #expect(AccountService.isWellFormed(secret: secret))
            let body = secret.dropFirst(3).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="
            #expect(Data(base64Encoded: body)?.count == 32)
        }
    }

    @Test(arguments: ["", "bt_", "bt_short", "xx_" + String(repeating: "a", count: 43), "bt_" + String(repeating: "a", count: 42) + "=",
                      "bt_" + String(repeating: "a", count: 44), "bt_" + String(repeating: "é", count: 43)])
    func malformedSecretsAreNotTokens(secret: String) {
        #expect(!AccountService.isWellFormed(secret: secret))
    }

    @Test func passwordsNeedEightCharactersAndAtMost72Bytes() {
        #expect(throws: AccountError.passwordTooShort(minimum: 8)) { try AccountService.check(password: "seven77") }
        #expect(throws: Never.self) { try AccountService.check(password: "eight888") }
        #expect(throws: Never.self) { try AccountService.check(password: String(repeating: "p", count: 72)) }
        #expect(throws: AccountError.passwordTooLong(maximumBytes: 72)) { try AccountService.check(password: String(repeating: "p", count: 73)) }
        // 36 two-byte letters are 72 bytes; one more is too many however few characters it is.
        #expect(throws: AccountError.passwordTooLong(maximumBytes: 72)) { try AccountService.check(password: String(repeating: "é", count: 37)) }
    }

    @Test func secretsMatchOnlyWhenEqual() {
        #expect(AccountService.secretsMatch("abc", "abc"))
        #expect(!AccountService.secretsMatch("abc", "abd"))
        #expect(!AccountService.secretsMatch("abc", "abcd"))
        #expect(!AccountService.secretsMatch("", "a"))
    }
}
