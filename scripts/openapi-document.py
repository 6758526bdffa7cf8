#!/usr/bin/env python3
"""Writes Sources/BooksTrackServer/Resources/openapi.json, the API's OpenAPI 3.1 document.

    python3 scripts/openapi-document.py [OUTPUT]

The document is kept in the repository and served at /openapi.json; OpenAPIDocumentTests checks that
its paths, methods and parameters are the route table's, and scripts/check-api-contract.sh checks
the server's answers against it. Change a route, change this file, run it, and commit both.
"""
import json
import os
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = sys.argv[1] if len(sys.argv) > 1 else f"{REPOSITORY}/Sources/BooksTrackServer/Resources/openapi.json"


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def obj(props, required=(), description=None, **extra):
    s = {"type": "object"}
    if description:
        s["description"] = description
    s["properties"] = props
    if required:
        s["required"] = list(required)
    s.update(extra)
    return s


def nullable(schema):
    """An optional request property: Swift's decoder reads null as nil."""
    if "$ref" in schema:
        return {"anyOf": [schema, {"type": "null"}]}
    s = dict(schema)
    s["type"] = [s["type"], "null"]
    if "enum" in s:
        s["enum"] = s["enum"] + [None]
    return s


def desc(schema, text):
    if "$ref" in schema:
        return {"$ref": schema["$ref"], "description": text}
    s = dict(schema)
    s["description"] = text
    return s


