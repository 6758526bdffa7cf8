#!/usr/bin/env python3
"""Build the seed catalog (Sources/BooksTrackCatalog/Resources/seed-catalog.tsv) from goodbooks-10k.

goodbooks-10k (https://github.com/zygmuntz/goodbooks-10k, CC BY-SA 4.0) lists 10,000 popular books
from Goodreads. Its books.csv has quirks this script repairs (see FORMATS.md, "goodbooks-10k"):

- `isbn` lost its leading zeros: it is padded to 10 characters and its check digit verified;
- `isbn13` is a float in scientific notation ("9.78043902348e+12") that kept only 12 significant
  digits: the ISBN-13 is recomputed from the ISBN-10. When the ISBN-10 is missing or has a bad
  check digit, the float is used only if exactly one valid ISBN-13 rounds to it (and, when an
  ISBN-10 body is there, agrees with it); otherwise the book ships without an ISBN;
- years are floats ("2008.0", "-720.0" for 720 BC): written as integers;
- `language_code` mixes MARC codes and locales (eng, en-US, en-GB, fre): written as BCP 47 ("en", "fr");
- titles embed their series ("The Hunger Games (The Hunger Games, #1)"): split into title, series
  name and position; a "Title: Subtitle" is split at the first colon;
- Goodreads' "nophoto" placeholder covers are dropped; real cover URLs are kept.

Usage:
    python3 scripts/build-seed-catalog.py                      # reads ../shared/catalog/goodbooks-10k-books.csv
    python3 scripts/build-seed-catalog.py path/to/books.csv [--output PATH]

Output: UTF-8, one book per line, tab-separated, sorted by ratings count (most rated first, then
by Goodreads book id), so the same input always gives the same bytes. Lines starting with `#` are
comments; the first non-comment line names the columns:

    goodreadsBookID  goodreadsWorkID  title  subtitle  series  seriesPosition  authors
    year  language  ratingsCount  isbn13  isbn10  originalTitle  coverURL

`authors` are joined by "|"; empty cells are empty strings. Fields never hold tabs or newlines.
Only the Python standard library is used.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import sys
from decimal import Decimal, InvalidOperation

SCRIPT_NAME = "scripts/build-seed-catalog.py"
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_INPUT = os.path.join(os.path.dirname(REPO_ROOT), "shared", "catalog", "goodbooks-10k-books.csv")
DEFAULT_OUTPUT = os.path.join(REPO_ROOT, "Sources", "BooksTrackCatalog", "Resources", "seed-catalog.tsv")
FORMAT_VERSION = "1"
COLUMNS = [
    "goodreadsBookID", "goodreadsWorkID", "title", "subtitle", "series", "seriesPosition", "authors",
    "year", "language", "ratingsCount", "isbn13", "isbn10", "originalTitle", "coverURL",
]

# goodbooks-10k's language_code values, as BCP 47. Locales of English fold into "en": the column
# describes the edition Goodreads picked, not a regional variant anyone searches by.
LANGUAGES = {
    "eng": "en", "en": "en", "en-us": "en", "en-gb": "en", "en-ca": "en", "en-au": "en", "en-in": "en",
    "ara": "ar", "fre": "fr", "fra": "fr", "ind": "id", "spa": "es", "ger": "de", "deu": "de",
    "jpn": "ja", "per": "fa", "fas": "fa", "por": "pt", "pol": "pl", "nor": "no", "dan": "da",
    "fil": "fil", "ita": "it", "nl": "nl", "dut": "nl", "nld": "nl", "vie": "vi", "tur": "tr",
    "swe": "sv", "rum": "ro", "ron": "ro", "mul": "mul", "rus": "ru", "chi": "zh", "zho": "zh",
    "kor": "ko", "gre": "el", "ell": "el", "heb": "he", "fin": "fi", "cze": "cs", "ces": "cs",
    "hun": "hu", "tha": "th",
}

SERIES_RE = re.compile(r"^(?P<title>.*\S)\s*\((?P<inside>[^()]*#[^()]*)\)\s*$")
POSITION_RE = re.compile(r"^\s*(?P<number>\d+(?:\.\d+)?)(?:\s*[-–—]\s*\d+(?:\.\d+)?)?\s*$")


class SeedError(Exception):
    """The input is not goodbooks-10k's books.csv."""


