import Foundation
import Testing

@testable import BooksTrackCore

@Suite struct TrimmingTests {
    @Test(arguments: [
        ("Dune", "Dune"),
        ("  Dune\t", "Dune"),
        ("\r\nDune\n", "Dune"),
        ("Dune ", "Dune"),
        (" Dune", "Dune"),
        ("\u{A0}Crème brûlée\u{2003}", "Crème brûlée"),
        ("é", "é"),
        ("\u{3000}東京\u{3000}", "東京"),
        ("a", "a"),
        ("   ", ""),
        ("", ""),
        ("\u{1F}x\u{1C}", "\u{1F}x\u{1C}"),
        ("x\u{0B}", "x"),
        ("x\u{0C}", "x"),
    ])
    func trimsUnicodeWhiteSpaceAtBothEnds(input: String, expected: String) {
        #expect(input.trimmingWhitespace() == expected)
        #expect(input.trimmingWhitespace() == input.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

@Suite struct IdentifierTests {
    @Test func newWorkEditionAndAuthorIdentifiersAreVersionSevenWithTheRFCVariant() {
        for uuid in [Work.ID().rawValue.uuid, Edition.ID().rawValue.uuid, Author.ID().rawValue.uuid] {
            #expect(uuid.6 >> 4 == 7)
            #expect(uuid.8 >> 6 == 0b10)
        }
    }

    @Test func entryAndQuoteIdentifiersAreCountedSoTheirFirstDigitsNameThem() {
        for ids in [(0..<200).map { _ in LibraryEntry.ID().rawValue }, (0..<200).map { _ in Quote.ID().rawValue }] {
            #expect(ids.allSatisfy { $0.uuid.6 >> 4 == 8 && $0.uuid.8 >> 6 == 0b10 })
            let prefixes = ids.map { $0.uuidString.lowercased().prefix(8) }
            #expect(Set(prefixes).count == ids.count)
            // Made one after another, they sort in the order made (unless the 71-minute cycle of
            // the tick turned over between two of them, a few microseconds in 71 minutes).
            let turnedOver = zip(prefixes, prefixes.dropFirst()).filter { $0 > $1 }.count
            #expect(turnedOver <= 1)
        }
    }

    @Test func aCountedIdentifierStartsWithItsTickAndKeepsNinetyRandomBits() {
        let uuid = LibraryEntry.ID.countedUUID(tick: 0x3F2A_9C1E, random: (UInt64.max, UInt64.max))
        #expect(uuid.uuidString.lowercased() == "3f2a9c1e-ffff-8fff-bfff-ffffffffffff")
        let zero = LibraryEntry.ID.countedUUID(tick: 0, random: (0, 0))
        #expect(zero.uuidString.lowercased() == "00000000-0000-8000-8000-000000000000")
    }

    @Test func countedIdentifiersSpreadOverEveryRandomBit() {
        // Each of the 90 random bits (after the four bytes of the tick) is set in some of 400
        // identifiers and clear in others.
        let ids = (0..<400).map { _ in withUnsafeBytes(of: LibraryEntry.ID().rawValue.uuid) { Array($0) } }
        let fixed: [(byte: Int, mask: UInt8)] = [(6, 0xF0), (8, 0xC0)]
        for byte in 4..<16 {
            let randomBits = ~(fixed.first { $0.byte == byte }?.mask ?? 0)
            let ored = ids.reduce(UInt8(0)) { $0 | $1[byte] } & randomBits
            let anded = ids.reduce(UInt8(0xFF)) { $0 & $1[byte] } & randomBits
            #expect(ored == randomBits, "byte \(byte) has a bit never set")
            #expect(anded == 0, "byte \(byte) has a bit always set")
        }
    }

    @Test func theTickIsTheMicrosecondOrOneMoreThanTheLast() {
        var ticker = MicrosecondTicker()
        #expect(ticker.next(microseconds: 1_000) == 1_000)
        #expect(ticker.next(microseconds: 1_000) == 1_001)  // the same microsecond
        #expect(ticker.next(microseconds: 1_000) == 1_002)
        #expect(ticker.next(microseconds: 900) == 1_003)  // a clock set back
        #expect(ticker.next(microseconds: 5_000) == 5_000)  // the clock moved on
        #expect(ticker.next(at: Date(timeIntervalSince1970: 1_700_000_000.000_123)) == 1_700_000_000_000_123)
        // Within an identifier the tick is kept modulo 2³²: 2³² comes after 2³² − 1 as 0.
        var turning = MicrosecondTicker()
        let last = turning.next(microseconds: 0xFFFF_FFFF)
        let first = turning.next(microseconds: 0xFFFF_FFFF)
        #expect(UInt32(truncatingIfNeeded: last) == 0xFFFF_FFFF)
        #expect(UInt32(truncatingIfNeeded: first) == 0)
    }

    @Test func theFirstSixBytesAreTheTimeInMilliseconds() {
        let uuid = Work.ID.timeOrderedUUID(at: Date(timeIntervalSince1970: 1_700_000_000.123)).uuid
        let milliseconds = [uuid.0, uuid.1, uuid.2, uuid.3, uuid.4, uuid.5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds == 1_700_000_000_123)
    }

    @Test func identifiersMadeInLaterMillisecondsSortAfterEarlierOnes() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let ids = (0..<50).map { Work.ID(Work.ID.timeOrderedUUID(at: start.addingTimeInterval((Double($0) + 0.5) / 1_000))) }
        #expect(ids == ids.sorted())
        // The stored form (the sixteen bytes compared as a BLOB) sorts the same way.
        let bytes = ids.map { withUnsafeBytes(of: $0.rawValue.uuid) { Array($0) } }
        #expect(bytes == bytes.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func identifiersMadeInOneMillisecondDiffer() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(Set((0..<1_000).map { _ in Work.ID.timeOrderedUUID(at: date) }).count == 1_000)
    }

    @Test func identifiersMadeAcrossManyRefillsOfThePoolAllDiffer() {
        // 20,000 identifiers take forty reads of the random device (512 values each, two an identifier).
        let ids = (0..<20_000).map { _ in LibraryEntry.ID() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.rawValue.uuid.6 >> 4 == 8 && $0.rawValue.uuid.8 >> 6 == 0b10 })
    }

