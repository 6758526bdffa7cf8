import Testing

@testable import BooksTrackCore

@Suite("Converting between ISBN-10 and ISBN-13")
struct ISBNConversionTests {
    /// Real books' ISBN-10 and ISBN-13 pairs (Goodreads sample, goodbooks-10k, Open Library records).
    static let pairs: [(isbn10: String, isbn13: String)] = [
        ("0441172717", "9780441172719"),  // Dune, Ace
        ("043965548X", "9780439655484"),  // Harry Potter and the Prisoner of Azkaban, Scholastic
        ("0439023483", "9780439023481"),  // The Hunger Games, Scholastic
        ("1416524797", "9781416524793"),  // Angels & Demons, Pocket Books
        ("2070291340", "9782070291342"),  // Gallimard
        ("3446196803", "9783446196803"),  // Sieben Doppelgänger, Hanser
        ("4103534222", "9784103534228"),  // 1Q84 Book 1, Shinchosha
        ("7533299264", "9787533299262"),  // Roald Dahl in Chinese
        ("8420440248", "9788420440248"),  // Roald Dahl, Alfaguara
        ("8532511023", "9788532511027"),  // Harry Potter e a Pedra Filosofal, Rocco
        ("9026104618", "9789026104619"),  // Roald Dahl, Dutch
    ]

    @Test(arguments: pairs)
    func anISBN10ConvertsToItsISBN13(isbn10: String, isbn13: String) throws {
        // When
        let isbn = try ISBN(parsing: isbn10)

        // Then
        #expect(isbn.isbn13 == isbn13)
    }

    @Test(arguments: pairs)
    func a978ISBN13ConvertsToItsISBN10(isbn10: String, isbn13: String) throws {
        // When
        let isbn = try ISBN(parsing: isbn13)

        // Then
        #expect(isbn.isbn10 == isbn10)
    }

    @Test(arguments: pairs)
    func convertingToISBN13AndBackGivesTheSameISBN10(isbn10: String, isbn13: String) throws {
        // When
        let there = try ISBN(parsing: isbn10).isbn13
        let back = try ISBN(parsing: there).isbn10

        // Then
        #expect(back == isbn10)
    }

    /// 979 ISBNs: LREC 2020 proceedings (ELRA, France), ICSE '24 proceedings (ACM, United States).
    @Test(arguments: ["9791095546344", "979-8-4007-0217-4"])
    func a979ISBNHasNoISBN10(text: String) throws {
        // When
        let isbn = try ISBN(parsing: text)

        // Then
        #expect(isbn.isbn10 == nil)
        #expect(isbn.hyphenatedISBN10 == nil)
    }

    @Test func theISBN10CheckCharacterXIsUpperCaseWhateverWasTyped() throws {
        // When
        let isbn = try ISBN(parsing: "0-439-65548-x")

        // Then
        #expect(isbn.isbn10 == "043965548X")
    }

    // MARK: - Check digit helpers

    static let checkDigits10: [(String, Character?)] = [
        ("044117271", "7"),
        ("043965548", "X"),
        ("0-441-17271", "7"),
        ("3 446 19680", "3"),
        ("000000000", "0"),
        ("04411727", nil),  // 8 digits
        ("0441172717", nil),  // 10 digits
        ("04411727a", nil),
        ("", nil),
        ("\u{FF10}44117271", nil),  // a full-width zero
    ]

    @Test(arguments: checkDigits10)
    func theISBN10CheckDigitIsComputedFromNineDigits(first9: String, expected: Character?) {
        #expect(ISBN.checkDigit10(for: first9) == expected)
    }

    static let checkDigits13: [(String, Character?)] = [
        ("978044117271", "9"),
        ("978-0-441-17271", "9"),
        ("979109554634", "4"),
        ("978043965548", "4"),
        ("978000000000", "2"),
        ("97804411727", nil),  // 11 digits
        ("9780441172719", nil),  // 13 digits
        ("97804411727X", nil),
        ("", nil),
    ]

    @Test(arguments: checkDigits13)
    func theISBN13CheckDigitIsComputedFromTwelveDigits(first12: String, expected: Character?) {
        #expect(ISBN.checkDigit13(for: first12) == expected)
    }

    @Test func exactlyOneCheckCharacterCompletesNineDigitsIntoAValidISBN10() {
        // Given a spread of 9-digit numbers.
        for seed in stride(from: 0, to: 999_999_999, by: 7_654_321) {
            let first9 = Self.nineDigits(from: seed)
            guard let check = ISBN.checkDigit10(for: first9) else {
                Issue.record("no check digit for \(first9)")
                continue
            }

            // When every possible last character is tried
            let accepted = "0123456789X".filter { ISBN.isValid(first9 + String($0)) }

            // Then only the computed one is accepted.
            #expect(accepted == String(check), "first 9 digits \(first9)")
        }
    }

    @Test func exactlyOneCheckDigitCompletesTwelveDigitsIntoAValidISBN13() {
        for seed in stride(from: 0, to: 999_999_999, by: 7_654_321) {
            let first12 = (seed.isMultiple(of: 2) ? "978" : "979") + Self.nineDigits(from: seed)
            guard let check = ISBN.checkDigit13(for: first12) else {
                Issue.record("no check digit for \(first12)")
                continue
            }

            let accepted = "0123456789".filter { ISBN.isValid(first12 + String($0)) }

            #expect(accepted == String(check), "first 12 digits \(first12)")
        }
    }

    @Test func anISBN10AndTheISBN13BuiltFromItByHandAreTheSameISBN() throws {
        // Given the hand-made ISBN-13 of an ISBN-10: 978 + its first 9 digits + a new check digit.
        let first12 = "978" + "044117271"
        let check = try #require(ISBN.checkDigit13(for: first12))

        // Then
        #expect(try ISBN(parsing: first12 + String(check)) == ISBN(parsing: "0441172717"))
    }

    /// Nine digits spread over the whole range: `seed`'s digits reversed, padded with zeros.
    private static func nineDigits(from seed: Int) -> String {
        let digits = String(String(seed).reversed())
        return digits + String(repeating: "0", count: max(0, 9 - digits.count))
    }
}
