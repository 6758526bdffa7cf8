import Foundation

/// Writes a deterministic, Open Library-shaped catalog as three dump files (authors, works,
/// editions; `type \t key \t revision \t last_modified \t JSON` lines like the real ones), and the
/// queries to time against it.
///
/// Titles are 3–8 words drawn from a Zipf distribution over a vocabulary whose first words are
/// common English title words, so a few words ("love", "history", "world") each match well over
/// 100,000 works, as "the" or "history" do in Open Library. The same seed always gives the same bytes.
struct CatalogDumpGenerator {
    /// The sizes of one generated catalog.
    struct Size {
        var editions: Int
        var works: Int
        var authors: Int

        /// 1,000,000 editions of 500,000 works by 150,000 authors.
        static let benchmark = Size(editions: 1_000_000, works: 500_000, authors: 150_000)
    }

    /// Where the files were written.
    struct Files {
        var authors: URL
        var works: URL
        var editions: URL
    }

    /// A query and what kind of query it is, for reporting latencies per kind.
    struct Query {
        enum Kind: String, CaseIterable {
            /// Two of the most common words: each matches 100,000+ titles.
            case commonWords = "two common words"
            /// Two words of some title, as people type them.
            case titleWords = "two words of a title"
            /// A work's whole title.
            case exactTitle = "exact title"
            /// A title word and the author's surname.
            case titleAndAuthor = "title word + author"
        }

        var kind: Kind
        var title: String
        var author: String?
    }

    let size: Size
    let seed: UInt64

    // Common title words first: their Zipf ranks make them match a large share of titles.
    private static let commonWords = [
        "love", "history", "world", "life", "new", "story", "war", "guide", "book", "man", "house", "time",
        "secret", "night", "city", "stories", "introduction", "art", "english", "american", "death", "women",
        "children", "science", "poems", "collected", "river", "game", "garden", "king",
    ]
    private static let syllables = [
        "ka", "lo", "mi", "ren", "ta", "vor", "sel", "an", "dri", "mo", "pe", "lin", "gar", "es", "tu", "ber",
        "cha", "fen", "ol", "ris", "na", "quo", "zel", "um", "ith", "bra", "del", "cor", "sy", "ven",
    ]
    private static let givenNames = [
        "Anna", "James", "Maria", "John", "Elena", "Peter", "Sofia", "David", "Clara", "Thomas", "Ines", "Hugo",
        "Nadia", "Oscar", "Lea", "Victor", "Ada", "Felix", "Marta", "Jorge",
    ]
    private static let formats = ["Paperback", "Hardcover", "Mass Market Paperback", "ebook", "Audio CD"]
    private static let languages = ["eng", "eng", "eng", "fre", "ger", "spa", "ita"]
    private static let vocabularySize = 8_000
    private static let zipfExponent = 1.0

    private let vocabulary: [String]
    private let cumulativeWeights: [Double]

    /// A generator of `size`; the same seed always writes the same files.
    init(size: Size = .benchmark, seed: UInt64 = 20_261_122) {
        self.size = size
        self.seed = seed
        var words = Self.commonWords
        var random = SplitMix64(seed: seed ^ 0x5eed)
        var seen = Set(words)
        while words.count < Self.vocabularySize {
            let count = 2 + Int(random.next() % 3)
            let word = (0..<count).map { _ in Self.syllables[Int(random.next() % UInt64(Self.syllables.count))] }.joined()
            if seen.insert(word).inserted { words.append(word) }
        }
        vocabulary = words
        var total = 0.0
        cumulativeWeights = (1...Self.vocabularySize).map { rank in
            total += 1 / pow(Double(rank), Self.zipfExponent)
            return total
        }
    }

