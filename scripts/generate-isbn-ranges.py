#!/usr/bin/env python3
"""Regenerate Sources/BooksTrackCore/ISBN/ISBNRanges+Data.swift from the ISBN range data.

The International ISBN Agency publishes its ranges as RangeMessage.xml. The PyPI package
python-stdnum ships a compact rendering of it, stdnum/isbn.dat, which this script reads and
turns into one Swift string literal (big Swift array literals compile very slowly; a string
parsed once at first use does not).

Usage:
    python3 scripts/generate-isbn-ranges.py                   # pip-downloads python-stdnum
    python3 scripts/generate-isbn-ranges.py path/to/isbn.dat  # an isbn.dat you already have
    python3 scripts/generate-isbn-ranges.py python_stdnum-2.2-py3-none-any.whl

Options:
    --output PATH            where to write the Swift file (default: the one in this repo)
    --stdnum-version VERSION pin the downloaded python-stdnum version, or name the version of a
                             bare isbn.dat so the header can cite it

Line format of the generated data (one registration group per line):
    978-0|English language|00-19,200-227,2280-2289,...
i.e. `EAN prefix-group|group name|registrant ranges`. A range `low-high` covers the registrants
whose first len(low) digits after the group lie between low and high; len(low) is the
registrant's length. Only the Python standard library is used.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field

SCRIPT_NAME = "scripts/generate-isbn-ranges.py"
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(REPO_ROOT, "Sources", "BooksTrackCore", "ISBN", "ISBNRanges+Data.swift")
EAN_PREFIXES = ("978", "979")
# Registrant ranges are compared on the 7 digits that follow the group, as in RangeMessage.xml.
RANGE_WIDTH = 7
# Digits after the EAN prefix and before the check digit: group + registrant + publication.
BODY_DIGITS = 9

LINE_RE = re.compile(r'^(?P<indent> *)(?P<ranges>[^\s]+)\s*(?P<props>.*)$')
PROP_RE = re.compile(r'(?P<prop>[0-9a-zA-Z_-]+)="(?P<value>[^"]*)"')


class RangeDataError(Exception):
    """The input does not look like stdnum's isbn.dat."""


@dataclass
class Group:
    ean: str
    identifier: str
    name: str
    ranges: list[tuple[str, str]] = field(default_factory=list)

    @property
    def prefix(self) -> str:
        return f"{self.ean}-{self.identifier}"


@dataclass
class RangeData:
    serial: str = "unknown"
    date: str = "unknown"
    groups: list[Group] = field(default_factory=list)
    group_ranges: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


def split_ranges(text: str, line_number: int) -> list[tuple[str, str]]:
    ranges = []
    for item in text.split(","):
        low, _, high = item.partition("-")
        high = high or low
        if not (low.isdigit() and high.isdigit() and low.isascii() and high.isascii()):
            raise RangeDataError(f"line {line_number}: {item!r} is not a digit range")
        if len(low) != len(high) or low > high:
            raise RangeDataError(f"line {line_number}: {item!r} is not an ordered range of one length")
        ranges.append((low, high))
    return ranges


def parse_isbn_dat(text: str) -> RangeData:
    """Read stdnum's numdb format: indentation nests EAN prefix > group > registrant ranges."""
    data = RangeData()
    current_ean: str | None = None
    current_group: Group | None = None
    for line_number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("#"):
            if m := re.match(r"#\s*file serial\s+(.+)$", line):
                data.serial = m.group(1).strip()
            elif m := re.match(r"#\s*file date\s+(.+)$", line):
                data.date = m.group(1).strip()
            continue
        if not line.strip():
            continue
        match = LINE_RE.match(line)
        if match is None:
            raise RangeDataError(f"line {line_number}: cannot read {line!r}")
        indent = len(match.group("indent"))
        ranges = split_ranges(match.group("ranges"), line_number)
        props = dict(PROP_RE.findall(match.group("props")))
        if indent == 0:
            if len(ranges) != 1 or ranges[0][0] != ranges[0][1] or ranges[0][0] not in EAN_PREFIXES:
                raise RangeDataError(f"line {line_number}: expected an EAN prefix 978 or 979")
            current_ean = ranges[0][0]
            current_group = None
            data.group_ranges.setdefault(current_ean, [])
        elif indent == 1:
            if current_ean is None:
                raise RangeDataError(f"line {line_number}: group before any EAN prefix")
            if "agency" in props:
                if len(ranges) != 1 or ranges[0][0] != ranges[0][1]:
                    raise RangeDataError(f"line {line_number}: a named group must be a single prefix")
                current_group = Group(current_ean, ranges[0][0], props["agency"])
                data.groups.append(current_group)
            else:
                # The line listing which group identifiers exist and how long they are.
                data.group_ranges[current_ean].extend(ranges)
                current_group = None
        elif indent == 2:
            if current_group is None:
                raise RangeDataError(f"line {line_number}: registrant ranges outside a named group")
            current_group.ranges.extend(ranges)
        else:
            raise RangeDataError(f"line {line_number}: unexpected indentation {indent}")
    if not data.groups:
        raise RangeDataError("no registration groups found")
    return data


def span(low: str, high: str) -> tuple[int, int]:
    """The 7-digit interval a range covers, e.g. 00-19 -> 0000000..1999999."""
    return int(low.ljust(RANGE_WIDTH, "0")[:RANGE_WIDTH]), int(high.ljust(RANGE_WIDTH, "9")[:RANGE_WIDTH])


