/// Why a library operation could not be done.
public enum LibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field broke a limit.
    case invalid(ValidationError)
    /// A page below zero was given.
    case negativePage(Int)
    /// A page past the last page of the edition was given.
    case pageBeyondLastPage(page: Int, pageCount: Int)
    /// A percentage outside 0–100 was given.
    case percentOutOfRange(Double)
    /// A wishlist entry cannot have an owned edition.
    case wishlistCannotBeOwned
    /// `acquire` was asked for an entry that is not on the wishlist.
    case notOnWishlist(ReadingStatus)
    /// The edition belongs to a different work than the entry.
    case editionOfAnotherWork
    /// A status move that the rules do not allow (for example back to wishlist while owned).
    case statusChangeNotAllowed(from: ReadingStatus, to: ReadingStatus, reason: String)
    /// No entry with this identifier in this user's library.
    case entryNotFound(LibraryEntry.ID)
    /// No work with this identifier in this user's library.
    case workNotFound(Work.ID)
    /// No edition with this identifier in this user's library.
    case editionNotFound(Edition.ID)
    /// No author with this identifier in this user's library.
    case authorNotFound(Author.ID)
    /// No photo with this identifier in this user's library.
    case photoNotFound(PagePhoto.ID)
    /// No quote with this identifier on the entry.
    case quoteNotFound(Quote.ID)
    /// The user already has an entry for this work (one entry per work per user).
    case duplicateEntry(Work.ID)
    /// An image that is neither JPEG nor PNG.
    case unsupportedImage
    /// An image larger than the limit.
    case imageTooLarge(bytes: Int, limit: Int)
    /// A user name that differs only in case (or Unicode form) from several users' names.
    case ambiguousUser(String, candidates: [String])

    /// A message that says what was wrong and what to do.
    public var description: String {
        switch self {
        case .invalid(let error):
            error.description
        case .negativePage(let page):
            "page \(page) is negative; pages start at 0"
        case .pageBeyondLastPage(let page, let pageCount):
            "page \(page) is past the last page (\(pageCount))"
        case .percentOutOfRange(let percent):
            "progress \(percent)% is out of range: 0–100"
        case .wishlistCannotBeOwned:
            "a wishlist book cannot be owned; acquire it to move it off the wishlist"
        case .notOnWishlist(let status):
            "only wishlist books can be acquired; this one is \(status.displayName)"
        case .editionOfAnotherWork:
            "the edition belongs to a different work"
        case .statusChangeNotAllowed(let from, let to, let reason):
            "cannot move from \(from.displayName) to \(to.displayName): \(reason)"
        case .entryNotFound(let id):
            "no book \(id) in this library"
        case .workNotFound(let id):
            "no work \(id) in this library"
        case .editionNotFound(let id):
            "no edition \(id) in this library"
        case .authorNotFound(let id):
            "no author \(id) in this library"
        case .photoNotFound(let id):
            "no photo \(id) in this library"
        case .quoteNotFound(let id):
            "no quote \(id) on this book"
        case .duplicateEntry(let workID):
            "this library already has an entry for work \(workID)"
        case .unsupportedImage:
            "the image is neither JPEG nor PNG"
        case .ambiguousUser(let name, let candidates):
            "\(name) could be any of the users \(candidates.joined(separator: ", ")), whose names differ only in case; write the name exactly"
        case .imageTooLarge(let bytes, let limit):
            "the image is \(ByteCountText.megabytes(bytes)); the limit is \(ByteCountText.megabytes(limit))"
        }
    }
}
