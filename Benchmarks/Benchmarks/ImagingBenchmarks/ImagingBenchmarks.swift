import Benchmark
import BooksTrackCore
import BooksTrackImaging
import BooksTrackTesting
import Foundation

/// Page photos and barcodes through libvips and zbar, on what a phone sends.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: 30)

    // A 12-megapixel camera JPEG (4,000 × 3,000) kept as a page photo: checked, upright, 2,048 px
    // JPEG quality 70 without metadata, and a 320 px thumbnail.
    Benchmark("Page photo, 12 MP JPEG → 2,048 px + thumbnail") { benchmark in
        let photo = try SamplePhoto.jpeg(width: 4_000, height: 3_000)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try VipsImageProcessor.process(photo, limits: ImageLimits()))
        }
    }

    // A back cover's barcode read from a photo-sized image (the barcode drawn 2,700 px wide).
    Benchmark("Barcode, back-cover photo → ISBN") { benchmark in
        let photo = try ZintBarcode.png("9780441172719", scale: 12)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try ZBarBarcodeReader.read(photo, limits: ImageLimits()))
        }
    }
}
