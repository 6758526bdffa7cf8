import Testing

@testable import BooksTrackCore

/// A book's ISBN with its hyphenation and registration group as the ISBN range data gives them
/// (cross-checked with python-stdnum's formatter over the same RangeMessage).
struct HyphenatedISBN: Sendable, CustomTestStringConvertible {
    /// The ISBN-13, unhyphenated.
    let isbn13: String
    /// The expected hyphenated ISBN-13.
    let hyphenated: String
    /// The expected hyphenated ISBN-10; nil for 979 ISBNs.
    let hyphenatedISBN10: String?
    /// The expected registration group prefix, e.g. "978-0".
    let groupPrefix: String
    /// The expected registration group name, e.g. "English language".
    let groupName: String
    /// Which book or edition this is, for the test report.
    let book: String

    /// How the test report names this case.
    var testDescription: String { "\(hyphenated) (\(book))" }

    /// Lists the fields in table order, to keep the table readable.
    init(_ isbn13: String, _ hyphenated: String, _ hyphenatedISBN10: String?, _ groupPrefix: String, _ groupName: String, book: String) {
        self.isbn13 = isbn13
        self.hyphenated = hyphenated
        self.hyphenatedISBN10 = hyphenatedISBN10
        self.groupPrefix = groupPrefix
        self.groupName = groupName
        self.book = book
    }
}

@Suite("Hyphenating ISBNs and naming their registration group")
struct ISBNHyphenationTests {
    /// Real ISBNs from many registration groups. Sources: FORMATS.md's Goodreads example, the
    /// goodbooks-10k catalog, Open Library records, and books and proceedings cited in public code.
    static let realISBNs: [HyphenatedISBN] = [
        HyphenatedISBN("9780441172719", "978-0-441-17271-9", "0-441-17271-7", "978-0", "English language", book: "Dune, Ace"),
        HyphenatedISBN("9780439023481", "978-0-439-02348-1", "0-439-02348-3", "978-0", "English language", book: "The Hunger Games"),
        HyphenatedISBN("9780439655484", "978-0-439-65548-4", "0-439-65548-X", "978-0", "English language", book: "Prisoner of Azkaban"),
        HyphenatedISBN("9781416524793", "978-1-4165-2479-3", "1-4165-2479-7", "978-1", "English language", book: "Angels & Demons"),
        HyphenatedISBN("9781594480003", "978-1-59448-000-3", "1-59448-000-1", "978-1", "English language", book: "The Kite Runner"),
        HyphenatedISBN("9782253147695", "978-2-253-14769-5", "2-253-14769-9", "978-2", "French language", book: "Christine"),
        HyphenatedISBN("9782070291342", "978-2-07-029134-2", "2-07-029134-0", "978-2", "French language", book: "Gallimard"),
        HyphenatedISBN("9783518367063", "978-3-518-36706-3", "3-518-36706-4", "978-3", "German language", book: "Demian, Suhrkamp"),
        HyphenatedISBN("9783446196803", "978-3-446-19680-3", "3-446-19680-3", "978-3", "German language", book: "Sieben Doppelgänger"),
        HyphenatedISBN("9784103534228", "978-4-10-353422-8", "4-10-353422-2", "978-4", "Japan", book: "1Q84 Book 1, Shinchosha"),
        HyphenatedISBN("9784757518087", "978-4-7575-1808-7", "4-7575-1808-0", "978-4", "Japan", book: "Pandora Hearts 1"),
        HyphenatedISBN("9785080039157", "978-5-08-003915-7", "5-08-003915-9", "978-5", "former U.S.S.R", book: "Горе от ума"),
        HyphenatedISBN(
            "9787533299262", "978-7-5332-9926-2", "7-5332-9926-4", "978-7", "China, People's Republic", book: "Roald Dahl, Chinese"),
        HyphenatedISBN("9788497597722", "978-84-9759-772-2", "84-9759-772-9", "978-84", "Spain", book: "Insomnia, Spanish edition"),
        HyphenatedISBN("9788420440248", "978-84-204-4024-8", "84-204-4024-8", "978-84", "Spain", book: "Roald Dahl, Alfaguara"),
        HyphenatedISBN("9788807813023", "978-88-07-81302-3", "88-07-81302-5", "978-88", "Italy", book: "Novecento, Feltrinelli"),
        HyphenatedISBN("9788877820044", "978-88-7782-004-4", "88-7782-004-7", "978-88", "Italy", book: "Roald Dahl, Italian edition"),
        HyphenatedISBN("9789026104619", "978-90-261-0461-9", "90-261-0461-8", "978-90", "Netherlands", book: "Roald Dahl, Dutch edition"),
        HyphenatedISBN("9789400700499", "978-94-007-0049-9", "94-007-0049-0", "978-94", "Netherlands", book: "Springer NL"),
        HyphenatedISBN("9788532511027", "978-85-325-1102-7", "85-325-1102-3", "978-85", "Brazil", book: "Harry Potter, Rocco"),
        HyphenatedISBN("9788535919714", "978-85-359-1971-4", "85-359-1971-6", "978-85", "Brazil", book: "Steve Jobs"),
        HyphenatedISBN("9788129104595", "978-81-291-0459-5", "81-291-0459-8", "978-81", "India", book: "Five Point Someone, Rupa"),
        HyphenatedISBN("9789382618348", "978-93-82618-34-8", "93-82618-34-1", "978-93", "India", book: "The Oath of the Vayuputras"),
        HyphenatedISBN("9788955594270", "978-89-5559-427-0", "89-5559-427-5", "978-89", "Korea, Republic", book: "Saemulgyul"),
        HyphenatedISBN("9788965401056", "978-89-6540-105-6", "89-6540-105-4", "978-89", "Korea, Republic", book: "Annotated Algorithms"),
        HyphenatedISBN("9791095546344", "979-10-95546-34-4", nil, "979-10", "France", book: "LREC 2020 proceedings, ELRA"),
        HyphenatedISBN("9798400702174", "979-8-4007-0217-4", nil, "979-8", "United States", book: "ICSE '24 proceedings, ACM"),
        HyphenatedISBN("9798891763326", "979-8-89176-332-6", nil, "979-8", "United States", book: "EMNLP 2025 proceedings, ACL"),
        HyphenatedISBN("9788370540791", "978-83-7054-079-1", "83-7054-079-1", "978-83", "Poland", book: "Krew elfów, superNOWA"),
        HyphenatedISBN("9789793062792", "978-979-3062-79-2", "979-3062-79-7", "978-979", "Indonesia", book: "Laskar Pelangi, Bentang"),
        HyphenatedISBN("9789753638029", "978-975-363-802-9", "975-363-802-7", "978-975", "Türkiye", book: "Kürk Mantolu Madonna, YKY"),
        HyphenatedISBN("9789953716886", "978-9953-71-688-6", "9953-71-688-9", "978-9953", "Lebanon", book: "Lebanese edition"),
        HyphenatedISBN("9789993911555", "978-99939-1-155-5", "99939-1-155-0", "978-99939", "Guatemala", book: "Guatemalan edition"),
    ]

