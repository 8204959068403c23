#!/usr/bin/env python3
"""The oracle for eartrainer's MIDI file reader: music21's own MIDI parser (music21.midi), which
shares no code with it. For each file named on the command line, prints one JSON object a line:
{"path", "format", "ticks", "tracks": [[[tick, channel, key, velocity], ...], ...]} with every
note-on of each track at its absolute tick (a note-on at velocity 0 is a note-off, as the format
says, and left out), or {"path", "error"} when music21 cannot read it."""
import json
import sys

from music21 import midi


def read(path):
    mf = midi.MidiFile()
    mf.open(path)
    mf.read()
    mf.close()
    tracks = []
    for track in mf.tracks:
        tick = 0
        ons = []
        for event in track.events:
            if isinstance(event, midi.DeltaTime):
                tick += event.time
            elif event.type == midi.ChannelVoiceMessages.NOTE_ON and event.velocity > 0:
                # music21 numbers channels from 1; the file's from 0.
                ons.append([tick, event.channel - 1, event.pitch, event.velocity])
        tracks.append(ons)
    return {"path": path, "format": mf.format, "ticks": mf.ticksPerQuarterNote, "tracks": tracks}


for path in sys.argv[1:]:
    try:
        print(json.dumps(read(path)))
    except Exception as error:  # the oracle's answer for a file it refuses
        print(json.dumps({"path": path, "error": str(error)}))
