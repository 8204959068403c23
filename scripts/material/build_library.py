#!/usr/bin/env python3
"""Writes Sources/Scores/Library/MelodyLibraryText.swift: the melodies eartrainer ships.

Two collections of public-domain melodies, read with music21 (scripts/deps/pip-theory.txt) from
the encodings its corpus distributes:
- chorale: the soprano line (the chorale melody) of J. S. Bach's four-part chorales;
- folk: the airs of James Aird's "A Selection of Scotch, English, Irish and Foreign Airs" (Glasgow,
  from 1778), books 1 and 2.
Each melody keeps its title, its source and its licence, its key signature and mode, its meter, the
length of its pickup, and its notes (ties joined, grace notes left out) with their onsets and
lengths in twelfths of a quarter note and a mark where a fermata holds one. A melody in another
meter than 2/4, 3/4, 4/4 or 6/8, or with a value off that grid, is left out. Run it again only to
change the library: `python3 scripts/material/build_library.py` (about two minutes).
"""
import os
import sys
from fractions import Fraction

from music21 import corpus, expressions, key, note

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Sources", "Scores", "Library", "MelodyLibraryText.swift")
METERS = {"2/4", "3/4", "4/4", "6/8"}
UNITS = 12  # a quarter note
CHORALES = 110
AIRS = 110


def units(quarters):
    value = Fraction(quarters).limit_denominator(96) * UNITS
    return int(value) if value.denominator == 1 else None


def melody_line(part, ident, collection, title, source, licence, key_hint=None):
    flat = part.stripTies().flatten()
    signatures = flat.getElementsByClass("TimeSignature")
    if not signatures or signatures[0].ratioString not in METERS:
        return None
    if len({s.ratioString for s in signatures}) > 1:
        return None
    meter = signatures[0].ratioString
    found = key_hint or part.analyze("key")
    mode = found.mode if found.mode in ("major", "minor") else None
    if mode is None:
        return None
    fifths = found.sharps
    measures = part.getElementsByClass("Measure")
    bar = units(signatures[0].barDuration.quarterLength)
    first = measures[0] if measures else None
    pickup = 0
    if first is not None and first.duration.quarterLength < signatures[0].barDuration.quarterLength:
        pickup = units(first.duration.quarterLength) or 0
    tokens = []
    for element in flat.notes:
        if element.duration.isGrace or element.quarterLength == 0:
            continue
        pitch = element.pitches[-1] if element.isChord else element.pitch
        onset, length = units(element.offset), units(element.quarterLength)
        if onset is None or length is None or length <= 0:
            return None
        held = any(isinstance(e, expressions.Fermata) for e in element.expressions)
        tokens.append(f"{pitch.midi}:{onset}:{length}" + ("f" if held else ""))
    if len(tokens) < 6 or bar is None:
        return None
    clean = lambda text: " ".join(str(text).replace("\t", " ").split())
    return "\t".join([ident, collection, clean(title), clean(source), clean(licence), str(fifths), mode, meter, str(pickup), " ".join(tokens)])


def chorales():
    lines = []
    for path in sorted(corpus.getComposer("bach"), key=str):
        if len(lines) >= CHORALES:
            break
        name = os.path.basename(str(path))
        if not name.endswith((".mxl", ".xml")) or not name.startswith("bwv"):
            continue
        try:
            score = corpus.parse(path)
        except Exception:
            continue
        # The soprano by its name: a chorale with instruments has them as parts too.
        sopranos = [p for p in score.parts if "soprano" in f"{p.partName} {p.id}".lower()]
        if len(score.parts) < 4 or not sopranos:
            continue
        bwv = name.rsplit(".", 1)[0][3:]
        title = score.metadata.title if score.metadata and score.metadata.title else f"Chorale BWV {bwv}"
        line = melody_line(sopranos[0], f"chorale-bwv{bwv}", "chorale", title,
                           f"J. S. Bach, four-part chorale BWV {bwv}: the soprano (the chorale melody)",
                           "public domain melody (18th century or older); notes taken from the encoding in music21's corpus")
        if line:
            lines.append(line)
    return lines


def airs():
    lines = []
    for book in (1, 2):
        opus = corpus.parse(f"airdsAirs/book{book}.abc")
        for score in opus.scores:
            if len(lines) >= AIRS:
                return lines
            part = score.parts[0] if score.parts else score
            number = score.metadata.number if score.metadata else "?"
            title = (score.metadata.title if score.metadata else None) or f"Air {number}"
            signatures = part.flatten().getElementsByClass("KeySignature")
            hint = signatures[0] if signatures and isinstance(signatures[0], key.Key) else None
            line = melody_line(part, f"aird-{book}-{number}", "folk", title.rstrip("."),
                               f"James Aird, A Selection of Scotch, English, Irish and Foreign Airs, book {book} (Glasgow, from 1778), no. {number}",
                               "public domain melody (published 1778-1803); notes taken from the ABC transcription in music21's corpus",
                               key_hint=hint)
            if line:
                lines.append(line)
    return lines


def main():
    lines = chorales() + airs()
    text = "\n".join(lines)
    assert '"""#' not in text
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as out:
        out.write("// Written by scripts/material/build_library.py: the melodies eartrainer ships (docs/material.md).\n")
        out.write("// One melody a line, tab-separated: id, collection, title, source, licence, key signature\n")
        out.write("// (fifths), mode, meter, pickup and notes (key:onset:length, in twelfths of a quarter; f: a fermata).\n\n")
        out.write("extension MelodyLibrary {\n    static let text = #\"\"\"\n")
        out.write(text)
        out.write("\n\"\"\"#\n}\n")
    print(f"{len(lines)} melodies ({sum(1 for l in lines if l.split(chr(9))[1] == 'chorale')} chorales), {len(text)} characters -> {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
