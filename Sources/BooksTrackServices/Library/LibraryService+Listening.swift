import BooksTrackCore
import Foundation

extension LibraryService {
    /// Records the minutes listened of an audiobook: the shown edition's length
    /// (`audioDurationMinutes`) is read in the same transaction as the change, so an edit of the
    /// length at the same moment cannot slip between them.
    public func progress(_ reference: BookReference, minutes: Int) async throws -> BookChange {
        let now = now()
        let store = self.store
        return try await store.transaction {
            let before = try Self.resolve(reference, in: store)
            let duration = before.edition?.audioDurationMinutes
            _ = try store.updateEntry(id: before.entry.id) { entry, pageCount in
                try entry.updateProgress(minutes: minutes, durationMinutes: duration, pageCount: pageCount, now: now)
            }
            guard let after = try store.book(entryID: before.entry.id) else { throw LibraryError.entryNotFound(before.entry.id) }
            return BookChange(before: before, book: after)
        }
    }
}
