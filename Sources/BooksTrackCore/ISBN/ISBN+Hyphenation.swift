extension ISBN {
    /// The ISBN-13 hyphenated by the ISBN range data, e.g. "978-0-441-17271-9"; the plain 13 digits
    /// when the range data does not cover it (an unassigned group or registrant range).
    public var hyphenated: String {
        guard let split = ISBNRanges.current.split(isbn13: value) else { return isbn13 }
        return ISBN.hyphenate(isbn13, elementLengths: [3] + split.elementLengths)
    }

    /// The ISBN-10 hyphenated by the range data, e.g. "0-441-17271-7"; the plain 10 characters when
    /// the range data does not cover it; nil for 979 ISBNs, which have no ISBN-10.
    public var hyphenatedISBN10: String? {
        guard let isbn10 else { return nil }
        guard let split = ISBNRanges.current.split(isbn13: value) else { return isbn10 }
        return ISBN.hyphenate(isbn10, elementLengths: split.elementLengths)
    }

    /// The registration group (language area, country or region) this ISBN was issued under, e.g.
    /// "978-4" "Japan"; nil when the range data does not know the group.
    public var registrationGroup: RegistrationGroup? {
        guard let group = ISBNRanges.current.group(forISBN13: value) else { return nil }
        return RegistrationGroup(prefix: group.prefix, name: group.name)
    }

    /// Joins consecutive runs of `plain`, of the given lengths, with hyphens; `plain` itself when
    /// the lengths do not add up to its length.
    private static func hyphenate(_ plain: String, elementLengths: [Int]) -> String {
        guard elementLengths.allSatisfy({ $0 > 0 }), elementLengths.reduce(0, +) == plain.utf8.count else {
            return plain
        }
        var result = ""
        result.reserveCapacity(plain.utf8.count + elementLengths.count - 1)
        var index = plain.startIndex
        for (position, length) in elementLengths.enumerated() {
            if position > 0 { result.append("-") }
            let next = plain.utf8.index(index, offsetBy: length)
            result += plain[index..<next]
            index = next
        }
        return result
    }
}

extension ISBNRanges.Split {
    /// Lengths of group, registrant, publication and check digit: an ISBN-10's elements, and an
    /// ISBN-13's after its 3-digit EAN prefix.
    var elementLengths: [Int] {
        [identifierLength, registrantLength, 9 - identifierLength - registrantLength, 1]
    }
}
