#!/usr/bin/env python3
"""The oracle for eartrainer's MusicXML reader: music21's own (music21.converter), which shares no
code with it. For each file named on the command line, prints one JSON object a line:
{"path", "software", "parts": [{"id", "notes": [[numerator, denominator, key], ...]}]}: every
sounding note of each part, tied notes joined, grace notes left out, a chord as its keys at one
onset, the onset in quarter notes as a fraction; or {"path", "error"} when music21 refuses it."""
import json
import sys
from fractions import Fraction

from music21 import converter, harmony


def read(path):
    score = converter.parse(path, forceSource=True)
    software = [str(s) for s in getattr(score.metadata, "software", [])] if score.metadata else []
    parts = []
    for part in score.parts:
        if not part.atSoundingPitch:
            part = part.toSoundingPitch()
        notes = []
        for element in part.stripTies(matchByPitch=True).flatten().notes:
            # Grace notes take no time; chord symbols (<harmony>) are names, not notes that sound.
            if element.duration.isGrace or isinstance(element, harmony.ChordSymbol):
                continue
            onset = Fraction(element.getOffsetInHierarchy(part)).limit_denominator(10000)
            for pitch in element.pitches:
                notes.append([onset.numerator, onset.denominator, pitch.midi])
        notes.sort(key=lambda n: (Fraction(n[0], n[1]), n[2]))
        parts.append({"id": part.id, "notes": notes})
    return {"path": path, "software": software, "parts": parts}


for path in sys.argv[1:]:
    try:
        print(json.dumps(read(path)))
    except Exception as error:  # the oracle's answer for a file it refuses
        print(json.dumps({"path": path, "error": str(error)}))
