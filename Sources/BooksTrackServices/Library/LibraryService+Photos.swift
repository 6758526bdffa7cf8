import BooksTrackCore
import Foundation

/// What converting the photos kept before processing did.
public struct PhotoConversionReport: Codable, Hashable, Sendable {
    /// Photos now kept as processed photos are.
    public var converted: Int
    /// Photos whose bytes could not be read as an image: kept as they were.
    public var unreadable: Int

    public init(converted: Int, unreadable: Int) {
        self.converted = converted
        self.unreadable = unreadable
    }
}

extension LibraryService {
    /// How many photos were kept before page photos were processed (they have no thumbnail).
    public func unprocessedPhotoCount() async throws -> Int {
        let store = self.store
        return try await store.snapshot { try store.photosWithoutThumbnail().count }
    }

    /// Makes each photo kept before processing what `addPhoto` keeps now (upright, at most
    /// 2,048 px, JPEG without metadata, a thumbnail), one transaction per photo. A photo that
    /// cannot be read stays as it was. `progress(done, total)` follows each photo; when
    /// `isCancelled` turns true it stops before the next (what was converted stays).
    public func convertUnprocessedPhotos(
        progress: (Int, Int) -> Void = { _, _ in }, isCancelled: () -> Bool = { false }
    ) async throws -> PhotoConversionReport {
        guard let images else { return PhotoConversionReport(converted: 0, unreadable: 0) }
        let store = self.store
        let ids = try await store.snapshot { try store.photosWithoutThumbnail() }
        var report = PhotoConversionReport(converted: 0, unreadable: 0)
        progress(0, ids.count)
        for (index, id) in ids.enumerated() {
            if isCancelled() { throw CancellationError() }
            defer { progress(index + 1, ids.count) }
            guard let data = try await store.snapshot({ try store.photoData(id: id) }) else { continue }
            let processed: ProcessedPhoto
            do {
                processed = try await images.pagePhoto(data)
            } catch is ImageError {
                report.unreadable += 1
                continue
            }
            try await store.transaction {
                // Removed meanwhile: nothing to convert.
                guard try store.photoData(id: id) != nil else { return }
                try store.replacePhoto(id: id, data: processed.jpeg, imageType: .jpeg, thumbnail: processed.thumbnail)
            }
            report.converted += 1
        }
        return report
    }
}
