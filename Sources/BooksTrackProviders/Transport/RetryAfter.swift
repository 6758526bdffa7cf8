import Foundation

/// Reads the Retry-After header of a 429 answer.
package enum RetryAfter {
    /// Seconds to wait: the header is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
    /// Nil when absent or unreadable; never negative.
    package static func seconds(from header: String?, now: Date) -> Double? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds.isFinite {
            return max(0, seconds)
        }
        guard let date = httpDateFormatter().date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now).rounded(.up))
    }

    // The IMF-fixdate form, "Sun, 06 Nov 1994 08:49:37 GMT", the only one servers must send.
    private static func httpDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter
    }
}
