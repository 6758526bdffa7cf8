/// Writing CSV cells that spreadsheets read as text (RFC 4180, comma-separated, LF line ends).
enum CSVText {
    /// Prefixes `'` to text a spreadsheet would run as a formula: text starting with `=`, `+`,
    /// `-`, `@`, a tab or a carriage return (DESIGN §8, OWASP "CSV injection").
    static func neutralized(_ text: String) -> String {
        guard let first = text.utf8.first else { return text }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D:
            return "'" + text
        default:
            return text
        }
    }

    /// Appends one record: the cells separated by commas, each quoted when it holds a comma, a
    /// quote, a CR or an LF (quotes doubled inside), then an LF.
    static func appendRecord(_ cells: [String], to bytes: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendCell(cell, to: &bytes)
        }
        bytes.append(0x0A)
    }

    private static func appendCell(_ cell: String, to bytes: inout [UInt8]) {
        let utf8 = cell.utf8
        let needsQuotes = utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        }
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
