#!/usr/bin/env python3
"""The ICU data that Foundation carries, less what eartrainer never asks of it.

Statically linked Foundation brings ICU's whole data package (`icudt<N>_dat`, 34 MB of the 80 MB
binary in Swift 6.3): every locale's names of languages, regions, currencies, units and time
zones, collation tailorings, word-break dictionaries for Chinese, Japanese and Thai, and the
tables of legacy character sets. eartrainer speaks English and UTF-8 and sorts nothing by locale,
so the package keeps, of those, the root and English entries only, and all the rest of ICU's data:
every locale's dates and numbers, time zones, normalisation, break rules, the root collation.
ICU answers a missing entry as it answers any locale it lacks, by falling back to root.

    scripts/deb/icu-data.py IN.dat OUT.dat     (IN: the data as linked, in ICU's common format)

Prints the symbol the data is linked as (icudt<N>_dat), and on stderr what it kept. The format (ICU's ucmndata.h): a header, then a table of contents, a count
and (name offset, data offset) pairs relative to the table, the names in sorted order, and the
items, each aligned to 16 bytes.
"""
import re
import struct
import sys

# Folders of per-locale display names and tailorings: only root and English are kept.
DISPLAY = {"coll", "curr", "lang", "region", "unit", "zone", "translit", "rbnf"}
LOCALE = re.compile(r"^[a-z]{2,3}(_[A-Za-z0-9]+)*\.res$")


def keep(name):
    parts = name.split("/")[1:]  # drop the package name, icudt<N>l
    leaf = parts[-1]
    if len(parts) == 1:
        return not leaf.endswith(".cnv")  # legacy character sets; UTF-8/16/32 and Latin-1 are code
    folder = parts[0]
    if folder == "brkitr":
        return not leaf.endswith(".dict")  # dictionaries for scripts without spaces between words
    if folder in DISPLAY and LOCALE.match(leaf) and leaf != "res_index.res":
        return leaf in ("root.res", "en.res") or leaf.startswith("en_")
    return True


def main(source, target):
    data = open(source, "rb").read()
    header = struct.unpack_from("<H", data, 0)[0]
    if data[12:16] != b"CmnD":
        sys.exit(f"{source}: not ICU common data (no CmnD)")
    count = struct.unpack_from("<I", data, header)[0]
    entries = [struct.unpack_from("<II", data, header + 4 + 8 * i) for i in range(count)]
    names = [data[header + n:data.index(b"\0", header + n)].decode() for n, _ in entries]
    starts = sorted(o for _, o in entries) + [len(data) - header]
    end = {o: starts[starts.index(o) + 1] for _, o in entries}
    kept = [(name, data[header + o:header + end[o]]) for name, (_, o) in zip(names, entries) if keep(name)]
    table = 4 + 8 * len(kept)
    blob = b"".join(name.encode() + b"\0" for name, _ in kept)
    offsets, at = [], table
    for name, _ in kept:
        offsets.append(at)
        at += len(name) + 1
    first = table + len(blob)
    first += -(header + first) % 16
    out = bytearray(data[:header]) + struct.pack("<I", len(kept))
    at = first
    places = []
    for _, item in kept:
        places.append(at)
        at += len(item) + (-(header + at + len(item)) % 16)
    for name_offset, place in zip(offsets, places):
        out += struct.pack("<II", name_offset, place)
    out += blob
    out += b"\0" * (header + first - len(out))
    for (_, item), place in zip(kept, places):
        assert len(out) == header + place
        out += item + b"\0" * (-(len(out) + len(item)) % 16)
    open(target, "wb").write(out)
    print(f"ICU data: {len(kept)} of {count} items, {len(out) / 1e6:.1f} MB of {len(data) / 1e6:.1f} MB", file=sys.stderr)
    print(names[0].split("/")[0][:-1] + "_dat")  # icudt76l/… → icudt76_dat, the symbol ICU looks for


if __name__ == "__main__":
    main(*sys.argv[1:3])
