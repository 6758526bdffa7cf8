import Foundation
import Testing

@testable import BooksTrackReports

/// The sample page `scripts/check-insights-report.sh` opens in a browser: written to the path in
/// `BOOKSTRACK_REPORT_SAMPLE` when it is set, with an all-time and an empty variant beside it
/// ("-all-time.html", "-empty.html"); checked either way.
@Suite struct InsightsSampleReportTests {
    @Test func sampleReportHasEverySection() throws {
        // Given a year with every figure and a hostile title among the books
        var insights = try InsightsFixture.year()
        insights.reading.shortest?.title = "<script>alert(1)</script>"

        // When
        let page = InsightsHTMLReport.render(insights, title: "Reading in 2026", generatedAt: InsightsFixture.now)

        // Then
        for id in [
            "books-per-month", "pages-per-month", "ratings", "goal", "formats", "lengths", "top", "cultural-goal", "library",
            "diversity-read", "diversity-library", "years",
        ] {
            #expect(page.contains("<section class=\"card") && page.contains("id=\"\(id)\""), "\(id)")
        }
        #expect(!page.contains("<script>"))

        if let path = ProcessInfo.processInfo.environment["BOOKSTRACK_REPORT_SAMPLE"], !path.isEmpty {
            try page.write(toFile: path, atomically: true, encoding: .utf8)
            let base = (path as NSString).deletingPathExtension
            try InsightsHTMLReport.render(try InsightsFixture.allTime(), title: "Reading over the years", generatedAt: InsightsFixture.now)
                .write(toFile: base + "-all-time.html", atomically: true, encoding: .utf8)
            try InsightsHTMLReport.render(InsightsFixture.empty(), title: "A new library", generatedAt: InsightsFixture.now)
                .write(toFile: base + "-empty.html", atomically: true, encoding: .utf8)
        }
    }
}
