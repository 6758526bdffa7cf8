import ArgumentParser
import BooksTrackCore
import Foundation

/// `bookstrack cache stats|clear`.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "Inspect or clear the search cache.", subcommands: [Stats.self, Clear.self]
    )

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "Entries, hits, misses and size of the search cache.")
        @OptionGroup var options: LibraryOptions

        func run() throws {
            let context = CommandContext.current
            let cache = try options.app().searchCache()
            let stats = try cache.statistics(now: context.now())
            if options.json { return try JSONOutput.print(stats) }
            say("Entries:   \(stats.entries) (\(stats.liveEntries) not expired)")
            say("Size:      \(stats.bytes) bytes")
            say("Hits:      \(stats.hits)")
            say("Misses:    \(stats.misses)")
            say("Hit rate:  " + (stats.hitRate.map { String(format: "%.1f%%", $0 * 100) } ?? "no lookups yet"))
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every cached answer.")
        @OptionGroup var options: LibraryOptions

        func run() throws {
            let cache = try options.app().searchCache()
            let removed = try cache.clear()
            say("Removed \(removed) cached answers.")
        }
    }
}
