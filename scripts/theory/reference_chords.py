#!/usr/bin/env python3
"""Writes Tests/MusicTheoryTests/ReferenceChords.swift: how music21 spells every chord quality
from each of the 21 roots with at most one accidental, for MusicTheoryTests/ChordTests.
Run from the repository root:

    python3 -m venv /tmp/m21 && /tmp/m21/bin/pip install music21
    /tmp/m21/bin/python scripts/theory/reference_chords.py
"""
import pathlib

from music21 import harmony

ROOTS = [letter + accidental for letter in "CDEFGAB" for accidental in ("", "#", "b")]

CHORD_KINDS = {
    "major": "major",
    "minor": "minor",
    "diminished": "diminished",
    "augmented": "augmented",
    "sus2": "suspended-second",
    "sus4": "suspended-fourth",
    "maj7": "major-seventh",
    "dom7": "dominant-seventh",
    "m7": "minor-seventh",
    "m7b5": "half-diminished-seventh",
    "dim7": "diminished-seventh",
}


def name(p):
    """music21 writes flats as '-': B- is Bb."""
    return p.name.replace("-", "b")


def chord_names(kind, root):
    m21_root = root.replace("b", "-") if len(root) > 1 else root
    return [name(p) for p in harmony.ChordSymbol(root=m21_root, kind=CHORD_KINDS[kind]).pitches]


def main():
    lines = [
        "// Written by scripts/theory/reference_chords.py from music21; do not edit.",
        "",
        "/// music21's spelling of each chord quality from each root, root first.",
        "let music21Chords: [(quality: String, root: String, tones: String)] = [",
    ]
    for kind in CHORD_KINDS:
        for root in ROOTS:
            lines.append(f'    ("{kind}", "{root}", "{" ".join(chord_names(kind, root))}"),')
    lines.append("]")
    out = pathlib.Path(__file__).resolve().parents[2] / "Tests" / "MusicTheoryTests" / "ReferenceChords.swift"
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
