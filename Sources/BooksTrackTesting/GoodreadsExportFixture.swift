import Foundation

/// A generated Goodreads library export (the 2021–2025, 24-column header), the same for the same
/// seed: series titles, formula-wrapped ISBNs, ratings, shelves, reviews with HTML line breaks,
/// re-reads and owned copies, about 300 bytes a row. Written straight to disk, for import tests
/// and benchmarks.
public enum GoodreadsExportFixture {
    public static let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    private static let firstNames = ["Ursula", "Octavia", "Tamsyn", "Susanna", "Frank", "Ann", "Ted", "N. K.", "Ken", "Jo", "Martha", "Becky", "Iain M.", "Ada", "Chimamanda", "Haruki", "Olga", "Jorge Luis", "Italo", "Mary"]
    private static let lastNames = ["Le Guin", "Butler", "Muir", "Clarke", "Herbert", "Leckie", "Chiang", "Jemisin", "Liu", "Walton", "Wells", "Chambers", "Banks", "Palmer", "Adichie", "Murakami", "Tokarczuk", "Borges", "Calvino", "Shelley"]
    private static let words = ["Night", "Glass", "River", "Ninth", "House", "Stars", "Winter", "Library", "Salt", "Machine", "Garden", "Empire", "Silence", "Fire", "Memory", "Harbor", "Stone", "Sea", "Clock", "Orchard"]
    private static let shelves = ["read", "read", "read", "to-read", "to-read", "currently-reading", "did-not-finish", "paused"]
    private static let bindings = ["Paperback", "Hardcover", "Kindle Edition", "Mass Market Paperback", "Audiobook", "ebook"]

    /// Writes `rows` rows to `url`.
    public static func write(rows: Int, to url: URL, seed: UInt64 = 1) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var random = SeededGenerator(seed: seed)
        var buffer = header + "\n"
        for index in 0..<rows {
            buffer += row(index, &random)
            buffer += "\n"
            if buffer.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
    }

    /// One row; `index` makes the title and ISBN unique.
    public static func row(_ index: Int, _ random: inout SeededGenerator) -> String {
        let first = firstNames[Int(random.next() % UInt64(firstNames.count))]
        let last = lastNames[Int(random.next() % UInt64(lastNames.count))]
        let title = "The \(words[index % words.count]) of \(words[(index / 20) % words.count]) \(index)"
        let series = random.chance(0.3) ? " (\(words[index % 7]) Cycle, #\(index % 9 + 1))" : ""
        let isbn13 = isbn(for: index)
        let isbn10 = String(isbn13.dropFirst(3).dropLast()) + checkDigit10(String(isbn13.dropFirst(3).dropLast()))
        let shelf = shelves[Int(random.next() % UInt64(shelves.count))]
        let rating = shelf == "read" ? Int(random.next() % 6) : 0
        let year = 1950 + Int(random.next() % 75)
        let added = "20\(String(format: "%02d", 10 + Int(random.next() % 15)))/\(String(format: "%02d", 1 + Int(random.next() % 12)))/\(String(format: "%02d", 1 + Int(random.next() % 28)))"
        let dateRead = shelf == "read" && random.chance(0.8) ? "2024/0\(1 + Int(random.next() % 9))/1\(Int(random.next() % 9))" : ""
        let review = shelf == "read" && random.chance(0.2)
            ? "\"Loved the \(words[index % words.count].lowercased()), \"\"truly\"\" memorable.<br/><br/>Would read again, maybe in winter.\"" : ""
        let tags = random.chance(0.3) ? "\"\(shelf), favorites, sci-fi\"" : shelf
        let readCount = shelf == "read" ? (random.chance(0.1) ? 2 : 1) : 0
        let owned = random.chance(0.4) ? 1 : 0
        let cells = [
            "\(10_000_000 + index)", "\"\(title)\(series)\"", "\(first) \(last)", "\"\(last), \(first)\"", "",
            "\"=\"\"\(isbn10)\"\"\"", "\"=\"\"\(isbn13)\"\"\"", "\(rating)", "4.12", "Tor Books",
            bindings[index % bindings.count], "\(120 + Int(random.next() % 700))", "\(year)", "\(year - Int(random.next() % 3))",
            dateRead, added, tags, "", shelf, review, "", "", "\(readCount)", "\(owned)",
        ]
        return cells.joined(separator: ",")
    }

    /// A valid ISBN-13 (978 prefix) for `index`.
    public static func isbn(for index: Int) -> String {
        let body = "978" + String(format: "%09d", 100_000_000 + index % 900_000_000)
        var sum = 0
        for (position, character) in body.enumerated() {
            let digit = Int(String(character)) ?? 0
            sum += position % 2 == 0 ? digit : digit * 3
        }
        return body + String((10 - sum % 10) % 10)
    }

    private static func checkDigit10(_ nine: String) -> String {
        var sum = 0
        for (position, character) in nine.enumerated() { sum += (10 - position) * (Int(String(character)) ?? 0) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : String(check)
    }
}