def clean(text: str | None) -> str:
    """One line of text: no tabs, newlines or runs of spaces."""
    return " ".join((text or "").split())


def isbn10_check(body9: str) -> str:
    total = sum((10 - index) * int(digit) for index, digit in enumerate(body9))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def isbn13_check(body12: str) -> str:
    total = sum(int(digit) * (1 if index % 2 == 0 else 3) for index, digit in enumerate(body12))
    return str((10 - total % 10) % 10)


def valid_isbn10(text: str) -> bool:
    return bool(re.fullmatch(r"\d{9}[\dX]", text)) and isbn10_check(text[:9]) == text[9]


def isbn13_from_float(text: str) -> list[str]:
    """Every valid ISBN-13 that rounds to the float `text` ("9.78043902348e+12"), given how many
    significant digits it kept."""
    text = text.strip()
    if not text:
        return []
    try:
        value = Decimal(text)
    except InvalidOperation:
        return []
    if not value.is_finite() or not (Decimal("9780000000000") <= value < Decimal("9800000000000")):
        return []
    if "e" in text.lower():
        # The floats were written with 12 significant digits, "%g"-style: trailing zeros dropped
        # ("9.7804251888e+12" is 978042518880 to the ten).
        mantissa = text.lower().split("e")[0].lstrip("+-")
        significant = max(12, len(mantissa.replace(".", "").lstrip("0")))
        unit = Decimal(10) ** max(13 - significant, 0)
    else:
        # A plain number ("9780439023481.0") is exact.
        unit = Decimal(1)
    low, high = value - unit / 2, value + unit / 2
    candidates = []
    first12 = int((low / 10).to_integral_value(rounding="ROUND_FLOOR"))
    last12 = int((high / 10).to_integral_value(rounding="ROUND_FLOOR"))
    for body in range(first12, last12 + 1):
        body12 = f"{body:012d}"
        isbn = body12 + isbn13_check(body12)
        if low <= Decimal(isbn) <= high:
            candidates.append(isbn)
    return candidates


def repair_isbn(isbn_cell: str, isbn13_cell: str) -> tuple[str, str, str]:
    """(isbn13, isbn10, how) for one row; empty strings when no ISBN can be trusted."""
    raw = clean(isbn_cell).upper()
    padded = raw.zfill(10) if raw else ""
    if padded and valid_isbn10(padded):
        body12 = "978" + padded[:9]
        return body12 + isbn13_check(body12), padded, "isbn10"
    from_float = isbn13_from_float(isbn13_cell)
    if padded and re.fullmatch(r"\d{9}[\dX]", padded):
        # The ISBN-10's body with a bad check digit (an X read as 0): trusted only when the float agrees.
        body12 = "978" + padded[:9]
        candidate = body12 + isbn13_check(body12)
        if candidate in from_float:
            return candidate, candidate[3:12] + isbn10_check(candidate[3:12]), "isbn10 body + float"
        return "", "", "dropped"
    if len(from_float) == 1:
        isbn13 = from_float[0]
        isbn10 = isbn13[3:12] + isbn10_check(isbn13[3:12]) if isbn13.startswith("978") else ""
        return isbn13, isbn10, "float"
    return "", "", "dropped" if (raw or isbn13_cell.strip()) else "none"


def year(text: str) -> str:
    text = clean(text)
    if not text:
        return ""
    try:
        value = Decimal(text)
    except InvalidOperation:
        return ""
    if not value.is_finite() or value != value.to_integral_value() or abs(value) > 9999:
        return ""
    return str(int(value))


def language(text: str) -> str:
    code = clean(text).lower()
    if not code:
        return ""
    if code in LANGUAGES:
        return LANGUAGES[code]
    # An unknown locale keeps its language part; an unknown MARC code is kept as it is (ISO 639-2).
    return code.split("-")[0]


