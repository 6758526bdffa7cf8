import Foundation
import Testing

@testable import BooksTrackCore

@Suite struct PartialDateTests {
    static let readableForms: [(text: String, year: Int, month: Int?, day: Int?)] = [
        ("2004", 2004, nil, nil),
        ("950", 950, nil, nil),
        ("2004.0", 2004, nil, nil),
        ("2008.00", 2008, nil, nil),
        ("1998.", 1998, nil, nil),
        ("1998-09", 1998, 9, nil),
        ("1998/09", 1998, 9, nil),
        ("1998-9", 1998, 9, nil),
        ("2020/10/25", 2020, 10, 25),
        ("2020-10-25", 2020, 10, 25),
        ("2020/1/5", 2020, 1, 5),
        ("[2007-04-16]", 2007, 4, 16),
        ("[ 2007-04-16 ]", 2007, 4, 16),
        ("2020-10-25T12:00:00Z", 2020, 10, 25),
        ("2024-03-01T13:01:12.937", 2024, 3, 1),
        ("2019-03-05T01:00:00+01:00", 2019, 3, 5),
        ("2020-10-25 12:00:00", 2020, 10, 25),
        ("October 1, 1988", 1988, 10, 1),
        ("october 1, 1988", 1988, 10, 1),
        ("OCTOBER 1 1988", 1988, 10, 1),
        ("December 31, 1980", 1980, 12, 31),
        ("Oct. 1, 1988", 1988, 10, 1),
        ("Sept. 2, 2002", 2002, 9, 2),
        ("October 1st, 1988", 1988, 10, 1),
        ("1 October 1988", 1988, 10, 1),
        ("1 Oct 1988", 1988, 10, 1),
        ("22nd Apr. 2008", 2008, 4, 22),
        ("Oct 1988", 1988, 10, nil),
        ("October 1988", 1988, 10, nil),
        ("October, 1988", 1988, 10, nil),
        ("may 2005", 2005, 5, nil),
        ("c. 1950", 1950, nil, nil),
        ("ca. 1950", 1950, nil, nil),
        ("ca 1950", 1950, nil, nil),
        ("circa 1950", 1950, nil, nil),
        ("Circa 1950", 1950, nil, nil),
        ("c1950", 1950, nil, nil),
        ("©1950", 1950, nil, nil),
        ("1950?", 1950, nil, nil),
        ("[1950]", 1950, nil, nil),
        ("[1950?]", 1950, nil, nil),
        ("[c. 1950]", 1950, nil, nil),
        ("  2004 \t", 2004, nil, nil),
        ("\n1998-09\r\n", 1998, 9, nil),
        ("0001-01-01", 1, 1, 1),
        ("9999-12-31", 9999, 12, 31),
    ]

    @Test(arguments: readableForms)
    func parsingReadsEveryFormTheExportsAndAPIsWrite(text: String, year: Int, month: Int?, day: Int?) throws {
        let date = try #require(PartialDate(parsing: text))

        #expect(date.year == year)
        #expect(date.month == month)
        #expect(date.day == day)
    }

    @Test(arguments: [
        "", "   ", "garbage", "year 2004", "2004abc", "2004 AD", "0", "0000", "10000", "-500.0", "-10000", "0 BC", "-0", "700 AD BC",
        "2004.5", "2004.0.0", "2021-02-29", "1900-02-29", "2020-02-30", "2020-04-31", "2020-13", "2020-00",
        "2020-01-32", "2020-01-00", "2020-10/25", "2020/10-25", "1998-", "1998-09-", "99-09-01", "20201025",
        "2020-10-25garbage", "2020-10-25Tnoon", "2020-10-25 12:00 PM", "10/25/2020", "25.10.2020",
        "Octember 2020", "Oct 5", "October 32, 2020", "February 29, 2021", "1 Smarch 2020", "June", "c.",
        "circa", "circa circa 1950", "[", "[]", "[1950", "1950]", "??", "2004??", "Mayday 2005",
    ])
    func parsingRejectsTextThatIsNotARealDate(text: String) {
        #expect(PartialDate(parsing: text) == nil)
    }

    // The arguments are the repeated units, not the megabyte strings, so the test log stays short.
    @Test(arguments: ["2004", "9", " ", "2004-", "[", "c. "])
    func parsingAMegabyteOfRepeatedTextGivesNil(unit: String) {
        let text = String(repeating: unit, count: 1_000_000 / unit.utf8.count)

        #expect(PartialDate(parsing: text) == nil)
    }

    @Test(arguments: [
        "📚2004", "2004📚", "👩‍👩‍👧", "2004\u{0}", "\u{0}\u{7}\u{1B}", "\u{200F}2004", "2004\u{200E}",
        "\u{202E}4002", "２００４", "2004\u{FFFD}",
    ])
    func parsingHostileTextGivesNilWithoutCrashing(text: String) {
        #expect(PartialDate(parsing: text) == nil)
    }

