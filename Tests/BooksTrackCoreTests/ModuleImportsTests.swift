import Foundation
import Testing

/// Each module's README says what it may import; its sources import nothing else. The model
/// imports Foundation and the standard library's own modules only, and no front end imports the
/// database library.
@Suite struct ModuleImportsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The modules each Swift file of `module` imports.
    static func imports(of module: String) throws -> Set<String> {
        let folder = sources.appendingPathComponent(module)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" } ?? []
        let line = /^\s*(?:@testable\s+)?(?:@_exported\s+)?import\s+(?:(?:struct|class|enum|func|protocol)\s+)?([A-Za-z0-9_]+)/
        var found = Set<String>()
        for file in files {
            for text in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = try line.firstMatch(in: String(text)) { found.insert(String(match.output.1)) }
            }
        }
        return found
    }

    /// The names in the README's "May import:" paragraph.
    static func allowed(for module: String) throws -> Set<String> {
        let readme = try String(contentsOf: sources.appendingPathComponent(module).appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "May import:") else { return [] }
        let paragraph = readme[start.upperBound...].components(separatedBy: "\n\n").first ?? ""
        return Set(paragraph.matches(of: /[A-Za-z][A-Za-z0-9_]+/).map { String($0.output) })
    }

    static var modules: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).filter {
            FileManager.default.fileExists(atPath: sources.appendingPathComponent($0).appendingPathComponent("README.md").path)
                && !$0.hasPrefix("C")
        }.sorted()
    }

    @Test func everyModuleImportsOnlyWhatItsReadmeSays() throws {
        #expect(Self.modules.count >= 13, "\(Self.modules)")
        for module in Self.modules {
            let allowed = try Self.allowed(for: module)
            #expect(!allowed.isEmpty, "\(module)'s README has no \"May import:\" paragraph")
            let extra = try Self.imports(of: module).subtracting(allowed)
            #expect(extra.isEmpty, "\(module) imports \(extra.sorted()) that its README does not name")
        }
    }

    @Test func theModelImportsFoundationAloneAndNoFrontEndTheDatabase() throws {
        let model = try Self.imports(of: "BooksTrackCore")
        #expect(model.isSubset(of: ["Foundation", "Synchronization", "Glibc", "Darwin"]), "\(model.sorted())")
        for frontEnd in ["BooksTrackServer", "BooksTrackCLI"] {
            let imported = try Self.imports(of: frontEnd)
            #expect(imported.isDisjoint(with: ["GRDB", "GRDBSQLite", "CThreadAffinity"]), "\(frontEnd): \(imported.sorted())")
        }
    }
}
