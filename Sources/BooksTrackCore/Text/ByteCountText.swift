/// Sizes of files as people read them: "24 MB", "812 KB", "3.5 MB", in units of 1,024.
public enum ByteCountText {
    /// `bytes` in the largest unit that gives at least 1 (B, KB, MB, GB), with one decimal below 10.
    public static func megabytes(_ bytes: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(max(0, bytes))
        var unit = 0
        while value >= 1_024, unit < units.count - 1 {
            value /= 1_024
            unit += 1
        }
        if unit == 0 { return bytes == 1 ? "1 byte" : "\(Int(value)) bytes" }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
