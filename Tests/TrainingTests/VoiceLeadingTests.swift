import Foundation
import MusicTheory
import ProcessTestSupport
import Testing
@testable import Training

/// The progression kind's four voices, led as a harmony teacher writes them: every progression of
/// every level from every tonic the kind chooses, checked here and by music21 (issue 40).
@Suite struct VoiceLeadingTests {
    struct Voiced {
        let progression: Progression
        let tonic: SpelledNote
        let chords: [OpenProgressionQuestion.Sounded]
        var keys: [[Int]] { chords.map { $0.voicing.map(\.rawValue) } }
    }

    /// Every progression from each of the twelve tonics in the kind's register (B♭3–A4), spelled
    /// as the kind spells its keys.
    static let everyKey: [Voiced] = Progression.allCases.flatMap { progression in
        let register = ProgressionExercise.tonicRegister
        return (register.lowerBound.rawValue...register.upperBound.rawValue).map { key in
            let note = MIDINote(key)
            let tonic = ProgressionExercise.spelled(note, KeySpelling.tonic(note.pitchClass.rawValue, progression.quality))
            let key = Key(tonic: tonic.name, quality: progression.quality)
            let chords = ProgressionExercise.sounded(progression.numerals, in: key, degrees: (try? key.degrees()) ?? [], tonic: tonic)
            return Voiced(progression: progression, tonic: tonic, chords: chords)
        }
    }

    static func pitchClass(_ key: Int) -> Int { ((key % 12) + 12) % 12 }

    @Test("four voices, rising, each chord its numeral's tones with its bass lowest; the leading tone and a seventh never doubled")
    func chords() throws {
        #expect(Self.everyKey.count == 144)
        for voiced in Self.everyKey where voiced.tonic.midiNumber == 60 {
            print("voice leading: \(voiced.progression.rawValue) from C4: " + voiced.chords.map { chord in
                chord.voicing.map { Self.spelled($0, in: chord.chord).description }.joined(separator: " ") }.joined(separator: " | "))
        }
        for voiced in Self.everyKey {
            let leadingTone = Self.pitchClass(voiced.tonic.midiNumber - 1)
            for (chord, keys) in zip(voiced.chords, voiced.keys) {
                let classes = chord.chord.pitchClasses.map(\.rawValue)
                let what = "\(voiced.progression.rawValue) from \(voiced.tonic): \(chord.numeral.name) \(keys)"
                #expect(keys.count == 4 && keys == keys.sorted() && Set(keys).count == 4, "\(what)")
                #expect(keys.allSatisfy { classes.contains(Self.pitchClass($0)) }, "only its tones: \(what)")
                let missing = Set(classes).subtracting(keys.map(Self.pitchClass))
                #expect(missing.isEmpty || (missing == [classes[2]] && chord.numeral.inversion == 0), "complete, or a root position without its fifth: \(what)")
                #expect(Self.pitchClass(keys[0]) == classes[chord.numeral.bassTone], "its bass: \(what)")
                #expect(keys.filter { Self.pitchClass($0) == leadingTone }.count <= 1, "the leading tone once: \(what)")
                if classes.count == 4 { #expect(keys.filter { Self.pitchClass($0) == classes[3] }.count == 1, "the seventh once: \(what)") }
                let tonic = voiced.tonic.midiNumber
                #expect((tonic - 19...tonic - 5).contains(keys[0]) && keys.dropFirst().allSatisfy { (tonic - 12...tonic + 6).contains($0) }, "in its register: \(what)")
            }
        }
    }

    @Test("no two voices move in parallel or contrary fifths or octaves; no voice overlaps its neighbour's last note")
    func noParallels() {
        for voiced in Self.everyKey {
            for (before, after) in zip(voiced.keys, voiced.keys.dropFirst()) {
                for low in 0..<4 {
                    for high in low + 1..<4 {
                        let was = Self.pitchClass(before[high] - before[low]), now = Self.pitchClass(after[high] - after[low])
                        let moved = before[low] != after[low] || before[high] != after[high]
                        #expect(!(moved && was == now && (was == 0 || was == 7)),
                                "\(voiced.progression.rawValue) from \(voiced.tonic): voices \(low) and \(high), \(before) to \(after)")
                    }
                }
                for voice in 0..<3 {
                    #expect(after[voice] < before[voice + 1] && after[voice + 1] > before[voice],
                            "\(voiced.progression.rawValue) from \(voiced.tonic): overlap, \(before) to \(after)")
                }
            }
        }
    }

    @Test("the bass rises a step from the fourth degree to the fifth (IV→V, ii6→V7); a seventh falls by step")
    func bassAndSeventh() {
        var steps = 0
        for voiced in Self.everyKey {
            let tonic = voiced.tonic.midiNumber
            for (index, (before, after)) in zip(voiced.keys, voiced.keys.dropFirst()).enumerated() {
                let what = "\(voiced.progression.rawValue) from \(voiced.tonic): \(before) to \(after)"
                if Self.pitchClass(before[0] - tonic) == 5 && Self.pitchClass(after[0] - tonic) == 7 {
                    #expect(after[0] - before[0] == 2, "\(what)")
                    steps += 1
                }
                let chord = voiced.chords[index].chord.pitchClasses.map(\.rawValue)
                if chord.count == 4, let voice = before.firstIndex(where: { Self.pitchClass($0) == chord[3] }) {
                    #expect((1...2).contains(before[voice] - after[voice]), "the seventh falls: \(what)")
                }
            }
        }
        // IV→V in I-IV-V-I, I-vi-IV-V, i-iv-V-i, I-IV-V7-I, i-iv-V7-i; ii6→V7 in I-ii6-V7-I; IV→I64
        // in I-IV-I64-V7-I: from each of the 12 tonics.
        #expect(steps == 7 * 12)
    }

    @Test("music21 finds every chord its numeral, no parallel fifths or octaves and no doubled leading tone")
    func music21() async throws {
        let items: [[String: Any]] = Self.everyKey.map { voiced in
            [
                "progression": voiced.progression.rawValue, "tonic": voiced.tonic.name.description,
                "mode": voiced.progression.quality == .major ? "major" : "minor",
                "chords": voiced.chords.map { chord in chord.voicing.map { Self.spelled($0, in: chord.chord).description } },
            ]
        }
        let input = try JSONSerialization.data(withJSONObject: items)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/theory/check_voice_leading.py").path]
        let stdin = Pipe.forChild(), stdout = Pipe.forChild()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.runAlone()
        // The checker runs for seconds (music21 loads, 144 progressions): its output is read on a
        // thread of its own and its end waited for asleep, so no thread of the pool the suites
        // share waits on it (two busy waits there stall every test's tasks).
        let reading = Task { await stdout.fileHandleForReading.readAll() }
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: await reading.value, as: UTF8.self)
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(process.terminationStatus == 0, "\(output)")
        let chords = Self.everyKey.map(\.chords.count).reduce(0, +)
        #expect(output.contains("music21: 144 progressions, \(chords) chords checked; 0 faults"), "\(output)")
    }

    /// `key` spelled as one of `chord`'s tones, in the octave that sounds it.
    static func spelled(_ key: MIDINote, in chord: Chord) -> SpelledNote {
        let name = ((try? chord.tones()) ?? []).first { $0.pitchClass == key.pitchClass } ?? key.spelled.name
        return ProgressionExercise.spelled(key, name)
    }
}
