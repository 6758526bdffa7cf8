extension ReadingStatus {
    /// Reads a status or shelf name from any supported app or export, or nil when the text names no status.
    ///
    /// Case, spaces, hyphens, underscores and other punctuation are ignored, so "Currently Reading",
    /// "currently-reading" and "CURRENTLY_READING" are the same. Shelves that are not statuses
    /// ("owned", "favorites", "reading-list-2024") and empty text give nil: callers report them
    /// instead of guessing.
    public init?(parsing text: some StringProtocol) {
        guard let key = Self.lookupKey(for: text), let status = Self.statusesByKey[key] else { return nil }
        self = status
    }

    /// Every recognised name, keyed by its lowercased letters and digits.
    private static let statusesByKey: [String: ReadingStatus] = {
        var statuses: [String: ReadingStatus] = [:]
        let names: [ReadingStatus: [String]] = [
            // LibraryThing's collection name; "Wish list" shares its key.
            .wishlist: ["Wishlist"],
            .toRead: [
                "To Read", "to-read", "TBR", "TBR - To Be Read", "To Be Read", "Want to Read",
                "want-to-read",
                // Openreads writes "planned".
                "planned",
            ],
            .reading: [
                "Reading", "Currently Reading", "currently-reading",
                // Openreads writes "in_progress".
                "in progress",
            ],
            .read: [
                "Read", "Already Read",
                // LibraryThing collection; ownership is the importer's business, the status is read.
                "Read but unowned",
                // Openreads writes "finished"; the seed apps' third status is "completed".
                "finished", "completed",
            ],
            .onHold: ["On Hold", "on-hold", "Paused"],
            .dnf: [
                "DNF", "DNF - Did Not Finish", "Did Not Finish", "did-not-finish",
                // Goodreads custom exclusive shelves and BookWyrm's "stopped-reading" shelf.
                "abandoned", "unfinished", "stopped", "stopped-reading", "gave up",
            ],
        ]
        for status in ReadingStatus.allCases {
            for name in [status.rawValue, status.displayName] + (names[status] ?? []) {
                if let key = lookupKey(for: name) {
                    statuses[key] = status
                }
            }
        }
        return statuses
    }()

    // No name comes near these lengths; the caps keep a hostile 1 MB cell from being scanned.
    private static let longestText = 200
    private static let longestKey = 24

    /// The lowercased ASCII letters and digits of `text` with every other character that is not
    /// punctuation, a separator or an invisible control kept as it is; nil when empty or too long.
    private static func lookupKey(for text: some StringProtocol) -> String? {
        guard text.utf8.count <= longestText else { return nil }
        var key = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                switch scalar {
                case "a"..."z", "0"..."9": key.append(scalar)
                case "A"..."Z": key.append(Unicode.Scalar(UInt8(truncatingIfNeeded: scalar.value) | 0x20))
                default: continue
                }
            } else if !isIgnorable(scalar) {
                // Other letters, marks and symbols stay, so "réad" or "📚read" never matches "read".
                key.append(scalar)
            }
            guard key.count <= longestKey else { return nil }
        }
        return key.isEmpty ? nil : String(key)
    }

    /// Whether a non-ASCII scalar is punctuation (dashes, curly quotes), a space or an invisible control
    /// such as a right-to-left mark.
    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            true
        default:
            false
        }
    }
}
