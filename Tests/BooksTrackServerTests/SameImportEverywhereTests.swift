import BooksTrackCore
import BooksTrackTesting
import Foundation
import Synchronization
import Testing

@testable import BooksTrackServer

/// One import use case behind every front end: the same file imported by the terminal
/// (`bookstrack import`, the built program run as a user runs it) and by a server job (`POST
/// /v1/imports`) gives the same report and the same library.
@Suite struct SameImportEverywhereTests {
    /// A Goodreads export in the shapes real ones have: 31 columns, ISBNs as `="…"`, an empty ISBN,
    /// padded cells, one book on two rows (two editions, one read dated and one not), a review
    /// over several lines with commas and quotes, custom shelves and every exclusive shelf.
    static let goodreads = #"""
        Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Recommended For,Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,Condition,Condition Description,BCID
        42036538,Gideon the Ninth (The Locked Tomb #1),Tamsyn Muir,"Muir, Tamsyn",,"=""1250313198""","=""9781250313195""",3,4.20,Tor,Hardcover,448,2019,2019,2020/10/25,2020/10/21,,,read,,,,1,,,0,,,,,
        52691223,Subcutanean,Aaron A. Reed,"Reed, Aaron A.",,"=""""","=""""",0,4.45,,Paperback,232,2020,,2020/03/06,2020/03/05,,,read,,,,1,,,0,,,,,
        28694510,Patisserie at Home,Mélanie Dupuis,"Dupuis, Mélanie",Anne Cazor,"=""0062445316""","=""9780062445315""",2,4.60,Harper Design,Hardcover,288,2016,,,2019/07/08,,,read,"mixed feelings",,,2,,,0,,,,,
        547094,I Am Legend,Richard Matheson,"Matheson, Richard",,"=""0765357151""","=""9780765357151""",4,3.99,Tor Books,Mass Market Paperback,317,2007,1954,2021/06/02,2021/05/20,horror,horror (#3),read,"Short, sharp and ""sad"".
        The ending stays.",,,1,,,1,,,,,
        8498917,I Am Legend,Richard Matheson,"Matheson, Richard",,"=""""","=""""",5,3.99,Gollancz,Paperback,160,2010,1954,,2015/01/11,"horror, favorites","horror (#1), favorites (#2)",read,,,,1,,,0,,,,,
          17165596  ,  The Left Hand of Darkness  ,  Ursula K. Le Guin  ,"Le Guin, Ursula K.",,"=""0441478123""","=""9780441478125""",  5  ,4.09,Ace,Paperback,  304  ,2000,1969,  2022/02/14  ,2022/01/03,,,read,,,,1,,,1,,,,,
        13496,A Game of Thrones (A Song of Ice and Fire #1),George R.R. Martin,"Martin, George R.R.",,"=""0553588486""","=""9780553588484""",0,4.44,Bantam,Mass Market Paperback,835,2005,1996,,2024/08/30,currently-reading,currently-reading (#1),currently-reading,,,,0,,,1,,,,,
        40961427,Piranesi,Susanna Clarke,"Clarke, Susanna",,"=""1635575630""","=""9781635575637""",0,4.24,Bloomsbury Publishing,Hardcover,272,2020,2020,,2025/01/02,to-read,to-read (#4),to-read,,,,0,,,0,,,,,
        """#

    @Test func theTerminalAndAServerJobImportAFileAlike() async throws {
        let files = try TemporaryDirectory(prefix: "bookstrack-same-import")
        defer { files.remove() }
        let file = files.url.appendingPathComponent("goodreads_library_export.csv")
        try Data(Self.goodreads.utf8).write(to: file)

        // The terminal, in a data folder of its own; the first account of a server started on
        // that folder then claims the terminal's library, which is read back through the API.
        let terminalFolder = try TemporaryDirectory(prefix: "bookstrack-same-import-terminal")
        defer { terminalFolder.remove() }
        let terminalReport = try Self.runTerminalImport(file, in: terminalFolder)
        let terminalBooks = Mutex((count: 0, canonical: ""))
        try await ServerHarness.run(folder: terminalFolder) { server in
            let alice = try await server.account("alice")
            let books = try await Self.books(server, token: alice.token)
            terminalBooks.withLock { $0 = (books.count, Self.canonical(Self.withoutVolatileFields(books))) }
        }

        // A server job, in another data folder.
        let job = Mutex((report: "", books: ""))
        try await ServerHarness.run { server in
            let alice = try await server.account("alice")
            let started = try await server.send(.post, "/v1/imports", token: alice.token, body: Array(Self.goodreads.utf8))
            #expect(started.status == 202, "\(started.text)")
            let id = try #require(started.data?["id"] as? String)
            let finished = try await server.waitForJob(id, token: alice.token)
            #expect(finished.data?["status"] as? String == "succeeded", "\(finished.text)")
            let report = try #require(finished.data?["report"] as? [String: Any])
            let books = try await Self.books(server, token: alice.token)
            job.withLock { $0 = (Self.canonical(report), Self.canonical(Self.withoutVolatileFields(books))) }
        }

        #expect(terminalReport["rows"] as? Int == 8)
        #expect((terminalReport["added"] as? Int ?? 0) >= 6, "\(terminalReport)")
        let (jobReport, jobBooks) = job.withLock { ($0.report, $0.books) }
        let (count, books) = terminalBooks.withLock { ($0.count, $0.canonical) }
        #expect(Self.canonical(terminalReport) == jobReport)
        #expect(count == terminalReport["added"] as? Int)
        #expect(books == jobBooks)
    }

    /// `bookstrack import FILE --json` run as a user runs it; its report.
    static func runTerminalImport(_ file: URL, in folder: TemporaryDirectory) throws -> [String: Any] {
        let streams = try TemporaryDirectory(prefix: "bookstrack-same-import-output")
        defer { streams.remove() }
        let process = try ChildProcess.start(
            BuiltProgram.bookstrack.path, ["import", file.path, "--json"],
            environment: ["BOOKSTRACK_DATA_DIR": folder.url.path, "BOOKSTRACK_OFFLINE": "1", "PATH": "/usr/bin:/bin"],
            standardOutput: streams.path("out"), standardError: streams.path("err"))
        let status = process.waitForExit()
        let output = try Data(contentsOf: URL(fileURLWithPath: streams.path("out")))
        #expect(status == 0, "\(String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: streams.path("err")))) ?? Data(), as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    }

    /// Every book of the account, as the API lists them, in title order.
    static func books(_ server: ServerHarness, token: String) async throws -> [Any] {
        let answer = try await server.send(.get, "/v1/books?limit=200&sort=title&order=asc", token: token)
        #expect(answer.status == 200, "\(answer.text)")
        return try #require(answer.data?["books"] as? [Any])
    }

    /// The books without what differs between two libraries by nature: identifiers, and what is
    /// read from the clock of the moment (the last change, the pace and forecast).
    static func withoutVolatileFields(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var kept: [String: Any] = [:]
            for (key, value) in object where key != "id" && !key.hasSuffix("Id") && !key.hasSuffix("ID")
                && !["lastModified", "readingPace", "estimatedFinishDate"].contains(key) {
                kept[key] = withoutVolatileFields(value)
            }
            return kept
        }
        if let array = value as? [Any] { return array.map(withoutVolatileFields) }
        return value
    }

    /// JSON with sorted keys, to compare two values whole.
    static func canonical(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "not JSON" }
        return String(decoding: data, as: UTF8.self)
    }
}
