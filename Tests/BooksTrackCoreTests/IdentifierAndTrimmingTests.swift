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

    @Test func entryAndQuoteIdentifiersStayRandomSoTheirFirstDigitsNameThem() {
        let entries = (0..<200).map { _ in LibraryEntry.ID() }
        #expect(entries.allSatisfy { $0.rawValue.uuid.6 >> 4 == 4 && $0.rawValue.uuid.8 >> 6 == 0b10 })
        #expect(Set(entries.map { $0.description.prefix(8) }).count == entries.count)
        let quotes = (0..<200).map { _ in Quote.ID() }
        #expect(quotes.allSatisfy { $0.rawValue.uuid.6 >> 4 == 4 && $0.rawValue.uuid.8 >> 6 == 0b10 })
        #expect(Set(quotes.map { $0.description.prefix(8) }).count == quotes.count)
    }

    @Test func randomIdentifiersSpreadOverEveryRandomBit() {
        // Each of the 122 random bits is set in some of 400 identifiers and clear in others.
        let ids = (0..<400).map { _ in withUnsafeBytes(of: LibraryEntry.ID().rawValue.uuid) { Array($0) } }
        let fixed: [(byte: Int, mask: UInt8)] = [(6, 0xF0), (8, 0xC0)]
        for byte in 0..<16 {
            let randomBits = ~(fixed.first { $0.byte == byte }?.mask ?? 0)
            let ored = ids.reduce(UInt8(0)) { $0 | $1[byte] } & randomBits
            let anded = ids.reduce(UInt8(0xFF)) { $0 & $1[byte] } & randomBits
            #expect(ored == randomBits, "byte \(byte) has a bit never set")
            #expect(anded == 0, "byte \(byte) has a bit always set")
        }
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
        #expect(ids.allSatisfy { $0.rawValue.uuid.6 >> 4 == 4 && $0.rawValue.uuid.8 >> 6 == 0b10 })
    }

    @Test func identifiersMadeOnSeveralThreadsAtOnceAllDiffer() async {
        // Four tasks draw from the one pool together: no value is handed out twice.
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
