import BooksTrackCore
import BooksTrackProviders
import Foundation

extension SearchService: BookMatcher {
    /// The book a spine most likely is: the result carrying its ISBN when one was read, else the
    /// first result of a title and author search that `ShelfMatch` finds plausible.
    public func bestMatch(for detection: ShelfDetection) async throws -> WorkDTO? {
        if let isbn = detection.isbn {
            let answer = try await answer(SearchQuestion(isbn: isbn.isbn13))
            if let found = answer.works.first(where: { $0.editions.contains { $0.isbn13.contains(isbn.isbn13) } }) { return found }
        }
        // Titles and authors are within the search's limits (`ShelfDetection.checked`).
        let title = detection.title
        let answer = try await answer(SearchQuestion(title: title, author: detection.author))
        if let found = answer.works.first(where: { ShelfMatch.isPlausible($0, for: detection) }) { return found }
        guard detection.author != nil else { return nil }
        // A misread author name can hide the book: the title alone, held to the same test.
        let titleOnly = try await self.answer(SearchQuestion(title: title))
        return titleOnly.works.first { ShelfMatch.isPlausible($0, for: detection) }
    }
}
