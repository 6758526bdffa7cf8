import Foundation
import Testing

@testable import BooksTrackCore

@Suite("Parsing ISBNs")
struct ISBNParsingTests {
    // MARK: - Accepted forms

    /// Dune (Ace paperback): ISBN-10 0-441-17271-7, ISBN-13 978-0-441-17271-9, written every way
    /// people paste it.
    static let duneForms: [String] = [
        "9780441172719",
        "978-0-441-17271-9",
        "978 0 441 17271 9",
        "0441172717",
        "0-441-17271-7",
        "0 441 17271 7",
        "ISBN 9780441172719",
        "ISBN: 0-441-17271-7",
        "isbn:0441172717",
        "ISBN-10: 0-441-17271-7",
        "ISBN-13: 978-0-441-17271-9",
        "isbn-13:978-0-441-17271-9",
        "ISBN10 0441172717",
        "ISBN13: 9780441172719",
        "Isbn 13: 978-0-441-17271-9",
        "ISBN9780441172719",
        "ISBN-10:\t0441172717",
        "ISBN: \"0441172717\"",
        "=\"0441172717\"",
        "=\"9780441172719\"",
        "\"=\"\"0441172717\"\"\"",
        "  0441172717\n",
        "\t978-0-441-17271-9\r\n",
        "\"0441172717\"",
        "'0441172717'",
        "\u{201C}0441172717\u{201D}",
        "\u{FEFF}9780441172719",
        "978\u{2011}0\u{2011}441\u{2011}17271\u{2011}9",
        "978\u{2010}0\u{2010}441\u{2010}17271\u{2010}9",
        "978\u{2013}0\u{2013}441\u{2013}17271\u{2013}9",
        "0\u{00A0}441\u{00A0}17271\u{00A0}7",
        "\u{00A0}9780441172719\u{00A0}",
        "978\u{2012}0\u{2012}441\u{2012}17271\u{2012}9",
        "978\u{2212}0\u{2212}441\u{2212}17271\u{2212}9",
        "0\u{202F}441\u{202F}17271\u{202F}7",
        "0\u{2007}441\u{2007}17271\u{2007}7",
        "\u{00AB}0441172717\u{00BB}",
        "\u{2018}0441172717\u{2019}",
    ]

    @Test(arguments: duneForms)
    func everyPastedFormOfAnISBNParsesToTheSameISBN13(text: String) throws {
        // When
        let isbn = try ISBN(parsing: text)

        // Then
        #expect(isbn.isbn13 == "9780441172719")
    }

    /// Harry Potter and the Prisoner of Azkaban (Scholastic), whose ISBN-10 ends in X.
    @Test(arguments: ["043965548X", "043965548x", "0-439-65548-X", "0-439-65548-x", "ISBN 0-439-65548-X", "=\"043965548X\""])
    func anISBN10EndingInUpperOrLowerCaseXParses(text: String) throws {
        // When
        let isbn = try ISBN(parsing: text)

        // Then
        #expect(isbn.isbn13 == "9780439655484")
        #expect(isbn.isbn10 == "043965548X")
    }

    /// Hopeless (Colleen Hoover), an ISBN-10 that starts with 13, right after an "ISBN" label.
    @Test(arguments: ["ISBN 1301949825", "ISBN1301949825", "ISBN-1301949825"])
    func digitsRightAfterAnISBNLabelAreNotMistakenForAnISBN13Label(text: String) throws {
        // When
        let isbn = try ISBN(parsing: text)

        // Then the 13 stays part of the number.
        #expect(isbn.isbn10 == "1301949825")
    }

    @Test func aSubstringOfACSVRowParses() throws {
        // Given
        let row = "Dune,Frank Herbert,=\"0441172717\",=\"9780441172719\""
        let cells = row.split(separator: ",")

        // When
        let fromISBN10Cell = try ISBN(parsing: cells[2])
        let fromISBN13Cell = try ISBN(parsing: cells[3])

        // Then
        #expect(fromISBN10Cell == fromISBN13Cell)
        #expect(fromISBN13Cell.isbn13 == "9780441172719")
    }

