#!/usr/bin/env python3
"""Checks the progression kind's voice leading with music21, an independent checker.

Reads JSON on stdin: a list of {"progression": "I-V6-vi-IV", "tonic": "D", "mode": "major",
"chords": [["D3", "F#3", "A3", "D4"], ...]}, each chord's four voices bass first, spelled as
the daemon spells them (Tests/TrainingTests/VoiceLeadingTests.swift writes it). For every
progression in every key it asks music21:
- that each chord holds exactly the notes of the Roman numeral the progression names, spelled
  alike, with its bass lowest (roman.RomanNumeral in the key);
- that no two voices move in parallel or contrary fifths, octaves or unisons
  (VoiceLeadingQuartet.parallelFifth, parallelUnisonOrOctave, which count contrary ones too);
- that no chord doubles the leading tone (Key.getLeadingTone, harmonic minor's in minor).
Prints one line per fault and a summary; exits 1 when any fault is found, 2 when music21 is
missing (scripts/deps/pip-theory.txt installs it).
"""
import json
import sys

try:
    from music21 import key, note, roman, voiceLeading
except ImportError:
    print("music21 is not installed: run scripts/install-deps.sh (scripts/deps/pip-theory.txt)")
    sys.exit(2)

VOICES = ["bass", "tenor", "alto", "soprano"]


def music21_name(name):
    """F#3, Bb2 (the daemon's ASCII spelling) as music21 writes them: F#3, B-2."""
    letter, rest = name[0], name[1:]
    accidentals = ""
    while rest and rest[0] in "#b":
        accidentals += "#" if rest[0] == "#" else "-"
        rest = rest[1:]
    return letter + accidentals + rest


def faults(item):
    tonic = music21_name(item["tonic"])
    the_key = key.Key(tonic if item["mode"] == "major" else tonic.lower())
    leading = the_key.getLeadingTone().name
    numerals = item["progression"].split("-")
    chords = [[note.Note(music21_name(name)) for name in voices] for voices in item["chords"]]
    where = f'{item["progression"]} in {item["tonic"]} {item["mode"]}'
    found = []
    for index, (numeral, notes) in enumerate(zip(numerals, chords)):
        expected = roman.RomanNumeral(numeral, the_key)
        names = {n.pitch.name for n in notes}
        if names != {p.name for p in expected.pitches} or notes[0].pitch.name != expected.bass().name:
            found.append(f"{where}: chord {index + 1} is not {numeral} ({[p.name for p in expected.pitches]}, "
                         f"bass {expected.bass().name}): {item['chords'][index]}")
        doubled = [n.nameWithOctave for n in notes if n.pitch.name == leading]
        if len(doubled) > 1:
            found.append(f"{where}: chord {index + 1} ({numeral}) doubles the leading tone: {doubled}")
    for index in range(len(chords) - 1):
        before, after = chords[index], chords[index + 1]
        for low in range(4):
            for high in range(low + 1, 4):
                quartet = voiceLeading.VoiceLeadingQuartet(before[high], after[high], before[low], after[low])
                for name, test in (("fifths", quartet.parallelFifth), ("octaves or unisons", quartet.parallelUnisonOrOctave)):
                    if test():
                        found.append(
                            f"{where}: {VOICES[low]} and {VOICES[high]} in parallel {name} from chord {index + 1} to {index + 2}: "
                            f"{before[low].nameWithOctave}-{before[high].nameWithOctave} to {after[low].nameWithOctave}-{after[high].nameWithOctave}")
    return found


def main():
    items = json.load(sys.stdin)
    problems = [problem for item in items for problem in faults(item)]
    for problem in problems:
        print(problem)
    chords = sum(len(item["chords"]) for item in items)
    print(f"music21: {len(items)} progressions, {chords} chords checked; {len(problems)} faults")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
