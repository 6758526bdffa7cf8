import BooksTrackCore
import Foundation

/// What the templates show, worked out from the use cases' answers: the templates only place
/// values (Mustache has no logic), so every choice of wording and every number is made here.
enum WebViews {
    /// The parts every page has: the title, the theme, the tabs and the reader's messages.
    struct Frame {
        var title: String
        var theme: String
        var account: String?
        var csrf: String
        var nav: [NavItem]
        var notice: String?
        var failure: String?
        /// Seconds after which a browser without JavaScript reloads the page (a running job).
        var refresh: Int?
    }

    struct NavItem {
        let href: String
        let label: String
        let current: Bool
    }

    struct Option {
        let value: String
        let label: String
        let selected: Bool
    }

    /// The themes a reader can choose in Settings, the first by default.
    static let themes: [(id: String, name: String)] = [
        ("liquid-blue", "Liquid blue"), ("cosmic-purple", "Cosmic purple"), ("forest-green", "Forest green"),
        ("sunset-orange", "Sunset orange"), ("moonlight-silver", "Moonlight silver"),
    ]

    static let tabs: [(href: String, label: String)] = [
        ("/library", "Library"), ("/search", "Search"), ("/import", "Import"), ("/insights", "Insights"), ("/settings", "Settings"),
    ]

    static func frame(_ title: String, tab: String?, theme: String, session: WebSession?, notice: String? = nil, failure: String? = nil) -> Frame {
        Frame(
            title: title, theme: theme, account: session?.account.user.name, csrf: session?.csrfToken ?? "",
            nav: tabs.map { NavItem(href: $0.href, label: $0.label, current: $0.href == tab) }, notice: notice, failure: failure)
    }

    /// A book as a card of the library's grid or list.
    struct BookCard {
        let id: String
        let href: String
        let title: String
        let authors: String
        let cover: String?
        let spine: String
        let status: String
        let percent: Int?
        let progressText: String?
        let finish: String?
        let favorite: Bool
    }

    static func card(_ book: LibraryBook, now: Date, covers: Bool) -> BookCard {
        let entry = book.entry
        let percent = entry.status == .reading ? Int((entry.progress * 100).rounded()) : nil
        var progressText: String?
        if entry.status == .reading {
            let page = entry.pageReached(pageCount: book.pageCount)
            if page > 0, let pages = book.pageCount {
                progressText = "Page \(NumberText.grouped(page)) of \(NumberText.grouped(pages)) · \(percent ?? 0)%"
            } else if page > 0 {
                progressText = "Page \(NumberText.grouped(page))"
            } else {
                progressText = "\(percent ?? 0)%"
            }
        }
        let finish = entry.status == .reading ? entry.estimatedFinishDate(pageCount: book.pageCount, now: now).map { "Finishes about " + ISO8601Text.day($0) } : nil
        return BookCard(
            id: entry.id.description, href: "/books/\(entry.id.description)", title: book.work.title, authors: book.authorNames,
            cover: coverPath(book, proxied: covers), spine: spineClass(book.work.title), status: entry.status.displayName, percent: percent,
            progressText: progressText, finish: finish, favorite: entry.isFavorite)
    }

    /// The cover a reader uploaded, from the library itself (so shown offline too); else the
    /// cover through the server's proxy when `proxied`; else nil for the drawn spine.
    static func coverPath(_ book: LibraryBook, proxied: Bool = true) -> String? {
        if let edition = book.edition, edition.hasUploadedCover { return uploadedCoverPath(book.entry.id, edition: edition) }
        guard proxied, let url = book.edition?.coverImageURL ?? book.work.coverImageURL else { return nil }
        return coverPath(url.absoluteString)
    }

    /// Where the web app serves a cover the reader uploaded. The edition's last change is in the
    /// address, so that a browser keeping the old image asks for a new one.
    static func uploadedCoverPath(_ id: LibraryEntry.ID, edition: Edition) -> String {
        let version = Int64((edition.lastModified.timeIntervalSince1970 * 1000).rounded())
        return "/books/\(id.description)/cover?v=\(String(version, radix: 36))"
    }

    /// The cover through the proxy, made 320 pixels wide: sharp in the grid and the lists on a
    /// phone's dense screen, and a fraction of a large cover's bytes.
    static func coverPath(_ url: String?) -> String? {
        guard let url, url.hasPrefix("https://"),
              let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~")))
        else { return nil }
        return "/images/proxy?url=" + encoded + "&w=320"
    }

    /// One of eight spine colours, the same for a title every time.
    static func spineClass(_ title: String) -> String {
        let sum = title.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        return "spine-\(sum % 8)"
    }

    /// A browser's name and system from its user agent, in a few words ("Firefox on Android").
    static func browserName(_ userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "Unknown browser" }
        let browsers = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"), ("curl/", "curl")]
        let systems = [("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Linux", "Linux")]
        let browser = browsers.first { agent.contains($0.0) }?.1
        let system = systems.first { agent.contains($0.0) }?.1
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return "A browser on \(system)"
        case (nil, nil): return String(agent.prefix(60))
        }
    }

    /// A country's English name with its code ("Nigeria (NG)"), or the code alone when unnamed.
    static func country(_ code: String) -> String {
        guard let name = Locale(identifier: "en").localizedString(forRegionCode: code), name != code else { return code }
        return "\(name) (\(code))"
    }

    /// A language's English name with its tag ("French (fr)"), or the tag alone when unnamed.
    static func language(_ tag: String) -> String {
        guard let name = Locale(identifier: "en").localizedString(forIdentifier: tag), name != tag else { return tag }
        return "\(name) (\(tag))"
    }

    /// Minutes as hours and minutes: "11 h 20 min", "45 min".
    static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(NumberText.grouped(minutes / 60)) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    }

    static func options<T>(_ values: [(T, String)], selected: T?, value: (T) -> String) -> [Option] where T: Equatable {
        values.map { Option(value: value($0.0), label: $0.1, selected: $0.0 == selected) }
    }
}
