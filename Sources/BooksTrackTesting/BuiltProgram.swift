import Foundation

/// The `bookstrack` executable `swift build` put beside the test bundle, for tests that run the
/// program as a user does.
public enum BuiltProgram {
    /// Its location (the tests check it is there).
    public static var bookstrack: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the test runner is the bundle itself; on macOS it sits inside `*.xctest/Contents/MacOS`.
        while directory.pathComponents.count > 1, !FileManager.default.fileExists(atPath: directory.appendingPathComponent("bookstrack").path) {
            directory = directory.deletingLastPathComponent()
            if directory.lastPathComponent == ".build" { break }
        }
        return directory.appendingPathComponent("bookstrack")
    }
}