def split_series(title: str) -> tuple[str, str, str]:
    """("The Hunger Games", "The Hunger Games", "1") from "The Hunger Games (The Hunger Games, #1)"."""
    match = SERIES_RE.match(title)
    if not match:
        return title, "", ""
    inside = match.group("inside").split(";")[0]
    series, hash_sign, position = inside.rpartition("#")
    series = clean(series).rstrip(",").strip()
    number = POSITION_RE.match(position)
    if not hash_sign or not series or not number:
        return title, "", ""
    value = Decimal(number.group("number"))
    text = str(int(value)) if value == value.to_integral_value() else format(value.normalize(), "f")
    return clean(match.group("title")), series, text


def split_subtitle(title: str) -> tuple[str, str]:
    head, colon, tail = title.partition(": ")
    if colon and head.strip() and tail.strip():
        return head.strip(), tail.strip()
    return title, ""


def cover(url: str) -> str:
    url = clean(url)
    # Goodreads serves a grey "no photo" image for books without a cover: not a cover.
    if not url.startswith("http") or "nophoto" in url:
        return ""
    return url


def convert(rows: list[dict[str, str]]) -> tuple[list[list[str]], dict[str, int]]:
    required = {"goodreads_book_id", "work_id", "isbn", "isbn13", "authors", "original_publication_year",
                "original_title", "title", "language_code", "ratings_count", "image_url"}
    if rows and not required <= set(rows[0]):
        raise SeedError("missing columns: " + ", ".join(sorted(required - set(rows[0]))))
    counts = {"rows": 0, "isbn10": 0, "isbn10 body + float": 0, "float": 0, "dropped": 0, "none": 0}
    out = []
    for row in rows:
        counts["rows"] += 1
        isbn13, isbn10, how = repair_isbn(row["isbn"], row["isbn13"])
        counts[how] += 1
        full_title, series, position = split_series(clean(row["title"]))
        title, subtitle = split_subtitle(full_title)
        authors = [clean(name) for name in row["authors"].split(", ") if clean(name)]
        if any("|" in name for name in authors):
            raise SeedError(f"book {row['goodreads_book_id']}: an author name holds '|'")
        original = clean(row["original_title"])
        if original.lower() in (full_title.lower(), title.lower()):
            original = ""
        ratings = clean(row["ratings_count"])
        out.append([
            clean(row["goodreads_book_id"]), clean(row["work_id"]), title, subtitle, series, position,
            "|".join(authors), year(row["original_publication_year"]), language(row["language_code"]),
            str(int(ratings)) if ratings.isdigit() else "0", isbn13, isbn10, original, cover(row["image_url"]),
        ])
    out.sort(key=lambda fields: (-int(fields[9]), int(fields[0]) if fields[0].isdigit() else 0, fields[0]))
    return out, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input", nargs="?", default=DEFAULT_INPUT, help="goodbooks-10k books.csv")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="where to write the seed TSV")
    arguments = parser.parse_args()
    try:
        with open(arguments.input, encoding="utf-8", newline="") as file:
            rows = list(csv.DictReader(file))
        books, counts = convert(rows)
    except (OSError, SeedError, UnicodeDecodeError) as error:
        print(f"{SCRIPT_NAME}: {arguments.input}: {error}", file=sys.stderr)
        return 1
    lines = [
        f"# BooksTrack seed catalog, format {FORMAT_VERSION}. Generated by {SCRIPT_NAME}; do not edit.",
        "# Source: goodbooks-10k books.csv by Zygmunt Zając, https://github.com/zygmuntz/goodbooks-10k,",
        "# licensed CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). Changes: ISBNs repaired,",
        "# years, languages, series and subtitles normalized, columns dropped. This file is under CC BY-SA 4.0 too.",
        "\t".join(COLUMNS),
    ]
    lines += ["\t".join(fields) for fields in books]
    os.makedirs(os.path.dirname(os.path.abspath(arguments.output)), exist_ok=True)
    with open(arguments.output, "w", encoding="utf-8", newline="\n") as file:
        file.write("\n".join(lines) + "\n")
    summary = ", ".join(f"{key}: {value}" for key, value in counts.items())
    print(f"wrote {len(books)} books to {os.path.relpath(arguments.output)} ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
