import Foundation
import Testing
import Training

/// `eartrainctl theory …`, run as the built executable.
@Suite("eartrainctl theory")
struct TheoryCommandTests {
    let ctl = ExecutableRunner(product: "eartrainctl")

    private func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await ctl.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("scale --json has mode, root, eight notes and the steps", arguments: [
        ("dorian", "D", "D E F G A B C D", "W-H-W-W-W-H-W"),
        ("ionian", "D#/Eb", "Eb F G Ab Bb C D Eb", "W-W-H-W-W-W-H"),
        ("locrian", "B", "B C D E F G A B", "H-W-W-H-W-W-W"),
        ("lydian", "F#/Gb", "Gb Ab Bb C Db Eb F Gb", "W-W-W-H-W-W-H"),
        ("ionian", "D#", "D# E# F## G# A# B# C## D#", "W-W-H-W-W-W-H"),
        ("aeolian", "57", "A3 B3 C4 D4 E4 F4 G4 A4", "W-H-W-W-H-W-W"),
    ])
    func scaleJSON(mode: String, root: String, notes: String, steps: String) async throws {
        let object = try await json(["theory", "scale", mode, root])
        #expect(object["mode"] as? String == mode)
        #expect((object["notes"] as? [String])?.joined(separator: " ") == notes)
        #expect(object["root"] as? String == notes.split(separator: " ").first.map(String.init))
        #expect(object["steps"] as? String == steps)
    }

    @Test("interval --json has root, interval, target and semitones", arguments: [
        (["C", "A4"], "C", "A4", "F#", 6), (["C", "d5"], "C", "d5", "Gb", 6), (["Eb", "M13"], "Eb", "M13", "C", 21),
        (["Eb3", "M13"], "Eb3", "M13", "C5", 21), (["F#2", "minor ninth"], "F#2", "m9", "G3", 13),
        (["C#/Db", "tritone"], "Db", "A4", "G", 6), (["C4", "M3", "--descending"], "C4", "M3", "Ab3", -4),
    ] as [([String], String, String, String, Int)])
    func intervalJSON(arguments: [String], root: String, interval: String, target: String, semitones: Int) async throws {
        let object = try await json(["theory", "interval"] + arguments)
        #expect(object["root"] as? String == root)
        #expect(object["interval"] as? String == interval)
        #expect(object["target"] as? String == target)
        #expect(object["semitones"] as? Int == semitones)
    }

    @Test("tuning --json gives cents and frequencies for the whole octave")
    func tuningJSON() async throws {
        let object = try await json(["theory", "tuning", "just", "--root", "A3", "--reference", "440"])
        #expect(object["system"] as? String == "just")
        let rows = try #require(object["intervals"] as? [[String: Any]])
        #expect(rows.count == 14)
        let fifth = try #require(rows.first { $0["interval"] as? String == "P5" })
        #expect(fifth["hertz"] as? Double == 330)
        #expect(fifth["note"] as? String == "E4")
        #expect(fifth["ratio"] as? String == "3/2")
        let octave = try #require(rows.last)
        #expect(octave["hertz"] as? Double == 440)
    }

    @Test("unknown input exits non-zero with a message listing what is accepted", arguments: [
        (["theory", "scale", "bebop", "D"], "locrian"),
        (["theory", "scale", "dorian", "H"], "C#/Db"),
        (["theory", "interval", "C", "P3"], "M13"),
        (["theory", "interval", "C", "tritone", "--json", "extra"], "Unexpected"),
        (["theory", "tuning", "meantone"], "pythagorean"),
        (["theory", "tuning", "just", "--reference", "1000"], "380-500"),
        (["theory", "tuning", "just", "--root", "X9"], "Eb3"),
        (["theory", "interval", "G9", "M3"], "0-127"),
    ])
    func unknownInput(arguments: [String], accepted: String) async throws {
        let result = try await ctl.run(arguments)
        #expect(result.status != 0)
        #expect(!result.crashed)
        #expect(result.stderr.contains(accepted), "stderr: \(result.stderr)")
    }

    @Test("seeded random strings in every argument position never crash it")
    func garbageNeverCrashes() async throws {
        var random = SeededRandom(seed: 42)
        let alphabet = Array("CDEFGABbx#♭/ -0123456789.mMPAdé\u{0}")
        func garbage() -> String {
            String((0..<Int(random.next() % 7)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        for _ in 0..<60 {
            for arguments in [
                ["theory", "scale", garbage(), garbage()], ["theory", "interval", garbage(), garbage()],
                ["theory", "tuning", "just", "--root", garbage(), "--reference", garbage()],
            ] {
                let result = try await ctl.run(arguments)
                #expect(!result.crashed, "crashed on \(arguments)")
                #expect([0, 64].contains(result.status), "\(arguments) → \(result.status) \(result.stderr)")
            }
        }
    }
}