    /// The title of work `index` (0-based), as written in the works file.
    func title(ofWork index: Int) -> String {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9e37_79b9)
        let count = 3 + Int(random.next() % 6)
        var words: [String] = []
        while words.count < count {
            let word = vocabulary[zipfRank(&random)]
            if !words.contains(word) { words.append(word) }
        }
        var title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        if random.next() % 4 == 0 { title = "The " + title }
        return title
    }

    /// The author index of work `index`.
    func author(ofWork index: Int) -> Int {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x85eb_ca6b)
        // A few prolific authors, many with one book.
        return Int(random.next() % UInt64(size.authors)) / (random.next() % 4 == 0 ? 50 : 1)
    }

    /// The name of author `index`.
    func authorName(_ index: Int) -> String {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0xc2b2_ae35)
        let given = Self.givenNames[Int(random.next() % UInt64(Self.givenNames.count))]
        let surname = (0..<3).map { _ in Self.syllables[Int(random.next() % UInt64(Self.syllables.count))] }.joined()
        return given + " " + surname.prefix(1).uppercased() + surname.dropFirst()
    }

    /// The ISBN-13 of edition `index`: 978, nine digits from the index, and its check digit.
    static func isbn13(ofEdition index: Int) -> String {
        let body = "978" + String(100_000_000 + index)
        var sum = 0
        for (position, digit) in body.utf8.enumerated() {
            sum += Int(digit - 48) * (position.isMultiple(of: 2) ? 1 : 3)
        }
        return body + String((10 - sum % 10) % 10)
    }

    /// The ISBN-10 of edition `index`.
    static func isbn10(ofEdition index: Int) -> String {
        let body = String(100_000_000 + index)
        var sum = 0
        for (position, digit) in body.utf8.enumerated() {
            sum += Int(digit - 48) * (10 - position)
        }
        let check = (11 - sum % 11) % 11
        return body + (check == 10 ? "X" : String(check))
    }

    /// The work of edition `index`: the first `works` editions cover every work once, the rest
    /// pile onto popular works (low indexes), as reprints do.
    func work(ofEdition index: Int) -> Int {
        if index < size.works { return index }
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x27d4_eb2f)
        return Int(Double(size.works) * pow(Double(random.next() % 1_000_000) / 1_000_000, 3))
    }

    /// Writes the three dump files into `folder`; with `reuseExisting`, files already there are kept.
    func write(to folder: URL, reuseExisting: Bool = false) throws -> Files {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = Files(
            authors: folder.appendingPathComponent("ol_dump_authors_generated.txt"),
            works: folder.appendingPathComponent("ol_dump_works_generated.txt"),
            editions: folder.appendingPathComponent("ol_dump_editions_generated.txt")
        )
        if reuseExisting, [files.authors, files.works, files.editions].allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) {
            return files
        }
        try writeLines(to: files.authors, count: size.authors) { index in
            let key = "/authors/OL\(index + 1)A"
            let name = authorName(index)
            return "/type/author\t\(key)\t2\t2008-08-20T17:57:09.66187\t{\"name\": \"\(name)\", \"personal_name\": \"\(name)\", "
                + "\"last_modified\": {\"type\": \"/type/datetime\", \"value\": \"2008-08-20T17:57:09.66187\"}, "
                + "\"key\": \"\(key)\", \"birth_date\": \"\(1900 + index % 90)\", \"type\": {\"key\": \"/type/author\"}, \"revision\": 2}"
        }
        try writeLines(to: files.works, count: size.works) { index in
            let key = "/works/OL\(index + 1)W"
            return "/type/work\t\(key)\t3\t2010-04-28T06:54:19.472104\t{\"title\": \"\(title(ofWork: index))\", "
                + "\"created\": {\"type\": \"/type/datetime\", \"value\": \"2009-12-11T01:57:19.964652\"}, "
                + "\"covers\": [\(3_000_000 + index)], \"last_modified\": {\"type\": \"/type/datetime\", \"value\": \"2010-04-28T06:54:19.472104\"}, "
                + "\"latest_revision\": 3, \"key\": \"\(key)\", \"authors\": [{\"type\": {\"key\": \"/type/author_role\"}, "
                + "\"author\": {\"key\": \"/authors/OL\(author(ofWork: index) + 1)A\"}}], \"type\": {\"key\": \"/type/work\"}, \"revision\": 3}"
        }
        try writeEditions(to: files.editions, count: size.editions)
        return files
    }

    /// Writes the first `count` lines of the editions dump to `url`.
    func writeEditions(to url: URL, count: Int) throws {
        try writeLines(to: url, count: count) { index in
            let key = "/books/OL\(index + 1)M"
            let work = work(ofEdition: index)
            let format = Self.formats[index % Self.formats.count]
            let language = Self.languages[index % Self.languages.count]
            return "/type/edition\t\(key)\t2\t2010-03-11T23:44:18.987404\t{\"publishers\": [\"Generated Press \(index % 500)\"], "
                + "\"created\": {\"type\": \"/type/datetime\", \"value\": \"2008-04-30T09:38:13.731961\"}, "
                + "\"isbn_10\": [\"\(Self.isbn10(ofEdition: index))\"], \"number_of_pages\": \(80 + index % 700), "
                + "\"isbn_13\": [\"\(Self.isbn13(ofEdition: index))\"], \"physical_format\": \"\(format)\", "
                + "\"last_modified\": {\"type\": \"/type/datetime\", \"value\": \"2010-03-11T23:44:18.987404\"}, "
                + "\"publish_date\": \"December \(1 + index % 28), \(1950 + index % 70)\", \"key\": \"\(key)\", "
                + "\"authors\": [{\"key\": \"/authors/OL\(author(ofWork: work) + 1)A\"}], \"title\": \"\(title(ofWork: work))\", "
                + "\"languages\": [{\"key\": \"/languages/\(language)\"}], \"latest_revision\": 2, "
                + "\"works\": [{\"key\": \"/works/OL\(work + 1)W\"}], \"source_records\": [\"bwb:\(Self.isbn13(ofEdition: index))\"], "
                + "\"type\": {\"key\": \"/type/edition\"}, \"revision\": 2}"
        }
    }

    /// `count` queries of each kind, drawn from the generated works.
    func queries(count: Int) -> [Query] {
        var random = SplitMix64(seed: seed ^ 0x0ddba11)
        var queries: [Query] = []
        for index in 0..<count {
            let work = Int(random.next() % UInt64(size.works))
            let words = title(ofWork: work).split(separator: " ").filter { $0 != "The" }
            switch Query.Kind.allCases[index % Query.Kind.allCases.count] {
            case .commonWords:
                let first = Int(random.next() % 3)
                let second = (first + 1 + Int(random.next() % 2)) % 3
                queries.append(Query(kind: .commonWords, title: Self.commonWords[first] + " " + Self.commonWords[second]))
            case .titleWords:
                let first = words[Int(random.next() % UInt64(words.count))]
                let second = words[Int(random.next() % UInt64(words.count))]
                queries.append(Query(kind: .titleWords, title: first == second ? String(first) : "\(first) \(second)"))
            case .exactTitle:
                queries.append(Query(kind: .exactTitle, title: title(ofWork: work)))
            case .titleAndAuthor:
                let surname = authorName(author(ofWork: work)).split(separator: " ").last.map(String.init) ?? ""
                queries.append(Query(kind: .titleAndAuthor, title: String(words[0]), author: surname))
            }
        }
        return queries
    }

    private func zipfRank(_ random: inout SplitMix64) -> Int {
        let target = Double(random.next() % 1_000_000_000) / 1_000_000_000 * (cumulativeWeights.last ?? 1)
        var low = 0
        var high = cumulativeWeights.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeWeights[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func writeLines(to url: URL, count: Int, line: (Int) -> String) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer = ""
        buffer.reserveCapacity(1 << 21)
        for index in 0..<count {
            buffer += line(index)
            buffer += "\n"
            if buffer.utf8.count >= 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var value = state
        value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
        return value ^ (value >> 31)
    }
}
