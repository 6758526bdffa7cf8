import Benchmark
import BooksTrackCore

/// What people paste: plain and hyphenated ISBN-10/13, labels, spreadsheet wrapping, and some
/// invalid values, mixed so that branch prediction cannot learn one shape.
private let pasted: [String] = {
    let valid = [
        "0441172717", "9780441172719", "978-0-441-17271-9", "0-441-17271-7", "ISBN: 9780316229296",
        "=\"0765311798\"", " 978 1 250 31319 1 ", "080442957X", "0-8044-2957-x", "9791090636071",
        "ISBN-13: 978-3-16-148410-0", "4-06-263757-4", "9788420412146", "2-07-036822-X",
    ]
    let invalid = ["0441172718", "97804411727", "97704411727199", "04411X2717", "not an isbn"]
    var values: [String] = []
    for index in 0..<1_000 {
        values.append(index % 5 == 4 ? invalid[index % invalid.count] : valid[index % valid.count])
    }
    return values
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(3))

    // One iteration parses and validates 1,000 pasted values: ISBNs per second = 1,000 / median.
    Benchmark("ISBN parse + validate, 1,000 pasted values") { benchmark in
        for _ in benchmark.scaledIterations {
            var valid = 0
            for value in pasted where ISBN(value) != nil { valid += 1 }
            blackHole(valid)
        }
    }

    Benchmark("ISBN hyphenate, 1,000 ISBNs") { benchmark in
        let isbns = pasted.compactMap { ISBN($0) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for isbn in isbns { blackHole(isbn.hyphenated) }
        }
    }
}