    // MARK: - Rejections

    /// Inputs and the exact error each must produce.
    static let rejections: [(String, ISBNError)] = [
        ("", .empty),
        ("   ", .empty),
        ("=\"\"", .empty),
        ("\"=\"\"\"\"\"", .empty),
        ("ISBN:", .empty),
        ("ISBN-13: ", .empty),
        ("- -", .empty),
        ("0441172718", .badCheckDigit(expected: "7", found: "8")),
        ("9780441172718", .badCheckDigit(expected: "9", found: "8")),
        ("978-0-441-17271-0", .badCheckDigit(expected: "9", found: "0")),
        ("0439655481", .badCheckDigit(expected: "X", found: "1")),
        ("044117271X", .badCheckDigit(expected: "7", found: "X")),
        ("044117271x", .badCheckDigit(expected: "7", found: "X")),
        ("44117271", .wrongLength(digits: 8)),
        ("04411727171", .wrongLength(digits: 11)),
        ("978-0-441-17271", .wrongLength(digits: 12)),
        ("97804411727190", .wrongLength(digits: 14)),
        ("1", .wrongLength(digits: 1)),
        ("0441172717X", .wrongLength(digits: 11)),
        ("0441I72717", .invalidCharacter("I", position: 5)),
        ("978-0-441-1727l-9", .invalidCharacter("l", position: 15)),
        ("12a", .invalidCharacter("a", position: 3)),
        ("ISBN 978-0-441-17271-9 (pbk.)", .invalidCharacter("(", position: 24)),
        ("==\"0441172717\"", .invalidCharacter("=", position: 2)),
        ("0441.172717", .invalidCharacter(".", position: 5)),
        ("0441\u{200B}172717", .invalidCharacter("\u{200B}", position: 5)),
        ("\u{1F4DA}0441172717", .invalidCharacter("\u{1F4DA}", position: 1)),
        ("04411X2717", .misplacedX),
        ("X441172717", .misplacedX),
        ("04411727XX", .misplacedX),
        ("978044117271X", .misplacedX),
        ("9771234567003", .unknownPrefix("977")),
        ("0000000000000", .unknownPrefix("000")),
        ("97804411727X9", .misplacedX),
    ]

