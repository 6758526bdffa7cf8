import Benchmark
import BooksTrackCatalog
import BooksTrackConcurrency
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

    // A drawn shelf of twelve books of the bundled catalog (1,600 px tall) read offline: spines
    // found, each read by tesseract both ways, the words looked up in the catalog.
    Benchmark("Shelf photo read offline (12 books, tesseract + catalog)", configuration: .init(maxDuration: .seconds(60), maxIterations: 8)) { benchmark in
        let books = [("The Hunger Games", "Suzanne Collins"), ("Pride and Prejudice", "Jane Austen"), ("The Great Gatsby", "F. Scott Fitzgerald"),
                     ("Animal Farm", "George Orwell"), ("The Hobbit", "J.R.R. Tolkien"), ("Little Women", "Louisa May Alcott"),
                     ("Brave New World", "Aldous Huxley"), ("Lord of the Flies", "William Golding"), ("Of Mice and Men", "John Steinbeck"),
                     ("Fahrenheit 451", "Ray Bradbury"), ("The Catcher in the Rye", "J.D. Salinger"), ("Catch-22", "Joseph Heller")]
        let shelf = try ShelfRenderer.render(books.map { ShelfRenderer.Book(title: $0.0, author: $0.1) }, seed: 1)
        let folder = try TemporaryDirectory(prefix: "bookstrack-shelf-benchmark")
        let catalog = try CatalogDatabase(path: folder.path("catalog.sqlite"))
        _ = try catalog.loadSeedIfNeeded()
        let recognizer = TesseractShelfRecognizer { words in
            try await OwnThread.run(name: "bookstrack spine lookup") { try catalog.search(text: words, limit: 10) }
        }
        let photo = ShelfPhoto(jpeg: shelf.jpeg, width: shelf.width, height: shelf.height)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await recognizer.recognize(photo))
        }
        benchmark.stopMeasurement()
        folder.remove()
    }
}