    @Test func parsingAcceptsASubstring() throws {
        let cell = "Date Read: 2020/10/25".split(separator: " ").last
        let text = try #require(cell)

        #expect(PartialDate(parsing: text) == PartialDate(year: 2020, month: 10, day: 25))
    }

    @Test(arguments: [
        (2020, true), (2024, true), (2000, true), (2400, true), (1600, true), (4, true),
        (2021, false), (2023, false), (1900, false), (2100, false), (1800, false), (1, false),
    ])
    func februaryTwentyNinthExistsOnlyInLeapYears(year: Int, isLeap: Bool) {
        #expect((PartialDate(year: year, month: 2, day: 29) != nil) == isLeap)
        #expect(PartialDate.isLeapYear(year) == isLeap)
    }

    static let impossibleParts: [(year: Int, month: Int?, day: Int?)] = [
        (0, nil, nil), (-1, 3, nil), (-700, 1, 1), (-10_000, nil, nil), (10_000, nil, nil), (2020, 0, nil), (2020, 13, nil),
        (2020, nil, 5), (2020, 1, 0), (2020, 1, 32), (2020, 4, 31), (2020, 6, 31), (2020, 9, 31), (2020, 11, 31),
    ]

    @Test(arguments: impossibleParts)
    func creatingFromPartsRejectsImpossibleDates(year: Int, month: Int?, day: Int?) {
        #expect(PartialDate(year: year, month: month, day: day) == nil)
    }

    @Test func creatingFromPartsAcceptsTheFirstAndLastRepresentableDays() {
        #expect(PartialDate(year: 1, month: 1, day: 1)?.description == "0001-01-01")
        #expect(PartialDate(year: 9999, month: 12, day: 31)?.description == "9999-12-31")
    }

    @Test(arguments: [
        ("2004", PartialDate.Precision.year), ("Oct 1988", .month), ("1998-09", .month), ("2020-10-25", .day),
    ])
    func precisionSaysHowMuchOfTheDateIsKnown(text: String, precision: PartialDate.Precision) throws {
        let date = try #require(PartialDate(parsing: text))

        #expect(date.precision == precision)
    }

    static let descriptions: [(year: Int, month: Int?, day: Int?, text: String)] = [
        (2004, nil, nil, "2004"), (950, nil, nil, "0950"), (7, nil, nil, "0007"), (1998, 9, nil, "1998-09"),
        (2020, 1, 5, "2020-01-05"), (2020, 10, 25, "2020-10-25"),
    ]

    @Test(arguments: descriptions)
    func descriptionIsTheISOFormOfTheKnownParts(year: Int, month: Int?, day: Int?, text: String) throws {
        let date = try #require(PartialDate(year: year, month: month, day: day))

        #expect(date.description == text)
        #expect(PartialDate(parsing: date.description) == date)
    }