STR = {"type": "string"}
INT = {"type": "integer"}
NUM = {"type": "number"}
BOOL = {"type": "boolean"}
UUID = {"type": "string", "format": "uuid"}
# An ID a request sends: Foundation's UUID(uuidString:) reads the hyphenated form, in either case.
UUID_IN = {"type": "string", "format": "uuid",
           "pattern": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"}
DATE = {"type": "string", "format": "date-time"}
# Swift's JSONDecoder `.iso8601` reads internet date-times without fractional seconds.
# JSONBody's dateForm: the server reads these and no others.
DATE_IN = {"type": "string", "format": "date-time",
           "pattern": r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
                      r"(\.[0-9]{1,9})?(Z|[+-](0[0-9]|1[0-4]):?[0-5][0-9])$",
           "description": "ISO 8601 with an upper-case T and a time zone: 2026-11-20T10:00:00Z."}


def arr(items, **extra):
    s = {"type": "array", "items": items}
    s.update(extra)
    return s


STATUSES = ["wishlist", "toRead", "reading", "read", "onHold", "dnf"]
FORMATS = ["hardcover", "paperback", "massMarket", "ebook", "audiobook", "other"]
GENDERS = ["female", "male", "nonBinary", "other", "unknown"]
REGIONS = ["africa", "asia", "europe", "northAmerica", "southAmerica", "oceania", "middleEast", "caribbean",
           "centralAsia", "indigenous", "international"]
DIFFICULTIES = ["easy", "moderate", "challenging", "academic"]
SORTS = ["added", "title", "author", "rating", "started", "finished", "modified", "progress"]

schemas = {}

# --- Envelope -------------------------------------------------------------------------------------
schemas["ProviderReport"] = obj({
    "provider": desc(STR, 'The provider tag ("catalog", "openlibrary", "google", "isbndb").'),
    "outcome": {"type": "string", "enum": ["found", "notFound", "failed", "timedOut", "rateLimited", "disabled", "skipped"]},
    "message": desc(STR, 'Why, for failures ("HTTP 500", "no API key configured").'),
    "duration": desc(INT, "Milliseconds the provider took."),
}, ["provider", "outcome"], "What one provider contributed to an answer.")

schemas["ResponseMeta"] = obj({
    "timestamp": DATE,
    "processingTime": desc(INT, "Milliseconds spent answering."),
    "provider": desc(STR, 'The provider tag of the answer ("catalog", "orchestrated:catalog+google"); search answers only.'),
    "cached": desc(BOOL, "True when the answer came from the cache."),
    "providers": desc(arr(ref("ProviderReport")), "What each provider asked did (search answers; empty elsewhere)."),
}, ["timestamp", "processingTime", "cached", "providers"], "How an answer was made.")

schemas["ErrorDTO"] = obj({
    "message": desc(STR, "For people: names the field and the limit."),
    "code": desc(STR, 'A stable code for programs: "NOT_FOUND", "INVALID_INPUT", "MISSING_FIELD", "OUT_OF_RANGE", '
                      '"VALIDATION_FAILED", "UNAUTHORIZED", "INVALID_TOKEN", ...'),
    "details": desc({"type": "object", "additionalProperties": STR},
                    'Extra facts, e.g. {"field": "limit"} or {"limit": "65536"}.'),
}, ["message", "code", "details"], "Why a request failed.")

schemas["ErrorEnvelope"] = obj({
    "success": {"const": False},
    "error": ref("ErrorDTO"),
    "meta": ref("ResponseMeta"),
}, ["success", "error", "meta"], "The answer of a failed request.")

# --- Enums ----------------------------------------------------------------------------------------
schemas["ReadingStatus"] = {"type": "string", "enum": STATUSES}
schemas["EditionFormat"] = {"type": "string", "enum": FORMATS}
schemas["AuthorGender"] = {"type": "string", "enum": GENDERS}
schemas["CulturalRegion"] = {"type": "string", "enum": REGIONS}
schemas["ImageType"] = {"type": "string", "enum": ["jpeg", "png"]}
schemas["MarginalizedAnswer"] = {"type": "string", "enum": ["yes", "no", "auto"],
                                 "description": "AuthorDescription.Answer: `auto` goes back to the rule."}

# --- Health and accounts --------------------------------------------------------------------------
schemas["Health"] = obj({"status": {"type": "string", "const": "ok"}, "needsFirstAccount": BOOL},
                        ["status", "needsFirstAccount"], "HealthRoutes.Health.")
schemas["AccountJSON"] = obj({"id": UUID, "name": STR, "isAdmin": BOOL, "dateCreated": DATE},
                             ["id", "name", "isAdmin", "dateCreated"], "AccountRoutes.AccountJSON: a signed-in account.")
schemas["APIToken"] = obj({
    "id": UUID, "name": STR, "dateCreated": DATE,
    "lastUsed": desc(DATE, "The last request it authenticated; absent when never used."),
}, ["id", "name", "dateCreated"], "An API token as listed (its secret is never shown again).")
schemas["Invitation"] = obj({
    "id": UUID, "note": desc(STR, "Whom it is for."), "dateCreated": DATE, "expiresAt": DATE,
    "usedAt": desc(DATE, "When it was used to sign up; absent while unused."),
}, ["id", "dateCreated", "expiresAt"], "An invitation to sign up as listed (its code is never shown again).")
schemas["InvitationList"] = arr(ref("Invitation"), description="The invitations the account made, newest first.")
schemas["CreatedInvitationJSON"] = obj({
    "invitation": ref("Invitation"),
    "code": desc({"type": "string", "pattern": "^bt_"}, "`bt_` and 43 characters of base64url; shown this once."),
    "link": desc(STR, "The sign-up link with the code, when the server knows its public URL."),
}, ["invitation", "code"], "AccountRoutes.CreatedInvitationJSON.")
schemas["CreatedTokenJSON"] = obj({
    "token": ref("APIToken"),
    "secret": desc({"type": "string", "pattern": "^bt_"}, "`bt_` and 43 characters of base64url; shown this once."),
}, ["token", "secret"], "AccountRoutes.CreatedTokenJSON.")

# --- Book resource --------------------------------------------------------------------------------
schemas["BookResourceAuthorJSON"] = obj({"id": UUID, "name": STR}, ["id", "name"], "BookResource.AuthorJSON.")
schemas["BookResourceEditionJSON"] = obj({
    "id": UUID,
    "isbn13": arr(STR), "isbn10": arr(STR),
    "format": desc({"type": "string", "enum": FORMATS}, "An EditionFormat raw value."),
    "pageCount": INT, "publisher": STR,
    "publicationDate": desc({"type": "string", "pattern": r"^-?[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$"},
                            'A partial date: "2004", "1998-09", "2020-10-25", "-0700".'),
    "language": STR, "editionTitle": STR, "translator": STR, "narrator": STR,
    "audioDurationMinutes": desc(INT, "An audiobook's length."),
    "coverImageURL": desc(STR, "An https address, or /v1/books/{id}/cover for a cover the reader uploaded."),
}, ["id", "isbn13", "isbn10", "format"], "BookResource.EditionJSON: an edition of the book's work.")
schemas["EditionList"] = arr(ref("BookResourceEditionJSON"))
schemas["BookResourceContributorJSON"] = obj({"name": STR, "role": desc(STR, 'Lower case: "illustrator", "editor".')},
                                             ["name", "role"], "BookResource.ContributorJSON.")
schemas["ReadPeriod"] = obj({"started": DATE, "ended": DATE, "outcome": {"type": "string", "enum": ["read", "dnf"]}},
                            ["outcome"], "An earlier read of the book.")
schemas["Quote"] = obj({"id": UUID, "text": desc(STR, "At most 2,000 characters."), "page": INT, "dateAdded": DATE},
                       ["id", "text", "dateAdded"], "A passage the reader kept.")
schemas["ReadingSession"] = obj({
    "id": UUID, "date": DATE,
    "durationMinutes": desc(INT, "1-1440."),
    "pagesRead": desc(INT, "0 or more."),
}, ["id", "date", "durationMinutes", "pagesRead"], "One sitting with a book.")
schemas["PagePhoto"] = obj({
    "id": UUID, "page": INT, "caption": STR, "imageType": ref("ImageType"),
    "byteCount": INT, "dateAdded": DATE,
}, ["id", "imageType", "byteCount", "dateAdded"], "A page photo's metadata; its bytes are at /v1/photos/{id}.")
schemas["BookResource"] = obj({
    "id": UUID,
    "status": desc({"type": "string", "enum": STATUSES}, "A ReadingStatus raw value."),
    "title": STR, "subtitle": STR,
    "authors": arr(ref("BookResourceAuthorJSON")),
    "seriesName": STR, "seriesPosition": NUM, "seriesPositionEnd": NUM,
    "contributors": arr(ref("BookResourceContributorJSON")),
    "firstPublicationYear": INT, "originalCountry": STR, "originalLanguage": STR,
    "genres": arr(STR), "description": STR,
    "culturalThemes": arr(STR), "contentWarnings": arr(STR), "awards": arr(STR),
    "readingDifficulty": {"type": "string", "enum": DIFFICULTIES},
    "coverURL": desc(STR, "The cover to show: the edition's, else the work's; an https address, or /v1/books/{id}/cover "
                          "for a cover the reader uploaded."),
    "readerSetFields": desc(arr(STR), "The fields the reader set by hand (BookPatch names): enrichment and imports leave them."),
    "owned": BOOL,
    "edition": ref("BookResourceEditionJSON"),
    "currentPage": desc(INT, "The last page read: the page recorded, or, when only a share was recorded or the page count "
                                "came later, the page that share reaches (a read book is at its last page)."),
    "progress": desc(NUM, "0-1."),
    "minutesListened": desc(INT, "The minutes listened (progress times the length, to the minute), when the shown edition is "
                                 "an audiobook of known length."),
    "rating": desc(NUM, "0.25-5 in quarter steps; absent when unrated."),
    "review": STR, "reviewHasSpoilers": BOOL, "notes": STR, "discussionNotes": STR,
    "tags": arr(STR), "isFavorite": BOOL, "isPublic": BOOL,
    "recommendedBy": STR, "wouldRecommend": BOOL,
    "contributesToCulturalGoal": BOOL, "culturalGoalCategory": STR,
    "dailyReadingGoal": desc(INT, "Pages a day the reader means to read this book."),
    "dateAdded": DATE, "dateStarted": DATE, "dateCompleted": DATE, "dateStopped": DATE,
    "readHistory": arr(ref("ReadPeriod")),
    "quotes": arr(ref("Quote")),
    "sessions": arr(ref("ReadingSession")),
    "photos": arr(ref("PagePhoto")),
    "readingPace": desc(NUM, "Pages per day since the book was started."),
    "estimatedFinishDate": DATE,
    "lastModified": DATE,
}, ["id", "status", "title", "authors", "contributors", "genres", "culturalThemes", "contentWarnings", "awards",
    "readerSetFields", "owned", "currentPage", "progress", "reviewHasSpoilers", "tags", "isFavorite", "isPublic",
    "contributesToCulturalGoal", "dateAdded", "readHistory", "quotes", "sessions", "photos", "lastModified"],
    "A book of the library as the API answers it; absent properties are unknown or unset.")
schemas["BookList"] = obj({
    "books": arr(ref("BookResource")),
    "total": desc(INT, "Books matching the filters, over every page."),
    "limit": INT, "offset": INT,
}, ["books", "total", "limit", "offset"], "BookRoutes.BookList: one page of books.")

# --- Authors --------------------------------------------------------------------------------------
schemas["AuthorExternalIDs"] = obj({"openLibraryID": STR, "isbndbID": STR, "googleBooksID": STR, "goodreadsID": STR,
                                    "wikidataID": STR}, description="An author's identifiers at outside services.")
schemas["Author"] = obj({
    "id": UUID, "name": STR, "sortName": STR,
    "gender": ref("AuthorGender"), "culturalRegion": ref("CulturalRegion"),
    "nationality": desc(STR, "ISO 3166 alpha-2, upper case."),
    "ethnicity": STR, "birthYear": INT, "deathYear": INT,
    "marginalizedVoiceOverride": BOOL,
    "representsMarginalizedVoices": desc(BOOL, "The reader's answer when given, else the rule (gender or region)."),
    "representsIndigenousVoices": BOOL,
    "bookCount": desc(INT, "How many of the reader's books the author wrote."),
    "externalIDs": ref("AuthorExternalIDs"),
    "dateCreated": DATE, "lastModified": DATE,
}, ["id", "name", "gender", "representsMarginalizedVoices", "representsIndigenousVoices", "bookCount", "externalIDs",
    "dateCreated", "lastModified"], "An author of works in the library (AuthorResource), with the diversity analytics.")
schemas["AuthorPage"] = obj({"author": ref("Author"), "books": arr(ref("BookResource"))}, ["author", "books"],
                            "LibraryRoutes.AuthorPageJSON: an author and the reader's books by them, by title.")

schemas["AuthorList"] = arr(ref("Author"), description="Authors, by sort name.")
schemas["APITokenList"] = arr(ref("APIToken"), description="API tokens, newest first.")
schemas["PagePhotoList"] = arr(ref("PagePhoto"), description="A book's page photos.")

# --- Goals and insights ---------------------------------------------------------------------------
schemas["ReadingGoal"] = obj({"year": INT, "books": INT, "pages": INT,
                              "cultural": desc(INT, "Books marked toward the cultural goal (contributesToCulturalGoal) to finish.")},
                             ["year"], "A yearly goal in books, pages, books toward the cultural goal, or several.")
schemas["GoalProgress"] = obj({
    "goal": ref("ReadingGoal"), "booksDone": INT, "pagesDone": INT,
    "culturalDone": desc(INT, "Books marked toward the cultural goal finished in the year."),
    "daysInYear": {"type": "integer", "enum": [365, 366]},
    "daysElapsed": INT, "daysLeft": INT,
    "expectedBooks": NUM, "expectedPages": NUM, "expectedCultural": NUM, "booksPerWeekNeeded": NUM, "pagesPerDayNeeded": NUM,
}, ["goal", "booksDone", "pagesDone", "culturalDone", "daysInYear", "daysElapsed", "daysLeft"], "How a yearly goal stands today (UTC).")
schemas["Removed"] = obj({"removed": desc(INT, "The year whose goal was removed.")}, ["removed"], "LibraryRoutes.Removed.")
schemas["LibraryFigures"] = obj({
    "total": INT,
    "countsByStatus": {"type": "object", "description": "Entries per status ([ReadingStatus: Int]).",
                       "propertyNames": ref("ReadingStatus"), "additionalProperties": INT},
    "owned": INT, "favorites": INT, "reviewQueue": INT,
}, ["total", "countsByStatus", "owned", "favorites", "reviewQueue"], "The library as it is now.")
schemas["PeriodFigure"] = obj({"label": desc(STR, '"2026-03" for a month, "2026" for a year.'), "books": INT, "pages": INT},
                              ["label", "books", "pages"])
schemas["BookFigure"] = obj({"title": STR, "author": STR, "pages": INT}, ["title", "pages"])
schemas["NamedCount"] = obj({"name": STR, "count": INT}, ["name", "count"])
schemas["ReadingFigures"] = obj({
    "booksFinished": INT, "pagesFinished": INT, "finishedWithPageCount": INT,
    "periods": arr(ref("PeriodFigure")),
    "averageLength": NUM, "medianLength": NUM,
    "shortest": ref("BookFigure"), "longest": ref("BookFigure"),
    "averageRating": NUM,
    "ratingDistribution": desc(arr(INT), "Rated books finished per star; index 0 counts ratings up to 1."),
    "abandoned": INT, "dnfRate": NUM, "rereads": INT,
    "formats": arr(ref("NamedCount")), "topGenres": arr(ref("NamedCount")), "topAuthors": arr(ref("NamedCount")),
    "averageDaysToFinish": NUM, "recentPagesPerDay": NUM,
    "audiobooksFinished": desc(INT, "Audiobooks finished (re-listens included) whose length is known."),
    "minutesListened": desc(INT, "The lengths of the audiobooks finished, in minutes; one being listened to counts once "
                                 "finished."),
    "sessionCount": INT, "sessionMinutes": INT, "sessionPages": INT,
}, ["booksFinished", "pagesFinished", "finishedWithPageCount", "periods", "ratingDistribution", "abandoned", "rereads",
    "formats", "topGenres", "topAuthors", "audiobooksFinished", "minutesListened", "sessionCount", "sessionMinutes",
    "sessionPages"],
    "Reading in one year or over all time; the page figures (pages, lengths, shortest and longest) leave audiobooks out.")
schemas["YearInBooks"] = obj({
    "year": INT, "books": INT, "pages": INT, "booksWithPages": INT, "abandoned": INT, "rereads": INT,
    "averageRating": NUM, "longest": ref("BookFigure"), "topAuthor": ref("NamedCount"), "topGenre": ref("NamedCount"),
}, ["year", "books", "pages", "booksWithPages", "abandoned", "rereads"], "One year's reading in a few lines.")
schemas["CulturalGoalProgress"] = obj({"marked": INT, "finished": INT, "categories": arr(ref("NamedCount"))},
                                      ["marked", "finished", "categories"])
schemas["ReadingStreaks"] = obj({
    "current": INT, "longest": INT,
    "lastReadingDay": desc({"type": "string", "format": "date"}, 'The last day with reading, "2026-11-22".'),
}, ["current", "longest"])
schemas["Share"] = obj({
    "key": desc(STR, 'The stored value ("female", "africa", "US", "yes") or "unknown".'),
    "label": STR, "count": INT, "fraction": desc(NUM, "count over every book of the breakdown; 0 for no books."),
}, ["key", "label", "count", "fraction"])
schemas["DiversityBreakdown"] = obj({
    "books": INT,
    **{name: arr(ref("Share")) for name in
       ["gender", "region", "nationality", "originalLanguage", "translated", "marginalized", "indigenous"]},
}, ["books", "gender", "region", "nationality", "originalLanguage", "translated", "marginalized", "indigenous"])
schemas["Diversity"] = obj({"read": ref("DiversityBreakdown"), "library": ref("DiversityBreakdown")}, ["read", "library"])
schemas["Insights"] = obj({
    "year": desc(INT, "The year covered; absent for all time."),
    "library": ref("LibraryFigures"),
    "reading": ref("ReadingFigures"),
    "years": arr(ref("YearInBooks")),
    "goal": ref("GoalProgress"),
    "culturalGoal": ref("CulturalGoalProgress"),
    "streaks": ref("ReadingStreaks"),
    "diversity": ref("Diversity"),
}, ["library", "reading", "years", "culturalGoal", "streaks", "diversity"], "The insights of one year or all time.")

# --- Search ---------------------------------------------------------------------------------------
schemas["AuthorDTO"] = obj({
    "name": STR, "sortName": STR, "birthYear": INT, "deathYear": INT,
    "openLibraryID": STR, "wikidataID": STR, "goodreadsID": STR,
}, ["name"], "An author as the search describes it.")
schemas["EditionDTO"] = obj({
    "isbn13": arr(STR), "isbn10": arr(STR), "title": STR, "publisher": STR,
    "publicationDate": desc(STR, '"2004", "1998-09" or "2020-10-25".'),
    "pageCount": INT, "format": desc(STR, "An EditionFormat raw value."), "language": STR, "coverImageURL": STR,
    "openLibraryEditionID": STR, "googleBooksVolumeID": STR, "isbndbID": STR, "amazonASIN": STR,
    "primaryProvider": STR, "contributors": arr(STR),
}, ["isbn13", "isbn10", "primaryProvider", "contributors"], "One edition of a search result.")
schemas["WorkDTO"] = obj({
    "title": STR, "subtitle": STR, "authors": arr(ref("AuthorDTO")), "firstPublicationYear": INT, "description": STR,
    "subjects": arr(STR), "originalLanguage": STR, "seriesName": STR, "seriesPosition": NUM, "coverImageURL": STR,
    "openLibraryWorkID": STR, "googleBooksVolumeIDs": arr(STR), "goodreadsWorkIDs": arr(STR), "isbndbID": STR,
    "editions": arr(ref("EditionDTO")), "primaryProvider": STR, "contributors": arr(STR), "synthetic": BOOL,
    "popularity": INT,
}, ["title", "authors", "subjects", "googleBooksVolumeIDs", "goodreadsWorkIDs", "editions", "primaryProvider",
    "contributors", "synthetic"], "A work: the canonical search result.")
schemas["SearchResultsDTO"] = obj({"works": arr(ref("WorkDTO")), "authors": arr(ref("AuthorDTO"))}, ["works", "authors"],
                                  "The data of a search answer: works, and the authors they mention.")

# --- Jobs (imports) --------------------------------------------------------------------------------
ROOT = f"{REPOSITORY}/Sources"
import re as _re
_FORMAT_SOURCE = open(f"{ROOT}/BooksTrackImport/Formats/ImportFormat.swift").read().split("displayName")[0]
IMPORT_FORMATS = [m.group(2) or m.group(1) for m in _re.finditer(r'^\s*case (\w+)(?: = "([^"]+)")?\s*$', _FORMAT_SOURCE, _re.M)]
assert "goodreads" in IMPORT_FORMATS and "librarything-json" in IMPORT_FORMATS, IMPORT_FORMATS
JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"]
schemas["JobKind"] = {"type": "string", "enum": ["import", "enrichment", "authorSuggestions", "catalogImport", "photoConversion",
                                                "shelfScan"],
                      "description": "Job.Kind."}
schemas["JobStatus"] = {"type": "string", "enum": JOB_STATUSES,
                        "description": "Job.Status: `succeeded`, `failed` and `cancelled` are final."}
schemas["ImportFormat"] = {"type": "string", "enum": IMPORT_FORMATS, "description": "ImportFormat raw value."}
schemas["ImportProblem"] = obj({
    "row": desc(INT, "The row as a spreadsheet numbers it (the header is row 1); 0 for the file as a whole."),
    "message": STR,
    "action": desc({"type": "string", "enum": ["kept", "skipped"]},
                   "`kept`: imported without the named value; `skipped`: not imported."),
}, ["row", "message", "action"], "ImportReport.Problem: something in the file that could not be used as it stood.")
schemas["ImportReport"] = obj({
    "format": ref("ImportFormat"), "dryRun": BOOL, "rows": INT, "added": INT, "merged": INT, "unchanged": INT,
    "skipped": INT, "queuedForEnrichment": INT, "usedColumns": arr(STR), "ignoredColumns": arr(STR),
    "problems": arr(ref("ImportProblem")),
}, ["format", "dryRun", "rows", "added", "merged", "unchanged", "skipped", "queuedForEnrichment", "usedColumns",
    "ignoredColumns", "problems"], "The summary of an import.")
schemas["BookLookupQuestion"] = obj({
    "title": nullable({"type": "string", "maxLength": 512}), "author": nullable({"type": "string", "maxLength": 512}),
    "isbn": nullable(STR),
}, (), "A book to look up: an ISBN (with a valid check digit), else a title (and author), 1-512 characters.")
schemas["BookLookupResult"] = obj({
    "question": ref("BookLookupQuestion"),
    "work": desc(ref("WorkDTO"), "The best result (the one with the ISBN asked); absent when nothing was found."),
    "cached": BOOL,
}, ["question", "cached"], "What one looked-up book found.")
schemas["EnrichmentBook"] = obj({
    "workID": UUID, "title": STR,
    "filled": desc(arr(STR), 'What was filled: "cover", "page count", "publication year", "description", "subjects".'),
    "missing": desc(arr(STR), "What is still missing among cover, page count and publication year."),
    "requeued": desc(BOOL, "Still queued: something is missing and no online source was reached."),
    "result": {"type": "string", "enum": ["filled", "notFound", "unreachable"]},
}, ["workID", "title", "filled", "missing", "requeued", "result"], "EnrichmentReport.Book.")
schemas["EnrichmentReport"] = obj({
    "books": arr(ref("EnrichmentBook")), "stillQueued": INT,
    "waiting": desc(INT, "Queued books tried recently, skipped until they are due again."),
}, ["books", "stillQueued", "waiting"], "What an enrichment of the library's queued books did.")
schemas["AuthorSuggestionReport"] = obj({
    "authorID": UUID, "author": STR,
    "match": desc(STR, 'How the Wikidata item was found: "wikidataID", "openLibrary" or "nameSearch".'),
    "wikidataID": STR,
    "suggested": desc({"type": "object", "additionalProperties": STR},
                      "The fields that could be filled: gender, region, nationality, birthYear, deathYear."),
    "applied": BOOL, "problem": desc(STR, "Why Wikidata could not be asked."),
}, ["authorID", "author", "suggested", "applied"], "One author asked about.")
schemas["AuthorSuggestionsReport"] = obj({
    "authors": arr(ref("AuthorSuggestionReport")), "notAsked": desc(INT, "Authors left for another run."),
}, ["authors", "notAsked"], "What asking Wikidata about authors found.")
schemas["CatalogImportExample"] = obj({"line": INT, "problem": STR, "text": STR}, ["line", "problem", "text"],
                                      "A skipped line of a dump, quoted.")
schemas["CatalogImportResult"] = obj({
    "file": STR, "outcome": {"type": "string", "enum": ["completed", "stopped", "alreadyImported"]},
    "resumedAfterLine": INT, "lines": INT, "linesThisRun": INT, "seconds": NUM, "authors": INT, "works": INT,
    "editions": INT, "otherRecords": INT, "invalidISBNs": INT,
    "malformedLines": {"type": "object", "additionalProperties": INT}, "examples": arr(ref("CatalogImportExample")),
}, ["file", "outcome", "lines", "linesThisRun", "seconds", "authors", "works", "editions", "otherRecords",
    "invalidISBNs", "malformedLines", "examples"], "One dump file's import.")
schemas["CatalogSource"] = obj({
    "kind": {"type": "string", "enum": ["seed", "openlibrary-dump"]}, "name": STR, "version": STR, "fileSize": INT,
    "complete": BOOL, "lines": INT, "authors": INT, "works": INT, "editions": INT, "otherRecords": INT,
    "invalidISBNs": INT, "malformedLines": {"type": "object", "additionalProperties": INT},
    "startedAt": DATE, "updatedAt": DATE,
}, ["kind", "name", "complete", "lines", "authors", "works", "editions", "otherRecords", "invalidISBNs",
    "malformedLines", "startedAt", "updatedAt"], "A source loaded into the catalog: the seed or a dump file.")
schemas["CatalogStats"] = obj({
    "fileBytes": INT, "works": INT, "syntheticWorks": INT, "editions": INT, "authors": INT, "isbns": INT,
    "sources": arr(ref("CatalogSource")),
}, ["fileBytes", "works", "syntheticWorks", "editions", "authors", "isbns", "sources"],
    "The offline catalog's sizes and sources.")
schemas["JobJSON"] = obj({
    "id": UUID, "kind": ref("JobKind"), "status": ref("JobStatus"),
    "processed": desc(INT, "Done so far: rows of an import, books, authors, kilobytes of a catalog import."),
    "total": desc(INT, "In all, in the same unit (0 until known)."),
    "message": desc(STR, 'Why it failed, or a note ("resumed after a restart").'),
    "report": desc(ref("ImportReport"), "An import's report, once it has succeeded."),
    "enrichment": desc(ref("EnrichmentReport"), "An enrichment of the library's queued books, once it has succeeded."),
    "lookups": desc(arr(ref("BookLookupResult")), "An enrichment of books sent, once it has succeeded: in the order sent."),
    "authors": desc(ref("AuthorSuggestionsReport"), "Author suggestions, once asked."),
    "catalog": desc(arr(ref("CatalogImportResult")), "A catalog import's files, once imported."),
    "photos": desc(obj({"converted": INT, "unreadable": INT}, ["converted", "unreadable"],
                       "PhotoConversionReport: photos converted, and those that could not be read (kept as they were)."),
                   "A photo conversion's report, once done."),
    "scan": desc(ref("ScanReport"), "A shelf scan's report, once done; its books are in the review queue."),
    "dateCreated": DATE, "dateUpdated": DATE,
}, ["id", "kind", "status", "processed", "total", "dateCreated", "dateUpdated"],
    "JobRoutes.JobJSON: a job as the API answers it.")
schemas["ScanReport"] = obj({
    "scanID": UUID, "recognizer": desc(STR, '"gemini" or "offline".'),
    "found": desc(INT, "Books seen on the photo, all now pending in the review queue."),
    "matched": desc(INT, "Of those, the ones a matching book was found for."),
}, ["scanID", "recognizer", "found", "matched"], "ScanReport: what a shelf scan found.")
schemas["BoundingBox"] = obj({"x": NUM, "y": NUM, "width": NUM, "height": NUM}, ["x", "y", "width", "height"],
                             "A spine's box on the photo, each value 0-1 of the photo's width or height.")
schemas["ReviewItemJSON"] = obj({
    "id": UUID, "scanId": UUID, "status": {"type": "string", "enum": ["pending", "accepted", "rejected"]},
    "title": desc(STR, "As read on the spine (1-300 characters)."), "author": desc(STR, "As read (at most 200 characters)."),
    "isbn": desc(STR, "An ISBN-13, when one was legible."),
    "confidence": {"type": "number", "minimum": 0, "maximum": 1}, "box": ref("BoundingBox"),
    "match": desc(ref("WorkDTO"), "The book it most likely is; accepting adds it (without one, the book as read)."),
    "entryId": desc(UUID, "The library entry it became, once accepted."),
    "cropURL": desc(STR, "The spine's crop (JPEG)."), "dateCreated": DATE,
}, ["id", "scanId", "status", "title", "confidence", "box", "dateCreated"],
    "ReviewItemResource: a book seen on a shelf photo.")
schemas["ReviewQueue"] = obj({"items": arr(ref("ReviewItemJSON")), "total": desc(INT, "Pending items at or above minConfidence."),
                              "limit": INT, "offset": INT}, ["items", "total", "limit", "offset"], "ScanRoutes.Queue.")
schemas["ScanJSON"] = obj({"id": UUID, "width": INT, "height": INT, "recognizer": STR, "photoURL": STR,
                           "items": arr(ref("ReviewItemJSON")), "dateCreated": DATE},
                          ["id", "width", "height", "photoURL", "items", "dateCreated"], "ScanRoutes.ScanJSON: a scan and its books.")
schemas["ScanStarted"] = obj({"jobId": UUID, "scanId": UUID, "job": ref("JobJSON")}, ["jobId", "scanId", "job"],
                             "ScanRoutes.ScanStarted.")
schemas["ReviewAccept"] = obj({"status": nullable(ref("ReadingStatus"))}, [], "ScanRoutes.Accept: the status of the added book (default toRead).")
schemas["ReviewAccepted"] = obj({"item": ref("ReviewItemJSON"), "book": ref("BookResource"), "alreadyInLibrary": BOOL},
                                ["item", "book", "alreadyInLibrary"], "ScanRoutes.Accepted.")
schemas["ReviewAcceptAll"] = obj({"minConfidence": {"type": "number", "minimum": 0, "maximum": 1}, "status": nullable(ref("ReadingStatus"))},
                                 ["minConfidence"], "ScanRoutes.AcceptAll.")
schemas["AcceptAllReport"] = obj({
    "added": INT, "alreadyInLibrary": INT,
    "failed": arr(obj({"itemID": UUID, "reason": STR}, ["itemID", "reason"], "An item left pending, and why.")),
}, ["added", "alreadyInLibrary", "failed"], "AcceptAllReport.")
schemas["ReviewRematch"] = obj({"work": ref("WorkDTO")}, ["work"], "ScanRoutes.Rematch: the book chosen (a search result).")
schemas["JobList"] = arr(ref("JobJSON"), description="The account's jobs, newest first (at most 100).")
schemas["JobEvent"] = obj({
    "jobId": UUID, "kind": ref("JobKind"), "status": ref("JobStatus"), "processed": INT, "total": INT,
    "message": STR,
}, ["jobId", "kind", "status", "processed", "total"],
    "JobEvent: one WebSocket text message of GET /ws/progress (JSON).")

schemas["EnrichmentRequest"] = obj({
    "books": nullable(arr(ref("BookLookupQuestion"), minItems=1, maxItems=500)),
    "workIds": nullable(arr(STR, minItems=1, maxItems=500)),
    "limit": nullable({"type": "integer", "minimum": 1, "maximum": 100000}),
    "force": nullable(BOOL),
    "jobId": nullable(UUID_IN),
}, (), "JobRoutes.EnrichmentRequest: `books` (or the seed's `workIds`: ISBNs or titles) are looked up; without "
       "them, the library's queued books are enriched (`limit`, `force`). `jobId` chooses the job's ID.",
    # Books sent are looked up whole: `limit` and `force` choose among the library's queued books only.
    oneOf=[{"required": [sent], "properties": {sent: {"type": "array"}, other: {"type": "null"}, "limit": {"type": "null"},
                                               "force": {"type": "null"}}}
           for sent, other in [("books", "workIds"), ("workIds", "books")]]
    + [{"properties": {"books": {"type": "null"}, "workIds": {"type": "null"}}}])
schemas["AuthorSuggestionsRequest"] = obj({
    "author": nullable({"type": "string", "minLength": 1}),
    "limit": nullable({"type": "integer", "minimum": 1, "maximum": 1000}),
    "apply": nullable(BOOL),
}, (), "JobRoutes.AuthorSuggestionsRequest: one author by name, else those missing details (at most `limit`, "
       "default 25); `apply` saves what is suggested into empty fields.")
schemas["CatalogImportRequest"] = obj({
    "files": arr({"type": "string", "minLength": 1, "maxLength": 255}, minItems=1, maxItems=20),
    "restart": nullable(BOOL),
}, ["files"], "JobRoutes.CatalogImportRequest: dump files in the server's `dumps` folder, imported in order.")

# --- Browser sessions (only while the route table has them) ---------------------------------------
HAS_SESSIONS = '"/v1/session"' in open(f"{ROOT}/BooksTrackServer/Routes/AccountRoutes.swift").read()
if HAS_SESSIONS:
    schemas["BrowserSession"] = obj({
        "id": UUID, "dateCreated": DATE, "lastSeen": DATE,
        "userAgent": desc(STR, "The browser's User-Agent at sign-in, cut to 200 characters."),
    }, ["id", "dateCreated", "lastSeen"], "A browser's signed-in session (its secret lives only in the cookie).")
    schemas["BrowserSessionList"] = arr(ref("BrowserSession"), description="Sessions, most recently seen first.")
    schemas["SessionJSON"] = obj({
        "account": ref("AccountJSON"),
        "csrfToken": desc(STR, "Sent back in the `X-CSRF-Token` header with every change made with the session cookie."),
        "session": ref("BrowserSession"),
    }, ["account", "csrfToken", "session"], "AccountRoutes.SessionJSON.")

# --- Request bodies -------------------------------------------------------------------------------
# Not only whitespace: Swift trims Unicode White_Space, which also holds U+0085 (not in ECMA-262's \s).
NOT_BLANK = r"[^\s\u0085]"


def any_present(*names):
    """At least one of `names` is given and not null."""
    return {"anyOf": [{"required": [n], "properties": {n: {"not": {"type": "null"}}}} for n in names]}


# The country codes CountryRegions knows, in any case as Swift's uppercased() reads it (ı is I, ſ is S,
# the ligatures ﬁ and ﬅ/ﬆ are FI and ST), between the spaces trimmingCharacters(in: .whitespaces) removes.
_REGIONS_SOURCE = open(f"{ROOT}/BooksTrackCore/Insights/CountryRegions.swift").read()
COUNTRY_CODES = sorted({code for group in _re.findall(r'\(\.\w+, "([A-Z ]+)"\)', _REGIONS_SOURCE) for code in group.split()}
                       | set(_re.findall(r'codesWithoutRegion: Set<String> = \["([A-Z]{2})"\]', _REGIONS_SOURCE)))
assert len(COUNTRY_CODES) > 240 and "XK" in COUNTRY_CODES and "AQ" in COUNTRY_CODES, len(COUNTRY_CODES)
_LETTER = {c: f"[{c}{c.lower()}]" for c in "ABCDEFGHJKLMNOPQRTUVWXYZ"} | {"I": "[Ii\u0131]", "S": "[Ss\u017f]"}
_LIGATURES = {"FI": "\ufb01", "ST": "[\ufb05\ufb06]"}
_SPACE = "[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]"
NATIONALITY = (f"^{_SPACE}*(" + "|".join(_LETTER[a] + _LETTER[b] + (f"|{_LIGATURES[a + b]}" if a + b in _LIGATURES else "")
                                         for a, b in COUNTRY_CODES) + f")?{_SPACE}*$")

# The server counts a text's length in characters (grapheme clusters: a letter and its combining marks
# are one) once TextCleaning has removed its control and bidi override characters and its ends are
# trimmed of White_Space, so a bound is a pattern, not a maxLength: up to `limit` characters from the
# first to the last one seen, removed ones anywhere not counted, and the marks that extend a character
# (the common blocks of combining marks, joiners and variation selectors) counted with it.
_WHITE_SPACE = r"\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_REMOVED = r"\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u202a-\u202e\u2066-\u2069"
# Only assigned marks: an unassigned code point (U+1AEB, U+20F5) is a character of its own.
_EXTENDING = (r"\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4"
              r"\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u1ab0-\u1ace\u1dc0-\u1dff\u200c\u200d\u20d0-\u20f0\ufe00-\ufe0f"
              r"\ufe20-\ufe2f")


def text(limit, required=False, cleaned=True, description=None):
    """A text of at most `limit` characters once cleaned (unless not `cleaned`: only trimmed) and trimmed;
    `required`: not empty then."""
    removed = _REMOVED if cleaned else ""
    skipped = f"[{_WHITE_SPACE}{removed}]*"
    # Each further character starts at one that neither extends nor is removed; the marks and removed
    # characters after it go with it, so a text has one way to be read and a long one fails fast.
    trailing = f"[{_EXTENDING}{removed}]*"
    core = f"[^{_WHITE_SPACE}{removed}]{trailing}(?:[^{_EXTENDING}{removed}]{trailing}){{0,{limit - 1}}}{skipped}"
    s = {"type": "string", "pattern": f"^{skipped}{core}$" if required else f"^{skipped}(?:{core})?$"}
    counted = "once control characters are removed and the ends trimmed" if cleaned else "once the ends are trimmed"
    s["description"] = (description + " " if description else "") + \
        f"{'1' if required else '0'}-{limit:,} characters {counted}."
    return s


NAME = text(64, required=True)
PASSWORD = {"type": "string", "minLength": 8, "description": "At least 8 characters, at most 72 bytes of UTF-8."}
schemas["Setup"] = obj({"setupToken": desc(STR, "The one-time token the server printed at start."), "name": NAME,
                        "password": PASSWORD}, ["setupToken", "name", "password"], "AccountRoutes.Setup.")
schemas["Credentials"] = obj({"name": NAME, "password": PASSWORD}, ["name", "password"], "AccountRoutes.Credentials.")
schemas["SignUp"] = obj({"name": NAME, "password": PASSWORD,
                         "invitation": nullable(desc(STR, "An administrator's invitation code, when sign-up is by invitation."))},
                        ["name", "password"], "AccountRoutes.SignUp.")
schemas["NewInvitation"] = obj({
    "note": nullable(text(200, cleaned=False)),
    "days": nullable({"type": "integer", "minimum": 1, "maximum": 90, "description": "How long it lasts (default 7)."}),
}, (), "AccountRoutes.NewInvitation.")
schemas["NewToken"] = obj({
    "name": text(64, required=True, cleaned=False, description="The token's name."),
    "username": nullable(STR), "password": nullable(STR),
}, ["name"], "AccountRoutes.NewToken: without a bearer token, `username` and `password` sign in.")
schemas["AddBook"] = obj({
    "isbn": nullable({"type": "string", "minLength": 1, "description": "An ISBN-10 or ISBN-13 with a valid check digit."}),
    "query": nullable({"type": "string", "maxLength": 512, "pattern": NOT_BLANK}),
    "pick": nullable({"type": "integer", "minimum": 1,
                      "description": "The pick-th search result (default 1); past the last result is 400 INVALID_INPUT."}),
    "title": nullable(text(512, required=True)), "subtitle": nullable(text(512)),
    "authors": nullable(arr(STR)),
    "pageCount": nullable({"type": "integer", "minimum": 1, "maximum": 100000}),
    "format": nullable(ref("EditionFormat")),
    "publisher": nullable(text(512)), "language": nullable(STR),
    "status": nullable(ref("ReadingStatus")), "owned": nullable(BOOL),
    "tags": nullable(arr(text(64, required=True))),
}, description="BookRoutes.AddBook: from the search (`isbn` or `query`, `pick`) or by hand (`title`, ...).",
    **any_present("isbn", "query", "title"))
schemas["StatusChange"] = obj({"status": ref("ReadingStatus")}, ["status"], "BookRoutes.StatusChange.")
schemas["Progress"] = obj({
    "page": nullable({"type": "integer", "minimum": 0, "maximum": 100000}),
    "percent": nullable({"type": "number", "minimum": 0, "maximum": 100}),
    "minutes": nullable({"type": "integer", "minimum": 0, "maximum": 60000,
                         "description": "Minutes listened of an audiobook; at most its length (audioDurationMinutes), "
                                       "which must be set."}),
}, description="BookRoutes.Progress: give one of `page`, `percent` or `minutes`.",
    oneOf=[{"required": ["page"], "properties": {"page": {"type": "integer"}, "percent": {"type": "null"},
                                                 "minutes": {"type": "null"}}},
           {"required": ["percent"], "properties": {"percent": {"type": "number"}, "page": {"type": "null"},
                                                    "minutes": {"type": "null"}}},
           {"required": ["minutes"], "properties": {"minutes": {"type": "integer"}, "page": {"type": "null"},
                                                    "percent": {"type": "null"}}}])
schemas["Rating"] = obj({"rating": nullable({"type": "number", "minimum": 0, "maximum": 5, "multipleOf": 0.25,
                                              "description": "0.25-5 in quarter steps; 0 or absent clears it."})},
                        description="BookRoutes.Rating.")
schemas["Review"] = obj({"text": nullable(text(20000)), "hasSpoilers": nullable(BOOL)},
                        description="BookRoutes.Review: no text clears the review.")
schemas["Notes"] = obj({"text": nullable(text(5000))},
                       description="BookRoutes.Notes as PUT reads it: replaces the notes; no text clears them.")
schemas["NoteParagraph"] = obj({"text": text(5000, description="Added on a new line; the notes stay at most 5,000 characters.")},
                               ["text"], "BookRoutes.Notes as POST reads it: the text is required.")
schemas["Tags"] = obj({"add": nullable(arr(text(64, required=True))),
                       "remove": nullable(arr(STR))},
                      description="BookRoutes.Tags: tags to add, to remove, or both.",
                      anyOf=[{"required": [n], "properties": {n: {"type": "array", "minItems": 1}}} for n in ["add", "remove"]])
schemas["Favorite"] = obj({"favorite": BOOL}, ["favorite"], "BookRoutes.Favorite.")
schemas["NewQuote"] = obj({"text": text(2000, required=True),
                           "page": nullable({"type": "integer", "minimum": 0, "maximum": 100000})},
                          ["text"], "BookRoutes.NewQuote.")
schemas["NewSession"] = obj({
    "minutes": {"type": "integer", "minimum": 1, "maximum": 1440},
    "pages": {"type": "integer", "minimum": 0, "maximum": 10000},
    "date": nullable(desc(DATE_IN, "When the session was (today or earlier); default: now. ISO 8601 with an "
                                    "upper-case T and a time zone: 2026-11-20T10:00:00Z.")),
}, ["minutes", "pages"], "BookRoutes.NewSession.")
schemas["Acquire"] = obj({"status": nullable(ref("ReadingStatus"))},
                         description="BookRoutes.Acquire: the status after buying a wishlisted book (default toRead).")
schemas["AuthorUpdate"] = obj({
    "gender": nullable(ref("AuthorGender")),
    "culturalRegion": nullable(ref("CulturalRegion")),
    "nationality": nullable({"type": "string", "pattern": NATIONALITY,
                             "description": 'A known ISO 3166 alpha-2 code (any case; XK too); "" clears it.'}),
    "marginalized": nullable(ref("MarginalizedAnswer")),
}, description="LibraryRoutes.AuthorUpdate: at least one property.",
    **any_present("gender", "culturalRegion", "nationality", "marginalized"))
YEAR_FIELD = {"type": "integer", "minimum": -9999, "maximum": 9999, "description": "-700 is 700 BCE."}
schemas["AuthorPatch"] = obj({
    "name": text(256, required=True),
    "sortName": nullable(text(256)),
    "gender": nullable(ref("AuthorGender")),
    "culturalRegion": nullable(ref("CulturalRegion")),
    "nationality": nullable({"type": "string", "pattern": NATIONALITY, "minLength": 2, "maxLength": 2,
                             "description": "A known ISO 3166 alpha-2 code, any case."}),
    "ethnicity": nullable(text(128)),
    "birthYear": nullable(YEAR_FIELD), "deathYear": nullable(YEAR_FIELD),
    "marginalizedVoiceOverride": nullable(desc(BOOL, "The reader's answer; null goes back to the rule.")),
}, description="A JSON merge patch of an author (AuthorEdit): null clears a field (a name cannot be cleared).",
    additionalProperties=False, minProperties=1)
schemas["AuthorMerge"] = obj({"into": desc(UUID_IN, "The author to keep.")}, ["into"], "LibraryRoutes.AuthorMerge.")
schemas["GoalUpdate"] = obj({
    "year": nullable({"type": "integer", "minimum": 1, "maximum": 9999, "description": "Default: this year (UTC)."}),
    "books": nullable({"type": "integer", "minimum": 1, "maximum": 100000}),
    "pages": nullable({"type": "integer", "minimum": 1, "maximum": 100000000}),
    "cultural": nullable({"type": "integer", "minimum": 1, "maximum": 100000,
                          "description": "Books marked toward the cultural goal to finish in the year."}),
}, description="LibraryRoutes.GoalUpdate: books, pages, cultural, or several.", **any_present("books", "pages", "cultural"))

_DAY = r"[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
DAY_OR_DATE = {"type": "string", "pattern": f"^{_DAY}$|{DATE_IN['pattern']}",
               "description": "A day (2024-03-05, midnight UTC) or an ISO 8601 date and time; not in the future."}
LANGUAGE_TAG = {"type": "string", "pattern": r"^([A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4})?$",
                "description": 'A BCP 47 tag: "en", "pt-BR"; "" clears it.'}
COVER_URL = {"type": "string", "maxLength": 2048,
             "pattern": r"^(https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]*)?)?$",
             "description": "An https address of an image (shown through the cover proxy); \"\" clears it."}
PERSON = {"oneOf": [
    text(256, required=True, description='"Name", or "Name (role)": role illustrator, editor, translator, narrator ...'),
    obj({"name": text(256, required=True), "role": nullable(text(64, description='Default "author".'))}, ["name"],
        additionalProperties=False),
]}
LIST_ITEM = text(128, required=True)
BOOK_FIELDS = {
    "title": text(512, required=True),
    "subtitle": nullable(text(512)),
    "authors": nullable(desc(arr(PERSON), "The people who made the book, in order: role author (the default) are its "
                                          "authors, the first the primary one; any other role a contributor.")),
    "seriesName": nullable(text(512)),
    "seriesPosition": nullable({"type": "number", "minimum": 0, "maximum": 100000}),
    "seriesPositionEnd": nullable({"type": "number", "minimum": 0, "maximum": 100000,
                                   "description": "The last position of an omnibus (#1-3); after seriesPosition."}),
    "firstPublicationYear": nullable({"type": "integer", "minimum": -9999, "maximum": 9999,
                                      "description": "The original publication year; -700 is 700 BCE."}),
    "originalCountry": nullable(text(128, description="An ISO 3166 alpha-2 code (NG) or a country's name.")),
    "originalLanguage": nullable(LANGUAGE_TAG),
    "genres": nullable(arr(LIST_ITEM)),
    "description": nullable(text(10000)),
    "culturalThemes": nullable(arr(LIST_ITEM)),
    "contentWarnings": nullable(arr(LIST_ITEM)),
    "awards": nullable(arr(LIST_ITEM)),
    "readingDifficulty": nullable({"type": "string", "enum": DIFFICULTIES + [""]}),
    "isbns": nullable(desc(arr(STR), "ISBN-10 or ISBN-13 with valid check digits, kept as ISBN-13.")),
    "publisher": nullable(text(256)),
    "publicationDate": nullable(desc(STR, 'A year, a year and month, or a day: "1969", "1969-03", "1969-03-01", "-700".')),
    "pageCount": nullable({"type": "integer", "minimum": 1, "maximum": 100000}),
    "format": nullable({"type": "string", "enum": FORMATS + [""]}),
    "language": nullable(LANGUAGE_TAG),
    "editionTitle": nullable(text(512)),
    "translator": nullable(text(256)),
    "narrator": nullable(text(256)),
    "audioDurationMinutes": nullable({"type": "integer", "minimum": 1, "maximum": 60000}),
    "coverImageURL": nullable(COVER_URL),
    "status": ref("ReadingStatus"),
    "owned": nullable(BOOL),
    "rating": nullable({"type": "number", "minimum": 0.25, "maximum": 5, "multipleOf": 0.25}),
    "review": nullable(text(20000)),
    "reviewHasSpoilers": nullable(BOOL),
    "notes": nullable(text(5000)),
    "discussionNotes": nullable(text(5000)),
    "tags": nullable(arr(text(64, required=True))),
    "isFavorite": nullable(BOOL),
    "isPublic": nullable(BOOL),
    "recommendedBy": nullable(text(256)),
    "wouldRecommend": nullable(BOOL),
    "contributesToCulturalGoal": nullable(BOOL),
    "culturalGoalCategory": nullable(text(128)),
    "dailyReadingGoal": nullable({"type": "integer", "minimum": 1, "maximum": 100000}),
    "dateAdded": DAY_OR_DATE,
    "dateStarted": nullable(DAY_OR_DATE),
    "dateCompleted": nullable(DAY_OR_DATE),
    "dateStopped": nullable(DAY_OR_DATE),
}
schemas["BookPatch"] = obj(BOOK_FIELDS, description="A JSON merge patch of a book (BookEdit): each member sets a field, "
                           "null (or \"\" for a text) clears it; lists are replaced whole. A member that names no field is "
                           "refused. Every field set on the work or the edition is marked as the reader's (`readerSetFields`).",
                           additionalProperties=False, minProperties=1)
_EDITION_FIELDS = ["isbns", "publisher", "publicationDate", "pageCount", "format", "language", "editionTitle", "translator",
                   "narrator", "audioDurationMinutes", "coverImageURL"]
schemas["NewEdition"] = obj({**{name: BOOK_FIELDS[name] for name in _EDITION_FIELDS},
                             "mine": nullable(desc(BOOL, "Make it the reader's own edition (default false)."))},
                            description="BookEditRoutes: a new edition of the book's work, by its fields.",
                            additionalProperties=False,
                            **any_present(*_EDITION_FIELDS))
schemas["EditionLookup"] = obj({"isbn": desc({"type": "string", "minLength": 1}, "An ISBN-10 or ISBN-13."),
                               "mine": nullable(desc(BOOL, "Make it the reader's own edition (default false)."))},
                              ["isbn"], "BookEditRoutes.EditionLookup.")
schemas["ChosenEdition"] = obj({"id": desc(UUID_IN, "One of GET /v1/books/{id}/editions.")}, ["id"], "BookEditRoutes.ChosenEdition.")
# A book added by hand takes every field an edit takes.
for name, schema in BOOK_FIELDS.items():
    schemas["AddBook"]["properties"].setdefault(name, schema)
schemas["AddBook"]["additionalProperties"] = False

# --- Responses ------------------------------------------------------------------------------------
responses = {}
ERR = {"application/json": {"schema": ref("ErrorEnvelope")}}
ERROR_TEXT = {
    "400": "Bad request: a parameter or the body is missing, malformed or out of range, or the query names a parameter "
           "the operation does not take (`UNKNOWN_PARAMETER`); `details.field` names it.",
    "401": "Unauthorized: no valid API token, or a token that is not live was sent (any route refuses one).",
    "403": "Forbidden.",
    "404": "Not found (another account's ID answers the same as a made-up one).",
    "408": "The request timed out.",
    "409": "Conflict.",
    "413": "The body is too large (`details.limit` gives the limit in bytes).",
    "415": "The upload is not a JPEG or PNG image.",
    "426": "Upgrade required.",
    "422": "The change is not allowed in the book's current state.",
    "429": "Too many failed sign-ins; `details.retryAfter` gives the seconds to wait.",
}
NAMES = {"400": "BadRequest", "401": "Unauthorized", "403": "Forbidden", "404": "NotFound", "408": "RequestTimeout", "409": "Conflict",
         "413": "ContentTooLarge", "415": "UnsupportedMediaType", "426": "UpgradeRequired", "422": "UnprocessableContent", "429": "TooManyRequests"}
for code, name in NAMES.items():
    r = {"description": ERROR_TEXT[code], "content": ERR}
    if code == "401":
        r["headers"] = {"WWW-Authenticate": {"description": "`Bearer`.", "schema": {"type": "string", "const": "Bearer"}}}
    responses[name] = r


def errors(*codes, overrides=None):
    out = {}
    for code in codes:
        if overrides and code in overrides:
            out[code] = {"description": overrides[code], "content": ERR}
            if code == "401":
                out[code]["headers"] = responses["Unauthorized"]["headers"]
        else:
            out[code] = json.loads(json.dumps(responses[NAMES[code]]))
    return out


def envelope(data_schema, description, meta=None):
    return {
        "description": description,
        "content": {"application/json": {"schema": {
            "type": "object",
            "properties": {"success": {"const": True}, "data": data_schema, "meta": meta or ref("ResponseMeta")},
            "required": ["success", "data", "meta"],
        }}},
    }


# --- Parameters -----------------------------------------------------------------------------------
def path_param(name, description):
    return {"name": name, "in": "path", "required": True, "description": description, "schema": UUID}


def query(name, schema, description, required=False, example=None):
    p = {"name": name, "in": "query", "description": description, "schema": schema}
    if required:
        p["required"] = True
    if example is not None:
        p["example"] = example
    return p


parameters = {
    "BookID": path_param("id", "The book's (library entry's) ID."),
    "Year": query("year", {"type": "integer", "minimum": 1, "maximum": 9999}, "The year (UTC); default: this year."),
}
BOOK_ID = parameters["BookID"]
YEAR = parameters["Year"]
STATUS_LIST = "(" + "|".join(STATUSES) + ")"

QUEUE_FULL = ("IMAGE_QUEUE_FULL: the server's image queue is full (too many images are being read at once); nothing "
              "was kept: send it again after `details.retryAfter` seconds.")
BAD_ISBN = "INVALID_ISBN"
# A name (an account's) may hold only characters that are seen: letters, marks, digits, punctuation,
# symbols and spaces. A JSON Schema pattern cannot name Unicode's categories portably.
HIDDEN_CHARACTER = "VALIDATION_FAILED"

CSRF_TEXT = ("CSRF_FAILED: the request came with the session cookie but without the session's "
             "`X-CSRF-Token`.")
ONLY_UNKNOWN_PARAMETER = ("UNKNOWN_PARAMETER: the query names a parameter this operation does not take "
                          "(`details.field` names it).")

# --- Operations -----------------------------------------------------------------------------------
ACCOUNT = [{"bearerAuth": []}] + ([{"sessionCookie": []}] if HAS_SESSIONS else [])
OPEN = []
paths = {}


def op(method, path, operation_id, summary, tag, security, responses_, params=None, body=None, description=None,
       deprecated=False, rules=None):
    """`rules`: the refusals ({status: [codes]}) a request the schema allows can still get, by a rule a schema
    cannot state; written as the operation's `x-rule-refusals`, which the contract check reads."""
    o = {"operationId": operation_id, "summary": summary, "tags": [tag]}
    if description:
        o["description"] = description
    if deprecated:
        o["deprecated"] = True
    o["security"] = security
    if params:
        o["parameters"] = params
    if body:
        o["requestBody"] = body
    # The router refuses a query parameter the route does not declare (400 UNKNOWN_PARAMETER), so
    # every operation can answer 400.
    if "400" not in responses_:
        responses_ = dict(responses_)
        takes_input = body or any(p["in"] == "query" for p in params or [])
        responses_["400"] = {"description": ERROR_TEXT["400"] if takes_input else ONLY_UNKNOWN_PARAMETER,
                             "content": ERR}
    # A change sent with the session cookie needs the session's CSRF token (the middleware refuses it
    # on every route but the sign-in itself).
    if HAS_SESSIONS and method not in ("get", "head", "options") and path != "/v1/session" or \
            HAS_SESSIONS and (method, path) == ("delete", "/v1/session"):
        responses_ = dict(responses_)
        if "403" in responses_:
            responses_["403"] = dict(responses_["403"])
            responses_["403"]["description"] = responses_["403"]["description"].rstrip(".") + "; or " + CSRF_TEXT
        else:
            responses_["403"] = {"description": CSRF_TEXT[0].upper() + CSRF_TEXT[1:], "content": ERR}
    # Every route's work is stopped at its time limit (30 s; 10 minutes for uploads): APIRoute runs each
    # handler under TimeLimit, the quick ones too.
    if True:
        responses_ = dict(responses_)
        responses_.setdefault("503", {"description": "REQUEST_TIME_LIMIT: the request took longer than its limit "
                                                     "(`details.limit`, in seconds) and was stopped.", "content": ERR})
    o["responses"] = dict(sorted(responses_.items(), key=lambda item: int(item[0])))
    if rules:
        for status in rules:
            assert status in o["responses"], f"{operation_id}: the rule refusal {status} is not among its responses"
        o["x-rule-refusals"] = {status: sorted(codes) for status, codes in sorted(rules.items())}
    paths.setdefault(path, {})[method] = o


BODY_EXAMPLES = {
    "AddBook": {"title": "Kindred", "authors": ["Octavia E. Butler"], "pageCount": 264, "status": "toRead"},
    "Progress": {"page": 12},
    "Rating": {"rating": 4.5},
    "NewQuote": {"text": "All that you touch you change.", "page": 3},
    "NewSession": {"minutes": 30, "pages": 20},
    "Tags": {"add": ["favorites"]},
    "EnrichmentRequest": {"books": [{"isbn": "978-0-441-17271-9"}, {"title": "Kindred", "author": "Octavia E. Butler"}]},
    "AuthorSuggestionsRequest": {"limit": 25},
    "CatalogImportRequest": {"files": ["ol_dump_editions_latest.txt.gz"]},
    "GoalUpdate": {"books": 24},
    "NewToken": {"name": "backup script"},
    "ReviewAccept": {"status": "read"},
    "ReviewAcceptAll": {"minConfidence": 0.8, "status": "toRead"},
}


def json_body(name, description=None):
    b = {"required": True, "content": {"application/json": {"schema": ref(name)}}}
    if name in BODY_EXAMPLES:
        b["content"]["application/json"]["example"] = BODY_EXAMPLES[name]
    if description:
        b["description"] = description
    return b


BOOK = ref("BookResource")
SEARCH_META = None
DEPRECATION_HEADERS = {
    "Deprecation": {"description": "`true`.", "schema": {"type": "string"}},
    "Sunset": {"description": "When the path is removed (HTTP date).", "schema": {"type": "string"}},
    "Link": {"description": "The successor path, `rel=\"successor-version\"`.", "schema": {"type": "string"}},
}

# Health
op("get", "/health", "getHealth", "Whether the server answers and whether it still needs its first account.", "health", OPEN,
   {"200": envelope(ref("Health"), "The server is up."), **errors("401")})

# Search
Q = query("q", {"type": "string", "minLength": 1, "maxLength": 512, "pattern": NOT_BLANK},
          "Words of the title and author (an ISBN is looked up as one).", True,
          example="left hand of darkness")
ISBN = query("isbn", {"type": "string", "minLength": 1, "maxLength": 64}, "An ISBN-10 or ISBN-13 (hyphens allowed).", True,
             example="978-0-441-17271-9")
SEARCH_ERRORS = errors("400", "401")
search_ok = envelope(ref("SearchResultsDTO"), "The results (possibly none), with each provider's report.", SEARCH_META)
op("get", "/v1/search/title", "searchTitle", "Search by words of the title and author.", "search", OPEN,
   {"200": search_ok, **SEARCH_ERRORS}, [Q])
op("get", "/v1/search/isbn", "searchISBN", "Look up one ISBN.", "search", OPEN, {"200": search_ok, **SEARCH_ERRORS}, [ISBN],
   rules={"400": [BAD_ISBN]})
op("post", "/v1/search/barcode", "searchBarcode", "Look up the ISBN whose barcode a back-cover photo shows.", "search", ACCOUNT,
   {"200": search_ok, **errors("400", "401", "413", "415", "422", "429", overrides={
       "415": "UNSUPPORTED_IMAGE: the bytes are not a JPEG, PNG, WebP or HEIC image.",
       "422": "NO_ISBN_BARCODE (no barcode read, or none is an ISBN), SEVERAL_ISBN_BARCODES (details.isbns), "
              "IMAGE_TOO_MANY_PIXELS or IMAGE_UNREADABLE.",
       "429": QUEUE_FULL})},
   [],
   {"required": True, "description": "The photo's bytes (JPEG, PNG, WebP or HEIC, at most 25 MB); the type is recognized from them.",
    "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in ["image/jpeg", "image/png", "image/webp", "image/heic"]}},
   rules={"415": ["UNSUPPORTED_IMAGE"],
          "422": ["NO_ISBN_BARCODE", "SEVERAL_ISBN_BARCODES", "IMAGE_TOO_MANY_PIXELS", "IMAGE_UNREADABLE"]})
op("get", "/v1/search/advanced", "searchAdvanced", "Search by title and author.", "search", OPEN,
   {"200": search_ok, **SEARCH_ERRORS},
   [query("title", {"type": "string", "maxLength": 512}, "The title (an empty value counts as absent).",
          example="Kindred"),
    query("author", {"type": "string", "maxLength": 512}, "The author; alone, it is searched as free words.",
          example="Octavia E. Butler")],
   description="Give a title, an author or both; neither is 400 MISSING_FIELD.",
   rules={"400": ["MISSING_FIELD"]})


def deprecated_responses():
    ok = json.loads(json.dumps(search_ok))
    ok["headers"] = DEPRECATION_HEADERS
    bad = {"description": ERROR_TEXT["400"], "headers": DEPRECATION_HEADERS, "content": ERR}
    return {"200": ok, "400": bad, **errors("401")}


op("get", "/search/title", "searchTitleDeprecated", "Search by title words (deprecated: use /v1/search/title).", "search",
   OPEN, deprecated_responses(), [Q], deprecated=True)
op("get", "/search/isbn", "searchISBNDeprecated", "Look up one ISBN (deprecated: use /v1/search/isbn).", "search",
   OPEN, deprecated_responses(), [ISBN], deprecated=True, rules={"400": [BAD_ISBN]})

# Accounts
op("post", "/v1/setup", "setUp", "Create the first (administrator) account with the setup token.", "accounts", OPEN,
   {"201": envelope(ref("AccountJSON"), "The account created."),
    **errors("400", "401", "403", "409", "413", overrides={
        "403": "WRONG_SETUP_TOKEN: the setup token is not the one the server printed.",
        "409": "ALREADY_SET_UP (the server has an account) or NAME_TAKEN."})},
   body=json_body("Setup"), rules={"400": [HIDDEN_CHARACTER, "INVALID_PASSWORD"]})
op("post", "/v1/accounts", "signUp", "Create an account (when sign-up is open, or with an invitation).", "accounts", OPEN,
   {"201": envelope(ref("AccountJSON"), "The account created."),
    **errors("400", "401", "403", "409", "413", overrides={
        "403": "SIGN_UP_CLOSED (an administrator adds accounts), INVITATION_REQUIRED or INVITATION_NOT_VALID "
               "(mistyped, used or expired).", "409": "NAME_TAKEN (the invitation stays unused)."})},
   body=json_body("SignUp"),
   description="A sign-up never takes over an existing user, with or without a password.",
   rules={"400": [HIDDEN_CHARACTER, "INVALID_PASSWORD"]})
op("get", "/v1/invitations", "listInvitations", "The invitations the administrator made, newest first.", "accounts",
   ACCOUNT, {"200": envelope(ref("InvitationList"), "The invitations."),
             **errors("401", "403", overrides={"403": "ADMIN_ONLY."})})
op("post", "/v1/invitations", "createInvitation", "Make an invitation to sign up (an administrator's).", "accounts",
   ACCOUNT, {"201": envelope(ref("CreatedInvitationJSON"), "The invitation and its code, shown this once."),
             **errors("400", "401", "403", "413", overrides={"403": "ADMIN_ONLY."})},
   body=json_body("NewInvitation"),
   description="It works once, for sign-ups with `--sign-up invite`, until it expires.")
op("delete", "/v1/invitations/{id}", "revokeInvitation", "Withdraw one of the administrator's invitations.",
   "accounts", ACCOUNT, {"204": {"description": "Withdrawn."}, **errors("401", "404")},
   [path_param("id", "The invitation's ID.")])
op("get", "/v1/me", "getMe", "The signed-in account.", "accounts", ACCOUNT,
   {"200": envelope(ref("AccountJSON"), "The account."), **errors("401")})
op("get", "/v1/tokens", "listTokens", "The account's API tokens, newest first.", "accounts", ACCOUNT,
   {"200": envelope(ref("APITokenList"), "The tokens."), **errors("401")})
op("post", "/v1/tokens", "createToken", "Create an API token (signed in, or with a name and password).", "accounts", OPEN,
   {"201": envelope(ref("CreatedTokenJSON"), "The token and its secret, shown this once."),
    **errors("400", "401", "409", "413", "429", overrides={
        "401": "UNAUTHORIZED (no token and no name and password), WRONG_CREDENTIALS or INVALID_TOKEN.",
        "409": "TOO_MANY_TOKENS: revoke one first."})},
   body=json_body("NewToken"),
   description="Open: a request with a valid bearer token creates a token for that account; one without signs in "
               "with `username` and `password` (throttled after repeated failures).")
op("delete", "/v1/tokens/{id}", "revokeToken", "Revoke one of the account's API tokens.", "accounts", ACCOUNT,
   {"204": {"description": "Revoked."}, **errors("401", "404")},
   [path_param("id", "The token's ID.")])

# Browser sessions (only while the route table has them)
if HAS_SESSIONS:
    op("post", "/v1/session", "signInSession", "Sign in a browser: a session cookie and its CSRF token.", "accounts", OPEN,
       {"201": {**envelope(ref("SessionJSON"), "The session; the cookie is in Set-Cookie."),
                "headers": {"Set-Cookie": {"schema": {"type": "string"},
                                           "description": "`bt_session=...; Path=/; HttpOnly; SameSite=Lax` (and `Secure` "
                                                          "when the public URL is https)."}}},
        **errors("400", "401", "403", "413", "429", overrides={
            "401": "WRONG_CREDENTIALS or INVALID_TOKEN.",
            "403": "CROSS_SITE: the `Origin` header names a site other than this server (login CSRF): a session "
                   "is opened only from the server's own pages."})},
       body=json_body("Credentials"),
       description="A new session at every sign-in; the session the browser came with, if any, ends. A browser's "
                   "sign-in from another site (its `Origin` is not this server's) is refused with 403.")
    op("delete", "/v1/session", "signOutSession", "Sign out: end the session of the request's cookie.", "accounts",
       ACCOUNT,
       {"204": {"description": "Signed out; Set-Cookie clears the cookie.",
                "headers": {"Set-Cookie": {"schema": {"type": "string"}, "description": "`bt_session=; Max-Age=0; ...`."}}},
        **errors("400", "401", overrides={
            "400": "NO_SESSION (the request was not made with a session cookie) or UNKNOWN_PARAMETER."})},
       rules={"400": ["NO_SESSION"]})
    op("get", "/v1/sessions", "listSessions", "The account's browser sessions, most recently seen first.", "accounts",
       ACCOUNT, {"200": envelope(ref("BrowserSessionList"), "The sessions."), **errors("401")})
    op("delete", "/v1/sessions/{id}", "endSession", "End one of the account's browser sessions.", "accounts", ACCOUNT,
       {"204": {"description": "Ended."}, **errors("401", "404")}, [path_param("id", "The session's ID.")])

# Books
op("get", "/v1/books", "listBooks", "One page of the library's books, filtered and sorted.", "books", ACCOUNT,
   {"200": envelope(ref("BookList"), "The page."), **errors("400", "401")},
   [query("status", {"type": "string", "pattern": f"^,*({STATUS_LIST}(,+{STATUS_LIST})*)?,*$"},
          "Comma-separated reading statuses (`reading,onHold`): only books in one of them. Empty pieces are "
          "ignored; an empty value filters nothing."),
    query("tag", STR, "Only books with this tag (any case)."),
    query("favorite", {"type": "string", "enum": ["true", "false", "1", "0"]}, "Only favorites, or only the others."),
    query("owned", {"type": "string", "enum": ["true", "false", "1", "0"]}, "Only owned books, or only the others."),
    query("sort", {"type": "string", "enum": SORTS, "default": "added"}, "The order."),
    query("order", {"type": "string", "enum": ["asc", "desc"]},
          "Default: ascending for title and author, descending otherwise."),
    query("limit", {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}, "Books per page."),
    query("offset", {"type": "integer", "minimum": 0, "maximum": 10000000, "default": 0}, "Books skipped.")])
op("post", "/v1/books", "addBook", "Add a book from the search (ISBN or words) or by hand.", "books", ACCOUNT,
   {"201": envelope(BOOK, "The book added."),
    **errors("400", "401", "404", "409", "413", "422", overrides={
        "404": "NOTHING_FOUND: the search found nothing to add.",
        "409": "ALREADY_IN_LIBRARY (`details.id` names the book when known), or ISBN_IN_ANOTHER_BOOK.",
        "422": "NOT_ALLOWED: a wishlisted book cannot be owned."})},
   body=json_body("AddBook"), rules={"400": [BAD_ISBN, "INVALID_INPUT", "VALIDATION_FAILED", "INVALID_PAGE"],
                                     "409": ["ALREADY_IN_LIBRARY", "ISBN_IN_ANOTHER_BOOK"], "422": ["NOT_ALLOWED"]})
op("get", "/v1/books/{id}", "getBook", "One book.", "books", ACCOUNT,
   {"200": envelope(BOOK, "The book."), **errors("401", "404")}, [BOOK_ID])
op("delete", "/v1/books/{id}", "removeBook", "Remove a book from the library.", "books", ACCOUNT,
   {"200": envelope(BOOK, "The book as it was."), **errors("401", "404")}, [BOOK_ID])
ETAG_HEADER = {"ETag": {"schema": {"type": "string"}, "description": "The book's revision, for `If-Match`."}}
for operation in ("get",):
    document_paths = paths["/v1/books/{id}"][operation]["responses"]["200"]
    document_paths["headers"] = ETAG_HEADER
op("patch", "/v1/books/{id}", "editBook",
   "Edit a book: any field of the work, the reader's edition (made when there is none) and the reader's entry, as a JSON "
   "merge patch. With `If-Match` (the ETag of the book as read) an edit of a book changed since is refused with 412.",
   "books", ACCOUNT,
   {"200": {**envelope(BOOK, "The book as it is now."), "headers": ETAG_HEADER},
    **errors("400", "401", "404", "409", "413", "422", overrides={
        "409": "ISBN_IN_ANOTHER_BOOK: an ISBN given is another book's.",
        "422": "NOT_ALLOWED: a wishlisted book cannot be owned."}),
    "412": {"description": "CHANGED_SINCE_READ: the book changed since the ETag given was read; `details.etag` is the "
                           "current one. Nothing was changed.", "content": ERR}},
   [BOOK_ID, {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
              "description": "The book's ETag as GET /v1/books/{id} (or the last edit) gave it."}],
   {"required": True, "content": {"application/merge-patch+json": {"schema": ref("BookPatch")},
                                  "application/json": {"schema": ref("BookPatch"),
                                                       "example": {"pageCount": 304, "seriesName": "Earthsea", "seriesPosition": 1}}}},
   rules={"400": ["VALIDATION_FAILED", "INVALID_PAGE", "INVALID_HEADER"], "409": ["ISBN_IN_ANOTHER_BOOK"],
          "412": ["CHANGED_SINCE_READ"], "422": ["NOT_ALLOWED"]})
op("get", "/v1/books/{id}/editions", "listBookEditions", "Every edition of the book's work.", "books", ACCOUNT,
   {"200": envelope(ref("EditionList"), "The editions, oldest first."), **errors("401", "404")}, [BOOK_ID])
op("post", "/v1/books/{id}/editions", "addBookEdition", "Add an edition to the book's work, and make it the reader's (`mine`).",
   "books", ACCOUNT,
   {"201": envelope(BOOK, "The book as it is now."),
    **errors("400", "401", "404", "409", "413", "422", overrides={
        "409": "ISBN_IN_ANOTHER_BOOK: an ISBN given is another book's; ISBN_IN_THIS_BOOK: an edition of this book has it.",
        "422": "NOT_ALLOWED: a wishlisted book cannot own an edition."})},
   [BOOK_ID], json_body("NewEdition"),
   rules={"400": ["VALIDATION_FAILED", "MISSING_FIELD"], "409": ["ISBN_IN_ANOTHER_BOOK", "ISBN_IN_THIS_BOOK"], "422": ["NOT_ALLOWED"]})
op("post", "/v1/books/{id}/editions/lookup", "lookUpBookEdition",
   "Look an ISBN up (the offline catalog, the cache, the providers) and add the edition found to the book's work; "
   "`mine` makes it the reader's own.", "books", ACCOUNT,
   {"201": envelope(BOOK, "The book as it is now."),
    **errors("400", "401", "404", "409", "413", "422", overrides={
        "400": "INVALID_ISBN: not an ISBN (the check digit is named); or a bad body.",
        "404": "NOTHING_FOUND: no source knows the ISBN (add the edition by hand with POST /v1/books/{id}/editions); or no such book.",
        "409": "ISBN_IN_ANOTHER_BOOK or ISBN_IN_THIS_BOOK.",
        "422": "NOT_ALLOWED: a wishlisted book cannot own an edition."})},
   [BOOK_ID], json_body("EditionLookup"),
   rules={"400": [BAD_ISBN, "VALIDATION_FAILED"], "404": ["NOTHING_FOUND"], "409": ["ISBN_IN_ANOTHER_BOOK", "ISBN_IN_THIS_BOOK"],
          "422": ["NOT_ALLOWED"]})
op("put", "/v1/books/{id}/edition", "chooseBookEdition", "Make one of the work's editions the reader's own.", "books", ACCOUNT,
   {"200": envelope(BOOK, "The book as it is now."),
    **errors("400", "401", "404", "413", "422", overrides={"422": "NOT_ALLOWED: a wishlisted book cannot own an edition."})},
   [BOOK_ID], json_body("ChosenEdition"), rules={"422": ["NOT_ALLOWED"]})
op("delete", "/v1/books/{id}/editions/{editionID}", "removeBookEdition",
   "Remove an edition of the book's work; when it was the reader's, the book keeps its progress and is no longer owned.",
   "books", ACCOUNT,
   {"200": envelope(BOOK, "The book as it is now."), **errors("401", "404")},
   [BOOK_ID, path_param("editionID", "The edition's ID.")])
op("put", "/v1/books/{id}/cover", "uploadBookCover",
   "Upload a cover for the reader's edition (JPEG, PNG, WebP or HEIC, at most 10 MB): kept upright as JPEG, at most 600 "
   "pixels wide, without metadata. It is the reader's: enrichment does not replace it.", "books", ACCOUNT,
   {"200": envelope(BOOK, "The book as it is now."), **errors("400", "401", "404", "413", "415", "422", "429", overrides={
       "413": "IMAGE_TOO_LARGE: more than 10 MB (`details.limit`).",
       "415": "UNSUPPORTED_IMAGE: the bytes are not a JPEG, PNG, WebP or HEIC image.",
       "422": "IMAGE_TOO_MANY_PIXELS or IMAGE_UNREADABLE.",
       "429": QUEUE_FULL})},
   [BOOK_ID],
   {"required": True, "description": "The image bytes; the type is recognized from them.",
    "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in ["image/jpeg", "image/png", "image/webp", "image/heic"]}},
   rules={"415": ["UNSUPPORTED_IMAGE"], "422": ["IMAGE_TOO_MANY_PIXELS", "IMAGE_UNREADABLE"]})
op("get", "/v1/books/{id}/cover", "getBookCover", "The cover the reader uploaded for the book.", "books", ACCOUNT,
   {"200": {"description": "The image.",
            "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in ["image/jpeg", "image/png", "image/webp", "image/heic"]}},
    **errors("401", "404")}, [BOOK_ID])

CHANGE_ERRORS = errors("400", "401", "404", "413", "422")
CHANGES = [
    ("post", "status", "setBookStatus", "Move a book to another reading status.", "StatusChange"),
    ("post", "progress", "setBookProgress", "Record the page reached, the percentage read or the minutes listened.", "Progress"),
    ("put", "rating", "setBookRating", "Rate a book, or clear its rating.", "Rating"),
    ("put", "review", "setBookReview", "Set or clear a book's review.", "Review"),
    ("put", "notes", "setBookNotes", "Replace or clear a book's private notes.", "Notes"),
    ("post", "notes", "appendBookNotes", "Add a paragraph to a book's private notes.", "NoteParagraph"),
    ("post", "tags", "changeBookTags", "Add or remove tags of a book.", "Tags"),
    ("put", "favorite", "setBookFavorite", "Mark or unmark a book as a favorite.", "Favorite"),
    ("post", "quotes", "addBookQuote", "Keep a quote from a book.", "NewQuote"),
    ("post", "sessions", "addBookSession", "Log a reading session.", "NewSession"),
]
# What each change refuses by a rule of the book as it stands.
CHANGE_RULES = {
    "setBookStatus": {"422": ["NOT_ALLOWED"]},
    "setBookProgress": {"400": ["INVALID_PAGE", "VALIDATION_FAILED"]},
    "appendBookNotes": {"400": ["VALIDATION_FAILED"]},
    "addBookQuote": {"400": ["INVALID_PAGE"]},
    "addBookSession": {"400": ["VALIDATION_FAILED"]},
}
CHANGE_400 = {
    "setBookProgress": "INVALID_PAGE: the page is past the book's last page; INVALID_PERCENT: the percentage is outside "
                       "0-100; VALIDATION_FAILED: the minutes are past the audiobook's length, or its length is unknown "
                       "(`details.field` is `audioDurationMinutes`: set it first); or a bad body (`details.field` names it).",
    "appendBookNotes": "VALIDATION_FAILED: the notes with the paragraph would be longer than 5,000 characters; or a bad body.",
    "addBookQuote": "INVALID_PAGE: the page is past the book's last page; or a bad body (`details.field` names it).",
    "addBookSession": "VALIDATION_FAILED: the date is later than now; or a bad body (`details.field` names it).",
}
for method, name, operation_id, summary, body_name in CHANGES:
    change_errors = json.loads(json.dumps(CHANGE_ERRORS))
    if operation_id in CHANGE_400:
        change_errors["400"]["description"] = CHANGE_400[operation_id]
    if operation_id == "setBookStatus":
        change_errors["422"]["description"] = "NOT_ALLOWED: the book cannot move to that status from its own (an owned book to the wishlist)."
    op(method, f"/v1/books/{{id}}/{name}", operation_id, summary, "books", ACCOUNT,
       {"200": envelope(BOOK, "The book as it is now."), **change_errors}, [BOOK_ID], json_body(body_name),
       rules=CHANGE_RULES.get(operation_id))
op("post", "/v1/books/{id}/acquire", "acquireBook", "Mark a wishlisted book as bought.", "books", ACCOUNT,
   {"200": envelope(BOOK, "The book as it is now."),
    **errors("400", "401", "404", "413", "422", overrides={
        "422": "NOT_ALLOWED: the book is not on the wishlist, or the status asked is wishlist."})},
   [BOOK_ID], json_body("Acquire"), rules={"422": ["NOT_ALLOWED"]})
op("delete", "/v1/books/{id}/quotes/{quoteID}", "removeBookQuote", "Remove a quote from a book.", "books", ACCOUNT,
   {"200": envelope(BOOK, "The book as it is now."), **errors("401", "404")},
   [BOOK_ID, path_param("quoteID", "The quote's ID.")])

# Photos
op("get", "/v1/books/{id}/photos", "listBookPhotos", "The page photos of a book.", "photos", ACCOUNT,
   {"200": envelope(ref("PagePhotoList"), "The photos' metadata."), **errors("401", "404")}, [BOOK_ID])
op("post", "/v1/books/{id}/photos", "addBookPhoto",
   "Upload a photo of a page (JPEG, PNG, WebP or HEIC, at most 10 MB): it is kept upright as JPEG quality 70, at most "
   "2,048 pixels, without metadata, with a 320-pixel thumbnail.", "photos",
   ACCOUNT,
   {"201": envelope(ref("PagePhoto"), "The photo's metadata."), **errors("400", "401", "404", "413", "415", "422", "429", overrides={
       "413": "IMAGE_TOO_LARGE: more than 10 MB (`details.limit`).",
       "415": "UNSUPPORTED_IMAGE: the bytes are not a JPEG, PNG, WebP or HEIC image.",
       "422": "IMAGE_TOO_MANY_PIXELS or IMAGE_UNREADABLE.",
       "429": QUEUE_FULL})},
   [BOOK_ID,
    query("page", {"type": "integer", "minimum": 0, "maximum": 100000}, "The page photographed."),
    query("caption", {"type": "string", "maxLength": 500}, "A caption."),
    query("keepOriginal", {"type": "string", "enum": ["true", "false", "1", "0"]},
          "Also keep the photo as sent, location and camera metadata included (default false); GET /v1/photos/{id}?size=original reads it.")],
   {"required": True, "description": "The image bytes; the type is recognized from them.",
    "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}},
                "image/png": {"schema": {"type": "string", "format": "binary"}},
                "image/webp": {"schema": {"type": "string", "format": "binary"}},
                "image/heic": {"schema": {"type": "string", "format": "binary"}}}},
   rules={"415": ["UNSUPPORTED_IMAGE"], "422": ["IMAGE_TOO_MANY_PIXELS", "IMAGE_UNREADABLE"]})
op("get", "/v1/photos/{id}", "getPhoto", "A page photo's image, or its thumbnail.", "photos", ACCOUNT,
   {"200": {"description": "The image.",
            "headers": {"Cache-Control": {"schema": {"type": "string"}, "description": "`private, max-age=86400`."}},
            "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in ["image/jpeg", "image/png", "image/webp", "image/heic"]}},
    **errors("400", "401", "404")},
   [path_param("id", "The photo's ID."),
    query("size", {"type": "string", "enum": ["full", "thumbnail", "original"]},
          "`thumbnail` for the 320-pixel version (the photo itself for one kept before thumbnails were made); `original` "
          "for the photo as sent when it was kept (`keepOriginal`), else the photo as kept.")])

# Authors
op("get", "/v1/authors", "listAuthors", "Every author of the library, by sort name.", "authors", ACCOUNT,
   {"200": envelope(ref("AuthorList"), "The authors."), **errors("401")})
op("put", "/v1/authors/{id}", "describeAuthor", "Record an author's gender, region, nationality or voice.", "authors",
   ACCOUNT, {"200": envelope(ref("Author"), "The author as it is now."), **errors("400", "401", "404", "413")},
   [path_param("id", "The author's ID.")], json_body("AuthorUpdate"))
op("get", "/v1/authors/{id}", "getAuthor", "An author and the reader's books by them.", "authors", ACCOUNT,
   {"200": envelope(ref("AuthorPage"), "The author."), **errors("401", "404")}, [path_param("id", "The author's ID.")])
op("patch", "/v1/authors/{id}", "editAuthor", "Edit any field of an author, as a JSON merge patch.", "authors", ACCOUNT,
   {"200": envelope(ref("Author"), "The author as it is now."), **errors("400", "401", "404", "413")},
   [path_param("id", "The author's ID.")],
   {"required": True, "content": {"application/merge-patch+json": {"schema": ref("AuthorPatch")},
                                  "application/json": {"schema": ref("AuthorPatch"), "example": {"birthYear": 1929, "deathYear": 2018}}}},
   rules={"400": ["VALIDATION_FAILED"]})
op("post", "/v1/authors/{id}/merge", "mergeAuthor",
   "Merge an author into another who is the same person: every book of the one names the other, who keeps their fields "
   "and takes the ones they lack; the merged author is deleted.", "authors", ACCOUNT,
   {"200": envelope(ref("AuthorPage"), "The author kept, with the books of both."), **errors("400", "401", "404", "413")},
   [path_param("id", "The ID of the author merged away.")], json_body("AuthorMerge"), rules={"400": ["VALIDATION_FAILED"]})

# Insights and goals
op("get", "/v1/insights", "getInsights", "Reading insights of one year, or of all time.", "insights", ACCOUNT,
   {"200": envelope(ref("Insights"), "The insights."), **errors("400", "401")},
   [query("year", {"type": "integer", "minimum": 1, "maximum": 9999}, "The year (UTC); absent: all time.")])
op("get", "/v1/insights/report", "getInsightsReport", "The insights as a printable HTML page.", "insights", ACCOUNT,
   {"200": {"description": "The HTML page.", "content": {"text/html": {"schema": {"type": "string"}}}},
    **errors("400", "401")},
   [query("year", {"type": "integer", "minimum": 1, "maximum": 9999}, "The year (UTC); absent: all time.")])
op("get", "/v1/goal", "getGoal", "How a year's reading goal stands.", "goals", ACCOUNT,
   {"200": envelope(ref("GoalProgress"), "The goal's progress."),
    **errors("400", "401", "404", overrides={"404": "NOT_FOUND: the year has no goal."})}, [YEAR])
op("put", "/v1/goal", "setGoal", "Set or replace a year's reading goal.", "goals", ACCOUNT,
   {"200": envelope(ref("ReadingGoal"), "The goal."), **errors("400", "401", "413")}, body=json_body("GoalUpdate"))
op("delete", "/v1/goal", "removeGoal", "Remove a year's reading goal.", "goals", ACCOUNT,
   {"200": envelope(ref("Removed"), "The goal's year."),
    **errors("400", "401", "404", overrides={"404": "NOT_FOUND: the year has no goal."})}, [YEAR])

# Export
op("get", "/v1/export", "exportLibrary", "Download the library: BooksTrack JSON or a Goodreads CSV.", "export", ACCOUNT,
   {"200": {"description": "The file (a download, not the envelope).",
            "headers": {"Content-Disposition": {"schema": {"type": "string"},
                                                "description": "`attachment; filename=\"bookstrack-library.json\"` or "
                                                               "`goodreads_library_export.csv`."}},
            "content": {"application/json": {"schema": {"type": "object"}},
                        "text/csv": {"schema": {"type": "string"}}}},
    **errors("400", "401")},
   [query("format", {"type": "string", "enum": ["json", "goodreads"], "default": "json"}, "The file's format.")])

# Imports and jobs
IMPORT_TYPES = ["application/octet-stream", "text/csv", "text/tab-separated-values", "application/json"]
IMPORT_EXAMPLE = "Title,Author,Pages\nKindred,Octavia E. Butler,264\n"
FLAG = {"type": "string", "enum": ["true", "false", "1", "0"]}
JOB_ID = path_param("id", "The job's ID.")
IMPORT_LIMIT = 50_000_000
op("post", "/v1/imports", "startImport", "Import an export file (Goodreads, StoryGraph, ...) as a job.", "imports", ACCOUNT,
   {"202": envelope(ref("JobJSON"), "The job, queued; poll GET /v1/jobs/{id} or follow GET /ws/progress?jobId=."),
    **errors("400", "401", "413", overrides={
        "400": "UNREADABLE_IMPORT (the file is not one of the formats, or not the one named; `details.field` = `file`), "
               "INVALID_INPUT (a bad `format`, `dryRun` or `overwrite`; `details.field` names it) or UNKNOWN_PARAMETER.",
        "413": f"FILE_TOO_LARGE (more than {IMPORT_LIMIT:,} bytes) or TOO_MANY_ROWS; `details.limit` gives the limit."})},
   [query("format", {"type": "string", "enum": [""] + IMPORT_FORMATS},
          "The file's format; absent or empty: recognized from the file."),
    query("dryRun", FLAG, "Check and report without changing the library (default false)."),
    query("overwrite", FLAG, "Let the file's values replace ones the library already has (default false)."),
    query("mapping", {"type": "string", "maxLength": 2000},
          "For a CSV no importer knows: `field=Column` pairs separated by commas (fields: title, author, isbn, status, "
          "rating, dateAdded, dateRead, dateStarted, pages, publisher, year, tags, review, notes). An unknown file's "
          "UNREADABLE_IMPORT message proposes one; a mapping that cannot be used is 400 UNREADABLE_IMPORT.")],
   {"required": True,
    "description": f"The export file as it was downloaded, sent raw (any content type; at most {IMPORT_LIMIT:,} bytes). "
                   "It is checked before the answer, and a file that cannot be read is refused now (400); a JSON file "
                   "that passes the check but holds no book can still end as a failed job.",
    "content": {t: {"schema": {"type": "string", "format": "binary", "maxLength": IMPORT_LIMIT}} for t in IMPORT_TYPES
                if t != "application/json"} | {
        "application/json": {"schema": {"type": ["object", "array"],
                                        "description": "A BooksTrack JSON or LibraryThing JSON export, as downloaded."}}}},
   description="The upload is kept and checked, and the import runs off the request: the answer (202) is the queued "
               "job. A job left unfinished by a restart runs again from its kept upload.",
   rules={"400": ["UNREADABLE_IMPORT"], "413": ["FILE_TOO_LARGE", "TOO_MANY_ROWS"]})
op("get", "/v1/jobs", "listJobs", "The account's jobs, newest first (at most 100).", "imports", ACCOUNT,
   {"200": envelope(ref("JobList"), "The jobs."), **errors("401")})
op("get", "/v1/jobs/{id}", "getJob", "One job: its status, progress and, once done, its report.", "imports", ACCOUNT,
   {"200": envelope(ref("JobJSON"), "The job."), **errors("401", "404")}, [JOB_ID])
op("delete", "/v1/jobs/{id}", "cancelJob", "Ask a running or queued job to stop.", "imports", ACCOUNT,
   {"202": envelope(ref("JobJSON"), "The job as it was when asked; it stops after its current step."),
    **errors("401", "404", "409", overrides={"409": "JOB_FINISHED: the job has already ended."})}, [JOB_ID])
op("get", "/ws/progress", "followJobProgress", "A job's progress, pushed over a WebSocket.", "imports", ACCOUNT,
   {"101": {"description": "Switching Protocols: the WebSocket is open. The server sends one text message per "
                           "event, each a `JobEvent` (see components.schemas.JobEvent) as JSON: "
                           "`{\"jobId\", \"kind\", \"status\", \"processed\", \"total\", \"message\"?}`, starting with the "
                           "job's latest state; after the event of a final status (`succeeded`, `failed`, `cancelled`) "
                           "it closes the socket. Messages the client sends are ignored.",
            "headers": {"Upgrade": {"schema": {"type": "string", "const": "websocket"}, "description": "`websocket`."}}},
    **errors("400", "401", "403", "404", "426", overrides={
        "400": "UNKNOWN_PARAMETER (`details.field` names it); or a refused upgrade: an empty body and "
               "`Connection: close`, whatever the reason (see the description).",
        "403": "ORIGIN_REFUSED: the `Origin` header names a host other than the server's (its public URL's, else the "
               "Host the request was sent to).",
        "404": "NOT_FOUND: no jobId, not a job ID, or not one of the account's jobs.",
        "426": "UPGRADE_REQUIRED: the job is the account's, but the request is not a WebSocket upgrade; open it as a "
               "WebSocket or poll GET /v1/jobs/{id}."})},
   [query("jobId", UUID, "The job to follow (one of the account's).", True),
    {"name": "Origin", "in": "header", "required": False, "schema": STR,
     "description": "Sent by browsers; when present, its host (and port) must be the server's."}],
   description="Open with a WebSocket upgrade (`Connection: Upgrade`, `Upgrade: websocket`, `Sec-WebSocket-Key`, "
               "`Sec-WebSocket-Version: 13`) and the bearer token in `Authorization`. The token, the `Origin` and the "
               "job are checked before the upgrade; an upgrade refused for any of them is answered 400 with an empty "
               "body and the connection closed. The same request without the upgrade headers says why: 401 (no "
               "token, or one that is not live), 403 `ORIGIN_REFUSED`, 404 (not one of the account's jobs), or 426 "
               "`UPGRADE_REQUIRED` when the upgrade would have been accepted. The `x-websocket-messages` extension "
               "names the schema of the messages.",
   rules={"426": ["UPGRADE_REQUIRED"]})
paths["/v1/imports"]["post"]["requestBody"]["content"]["text/csv"]["example"] = IMPORT_EXAMPLE
paths["/ws/progress"]["get"]["x-websocket-messages"] = {"serverToClient": "#/components/schemas/JobEvent",
                                                        "format": "JSON text frames"}

JOB_STARTED = "The job, queued; poll GET /v1/jobs/{id} or follow GET /ws/progress?jobId=."

# Shelf scans and the review queue
PHOTO_BODY = {"required": True,
              "description": "The shelf photo's bytes (JPEG, PNG, WebP or HEIC, at most 25 MB); the type is recognized from them.",
              "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in ["image/jpeg", "image/png", "image/webp", "image/heic"]}}
SCAN_ERRORS = errors("400", "401", "409", "413", "415", "422", "429", overrides={
    "400": "INVALID_FIELD (jobId is not a UUID) or UNKNOWN_PARAMETER.",
    "409": "SCANNER_NOT_CONFIGURED (no recognizer can run here: set GEMINI_API_KEY) or JOB_EXISTS (one of your jobs has that jobId).",
    "413": "IMAGE_TOO_LARGE: more than 25 MB (`details.limit`).",
    "415": "UNSUPPORTED_IMAGE: the bytes are not a JPEG, PNG, WebP or HEIC image.",
    "422": "IMAGE_TOO_MANY_PIXELS or IMAGE_UNREADABLE.",
    "429": QUEUE_FULL})
SCAN_RULES = {"415": ["UNSUPPORTED_IMAGE"], "422": ["IMAGE_TOO_MANY_PIXELS", "IMAGE_UNREADABLE"]}
SCAN_JOB_ID = query("jobId", UUID_IN, "The job's ID, chosen by the client (the seed's clients do); default: a new one.")
KEEP_ORIGINAL = query("keepOriginal", {"type": "string", "enum": ["true", "false", "1", "0"]},
                      "Also keep the photo as sent, location and camera metadata included (default false: only the processed photo is kept).")
SCAN_DESCRIPTION = ("The photo is kept (upright, at most 2,048 px, JPEG without metadata) and answered at once (202); the "
                    "job reads it (progress messages: stored, recognizing, matching n/m), matches each book and queues it "
                    "as pending in the review queue. A restart runs an unfinished scan again.")
op("post", "/v1/scans", "startShelfScan", "Scan a bookshelf photo: its books go to the review queue.", "scans", ACCOUNT,
   {"202": envelope(ref("ScanStarted"), JOB_STARTED), **SCAN_ERRORS}, [SCAN_JOB_ID, KEEP_ORIGINAL], PHOTO_BODY, description=SCAN_DESCRIPTION,
   rules=SCAN_RULES)
op("post", "/api/scan-bookshelf", "startShelfScanSeed", "The seed's path of POST /v1/scans.", "scans", ACCOUNT,
   {"202": envelope(ref("ScanStarted"), JOB_STARTED), **SCAN_ERRORS}, [SCAN_JOB_ID, KEEP_ORIGINAL], PHOTO_BODY, description=SCAN_DESCRIPTION,
   rules=SCAN_RULES)
SCAN_ID = path_param("id", "The scan's ID.")
ITEM_ID = path_param("id", "The review item's ID.")
JPEG_OK = {"description": "The JPEG.", "headers": {"Cache-Control": {"schema": {"type": "string"}, "description": "`private, max-age=86400`."}},
           "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}}}
op("get", "/v1/scans/{id}", "getShelfScan", "A scan and every book seen on it, decided or not.", "scans", ACCOUNT,
   {"200": envelope(ref("ScanJSON"), "The scan."), **errors("401", "404")}, [SCAN_ID])
op("get", "/v1/scans/{id}/photo", "getShelfScanPhoto", "A scan's photo as kept, or as sent.", "scans", ACCOUNT,
   {"200": {"description": "The photo: JPEG as kept; as sent (JPEG, PNG, WebP or HEIC) for `size=original` when it was kept.",
            "headers": JPEG_OK["headers"],
            "content": {t: {"schema": {"type": "string", "format": "binary"}} for t in ["image/jpeg", "image/png", "image/webp", "image/heic"]}},
    **errors("400", "401", "404")},
   [SCAN_ID, query("size", {"type": "string", "enum": ["full", "original"]},
                   "`original` for the photo as sent when it was kept (`keepOriginal`), else the photo as kept.")])
op("get", "/v1/review", "listReviewQueue", "The books waiting for review, newest scan first, then by confidence.", "scans", ACCOUNT,
   {"200": envelope(ref("ReviewQueue"), "A page of the queue and its total."), **errors("400", "401")},
   [query("minConfidence", {"type": "number", "minimum": 0, "maximum": 1}, "Only items at or above this confidence (default 0)."),
    query("limit", {"type": "integer", "minimum": 1, "maximum": 200}, "Items in the page (default 50)."),
    query("offset", {"type": "integer", "minimum": 0, "maximum": 10000000}, "Items skipped (default 0).")])
op("get", "/v1/review/{id}", "getReviewItem", "One review item.", "scans", ACCOUNT,
   {"200": envelope(ref("ReviewItemJSON"), "The item."), **errors("401", "404")}, [ITEM_ID])
op("get", "/v1/review/{id}/crop", "getReviewItemCrop", "The item's spine, cut from the photo.", "scans", ACCOUNT,
   {"200": JPEG_OK, **errors("401", "404")}, [ITEM_ID])
DECIDED = "ALREADY_DECIDED: the item was accepted or rejected already."
op("post", "/v1/review/{id}/accept", "acceptReviewItem", "Add the item's book to the library.", "scans", ACCOUNT,
   {"201": envelope(ref("ReviewAccepted"), "The book was added."),
    "200": envelope(ref("ReviewAccepted"), "The book was already in the library: the item is accepted with it."),
    **errors("400", "401", "404", "409", "413", overrides={"409": DECIDED})}, [ITEM_ID], json_body("ReviewAccept"))
op("post", "/v1/review/{id}/reject", "rejectReviewItem", "Take the item off the queue without adding it.", "scans", ACCOUNT,
   {"200": envelope(ref("ReviewItemJSON"), "The item, rejected."), **errors("401", "404", "409", overrides={"409": DECIDED})}, [ITEM_ID])
op("put", "/v1/review/{id}/match", "rematchReviewItem", "Replace the item's match with a book chosen from a search.", "scans", ACCOUNT,
   {"200": envelope(ref("ReviewItemJSON"), "The item with its new match."),
    **errors("400", "401", "404", "409", "413", overrides={"409": DECIDED})}, [ITEM_ID], json_body("ReviewRematch"))
op("post", "/v1/review/accept-all", "acceptAllReviewItems", "Accept every pending item at or above a confidence.", "scans", ACCOUNT,
   {"200": envelope(ref("AcceptAllReport"), "What was added; items that could not be are left pending with the reason."),
    **errors("400", "401", "413")}, [], json_body("ReviewAcceptAll"))
ENRICHMENT_400 = ("VALIDATION_FAILED (`details.field` names the book: `books[3].isbn`), OUT_OF_RANGE, INVALID_INPUT, "
                  "INVALID_FIELD, INVALID_JSON or MISSING_FIELD.")


def enrichment_responses(deprecated=False):
    ok = envelope(ref("JobJSON"), JOB_STARTED)
    out = {"202": ok, **errors("400", "401", "409", "413", overrides={
        "400": ENRICHMENT_400, "409": "JOB_EXISTS: the `jobId` sent is already one of your jobs (each account has its own job IDs).",
        "413": "BODY_TOO_LARGE: more than 1,048,576 bytes."})}
    if deprecated:
        for code in out:
            out[code]["headers"] = dict(out[code].get("headers", {}), **DEPRECATION_HEADERS)
    return out


ENRICHMENT_DESCRIPTION = ("Books sent (`books`, or `workIds`) are looked up ten at a time and the job's `lookups` say "
                          "what was found; nothing is saved. Without them, the library's books that imports left "
                          "without a cover, page count or year are filled from search (only empty fields), and the "
                          "job's `enrichment` reports it. The whole batch is checked before the answer.")
op("post", "/v1/enrichment/batch", "startEnrichment", "Look up books, or fill the library's missing details, as a job.",
   "jobs", ACCOUNT, enrichment_responses(), body=json_body("EnrichmentRequest"), description=ENRICHMENT_DESCRIPTION,
   rules={"400": ["VALIDATION_FAILED"]})
op("post", "/api/enrichment/start", "startEnrichmentDeprecated",
   "Start an enrichment job (deprecated: use /v1/enrichment/batch).", "jobs", ACCOUNT, enrichment_responses(True),
   body=json_body("EnrichmentRequest"), description=ENRICHMENT_DESCRIPTION, deprecated=True,
   rules={"400": ["VALIDATION_FAILED"]})
op("post", "/v1/authors/suggestions", "suggestAuthorDetails", "Ask Wikidata about authors' details, as a job.", "jobs",
   ACCOUNT, {"202": envelope(ref("JobJSON"), JOB_STARTED), **errors("400", "401", "404", "409", "413", overrides={
       "404": "NOT_FOUND: no author of that name in the library.",
       "409": "OFFLINE: the server runs offline (BOOKSTRACK_OFFLINE) and cannot ask Wikidata."})},
   body=json_body("AuthorSuggestionsRequest"),
   description="The job's `authors` list what Wikidata could fill for each author; with `apply`, it is saved, only "
               "into fields that are empty.")
op("post", "/v1/catalog/imports", "importCatalogDumps", "Load Open Library dumps into the offline catalog, as a job.",
   "catalog", ACCOUNT, {"202": envelope(ref("JobJSON"), JOB_STARTED),
                        **errors("400", "401", "403", "409", "413", overrides={
                            "400": "NO_SUCH_DUMP (`details.field` names the file: not a file of the dumps folder), "
                                   "MISSING_FIELD, OUT_OF_RANGE, INVALID_FIELD or INVALID_JSON.",
                            "403": "ADMIN_ONLY: only an administrator imports into the catalog.",
                            "409": "CATALOG_IMPORT_RUNNING: one catalog import runs at a time."})},
   body=json_body("CatalogImportRequest"), rules={"400": ["NO_SUCH_DUMP"]},
   description="An administrator's: the files are named inside the `dumps` folder of the server's data folder. "
               "Progress counts kilobytes read; a cancelled or interrupted import resumes from its last batch.")
op("get", "/v1/catalog/stats", "getCatalogStats", "The offline catalog's sizes and sources.", "catalog", ACCOUNT,
   {"200": envelope(ref("CatalogStats"), "The catalog's stats."), **errors("401")})

# Covers: for accounts only once the route table says so.
IMAGE = {"type": "string", "format": "binary"}
PROXY_FOR_ACCOUNTS = 'APIRoute(.get, "/images/proxy", .account' in open(f"{ROOT}/BooksTrackServer/Routes/CoverRoutes.swift").read()
op("get", "/images/proxy", "getCoverImage", "A book cover fetched through the server's cover proxy.", "covers",
   ACCOUNT if PROXY_FOR_ACCOUNTS else OPEN,
   {"200": {"description": "The cover image.",
            "headers": {"Cache-Control": {"schema": {"type": "string"},
                                          "description": "`private, max-age=604800`." if PROXY_FOR_ACCOUNTS else
                                          "`public, max-age=604800`."}},
            "content": {t: {"schema": IMAGE} for t in ["image/jpeg", "image/png", "image/gif", "image/webp"]}},
    **errors("400", "401", "403", "404", "408", "413", "415", "429", overrides={
        "400": "MISSING_FIELD (no url), URL_REFUSED (malformed, not http(s), or a refused port), OUT_OF_RANGE (w) or UNKNOWN_PARAMETER.",
        "401": "UNAUTHORIZED: not signed in (a session, as the web app's pages have, or an API token); INVALID_TOKEN: "
               "a token that is not live.",
        "403": "HOST_NOT_ALLOWED (not an allowed cover host, or a private address) or TOO_MANY_REDIRECTS.",
        "404": "COVER_NOT_FOUND: the host is unknown, unreachable or has no such cover.",
        "408": "COVER_TOO_SLOW: the cover host took too long.",
        "413": "COVER_TOO_LARGE.",
        "415": "NOT_AN_IMAGE: the answer is not a JPEG, PNG, GIF or WebP image.",
        "429": "IMAGE_QUEUE_FULL: a cover asked at a width is resized in the server's image queue, which is full; "
               "ask again after `details.retryAfter` seconds."})},
   [query("url", {"type": "string", "format": "uri", "minLength": 1}, "The cover's http(s) URL on an allowed cover host.",
          True),
    query("w", {"type": "integer", "minimum": 1, "maximum": 4096},
          "A width in pixels: the cover is served as a JPEG at most that wide (at the next of 80, 160, 240, 320, 480, 640, "
          "800 or 1024 up), made once and kept.")],
   description="For signed-in readers (a session, as the web app's pages have, or an API token): on the open "
               "internet the server would otherwise fetch and keep covers for anyone. Only images from allowed cover "
               "hosts at public addresses are fetched; every refusal of the URL is a 4xx with `details.field` = `url`.",
   rules={"400": ["URL_REFUSED"], "408": ["COVER_TOO_SLOW"], "413": ["COVER_TOO_LARGE"], "415": ["NOT_AN_IMAGE"]})

# OpenAPI
op("get", "/openapi.json", "getOpenAPIDocument", "This OpenAPI document.", "meta", OPEN,
   {"200": {"description": "The OpenAPI 3.1 document.", "content": {"application/json": {"schema": {"type": "object"}}}},
    **errors("401")})

SECURITY_SCHEMES = {"bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "bt_ API token",
                                  "description": "An API token (`bookstrack token create`, POST /v1/tokens)."}}
SESSION_NOTE = ""
if HAS_SESSIONS:
    SECURITY_SCHEMES["sessionCookie"] = {
        "type": "apiKey", "in": "cookie", "name": "bt_session",
        "description": "A browser session (POST /v1/session). A change (any method but GET, HEAD and OPTIONS) made "
                       "with the cookie also needs the session's CSRF token in `X-CSRF-Token`, else 403 `CSRF_FAILED`."}
    SESSION_NOTE = (" A browser may use the session cookie of POST /v1/session instead; its changes carry the "
                    "session's `X-CSRF-Token` (else 403 `CSRF_FAILED`).")

document = {
    "openapi": "3.1.0",
    "info": {
        "title": "BooksTrack API",
        "version": "1",
        "description": "The HTTP API of a self-hosted BooksTrack server. Every JSON answer is an envelope: "
                       "`{\"success\": true, \"data\": ..., \"meta\": ...}` or "
                       "`{\"success\": false, \"error\": {\"message\", \"code\", \"details\"}, \"meta\": ...}`. "
                       "Dates are ISO 8601; absent properties are unknown or unset (never null). Routes that work on "
                       "a library take `Authorization: Bearer bt_...`; a token that is not live is refused (401) "
                       "on every route. A query parameter an operation does not list is refused with 400 "
                       "`UNKNOWN_PARAMETER` (`details.field` names it). A body's value that is not of its field's "
                       "type, or a number the field cannot hold (`1e308` for a page count), is refused with 400 naming "
                       "the field in `details.field`. An operation's `x-rule-refusals` lists the refusals "
                       "(`{status: [codes]}`) that a request its schema allows can still get, by a rule a schema "
                       "cannot state: an ISBN's check digit, a page past the book's last page, the book's status, "
                       "what an upload holds. A connection past the server's caps (overall and per address), or one "
                       "whose request head or body does not come in time, is closed unanswered." + SESSION_NOTE,
    },
    "servers": [{"url": "/"}],
    "tags": [{"name": t} for t in
             ["health", "search", "accounts", "books", "photos", "authors", "insights", "goals", "export", "imports", "jobs", "catalog",
              "scans", "covers", "meta"]],
    "paths": paths,
    "components": {
        "securitySchemes": SECURITY_SCHEMES,
        "schemas": schemas,
    },
}

with open(OUT, "w") as f:
    json.dump(document, f, indent=2, ensure_ascii=False)
    f.write("\n")
print(f"{len(paths)} paths, {sum(len(v) for v in paths.values())} operations -> {OUT}")
