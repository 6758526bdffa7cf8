import Foundation
import Testing

@testable import BooksTrackCore

/// Fixed instants so no test depends on today.
private let day0 = Date(timeIntervalSince1970: 1_763_798_400)  // 2025-11-22T08:00:00Z
private func day(_ n: Double) -> Date { day0.addingTimeInterval(n * 86_400) }

private func audiobookEntry(status: ReadingStatus = .toRead) -> LibraryEntry {
    LibraryEntry(userID: User.ID(), workID: Work.ID(), editionID: Edition.ID(), status: status, dateAdded: day0)
}

@Suite struct ListeningProgress {
    @Test(arguments: [
        ("2h30m", 150), ("2h30", 150), ("2 h 30 min", 150), ("2 hours 30 minutes", 150), ("2:30", 150), ("0:05", 5),
        ("1h05m", 65), ("1:05", 65), ("150 min", 150), ("150min", 150), ("45m", 45), ("3h", 180), ("  2H30M ", 150),
        ("1000h", 60_000),
    ])
    func aTimeListenedIsReadAsMinutes(typed: String, minutes: Int) throws {
        #expect(try ProgressPosition.read(typed) == .minutes(minutes))
    }

    @Test func pagesAndPercentagesAreReadAsBefore() throws {
        #expect(try ProgressPosition.read("120") == .page(120))
        #expect(try ProgressPosition.read("45%") == .percent(45))
    }

    @Test(arguments: ["2:3", "2:300", ":30", "1.5h", "2:30:15", "-5 min", "30m2h", "2h2h", "2 pages", "h", "1h90m"])
    func otherWaysOfWritingATimeAreRefused(typed: String) {
        #expect(throws: ValidationError.self, "\(typed)") { try ProgressPosition.read(typed) }
        #expect(ProgressPosition(parsing: typed) == nil, "\(typed)")
    }

    @Test(arguments: ["1000000000000000000 min", "9999999999999999999:00", "99999999999999999999h", "1000h1m", "60001 min"])
    func aHugeTimeIsAClearRangeErrorNotATrap(typed: String) {
        #expect {
            try ProgressPosition.read(typed)
        } throws: { error in
            guard let error = error as? ValidationError, case .outOfRange = error else { return false }
            return error.description.contains("at most 60000 minutes")
        }
    }

    @Test func aHugePageIsARangeError() {
        #expect(throws: ValidationError.outOfRange(field: "page", value: "1000000000000000000", allowed: "0–100000")) {
            try ProgressPosition.read("1000000000000000000")
        }
    }

    @Test func minutesListenedSetTheShareOfTheLengthAndStartAToReadBook() throws {
        var entry = audiobookEntry()
        try entry.updateProgress(minutes: 175, durationMinutes: 700, now: day(1))
        #expect(entry.progress == 0.25)
        #expect(entry.status == .reading)
        #expect(entry.dateStarted == day(1))
        #expect(entry.lastModified == day(1))
    }

    @Test func theLastMinuteFinishesTheBook() throws {
        var entry = audiobookEntry(status: .reading)
        try entry.updateProgress(minutes: 700, durationMinutes: 700, pageCount: 34, now: day(3))
        #expect(entry.status == .read)
        #expect(entry.progress == 1)
        #expect(entry.dateCompleted == day(3))
        #expect(entry.currentPage == 34)
    }

    @Test func zeroMinutesChangeNoStatus() throws {
        var entry = audiobookEntry()
        try entry.updateProgress(minutes: 0, durationMinutes: 700, now: day(1))
        #expect(entry.status == .toRead)
        #expect(entry.dateStarted == nil)
    }

    @Test func minutesShortOfTheEndOfAReadBookStartARereadAtThatPosition() throws {
        var entry = audiobookEntry(status: .reading)
        try entry.updateProgress(minutes: 700, durationMinutes: 700, now: day(2))
        try entry.updateProgress(minutes: 70, durationMinutes: 700, now: day(9))
        #expect(entry.status == .reading)
        #expect(entry.progress == 0.1)
        #expect(entry.dateStarted == day(9))
        #expect(entry.readHistory == [ReadPeriod(started: day(2), ended: day(2), outcome: .read)])
    }

    @Test func minutesPastTheLengthOrNegativeAreRefusedAndNothingChanges() {
        var entry = audiobookEntry()
        let before = entry
        #expect(throws: LibraryError.self) { try entry.updateProgress(minutes: 701, durationMinutes: 700, now: day(1)) }
        #expect(throws: LibraryError.self) { try entry.updateProgress(minutes: -1, durationMinutes: 700, now: day(1)) }
        #expect(throws: LibraryError.self) { try entry.updateProgress(minutes: Int.max, durationMinutes: 700, now: day(1)) }
        #expect(entry == before)
    }

    @Test func anAudiobookOfUnknownLengthSaysToSetIt() {
        var entry = audiobookEntry()
        #expect {
            try entry.updateProgress(minutes: 30, durationMinutes: nil, now: day(1))
        } throws: { error in
            "\(error)".contains("bookstrack edit BOOK --audio-minutes N")
        }
        #expect(entry.status == .toRead)
    }

    @Test func percentProgressKeepsWorkingForAnAudiobook() throws {
        var entry = audiobookEntry()
        try entry.updateProgress(percent: 50, pageCount: 34, now: day(1))
        #expect(entry.progress == 0.5)
        #expect(entry.status == .reading)
    }

    @Test func timeIsShownInHoursAndMinutes() {
        #expect(ProgressPosition.timeText(minutes: 45) == "45 min")
        #expect(ProgressPosition.timeText(minutes: 150) == "2 h 30 min")
        #expect(ProgressPosition.timeText(minutes: 180) == "3 h")
        #expect(ProgressPosition.timeText(minutes: 60_000) == "1,000 h")
    }
}
