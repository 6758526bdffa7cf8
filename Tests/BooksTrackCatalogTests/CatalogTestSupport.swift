import BooksTrackCatalog
import BooksTrackCore
import BooksTrackTesting
import Foundation

/// A folder of its own under the temporary directory, removed with the value.
final class CatalogTestDirectory: @unchecked Sendable {
    let url: URL

    init() throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("bookstrack-catalog-tests-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `name` in the folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `data` to `name` and returns its URL.
    @discardableResult
    func write(_ data: Data, to name: String) throws -> URL {
        let target = file(name)
        try data.write(to: target)
        return target
    }

    /// Writes `lines`, each followed by a line break, to `name`.
    @discardableResult
    func write(lines: [String], to name: String) throws -> URL {
        try write(Data(lines.map { $0 + "\n" }.joined().utf8), to: name)
    }

    /// A catalog file in the folder, loaded with `seed` (the tiny test seed unless told otherwise).
    func catalog(named name: String = "catalog.sqlite", seed: String = CatalogFixtures.seed) throws -> CatalogDatabase {
        let seedURL = try write(Data(seed.utf8), to: "seed-\(name).tsv")
        return try CatalogDatabase(path: file(name).path, seedResource: seedURL, now: { CatalogFixtures.now })
    }
}

/// Seeds and Open Library dump lines for the catalog tests, copied from real files: the dump lines
/// come from ../shared/samples/openlibrary-dump (the Rafik Schami author and work, which the real
/// edition OL99974M points to, are written in the same shape).
enum CatalogFixtures {
    /// 2026-11-22T09:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_338_000)

    /// A small seed in the format scripts/build-seed-catalog.py writes. "Dune Messiah" is more rated
    /// than "Dune", so an exact title must win over popularity.
    static let seed = """
        # BooksTrack seed catalog, format 1 (test fixture).
        goodreadsBookID\tgoodreadsWorkID\ttitle\tsubtitle\tseries\tseriesPosition\tauthors\tyear\tlanguage\tratingsCount\tisbn13\tisbn10\toriginalTitle\tcoverURL
        2767052\t2792775\tThe Hunger Games\t\tThe Hunger Games\t1\tSuzanne Collins\t2008\ten\t4780653\t9780439023481\t0439023483\t\thttps://images.gr-assets.com/books/1447303603m/2767052.jpg
        44767458\t3634639\tDune Messiah\t\tDune Chronicles\t2\tFrank Herbert\t1969\ten\t900000\t9780593098233\t0593098234\t\t
        234225\t3634639\tDune\t\tDune Chronicles\t1\tFrank Herbert\t1965\ten\t600000\t9780441172719\t0441172717\t\t
        106\t106\tChildren of Dune\t\tDune Chronicles\t3\tFrank Herbert\t1976\ten\t100000\t\t\t\t
        24178\t24178\tLes Misérables\t\t\t\tVictor Hugo\t1862\tfr\t513407\t9780451419439\t0451419430\t\t
        375802\t375802\tEnder's Game\t\tEnder's Saga\t1\tOrson Scott Card\t1985\ten\t813439\t9780812550702\t0812550706\t\t
        830502\t830502\tIt\t\t\t\tStephen King\t1986\ten\t600000\t9781501142970\t1501142976\t\t
        99001\t99001\tIt\t\t\t\tGail Giles\t2001\ten\t900\t\t\t\t
        99002\t99002\tCollected Poems\t\t\t\tPhilip Larkin\t1988\ten\t50\t\t\t\t
        99003\t99003\tCollected Poems\t\t\t\tSylvia Plath\t1981\ten\t5000\t\t\t\t
        3\t4640799\tHarry Potter and the Sorcerer's Stone\t\tHarry Potter\t1\tJ.K. Rowling|Mary GrandPré\t1997\ten\t4602479\t9780439554930\t0439554934\tHarry Potter and the Philosopher's Stone\t
        """

    /// Authors from a real authors dump (the first two) and one in its shape.
    static let authors: [String] = [
        #"/type/author\#t/authors/OL1000057A\#t2\#t2008-08-20T17:57:09.66187\#t{"name": "Kha\u0304lid Muh\u0323ammad \u02bbAli\u0304 al-H\u0323a\u0304jj", "personal_name": "Kha\u0304lid Muh\u0323ammad \u02bbAli\u0304 al-H\u0323a\u0304jj", "last_modified": {"type": "/type/datetime", "value": "2008-08-20T17:57:09.66187"}, "key": "/authors/OL1000057A", "type": {"key": "/type/author"}, "revision": 2}"#,
        #"/type/author\#t/authors/OL100304A\#t1\#t2008-04-01T03:28:50.625462\#t{"name": "Ismail Ibrahim Dr.", "title": "Dr.", "personal_name": "Ismail Ibrahim", "last_modified": {"type": "/type/datetime", "value": "2008-04-01T03:28:50.625462"}, "key": "/authors/OL100304A", "type": {"key": "/type/author"}, "revision": 1}"#,
        #"/type/author\#t/authors/OL3091653A\#t3\#t2017-11-10T08:11:59.146669\#t{"name": "Rafik Schami", "personal_name": "Rafik Schami", "birth_date": "23 June 1946", "remote_ids": {"wikidata": "Q64045"}, "last_modified": {"type": "/type/datetime", "value": "2017-11-10T08:11:59.146669"}, "key": "/authors/OL3091653A", "type": {"key": "/type/author"}, "revision": 3}"#,
    ]

