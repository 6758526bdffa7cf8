/// One format's reading of a data row.
///
/// A mapper is made once per file from its header (resolving column positions then), and reads
/// each row into an `ImportedBook`, appending what it could not use to `problems` with the row
/// number. It returns nil only when the row cannot become a book (no title), after reporting why.
protocol RowMapper: Sendable {
    func book(from row: CSVRow, problems: inout [ImportProblem]) -> ImportedBook?
}

extension CSVRow {
    /// The row's title cell, or nil after reporting that the row has no title and is skipped.
    func title(_ column: Int?, problems: inout [ImportProblem]) -> String? {
        guard let title = self[column] else {
            problems.append(ImportProblem(row: number, message: "the row has no title; skipped", action: .skipped))
            return nil
        }
        return title
    }
}

extension ImportedBook {
    /// A book whose title cell may end with its series, "Gideon the Ninth (The Locked Tomb #1)":
    /// the series and its position are split off into their own fields.
    /// With `unnumberedSeries`, a parenthesis without a number is a series too (Goodreads' way).
    init(row: Int, titleWithSeries text: String, unnumberedSeries: Bool = false) {
        let split = Cells.titleAndSeries(text, allowingUnnumbered: unnumberedSeries)
        self.init(row: row, title: split.title)
        seriesName = split.series
        seriesPosition = split.position
        seriesPositionEnd = split.positionEnd
    }
}
