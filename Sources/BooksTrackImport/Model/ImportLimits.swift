/// The largest input an import accepts; anything larger is refused before a row is written.
public struct ImportLimits: Hashable, Sendable {
    /// Data rows (the header excluded).
    public var maxRows: Int
    /// Bytes of the whole file.
    public var maxBytes: Int
    /// Bytes of one cell; a longer cell makes its row a problem, not the file.
    public var maxCellBytes: Int

    /// The defaults: 200,000 rows, 50 MB, 1 MB per cell.
    public init(maxRows: Int = 200_000, maxBytes: Int = 50_000_000, maxCellBytes: Int = 1_000_000) {
        self.maxRows = maxRows
        self.maxBytes = maxBytes
        self.maxCellBytes = maxCellBytes
    }
}
