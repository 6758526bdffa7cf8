import Foundation

/// Cleaning rules shared by every external-identifier list.
package enum ExternalID {
    /// Trims; empty becomes nil.
    package static func clean(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Trims, drops empty values and exact duplicates, keeps order.
    package static func cleaned(_ values: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for value in values {
            guard let value = clean(value), seen.insert(value).inserted else { continue }
            result.append(value)
        }
        return result
    }

    /// Appends `value` unless it is empty or already present.
    package static func append(_ value: String, to list: inout [String]) {
        guard let value = clean(value), !list.contains(value) else { return }
        list.append(value)
    }

    /// Appends every new value of `other`.
    package static func union(_ list: inout [String], _ other: [String]) {
        for value in other { append(value, to: &list) }
    }
}

/// Cleaning rules for free-text lists (genres, tags): trimmed, de-duplicated case-insensitively.
package enum StringList {
    /// Trims, drops empties, keeps the first spelling of case-insensitive duplicates.
    package static func deduplicated(_ values: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for value in values {
            let trimmed = value.trimmingWhitespace()
            guard !trimmed.isEmpty, seen.insert(trimmed.lowercased()).inserted else { continue }
            result.append(trimmed)
        }
        return result
    }
}