def validate(data: RangeData) -> list[str]:
    """Raise on data the Swift lookup could not use; return warnings for oddities it tolerates."""
    warnings = []
    by_ean: dict[str, list[Group]] = {}
    for group in data.groups:
        by_ean.setdefault(group.ean, []).append(group)
        if any(reserved in group.name for reserved in ("|", "\\", "\n", '"')):
            raise RangeDataError(f"{group.prefix}: name {group.name!r} has a character the format reserves")
        max_registrant = BODY_DIGITS - len(group.identifier) - 1
        spans = []
        for low, high in group.ranges:
            if len(low) > max_registrant:
                raise RangeDataError(f"{group.prefix}: registrant range {low}-{high} leaves no publication digit")
            spans.append(span(low, high))
        spans.sort()
        for (_, previous_high), (next_low, _) in zip(spans, spans[1:]):
            if next_low <= previous_high:
                raise RangeDataError(f"{group.prefix}: overlapping registrant ranges")
        if not group.ranges:
            warnings.append(f"{group.prefix} ({group.name}) has no registrant ranges")
    for ean, groups in by_ean.items():
        identifiers = sorted(g.identifier for g in groups)
        if len(set(identifiers)) != len(identifiers):
            raise RangeDataError(f"{ean}: a group is listed twice")
        for shorter in identifiers:
            for longer in identifiers:
                if shorter != longer and longer.startswith(shorter):
                    raise RangeDataError(f"{ean}: group {shorter} is a prefix of group {longer}")
        declared = data.group_ranges.get(ean, [])
        for group in groups:
            if not any(len(low) == len(group.identifier) and low <= group.identifier <= high for low, high in declared):
                warnings.append(f"{group.prefix} ({group.name}) is not in {ean}'s list of group ranges")
    return warnings


def render_swift(data: RangeData, source: str) -> str:
    lines = [f"{g.prefix}|{g.name}|{','.join(f'{low}-{high}' for low, high in g.ranges)}" for g in data.groups]
    body = "\n".join("        " + line for line in lines)
    if '"""#' in body:
        raise RangeDataError("the data would end the Swift string literal early")
    return f'''// GENERATED FILE: do not edit by hand.
// Generated by {SCRIPT_NAME} from {source},
// a rendering of the International ISBN Agency's RangeMessage.xml
// (https://www.isbn-international.org/export_rangemessage.xml),
// file serial {data.serial}, file date {data.date}.
// To refresh it, run: python3 {SCRIPT_NAME}

extension ISBNRanges {{
    /// The serial of the RangeMessage.xml this data was generated from.
    static let sourceSerial = "{data.serial}"

    /// The date of the RangeMessage.xml this data was generated from.
    static let sourceDate = "{data.date}"

    /// How many registration groups `rangeData` holds, so a test can prove none was lost in parsing.
    static let expectedGroupCount = {len(data.groups)}

    /// One registration group per line: `EAN-group|name|registrant ranges`, where a range `low-high`
    /// covers registrants whose first `low.count` digits after the group lie in it.
    static let rangeData = #"""
{body}
        """#
}}
'''


def read_wheel(path: str) -> tuple[str, str]:
    """The isbn.dat text and the python-stdnum version inside a wheel."""
    with zipfile.ZipFile(path) as wheel:
        text = wheel.read("stdnum/isbn.dat").decode("utf-8")
        version = "unknown"
        for name in wheel.namelist():
            if name.endswith(".dist-info/METADATA"):
                for line in wheel.read(name).decode("utf-8").splitlines():
                    if line.startswith("Version:"):
                        version = line.split(":", 1)[1].strip()
                        break
    return text, version


def installed_version(dat_path: str) -> str | None:
    """The version of an installed python-stdnum whose isbn.dat this is, when it can be told."""
    site = os.path.dirname(os.path.dirname(os.path.abspath(dat_path)))
    for metadata in glob.glob(os.path.join(site, "python_stdnum-*.dist-info", "METADATA")):
        with open(metadata, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("Version:"):
                    return line.split(":", 1)[1].strip()
    return None


def download_wheel(directory: str, version: str | None) -> str:
    requirement = f"python-stdnum=={version}" if version else "python-stdnum"
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
         "--dest", directory, requirement],
        check=True,
    )
    wheels = glob.glob(os.path.join(directory, "python_stdnum-*.whl"))
    if not wheels:
        raise RangeDataError("pip did not download a python-stdnum wheel")
    return wheels[0]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", help="isbn.dat or a python-stdnum wheel; downloaded when omitted")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--stdnum-version")
    args = parser.parse_args(argv)

    if args.source is None:
        with tempfile.TemporaryDirectory() as directory:
            text, version = read_wheel(download_wheel(directory, args.stdnum_version))
        source = f"stdnum/isbn.dat in python-stdnum {version} (PyPI)"
    elif args.source.endswith(".whl"):
        text, version = read_wheel(args.source)
        source = f"stdnum/isbn.dat in python-stdnum {version} (PyPI)"
    else:
        with open(args.source, encoding="utf-8") as handle:
            text = handle.read()
        version = args.stdnum_version or installed_version(args.source)
        source = f"stdnum/isbn.dat in python-stdnum {version} (PyPI)" if version else "stdnum/isbn.dat (python-stdnum)"

    try:
        data = parse_isbn_dat(text)
        for warning in validate(data):
            print(f"warning: {warning}", file=sys.stderr)
        swift = render_swift(data, source)
    except RangeDataError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1

    with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(swift)
    print(f"wrote {len(data.groups)} registration groups (RangeMessage of {data.date}) to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
