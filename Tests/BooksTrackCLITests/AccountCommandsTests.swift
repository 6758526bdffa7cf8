import BooksTrackCLI
import Foundation
import Testing

@Suite struct AccountCommandsTests {
    @Test func theFirstAccountClaimsTheTerminalsLibraryAndATokenIsPrintedOnce() async throws {
        let cli = try CLIHarness()
        _ = try await cli.add("Kindred", "--author", "Octavia E. Butler")

        let added = await cli.run(["user", "add", "alice", "--admin", "--password-stdin"], input: ["correct horse"])
        #expect(added.exitCode == 0, "\(added.error)")
        #expect(added.output.contains("created account alice (administrator)"))
        // The library kept from the terminal is now alice's.
        let list = await cli.run("list", "--user", "alice")
        #expect(list.output.contains("Kindred"))

        let token = await cli.run("token", "create", "backup", "--user", "alice")
        #expect(token.exitCode == 0)
        let secret = token.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(secret.hasPrefix("bt_") && secret.count == 46)
        #expect(token.error.contains("shown only now"))
        let listed = await cli.run("token", "list", "--user", "alice")
        #expect(listed.output.contains("backup"))
        #expect(listed.output.contains("never used"))
        #expect(!listed.output.contains(secret))
    }

    @Test func badAccountInputIsRefusedWithTheRule() async throws {
        let cli = try CLIHarness()
        let short = await cli.run(["user", "add", "alice", "--password-stdin"], input: ["short"])
        #expect(short.exitCode == 2)
        #expect(short.error.contains("at least 8 characters"))
        let none = await cli.run(["user", "add", "alice", "--password-stdin"], input: [])
        #expect(none.exitCode == 2)
        #expect(none.error.contains("no password on standard input"))
        let noFlag = await cli.run(["user", "add", "alice"])
        #expect(noFlag.exitCode == 2)
        #expect(noFlag.error.contains("--password-stdin"))
        let unknown = await cli.run("token", "create", "x", "--user", "nobody")
        #expect(unknown.exitCode == 1)
        #expect(unknown.error.contains("no account named nobody"))
        let badPort = await cli.run("serve", "--port", "70000")
        #expect(badPort.exitCode == 2)
        #expect(badPort.error.contains("not a port"))
    }

    @Test func anAdministratorMakesAnInvitationWhoseCodeIsPrintedOnce() async throws {
        let cli = try CLIHarness()
        _ = await cli.run(["user", "add", "admin", "--admin", "--password-stdin"], input: ["correct horse"])
        _ = await cli.run(["user", "add", "reader", "--password-stdin"], input: ["correct horse"])
        let made = await cli.run("user", "invite", "--from", "admin", "--note", "Sam", "--days", "3")
        #expect(made.exitCode == 0, "\(made.error)")
        let code = made.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code.hasPrefix("bt_") && code.count == 46)
        #expect(made.error.contains("works once until"))
        let notAdmin = await cli.run("user", "invite", "--from", "reader")
        #expect(notAdmin.exitCode == 2)
        #expect(notAdmin.error.contains("only an administrator"))
        let tooLong = await cli.run("user", "invite", "--from", "admin", "--days", "400")
        #expect(tooLong.exitCode == 2)
        #expect(tooLong.error.contains("from 1 to 90 days"))
        let badPolicy = await cli.run("serve", "--sign-up", "sometimes")
        #expect(badPolicy.exitCode == 2)
        #expect(badPolicy.error.contains("closed, invite, open"))
    }
}