    @Test(arguments: rejections)
    func anInvalidISBNIsRejectedWithItsSpecificError(text: String, expected: ISBNError) {
        #expect(throws: expected) {
            try ISBN(parsing: text)
        }
    }

    @Test(arguments: rejections.map(\.0))
    func anInvalidISBNIsNeitherValidNorConstructible(text: String) {
        #expect(!ISBN.isValid(text))
        #expect(ISBN(text) == nil)
    }

    @Test(arguments: duneForms)
    func aValidISBNIsValidAndConstructible(text: String) {
        #expect(ISBN.isValid(text))
        #expect(ISBN(text)?.isbn13 == "9780441172719")
    }

    // MARK: - Unicode digits and hostile input

    /// Digits that look like ISBN digits but are not ASCII must be refused, never converted.
    static let nonASCIIDigits: [(String, ISBNError)] = [
        (
            "\u{0669}\u{0667}\u{0668}\u{0660}\u{0664}\u{0664}\u{0661}\u{0661}\u{0667}\u{0662}\u{0667}\u{0661}\u{0669}",
            .invalidCharacter("\u{0669}", position: 1)
        ),  // Arabic-Indic ٩٧٨٠٤٤١١٧٢٧١٩
        (
            "\u{FF19}\u{FF17}\u{FF18}\u{FF10}\u{FF14}\u{FF14}\u{FF11}\u{FF11}\u{FF17}\u{FF12}\u{FF17}\u{FF11}\u{FF19}",
            .invalidCharacter("\u{FF19}", position: 1)
        ),  // full-width ９７８０４４１１７２７１９
        ("\u{096F}\u{096D}\u{096E}0441172719", .invalidCharacter("\u{096F}", position: 1)),  // Devanagari ९७८
        ("978044117271\u{0669}", .invalidCharacter("\u{0669}", position: 13)),
        ("978-0-441-17271-\u{FF19}", .invalidCharacter("\u{FF19}", position: 17)),
        ("978\u{FF0D}0441172719", .invalidCharacter("\u{FF0D}", position: 4)),  // full-width hyphen-minus
        ("044117271\u{0037}\u{0301}", .invalidCharacter("\u{0037}\u{0301}", position: 10)),  // 7 + combining acute
    ]

    @Test(arguments: nonASCIIDigits)
    func nonASCIIDigitsAreRejectedAsInvalidCharacters(text: String, expected: ISBNError) {
        #expect(throws: expected) {
            try ISBN(parsing: text)
        }
    }

    @Test func aMegabyteOfDigitsIsRejectedAsTheWrongLength() {
        let text = String(repeating: "9", count: 1 << 20)
        #expect(throws: ISBNError.wrongLength(digits: 1 << 20)) {
            try ISBN(parsing: text)
        }
    }

    @Test func aMegabyteOfLettersIsRejectedAtTheFirstLetter() {
        let text = String(repeating: "a", count: 1 << 20)
        #expect(throws: ISBNError.invalidCharacter("a", position: 1)) {
            try ISBN(parsing: text)
        }
    }

    @Test func aBadCharacterAfterAMegabyteIsReportedAtItsPosition() {
        let text = String(repeating: "0", count: 1 << 20) + "\u{0663}"
        #expect(throws: ISBNError.invalidCharacter("\u{0663}", position: (1 << 20) + 1)) {
            try ISBN(parsing: text)
        }
    }

    @Test func aMegabyteOfArabicIndicDigitsIsRejected() {
        let text = String(repeating: "\u{0660}", count: 1 << 19)
        #expect(throws: ISBNError.invalidCharacter("\u{0660}", position: 1)) {
            try ISBN(parsing: text)
        }
        #expect(!ISBN.isValid(text))
    }

    @Test func anISBNSurroundedByAMegabyteOfWhitespaceStillParses() throws {
        let padding = String(repeating: " \n", count: 1 << 19)
        let isbn = try ISBN(parsing: padding + "0441172717" + padding)
        #expect(isbn.isbn13 == "9780441172719")
    }

    // MARK: - Messages

    static let messages: [(ISBNError, String)] = [
        (.empty, "the ISBN is empty"),
        (.wrongLength(digits: 11), "an ISBN has 10 or 13 digits (an old SBN 9); found 11"),
        (.badCheckDigit(expected: "9", found: "8"), "bad check digit: expected 9, found 8"),
        (.misplacedX, "X is only valid as the last character of an ISBN-10"),
        (.unknownPrefix("977"), "an ISBN-13 starts with 978 or 979; found 977"),
        (.invalidCharacter("a", position: 5), "an ISBN holds only digits, hyphens and spaces; found \"a\" at position 5"),
        (
            .invalidCharacter("\u{0663}", position: 1),
            "an ISBN holds only digits, hyphens and spaces; found \"\u{0663}\" (U+0663) at position 1"
        ),
        (
            .invalidCharacter("\u{200B}", position: 2),
            "an ISBN holds only digits, hyphens and spaces; found U+200B at position 2"
        ),
        (.invalidCharacter("\t", position: 3), "an ISBN holds only digits, hyphens and spaces; found U+0009 at position 3"),
    ]

    @Test(arguments: messages)
    func eachErrorExplainsTheProblemInPlainWords(error: ISBNError, message: String) {
        #expect(error.description == message)
    }

    @Test func aThrownErrorCarriesTheMessageForItsInput() {
        // When
        var message: String?
        do throws(ISBNError) {
            _ = try ISBN(parsing: "0441172718")
        } catch {
            message = error.description
        }

        // Then
        #expect(message == "bad check digit: expected 7, found 8")
    }

    // MARK: - Identity, order, Codable

    @Test func theISBN10AndISBN13OfOneBookAreEqualAndHashAlike() throws {
        // Given
        let fromISBN10 = try ISBN(parsing: "0-441-17271-7")
        let fromISBN13 = try ISBN(parsing: "9780441172719")

        // Then
        #expect(fromISBN10 == fromISBN13)
        #expect(Set([fromISBN10, fromISBN13]).count == 1)
    }

    @Test func isbnsSortByTheirThirteenDigitNumber() throws {
        // Given
        let isbns = try ["9791095546344", "0441172717", "9780439023481", "3446196803"].map { try ISBN(parsing: $0) }

        // When
        let sorted = isbns.sorted().map(\.isbn13)

        // Then
        #expect(sorted == ["9780439023481", "9780441172719", "9783446196803", "9791095546344"])
    }

    @Test func theDescriptionIsTheISBN13() throws {
        let isbn = try ISBN(parsing: "0-441-17271-7")
        #expect(isbn.description == "9780441172719")
        #expect("\(isbn)" == "9780441172719")
    }

    @Test func anISBNEncodesAsItsISBN13String() throws {
        // Given
        let isbn = try ISBN(parsing: "0-441-17271-7")

        // When
        let json = String(decoding: try JSONEncoder().encode([isbn]), as: UTF8.self)

        // Then
        #expect(json == "[\"9780441172719\"]")
    }

    @Test func anISBNDecodesFromAnyAcceptedForm() throws {
        // Given
        let json = Data(#"["0-441-17271-7", "ISBN-13: 978-0-439-65548-4", "=\"3446196803\""]"#.utf8)

        // When
        let isbns = try JSONDecoder().decode([ISBN].self, from: json)

        // Then
        #expect(isbns.map(\.isbn13) == ["9780441172719", "9780439655484", "9783446196803"])
    }

    @Test func decodingAnInvalidISBNFailsWithItsReason() {
        // Given
        let json = Data(#"["0441172718"]"#.utf8)

        // When
        var reason: String?
        do {
            _ = try JSONDecoder().decode([ISBN].self, from: json)
        } catch let DecodingError.dataCorrupted(context) {
            reason = context.debugDescription
        } catch {
            reason = "unexpected error \(error)"
        }

        // Then
        #expect(reason == "\"0441172718\" is not a valid ISBN: bad check digit: expected 7, found 8")
    }

    @Test func theByteScannerReportsAValidISBNAsItsThirteenDigitNumber() {
        #expect(ISBNScanner.scan("0-441-17271-7") == .isbn(9_780_441_172_719))
        #expect(ISBNScanner.scan("0441172718") == .badCheckDigit(expected: UInt8(ascii: "7"), found: UInt8(ascii: "8")))
    }
}

/// Standard Book Numbers: the nine-digit numbers British publishers used before ISBNs (until 1974).
@Suite struct SBNParsingTests {
    @Test(arguments: [
        ("340013818", "9780340013816"),  // Hodder & Stoughton, 1966: SBN 340 01381 8
        ("441172717", "9780441172719"),  // Dune's Ace number, written without its leading 0
        ("340-01381-8", "9780340013816"),  // as printed, hyphenated
    ])
    func aNineDigitSBNIsTheISBN10WithALeadingZero(text: String, isbn13: String) throws {
        #expect(try ISBN(parsing: text).isbn13 == isbn13)
        #expect(try ISBN(parsing: text) == ISBN(parsing: "0" + text))
    }

    @Test func aNineDigitNumberWithAWrongCheckDigitIsRefused() {
        #expect(throws: ISBNError.badCheckDigit(expected: "8", found: "7")) { try ISBN(parsing: "340013817") }
    }

    @Test func anSBNEndingInXIsRead() throws {
        // 0-8044-2957-X read as the SBN 8044-2957-X
        #expect(try ISBN(parsing: "80442957X") == ISBN(parsing: "080442957X"))
    }
}
