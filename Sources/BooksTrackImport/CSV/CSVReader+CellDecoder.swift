extension CSVReader {
    /// Turns a cell's bytes into text: UTF-8 when they are valid UTF-8, Windows-1252 otherwise.
    ///
    /// The choice is made per cell because real files mix encodings: LibraryThing's TSV export is
    /// ISO-8859-1, and Goodreads files edited in old spreadsheets hold single Latin-1 cells.
    enum CellDecoder {
        /// The text of `bytes`.
        static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            // Most cells are ASCII, which needs no validating (the generic validation looked up
            // type metadata for every cell: a tenth of reading a Goodreads export).
            if bytes.reduce(0, |) < 0x80 { return String(decoding: bytes, as: UTF8.self) }
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            return windows1252(bytes)
        }

        /// The text of `bytes` read as Windows-1252, a superset of ISO-8859-1's printable characters.
        static func windows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                if (0x80...0x9F).contains(byte) {
                    scalars.append(Unicode.Scalar(controlRange[Int(byte - 0x80)]) ?? Unicode.Scalar(byte))
                } else {
                    scalars.append(Unicode.Scalar(byte))
                }
            }
            return String(scalars)
        }

        // Windows-1252 puts typographic characters where ISO-8859-1 has C1 controls; the five bytes
        // it leaves undefined keep their ISO-8859-1 meaning, as the WHATWG Encoding Standard says.
        private static let controlRange: [UInt32] = [
            0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
            0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
            0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
            0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
        ]
    }
}
