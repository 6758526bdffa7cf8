import BooksTrackCore
import BooksTrackServices
import Foundation
import Synchronization

/// Books removed in the web app, kept for a while so that "Undo" can put them back: ten minutes
/// each, at most 64 MB of them in all (photos count), the oldest going first. A restart forgets
/// them; the page says undo lasts ten minutes.
final class UndoShelf: Sendable {
    static let lifetime: Duration = .seconds(600)
    static let byteLimit = 64 * 1_048_576

    private struct Kept {
        let owner: User.ID
        let removed: RemovedBook
        let until: ContinuousClock.Instant
    }

    private let kept = Mutex<(items: [String: Kept], order: [String])>(([:], []))

    /// Keeps a removed book and answers the token that takes it back.
    func keep(_ removed: RemovedBook, owner: User.ID, now: ContinuousClock.Instant = .now) -> String {
        let token = UUID().uuidString.lowercased()
        kept.withLock { shelf in
            shelf.items = shelf.items.filter { $0.value.until > now }
            shelf.order = shelf.order.filter { shelf.items[$0] != nil }
            shelf.items[token] = Kept(owner: owner, removed: removed, until: now + Self.lifetime)
            shelf.order.append(token)
            var bytes = shelf.items.values.reduce(0) { $0 + $1.removed.byteCount }
            while bytes > Self.byteLimit, shelf.order.count > 1, let oldest = shelf.order.first {
                shelf.order.removeFirst()
                bytes -= shelf.items.removeValue(forKey: oldest)?.removed.byteCount ?? 0
            }
        }
        return token
    }

    /// Takes the book kept under `token` for `owner`, once; nil when it is gone, too old or another's.
    func take(_ token: String, owner: User.ID, now: ContinuousClock.Instant = .now) -> RemovedBook? {
        kept.withLock { shelf in
            guard let found = shelf.items[token], found.owner == owner else { return nil }
            shelf.items[token] = nil
            shelf.order.removeAll { $0 == token }
            return found.until > now ? found.removed : nil
        }
    }

    /// The title kept under `token` for `owner`, while it can still be taken.
    func title(_ token: String, owner: User.ID, now: ContinuousClock.Instant = .now) -> String? {
        kept.withLock { shelf in
            guard let found = shelf.items[token], found.owner == owner, found.until > now else { return nil }
            return found.removed.book.work.title
        }
    }
}
