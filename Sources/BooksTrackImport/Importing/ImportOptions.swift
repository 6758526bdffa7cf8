/// How an import runs.
public struct ImportOptions: Hashable, Sendable {
    /// The format to read; nil detects it from the header.
    public var format: ImportFormat?
    /// Report what would happen without writing anything.
    public var dryRun: Bool
    /// Let the file's values replace the library's where both have one.
    public var overwrite: Bool
    public var limits: ImportLimits
    /// Rows per transaction.
    public var batchSize: Int
    /// Which column holds which field, for a CSV no importer knows (read with the generic importer).
    public var mapping: ColumnMapping?

    /// Creates options: detect the format, write, keep the library's values, batches of 5,000 rows.
    public init(
        format: ImportFormat? = nil, dryRun: Bool = false, overwrite: Bool = false,
        limits: ImportLimits = ImportLimits(), batchSize: Int = 5_000, mapping: ColumnMapping? = nil
    ) {
        self.mapping = mapping
        self.format = format
        self.dryRun = dryRun
        self.overwrite = overwrite
        self.limits = limits
        self.batchSize = max(1, batchSize)
    }

    /// Rows per transaction for a file of `rows` rows: `batchSize`, or a twentieth of the file when
    /// that is more, up to 20,000 rows. Each transaction rewrites the index pages its rows land
    /// on, and ISBN, title and entry keys land all over their indexes, so with a fixed batch the
    /// pages written per row grow with the library; twenty transactions an import keep them flat.
    func batchSize(forRows rows: Int) -> Int {
        max(batchSize, min(Self.largestBatch, rows / Self.batchesPerLargeImport))
    }

    private static let largestBatch = 20_000
    private static let batchesPerLargeImport = 20
}