    /// Works from a real works dump (the first two) and one in its shape.
    static let works: [String] = [
        #"/type/work\#t/works/OL10000223W\#t3\#t2010-04-28T06:54:19.472104\#t{"title": "Combating Surgical Infection", "created": {"type": "/type/datetime", "value": "2009-12-11T01:57:19.964652"}, "covers": [3140444], "last_modified": {"type": "/type/datetime", "value": "2010-04-28T06:54:19.472104"}, "latest_revision": 3, "key": "/works/OL10000223W", "authors": [{"type": "/type/author_role", "author": {"key": "/authors/OL3965242A"}}], "type": {"key": "/type/work"}, "revision": 3}"#,
        #"/type/work\#t/works/OL1000334W\#t3\#t2010-07-20T11:11:40.741869\#t{"created": {"type": "/type/datetime", "value": "2009-12-09T19:05:50.674576"}, "title": "The man from Thrush", "last_modified": {"type": "/type/datetime", "value": "2010-07-20T11:11:40.741869"}, "latest_revision": 3, "key": "/works/OL1000334W", "authors": [{"type": "/type/author_role", "author": {"key": "/authors/OL92945A"}}], "type": {"key": "/type/work"}, "subjects": ["Spy television programs", "Television programs", "Man from U.N.C.L.E. (Television program)"], "revision": 3}"#,
        #"/type/work\#t/works/OL19698949W\#t2\#t2019-05-20T10:34:24.083286\#t{"title": "Sieben Doppelga\u0308nger", "subtitle": "Roman", "first_publish_date": "1999", "description": {"type": "/type/text", "value": "Ein Roman \u00fcber Identit\u00e4t."}, "created": {"type": "/type/datetime", "value": "2009-12-11T01:57:19.964652"}, "covers": [-1, 2205289], "last_modified": {"type": "/type/datetime", "value": "2019-05-20T10:34:24.083286"}, "latest_revision": 2, "key": "/works/OL19698949W", "authors": [{"type": {"key": "/type/author_role"}, "author": {"key": "/authors/OL3091653A"}}], "subjects": ["German fiction"], "type": {"key": "/type/work"}, "revision": 2}"#,
    ]

    /// Real editions: a work that is not in `works`, none, and the Schami work.
    static let editions: [String] = [
        #"/type/edition\#t/books/OL9994890M\#t2\#t2010-03-11T23:44:18.987404\#t{"publishers": ["Stationery Office Books"], "created": {"type": "/type/datetime", "value": "2008-04-30T09:38:13.731961"}, "isbn_10": ["0104869941"], "number_of_pages": 6, "isbn_13": ["9780104869949"], "physical_format": "Paperback", "last_modified": {"type": "/type/datetime", "value": "2010-03-11T23:44:18.987404"}, "publish_date": "December 31, 1993", "key": "/books/OL9994890M", "authors": [{"key": "/authors/OL2645863A"}, {"key": "/authors/OL46053A"}], "title": "The Education Bill", "latest_revision": 2, "works": [{"key": "/works/OL14903216W"}], "type": {"key": "/type/edition"}, "revision": 2}"#,
        #"/type/edition\#t/books/OL9995570M\#t1\#t2008-04-30T09:38:13.731961\#t{"publishers": ["Stationery Office Books (TSO)"], "key": "/books/OL9995570M", "languages": [{"key": "/languages/eng"}], "number_of_pages": 22, "isbn_13": ["9780105425007"], "physical_format": "Hardcover", "isbn_10": ["0105425001"], "publish_date": "January 2005", "last_modified": {"type": "/type/datetime", "value": "2008-04-30T09:38:13.731961"}, "title": "Football (Disorder) ACT 2000: Report to Parliament: Impact of Measures Introduced by the 2000 ACT and Associated Football Disorder Strategy (Public General Acts - Elizabeth II)", "type": {"key": "/type/edition"}, "subjects": ["English law: social"], "revision": 1}"#,
        #"/type/edition\#t/books/OL99974M\#t6\#t2019-05-20T10:34:24.083286\#t{"number_of_pages": 165, "covers": [2205289], "lc_classifications": ["PT2680.A448 M86 1999"], "latest_revision": 6, "source_records": ["marc:marc_openlibraries_sanfranciscopubliclibrary/sfpl_chq_2018_12_24_run02.mrc:200734050:1087"], "title": "Sieben Doppelga\u0308nger", "languages": [{"key": "/languages/ger"}], "isbn_10": ["3446196803"], "publish_country": "gw ", "by_statement": "Rafik Schami.", "oclc_numbers": ["41333709"], "type": {"key": "/type/edition"}, "revision": 6, "publishers": ["C. Hanser"], "last_modified": {"type": "/type/datetime", "value": "2019-05-20T10:34:24.083286"}, "key": "/books/OL99974M", "authors": [{"key": "/authors/OL3091653A"}], "publish_places": ["Mu\u0308nchen"], "pagination": "165 p. ;", "created": {"type": "/type/datetime", "value": "2008-04-01T03:28:50.625462"}, "lccn": ["99214161"], "identifiers": {"goodreads": ["515392"], "librarything": ["2880481"]}, "local_id": ["urn:sfpl:31223055146360"], "publish_date": "1999", "works": [{"key": "/works/OL19698949W"}]}"#,
    ]

