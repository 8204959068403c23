#!/usr/bin/env python3
"""Writes Tests/MusicTheoryTests/ReferenceScales.swift: every scale type beyond the seven modes,
from every root the modes accept, spelled by music21 (pip install music21), for
MusicTheoryTests/ScaleReferenceTests to compare with our spelling.

music21 has classes for harmonic minor, melodic minor (ascending), whole tone and chromatic; the
pentatonics and the blues scale are taken as degrees of its major and natural minor scales (major
pentatonic 1 2 3 5 6; minor pentatonic 1 3 4 5 7; blues 1 3 4 5 7 of the minor scale with the flat
fifth, music21's fifth moved down an augmented unison).
Run: python3 -m venv /tmp/m21 && /tmp/m21/bin/pip install music21 && /tmp/m21/bin/python scripts/theory/reference_scales.py
"""
import pathlib
from music21 import pitch, scale
from music21.scale import Direction

ROOTS = ["C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb", "B"]


def name(p):
    return p.name.replace("-", "b")


def up_to_octave(pitches, root):
    names = [name(p) for p in pitches]
    return names[: len(names)] if names[-1] == root else names + [root]


def degrees(cls, tonic, numbers):
    s = cls(tonic)
    return [name(s.pitchFromDegree(n)) for n in numbers]


def scales(root):
    tonic = pitch.Pitch(root.replace("b", "-") + "4")
    out = {}
    out["harmonic-minor"] = [name(p) for p in scale.HarmonicMinorScale(tonic).getPitches(tonic, tonic.transpose("P8"))]
    out["melodic-minor"] = [name(p) for p in scale.MelodicMinorScale(tonic).getPitches(tonic, tonic.transpose("P8"), direction=Direction.ASCENDING)]
    out["major-pentatonic"] = degrees(scale.MajorScale, tonic, [1, 2, 3, 5, 6]) + [name(tonic)]
    out["minor-pentatonic"] = degrees(scale.MinorScale, tonic, [1, 3, 4, 5, 7]) + [name(tonic)]
    minor = degrees(scale.MinorScale, tonic, [1, 3, 4, 5, 7])
    flat_fifth = name(scale.MinorScale(tonic).pitchFromDegree(5).transpose("-A1"))
    out["blues"] = minor[:3] + [flat_fifth] + minor[3:] + [name(tonic)]
    out["whole-tone"] = [name(p) for p in scale.WholeToneScale(tonic).getPitches(tonic, tonic.transpose("P8"))]
    out["chromatic"] = [name(p) for p in scale.ChromaticScale(tonic).getPitches(tonic, tonic.transpose("P8"))]
    return out


def main():
    rows = []
    for root in ROOTS:
        for kind, notes in scales(root).items():
            rows.append(f'        ("{kind}", "{root}", "{" ".join(notes)}"),')
    text = ("// Written by scripts/theory/reference_scales.py from music21; do not edit.\n"
            "enum ReferenceScales {\n"
            "    /// Scale, root, the notes music21 spells from the root to its octave.\n"
            "    static let table: [(scale: String, root: String, notes: String)] = [\n"
            + "\n".join(rows) + "\n    ]\n}\n")
    out = pathlib.Path(__file__).resolve().parents[2] / "Tests" / "MusicTheoryTests" / "ReferenceScales.swift"
    out.write_text(text)
    print(f"wrote {out} ({len(rows)} scales)")


if __name__ == "__main__":
    main()
