import ArgumentParser
import BooksTrackCore
import Foundation

/// `bookstrack list`: the library, filtered, sorted and paged.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List books in the library.")

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: "Only these statuses (comma-separated or repeated), e.g. reading,onHold.")
    var status: [String] = []

    @Option(name: .long, help: "Only books with this tag.")
    var tag: String?

    @Flag(name: .long, help: "Only favorites.")
    var favorite = false

    @Flag(inversion: .prefixedNo, help: "Only owned (--owned) or only not owned (--no-owned) books.")
    var owned: Bool?

    @Option(name: .long, help: "added, title, author, rating, started, finished, modified or progress.")
    var sort: String = EntryQuery.Sort.dateAdded.rawValue

    @Flag(name: .long, help: "Reverse the sort order.")
    var reverse = false

    @Option(name: .long, help: "Books per page.")
    var limit: Int = 50

    @Option(name: .long, help: "Which page (from 1).")
    var page: Int = 1

    @Flag(name: .long, help: "Every matching book, no paging.")
    var all = false

    func run() async throws {
        let statuses = try status.flatMap { $0.split(separator: ",") }.map { try ArgumentText.status(String($0)) }
        guard let sort = EntryQuery.Sort(rawValue: sort.lowercased()) else {
            throw CommandFailure.invalid("unknown sort \"\(sort)\"; use one of: " + EntryQuery.Sort.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard limit > 0 else { throw CommandFailure.invalid("--limit must be at least 1") }
        guard page > 0 else { throw CommandFailure.invalid("--page must be at least 1") }
        guard let offset = all ? 0 : EntryQuery.offset(ofPage: page, limit: limit) else {
            throw CommandFailure.invalid(
                "--page \(page) of \(limit) books starts past the end of any library; use a smaller --page, or --all"
            )
        }
        var query = EntryQuery(
            statuses: statuses.isEmpty ? nil : Set(statuses),
            tag: tag,
            isFavorite: favorite ? true : nil,
            isOwned: owned,
            sort: sort,
            limit: all ? nil : limit,
            offset: offset
        )
        if reverse { query.descending.toggle() }
        let library = try options.library()
        let (books, total) = try await library.page(query)
        if options.json {
            let now = library.now()
            try JSONOutput.print(books.map { BookResource($0, now: now) })
            return
        }
        guard !books.isEmpty else {
            say(total == 0 ? "No books match." : "No books on page \(page); there are \(total).")
            return
        }
        for line in TextFormat.table(books) { say(line) }
        if books.count < total {
            let first = query.offset + 1
            say("")
            say("Showing \(first)–\(query.offset + books.count) of \(total). Next: --page \(page + 1), or --all.")
        } else {
            say("")
            say(total == 1 ? "1 book." : "\(total) books.")
        }
    }
}
