import BooksTrackCore

/// HTML character references (`&eacute;`, `&rsquo;`, `&#039;`, `&#x27;`) turned into the characters
/// they stand for, for sources that send text as HTML (LibraryThing's exports, Goodreads' reviews).
///
/// Named references cover what book data holds: the markup five, all of Latin-1 and the
/// typographic punctuation. An unknown name, a bare `&` or a number that is no character is kept
/// as written, so text that merely contains an ampersand is left alone.
enum HTMLEntities {
    /// `text` with every reference it holds decoded.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while let ampersand = text[index...].firstIndex(of: "&") {
            result += text[index..<ampersand]
            let afterAmpersand = text.index(after: ampersand)
            if let semicolon = text[afterAmpersand...].prefix(33).firstIndex(of: ";"),
                let character = character(named: text[afterAmpersand..<semicolon])
            {
                result.append(character)
                index = text.index(after: semicolon)
            } else {
                result.append("&")
                index = afterAmpersand
            }
        }
        result += text[index...]
        return result
    }

    /// The character of one reference's name (what lies between `&` and `;`).
    static func character(named name: Substring) -> Character? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let isHex = digits.first == "x" || digits.first == "X"
            let number = isHex ? digits.dropFirst() : digits
            guard !number.isEmpty, number.count <= 8, let value = UInt32(number, radix: isHex ? 16 : 10), value != 0,
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return Character(scalar)
        }
        return named[String(name)]
    }

    private static let named: [String: Character] = {
        var table: [String: Character] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
            "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
            "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}", "hellip": "\u{2026}", "bull": "\u{2022}",
            "prime": "\u{2032}", "Prime": "\u{2033}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "trade": "\u{2122}",
            "euro": "\u{20AC}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "permil": "\u{2030}", "oelig": "\u{0153}",
            "OElig": "\u{0152}", "scaron": "\u{0161}", "Scaron": "\u{0160}", "Yuml": "\u{0178}", "fnof": "\u{0192}",
            "circ": "\u{02C6}", "tilde": "\u{02DC}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
            "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "minus": "\u{2212}",
        ]
        // Latin-1's names, U+00A0 to U+00FF in order.
        let latin1 = """
            nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
            acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde \
            Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc \
            Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml \
            aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc \
            otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
            """
        for (offset, name) in latin1.split(separator: " ").enumerated() {
            if let scalar = Unicode.Scalar(0xA0 + UInt32(offset)) { table[String(name)] = Character(scalar) }
        }
        return table
    }()
}

extension ImportedBook {
    /// The book with the references decoded in its names and titles (not in review and notes,
    /// which go through `Cells.plainText(fromHTML:)`).
    func decodingHTMLEntities() -> ImportedBook {
        var book = self
        book.title = HTMLEntities.decode(title)
        book.subtitle = subtitle.map(HTMLEntities.decode)
        book.authors = authors.map(HTMLEntities.decode)
        book.translator = translator.map(HTMLEntities.decode)
        book.narrator = narrator.map(HTMLEntities.decode)
        book.contributors = contributors.map { Contributor(name: HTMLEntities.decode($0.name), role: HTMLEntities.decode($0.role)) }
        book.publisher = publisher.map(HTMLEntities.decode)
        book.editionTitle = editionTitle.map(HTMLEntities.decode)
        book.seriesName = seriesName.map(HTMLEntities.decode)
        book.tags = tags.map(HTMLEntities.decode)
        book.genres = genres.map(HTMLEntities.decode)
        book.description = description.map(HTMLEntities.decode)
        return book
    }
}
