import BooksTrackCore
import GRDB

/// The mapping between `User` and a row of `users`.
enum UserRecord {
    static let selection = "id, name, dateCreated"

    static func decode(_ reader: inout RowReader) throws -> User {
        return User(id: try reader.textID(), name: try reader.string(), dateCreated: try reader.date())
    }
}
