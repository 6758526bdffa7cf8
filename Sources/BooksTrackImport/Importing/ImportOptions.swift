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

    /// Rows per transaction for a file of `rows` rows: `batchSize`, or a tenth of the file when
    /// that is more, up to 30,000 rows. Each transaction rewrites the index pages its rows land
    /// on, and ISBN, title and entry keys land all over their indexes, so with a fixed batch the
    /// pages written per row grow with the library; ten transactions an import keep them flat.
    ///
    /// Ten rather than twenty: 100,000 rows in batches of 10,000 took about 0.3–0.5 s less than in
    /// batches of 5,000, and 300,000 rows in batches of 30,000 about 2 s less than in batches of
    /// 15,000. The batches in flight (read, merged ahead, written) are what an import holds in
    /// memory: it peaked at about 310 MB for 100,000 rows and 645 MB for 300,000, against 250 and
    /// 465 MB with twenty; the largest batch bounds it for larger files.
    func batchSize(forRows rows: Int) -> Int {
        max(batchSize, min(Self.largestBatch, rows / Self.batchesPerLargeImport))
    }

    private static let largestBatch = 30_000
    private static let batchesPerLargeImport = 10
}