    @Test(arguments: realISBNs)
    func aRealISBN13IsHyphenatedByTheRangeData(expected: HyphenatedISBN) throws {
        // When
        let isbn = try ISBN(parsing: expected.isbn13)

        // Then
        #expect(isbn.hyphenated == expected.hyphenated)
    }

    @Test(arguments: realISBNs)
    func aRealISBN10IsHyphenatedByTheRangeData(expected: HyphenatedISBN) throws {
        // When
        let isbn = try ISBN(parsing: expected.isbn13)

        // Then
        #expect(isbn.hyphenatedISBN10 == expected.hyphenatedISBN10)
    }

    @Test(arguments: realISBNs)
    func aRealISBNIsNamedByItsRegistrationGroup(expected: HyphenatedISBN) throws {
        // When
        let group = try ISBN(parsing: expected.isbn13).registrationGroup

        // Then
        #expect(group?.prefix == expected.groupPrefix)
        #expect(group?.name == expected.groupName)
    }

    @Test(arguments: realISBNs)
    func aHyphenatedISBNParsesBackToTheSameISBN(expected: HyphenatedISBN) throws {
        // Given
        let isbn = try ISBN(parsing: expected.isbn13)

        // Then
        #expect(try ISBN(parsing: isbn.hyphenated) == isbn)
        if let hyphenatedISBN10 = isbn.hyphenatedISBN10 {
            #expect(try ISBN(parsing: hyphenatedISBN10) == isbn)
        }
    }

    // MARK: - Range boundaries

    /// Made-up ISBNs (valid check digits) on the edges of registrant ranges, where the registrant
    /// length changes; expectations from python-stdnum over the same range data.
    static let boundaries: [(String, String)] = [
        ("9780199999996", "978-0-19-999999-6"),  // last of 00-19
        ("9780200000000", "978-0-200-00000-0"),  // first of 200-227
        ("9780227999998", "978-0-227-99999-8"),  // last of 200-227
        ("9780228000006", "978-0-2280-0000-6"),  // first of 2280-2289
        ("9780228999997", "978-0-2289-9999-7"),  // last of 2280-2289
        ("9780229000005", "978-0-229-00000-5"),  // first of 229-368
        ("9780639800004", "978-0-6398000-0-4"),  // a 7-digit registrant
        ("9780999999998", "978-0-9999999-9-8"),  // the very last English registrant
        ("9791000000008", "979-10-00-00000-8"),  // first French 979 registrant
        ("9798999999993", "979-8-9999999-9-3"),  // last United States registrant
        ("9786000000004", "978-600-00-0000-4"),  // a 3-digit group
    ]

    @Test(arguments: boundaries)
    func theRegistrantLengthChangesExactlyAtRangeBoundaries(isbn13: String, hyphenated: String) throws {
        #expect(try ISBN(parsing: isbn13).hyphenated == hyphenated)
    }

