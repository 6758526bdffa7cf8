import BooksTrackCore
import GRDB

/// The mapping between `User` and a row of `users`.
enum UserRecord {
    static let selection = "id, name, dateCreated"

    static func decode(_ row: Row) throws -> User {
        var reader = RowReader(row, table: "users")
        return User(id: try reader.id(), name: try reader.string(), dateCreated: try reader.date())
    }
}