    @Test func identifiersMadeOnSeveralThreadsAtOnceAllDiffer() async {
        // Four tasks draw from the one pool and the one ticker together: no value, and no first
        // eight digits, handed out twice.
        let ids = await withTaskGroup(of: [LibraryEntry.ID].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<5_000).map { _ in LibraryEntry.ID() } }
            }
            var all: [LibraryEntry.ID] = []
            for await part in group { all += part }
            return all
        }
        #expect(ids.count == 20_000)
        #expect(Set(ids).count == 20_000)
        #expect(Set(ids.map { $0.description.prefix(8) }).count == 20_000)
    }

    @Test func theRandomPoolHandsOutValuesThatVary() {
        // Two values of 64 bits each: among 2,000 draws, every bit is set in some and clear in others.
        let values = (0..<1_000).flatMap { _ in let (high, low) = RandomPool.twoValues(); return [high, low] }
        #expect(values.reduce(UInt64(0)) { $0 | $1 } == UInt64.max)
        #expect(values.reduce(UInt64.max) { $0 & $1 } == 0)
        #expect(Set(values).count == values.count)
    }

    @Test func aDateBeforeNineteenSeventyGivesTimeZero() {
        let uuid = Work.ID.timeOrderedUUID(at: Date(timeIntervalSince1970: -5)).uuid
        #expect([uuid.0, uuid.1, uuid.2, uuid.3, uuid.4, uuid.5] == [0, 0, 0, 0, 0, 0])
    }
}