    /// `editions` joined by line breaks and compressed by gzip (Python's gzip.compress, mtime 0).
    static let editionsGzipBase64 = """
        H4sIAAAAAAACA6WWW2/bNhTHn9NPQegpBWqbN8mU9pQ22ZphQYLGwB62QqAo2uYiixpJJfCCfPfx4rhZLm26vhgGeXgu//PjoWZu
        O8iZbJVTuj+YNVpf2dn5b2VZUlbCswN8gCGCE0gmCC0wqSitEJuWbE4hPbjNhrHplF1LY7MK/JFdOh78SLMF58ulEhK8Dw6zz+9A
        JozkTrbe7jYLQf2fbBajt37dqY3MvNU178a4hSFkE0gnBC5gWRFWITKdE1QWKLvzdso2fY1gjOoTpKzwGaMYqB83jTS1XtYDX8mQ
        WLE/QOKBcs72Z8p4ZlhvrRK8q5fabLgLCVzwQZqGi6uQVsetqze6VUv1PSW8pFwsYaddHc4G82MpZMgcEPQOoLIkwdmV3MYojxsT
        9vjo1jopf7s33C16U1zQnBXkKAR7bp8WMA+7oX6nXBeTWKwlOGlHEfsI3quuS+U76QUw8lpZv+4NsV+90ebqUfS45H0jWkKCUfH7
        zn0S64vdQ+qiGA9d372ZvUhlns89lejgZTxeTSU4XFyev43tf0blGCjV3q/GHUgPKt0vz2S/SlU+BQ/jZ8nLKc4hnL9E3kduWqGv
        pcmegp6OJtAfA/Qr70fui/Ta5D8A7Vfv3R6Un7V2De86cHisrDatNG/B0YdFCA4r8EkO2jjgNLjgplN8I3tXgdPNwIUDegnOJLej
        kRac9s5oz5tsQbMFztMXHERPvG/BkbVaqDA3wD7gfTxw6YzfWW3B4UVQQoBfpG8y78CRcBZMwEmn/uGNdGtwevo2exWGdmz+kv50
        lPukXwV9QcdvKhDz6KLuD1hFX2N1Ts8OijA/ywnMJxguEKwIrTCdQkYwKzypT5FBRR6GZWh/zAJjmGNWhridqIXvqfX9TPczpXmx
        wAWD0yNKGThjRRgdaag9vbVhEFo9GiH9qvAqJg8bbkQVfmo9yL5TjeFGSVtb3i8N74WyQkfYRNrbzuxy6Gqx/rv21bEa4RrT2ow9
        xNONd+VbOCcU5rBCkCXM99xcKtnIHhzrYZDdiv85QgJZv0qwf/OuBbt41x5eC0Jp4QFlkPznWgg9eriih9UNCO6bbW39LJCBxrD8
        iS/VFbgUa75R02Cghdc49SQpQxEhZA6Tnt81xYovmdw7+zAFH3lvfQmff+BJeQGmGP+ZOeYhfMVbQWDpwbt/De4VHDouUi+ys3HX
        KbGWfZKZr1QfMQy+/GkwTMFP2f9/6SFaQFJhVuVwWuCcFjjW1AnRp9lZYkRRkWafan0Pg3SxpttspXXrw+6AzlFOSpxkTsS6tfJj
        OuxhxvzT771E5zqMXtXGndH0VQC7IghjAvMc0YIU8NlZGy/ZN97AsiiZ/8AIb+Ddm38BOlrX1mkJAAA=
        """

    /// An edition line in the real shape with a made-up key, title and ISBN, for imports of many lines.
    static func edition(_ index: Int, work: Int? = nil) -> String {
        OpenLibraryDumpFixture.edition(index, work: work)
    }
}