    // MARK: - What the range data does not cover

    @Test func anISBNInAnUnassignedRegistrantRangeIsLeftUnhyphenatedButStillNamed() throws {
        // Given 979-12 (Italy) has no registrant range starting 3.
        let isbn = try ISBN(parsing: "9791230000007")

        // Then
        #expect(isbn.hyphenated == "9791230000007")
        #expect(isbn.registrationGroup?.name == "Italy")
    }

    @Test func anISBN10InAnUnassignedRegistrantRangeFallsBackToPlainDigits() throws {
        // Given 978-99998 (Namibia) only assigns registrants 80–89.
        let isbn = try ISBN(parsing: "9789999800006")

        // Then
        #expect(isbn.hyphenated == "9789999800006")
        #expect(isbn.hyphenatedISBN10 == "9999800009")
        #expect(isbn.registrationGroup == ISBN.RegistrationGroup(prefix: "978-99998", name: "Namibia"))
    }

    @Test func aGroupWithoutRegistrantRangesIsNamedButNotHyphenated() throws {
        // Given 978-611 (Thailand) is listed without any registrant ranges.
        let isbn = try ISBN(parsing: "9786110000000")

        // Then
        #expect(isbn.hyphenated == "9786110000000")
        #expect(isbn.registrationGroup?.prefix == "978-611")
        #expect(isbn.registrationGroup?.name == "Thailand")
    }

    @Test(arguments: ["9790000000001", "9791400000004"])
    func anISBNInAnUnknownGroupHasNoGroupAndStaysUnhyphenated(isbn13: String) throws {
        // Given 979-0 (music, ISMN) and 979-14 are not ISBN registration groups in the data.
        let isbn = try ISBN(parsing: isbn13)

        // Then
        #expect(isbn.registrationGroup == nil)
        #expect(isbn.hyphenated == isbn13)
    }

    // MARK: - The range data

    @Test func theCompiledRangeDataParsesWithoutLosingAGroup() {
        #expect(ISBNRanges.current.groups.count == ISBNRanges.expectedGroupCount)
        #expect(ISBNRanges.current.groups.count > 250)
    }

    @Test func theCompiledRangeDataNamesItsSource() {
        #expect(ISBNRanges.sourceDate != "unknown")
        #expect(ISBNRanges.sourceSerial != "unknown")
    }

    @Test func everyGroupInTheRangeDataIsFoundByItsOwnPrefix() throws {
        for group in ISBNRanges.current.groups {
            // Given the first ISBN under the group's prefix.
            let digits = group.prefix.filter(\.isNumber)
            let first12 = digits + String(repeating: "0", count: 12 - digits.count)
            let check = try #require(ISBN.checkDigit13(for: first12))
            let isbn = try ISBN(parsing: first12 + String(check))

            // Then
            #expect(isbn.registrationGroup?.prefix == group.prefix)
            #expect(isbn.registrationGroup?.name == group.name)
        }
    }

    @Test func everyGroupHasANameAndOrderedNonOverlappingRanges() {
        for group in ISBNRanges.current.groups {
            #expect(!group.name.isEmpty, "\(group.prefix)")
            #expect(group.prefix.hasPrefix("978-") || group.prefix.hasPrefix("979-"), "\(group.prefix)")
            for (earlier, later) in zip(group.ranges, group.ranges.dropFirst()) {
                #expect(earlier.upperBound < later.lowerBound, "\(group.prefix)")
            }
            for range in group.ranges {
                #expect(range.registrantLength + group.identifierLength <= 8, "\(group.prefix)")
            }
        }
    }

    @Test func malformedRangeDataLinesAreSkipped() {
        // Given one good line among broken ones.
        let data = """
            978-0|English language|00-19,200-227
            garbage
            978-1|No ranges field
            977-1|Not an ISBN prefix|00-19
            978-2|Bad digits|00-1x
            978-3|Unequal lengths|00-199
            978-123456|Identifier too long|00-19
            978-0|Duplicate|00-19
            """

        // When
        let ranges = ISBNRanges(parsing: data)

        // Then
        #expect(ranges.groups.map(\.prefix) == ["978-0"])
        #expect(ranges.split(isbn13: 9_780_200_000_000)?.registrantLength == 3)
    }

    @Test func aRegistrantRangeThatLeavesNoPublicationDigitIsNotUsed() throws {
        // Given a 5-digit group whose only range claims all 4 remaining digits for the registrant.
        let ranges = ISBNRanges(parsing: "978-99999|Too long registrants|0000-9999")
        let isbn = try ISBN(parsing: "978-99999-1234-" + String(try #require(ISBN.checkDigit13(for: "978999991234"))))

        // Then the group is known but the ISBN cannot be split.
        #expect(ranges.group(forISBN13: isbn.value)?.name == "Too long registrants")
        #expect(ranges.split(isbn13: isbn.value) == nil)
    }
}
