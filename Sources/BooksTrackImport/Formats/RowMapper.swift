/// One format's reading of a data row.
///
/// A mapper is made once per file from its header (resolving column positions then), and reads
/// each row into an `ImportedBook`, appending what it could not use to `problems` with the row
/// number. It returns nil only when the row cannot become a book (no title), after reporting why.
protocol RowMapper: Sendable {
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook?
}