    @Test func sortingPutsEarlierDatesFirstAndLessPreciseDatesBeforeMorePreciseOnes() throws {
        let texts = ["1999", "1998-01-02", "1998-02", "1998", "2020-10-25", "1998-01-01", "1998-01", "0950"]
        let dates = try texts.map { try #require(PartialDate(parsing: $0)) }

        let sorted = dates.sorted().map(\.description)

        #expect(sorted == ["0950", "1998", "1998-01", "1998-01-01", "1998-01-02", "1998-02", "1999", "2020-10-25"])
    }

    @Test func aYearSortsBeforeEveryMonthOfThatYearAndAfterTheYearBefore() throws {
        let year = try #require(PartialDate(year: 1998))
        let january = try #require(PartialDate(year: 1998, month: 1))
        let lastDayBefore = try #require(PartialDate(year: 1997, month: 12, day: 31))

        #expect(year < january)
        #expect(!(january < year))
        #expect(lastDayBefore < year)
    }

    @Test func datesParsedFromDifferentSpellingsAreEqualAndHashAlike() {
        let spellings = ["October 1, 1988", "1988-10-01", "1 Oct 1988", "[1988/10/01]", "Oct. 1st, 1988"]

        let distinct = Set(spellings.compactMap { PartialDate(parsing: $0) })

        #expect(distinct.count == 1)
        #expect(distinct.first == PartialDate(year: 1988, month: 10, day: 1))
    }

    @Test func encodingWritesTheISOStringsAndDecodingReadsThemBack() throws {
        let dates = try ["2004", "1998-09", "2020-10-25", "0950"].map { try #require(PartialDate(parsing: $0)) }

        let data = try JSONEncoder().encode(dates)
        let decoded = try JSONDecoder().decode([PartialDate].self, from: data)

        #expect(String(decoding: data, as: UTF8.self) == #"["2004","1998-09","2020-10-25","0950"]"#)
        #expect(decoded == dates)
    }

    @Test func decodingAcceptsTheFreeTextFormsParsingAccepts() throws {
        let data = Data(#"{"published": "October 1, 1988"}"#.utf8)

        let decoded = try JSONDecoder().decode([String: PartialDate].self, from: data)

        #expect(decoded["published"] == PartialDate(year: 1988, month: 10, day: 1))
    }

    @Test(arguments: [#"["2021-02-29"]"#, #"["garbage"]"#, #"[""]"#])
    func decodingBadTextThrowsADataCorruptedError(json: String) {
        #expect {
            try JSONDecoder().decode([PartialDate].self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted = error else { return false }
            return true
        }
    }

    @Test func decodingANumberThrows() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PartialDate].self, from: Data("[2004]".utf8))
        }
    }

    @Test(arguments: [
        ("1998", 883_612_800.0), ("1998-09", 904_608_000), ("2020-10-25", 1_603_584_000),
        ("9999-12-31", 253_402_214_400),
    ])
    func dateIsMidnightUTCOnTheFirstDayOfThePeriod(text: String, secondsSince1970: Double) throws {
        let date = try #require(PartialDate(parsing: text))

        #expect(date.date() == Date(timeIntervalSince1970: secondsSince1970))
    }

    @Test func dateUsesTheCalendarItIsGiven() throws {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let date = try #require(PartialDate(year: 1998))

        #expect(date.date(in: tokyo) == Date(timeIntervalSince1970: 883_612_800 - 9 * 3600))
    }

    static let instantsAndUTCDays: [(secondsSince1970: Double, day: String)] = [
        (0, "1970-01-01"), (86_399, "1970-01-01"), (-1, "1969-12-31"), (1_603_584_000 + 86_399, "2020-10-25"),
    ]

    @Test(arguments: instantsAndUTCDays)
    func creatingFromADateTakesItsUTCDay(secondsSince1970: Double, expected: String) {
        let date = PartialDate(date: Date(timeIntervalSince1970: secondsSince1970))

        #expect(date.description == expected)
        #expect(date.precision == .day)
    }

    @Test(arguments: ["1998-01-01", "2000-02-29", "2020-10-25", "1970-01-01", "1900-03-01", "9999-12-31"])
    func aFullDateSurvivesTheRoundTripThroughDate(text: String) throws {
        let date = try #require(PartialDate(parsing: text))

        #expect(PartialDate(date: date.date()) == date)
    }

    @Test func creatingFromADateOutsideTheSupportedYearsClampsToTheNearestEnd() {
        let tooEarly = PartialDate(date: Date(timeIntervalSince1970: -1e12))
        let tooLate = PartialDate(date: Date(timeIntervalSince1970: 1e12))

        #expect(tooEarly.description == "0001-01-01")
        #expect(tooLate.description == "9999-12-31")
    }
}

/// Years before the common era: the Odyssey, the Analects.
@Suite struct YearsBeforeTheCommonEraTests {
    @Test(arguments: [
        ("-700", -700), ("-0700", -700), ("700 BC", -700), ("700 bce", -700), ("479 B.C.", -479), ("1 BC", -1), ("-9999", -9999),
        // Padded, also with a no-break space (Unicode whitespace) after it.
        (" 479 B.C. ", -479), ("700 BC\u{00A0}", -700), ("\t-700", -700),
    ])
    func aYearBCIsReadToTheYear(text: String, year: Int) throws {
        let date = try #require(PartialDate(parsing: text))
        #expect(date.year == year)
        #expect(date.precision == .year)
    }

    @Test func aYearBCIsWrittenWithAMinusSignAndReadBack() throws {
        let odyssey = try #require(PartialDate(year: -700))
        #expect(odyssey.description == "-0700")
        #expect(odyssey.yearText == "700 BC")
        #expect(PartialDate(parsing: odyssey.description) == odyssey)
        let decoded = try JSONDecoder().decode(PartialDate.self, from: JSONEncoder().encode(odyssey))
        #expect(decoded == odyssey)
    }

    @Test func yearsBCSortBeforeYearOneAndTheirDatesComeEarlier() throws {
        let odyssey = try #require(PartialDate(year: -700))
        let analects = try #require(PartialDate(year: -479))
        let first = try #require(PartialDate(year: 1))
        #expect([first, analects, odyssey].sorted() == [odyssey, analects, first])
        #expect(odyssey.date() < analects.date())
        #expect(analects.date() < first.date())
        // 1 BC is the astronomical year 0, 366 days (a leap year) before 0001-01-01
        let oneBC = try #require(PartialDate(year: -1))
        #expect(first.date().timeIntervalSince(oneBC.date()) == 366 * 86_400)
    }
}
