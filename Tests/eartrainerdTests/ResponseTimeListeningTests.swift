import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

/// An answer's time, as the student meets it: from the end of the prompt's last note as it is
/// heard (the `file` driver's WAV is the speaker), not from the question's start, whatever came
/// before the note. The test answers a while after the second note of a `compare` question ends
/// in the WAV and reads the time the daemon gives the answer.
@Suite("Response time by ear", .realTime, .serialized)
struct ResponseTimeListeningTests {
    @Test("compare: an answer's time runs from the end of the second note in the WAV")
    func compareFromTheSecondNotesEnd() async throws {
        let folder = try EarListeningTests.folder("response-time")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder)
        let started = try await Eartrainctl.run(["start", "compare", "--root", "A3", "--seed", "4"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        for (question, thinking) in [0.4, 1.2, 2.0].enumerated() {
            let (listener, sounds) = try await IntonationListeningTests.sounds(wav, count: IntonationListeningTests.heard(question: question))
            let (first, second) = (sounds[sounds.count - 2], sounds[sounds.count - 1])
            let reference = try #require(listener.keys(in: first).first, "the reference heard: \(sounds)")
            let offset = IntonationListeningTests.cents(listener.frequency(in: second, near: reference),
                                                        over: listener.frequency(in: first, near: reference))
            try await Task.sleep(for: .seconds(thinking))
            // Now, in the WAV's time: how much of it is written (the file is the speaker).
            let written = try WAVListener(path: wav)
            let answered = Double(written.samples.count) / Double(written.rate)
            let played = try await Eartrainctl.run(["play", MIDINote(reference.rawValue + (offset > 0 ? 2 : -2)).description], socket: daemon.socketPath)
            let line = try #require(played.stdout.split(separator: "\n").first { $0.contains("✓") }, "judged right: \(played.stdout)")
            let time = try #require(line.split(separator: " ").last.flatMap { Double($0.dropLast()) }, "a time on \(line)")
            let heard = answered - second.end
            // The daemon reads the key a little after the WAV's length was taken (eartrainctl starts);
            // timed from the second note's start, as before, it would say a second more (its length).
            #expect(line.contains("✓") && time > heard - 0.1 && time < heard + 0.6,
                    "question \(question + 1): answered \(heard) s after the second note ended (\(second.start)…\(second.end) s in the WAV), the daemon says \(time) s: \(line)")
        }
        _ = try await Eartrainctl.run(["stop"], socket: daemon.socketPath)
    }
}
