import Foundation

/// Finds the spines of books standing side by side on a shelf photo: the slant of the photo
/// (from the long, straight edges between spines), then the long edges themselves, each spine
/// being the strip between two of them. It works on a small copy of the photo (8-bit sRGB).
struct SpineFinder {
    /// A spine: the columns between `left` and `right` at the middle row of the image, both
    /// slanting by `slope` pixels across per pixel down. In the coordinates of the analysed image.
    struct Strip: Hashable, Sendable {
        var left: Double
        var right: Double
        var slope: Double
    }

    /// The narrowest spine looked for, as a share of the photo's height (a paperback on a
    /// shelf photographed whole is about 1/40 of it).
    var narrowest = 0.02
    /// The smallest colour change (distance in sRGB levels) taken as the edge between two spines.
    var edgeContrast = 24.0
    /// The shortest edge between two spines, as a share of the photo's height: the edge between a
    /// short book and a tall one runs only the short one's height.
    var shortestEdge = 0.3
    /// The slants tried, in pixels across per pixel down (tan of −4° to 4°).
    var slopes: [Double] = stride(from: -4.0, through: 4.0, by: 0.5).map { tan($0 * .pi / 180) }

    /// The spines of an image given as `rgb` pixels (three bytes each, rows of `width`), left to right.
    func strips(rgb: [UInt8], width: Int, height: Int) -> [Strip] {
        guard width >= 8, height >= 8 else { return [] }
        let grey = Self.grey(rgb)
        let third = width / 3
        let leftSlope = slope(grey, width: width, height: height, columns: 0..<max(1, third))
        let rightSlope = slope(grey, width: width, height: height, columns: min(width - 1, 2 * third)..<width)
        // A photo seen from a little above or below slants its two sides differently (perspective);
        // the slant in between is taken as changing evenly across.
        let slopeAt = { (x: Double) -> Double in
            leftSlope + (rightSlope - leftSlope) * (x - Double(third) / 2) / Double(max(1, 2 * third))
        }
        let runs = edgeRuns(rgb, width: width, height: height, slopeAt: slopeAt)
        let edges = edgeColumns(runs, minimumGap: max(3, Int(narrowest * Double(height))))
        var strips: [Strip] = []
        let bounds = [0] + edges + [width]
        for (left, right) in zip(bounds, bounds.dropFirst()) where Double(right - left) >= narrowest * Double(height) * 0.8 {
            let centre = Double(left + right) / 2
            strips.append(Strip(left: Double(left), right: Double(right), slope: slopeAt(centre)))
        }
        return strips
    }

    /// Luminance of sRGB pixels, one byte each.
    static func grey(_ rgb: [UInt8]) -> [UInt8] {
        var grey = [UInt8](repeating: 0, count: rgb.count / 3)
        rgb.withUnsafeBufferPointer { source in
            grey.withUnsafeMutableBufferPointer { target in
                for index in 0..<target.count {
                    let red = Int(source[index * 3]), green = Int(source[index * 3 + 1]), blue = Int(source[index * 3 + 2])
                    target[index] = UInt8((red * 77 + green * 150 + blue * 29) >> 8)
                }
            }
        }
        return grey
    }

    /// The slant that lines up the vertical edges of `columns` best: the one whose column sums of
    /// signed left-to-right differences are the most peaked (an edge running the height of a
    /// spine adds up; the strokes of letters, going both ways, cancel out).
    func slope(_ grey: [UInt8], width: Int, height: Int, columns: Range<Int>) -> Double {
        let centre = height / 2
        var best = (slope: 0.0, sharpness: -1.0)
        grey.withUnsafeBufferPointer { pixels in
            for slope in slopes {
                var sums = [Int](repeating: 0, count: columns.count)
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in stride(from: 0, to: height, by: 2) {
                        let shift = Int((slope * Double(y - centre)).rounded())
                        let row = y * width
                        for (slot, x) in columns.enumerated() {
                            let source = x + shift
                            guard source >= 0, source + 1 < width else { continue }
                            sums[slot] += Int(pixels[row + source + 1]) - Int(pixels[row + source])
                        }
                    }
                }
                let sharpness = sums.reduce(0.0) { $0 + Double($1) * Double($1) }
                if sharpness > best.sharpness { best = (slope, sharpness) }
            }
        }
        return best.slope
    }

    /// For each column, how long a straight edge runs down it: the longest stretch of rows (as a
    /// share of the height, short breaks bridged) where the colours just left and right of it,
    /// following the slant, differ by `edgeContrast` or more. The edge between two spines runs
    /// their whole height; the edge of a line of letters written along a spine breaks at every
    /// space between words.
    func edgeRuns(_ rgb: [UInt8], width: Int, height: Int, slopeAt: (Double) -> Double) -> [Double] {
        let centre = height / 2, reach = 2, bridged = 2
        let threshold = edgeContrast * edgeContrast
        var runs = [Double](repeating: 0, count: width)
        var samples = 0
        for _ in stride(from: 0, to: height, by: 2) { samples += 1 }
        rgb.withUnsafeBufferPointer { pixels in
            for x in reach..<max(reach, width - reach) {
                let slope = slopeAt(Double(x))
                var longest = 0, current = 0, missed = 0
                for y in stride(from: 0, to: height, by: 2) {
                    let shift = Int((slope * Double(y - centre)).rounded())
                    let left = min(width - 1, max(0, x - reach + shift)), right = min(width - 1, max(0, x + reach + shift))
                    let a = (y * width + left) * 3, b = (y * width + right) * 3
                    let red = Int(pixels[a]) - Int(pixels[b]), green = Int(pixels[a + 1]) - Int(pixels[b + 1])
                    let blue = Int(pixels[a + 2]) - Int(pixels[b + 2])
                    if Double(red * red + green * green + blue * blue) >= threshold {
                        current += 1 + missed
                        missed = 0
                        longest = max(longest, current)
                    } else if current > 0, missed < bridged {
                        missed += 1
                    } else {
                        current = 0
                        missed = 0
                    }
                }
                runs[x] = Double(longest) / Double(samples)
            }
        }
        return runs
    }

    /// The columns where a long edge runs, each the longest within `minimumGap` of it and running
    /// at least `shortestEdge` of the height.
    func edgeColumns(_ runs: [Double], minimumGap: Int) -> [Int] {
        var edges: [Int] = []
        for x in runs.indices where runs[x] >= shortestEdge {
            let window = max(0, x - minimumGap / 2)...min(runs.count - 1, x + minimumGap / 2)
            // Of equal runs side by side (an edge blurred over a few columns) the middle one is kept.
            guard window.allSatisfy({ runs[$0] <= runs[x] }) else { continue }
            let plateau = window.filter { runs[$0] == runs[x] }
            guard plateau[plateau.count / 2] == x else { continue }
            edges.append(x)
        }
        return edges
    }
}
