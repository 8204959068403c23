import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

/// The daemon with `audio.driver = "file"`: what the student would hear lands in a WAV in real
/// time, and a listener finds each key played, and keys held together, from the sound alone.
@Suite("The file audio driver, heard", .daemon)
struct FileDriverTests {
    @Test("keys played are heard in the WAV in order, a chord as its keys together, at the time they were played")
    func keysAreHeard() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("lesson.wav").path
        var config = try String(contentsOf: ConsoleExample.repository.appendingPathComponent("config/eartrainer.toml"), encoding: .utf8)
        config = config.replacingOccurrences(of: "driver = \"auto\"\ndevice = \"default\"", with: "driver = \"file\"\ndevice = \"\(wav)\"")
        config = config.replacingOccurrences(of: "sound_source = \"cello\"", with: "sound_source = \"sine\"")
        // Keys alone: the voice (heard on the question's timeline) is another test's.
        config = config.replacingOccurrences(of: "speak = \"auto\"", with: "speak = \"off\"")
        let configPath = folder.appendingPathComponent("eartrainer.toml").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        #expect(config.contains(wav) && config.contains("\"sine\"") && config.contains("speak = \"off\""), "the shipped config's keys moved")

        let daemon = try DaemonProcess(arguments: ["--config", configPath], audio: true)
        #expect(await Polling.wait(seconds: 20) { (try? await Eartrainctl.run(["status"], socket: daemon.socketPath).stdout.contains("sound: \(wav)")) ?? false },
                "status names the file as the device")
        // A session first: the prompt's root sounds, then keys are answers and sound as played.
        _ = try await Eartrainctl.run(["start", "scale", "C", "ionian"], socket: daemon.socketPath)
        try await Task.sleep(for: .seconds(1.6))
        let started = Date()
        _ = try await Eartrainctl.run(["play", "A3"], socket: daemon.socketPath)
        try await Task.sleep(for: .seconds(1.6))
        let playedAt = Date().timeIntervalSince(started)
        _ = try await Eartrainctl.run(["play", "C#4+E4"], socket: daemon.socketPath)
        try await Task.sleep(for: .seconds(1.8))

        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds()
        let heard = sounds.map { listener.keys(in: $0) }
        let a3 = try #require(heard.firstIndex(of: [MIDINote(57)]), "A3 alone: heard \(heard) in \(sounds)")
        let chord = try #require(heard.lastIndex(of: [MIDINote(61), MIDINote(64)]), "C#4 and E4 together: heard \(heard) in \(sounds)")
        #expect(heard.first == [MIDINote(48)], "the prompt's root, C3, first: \(heard)")
        #expect(a3 < chord)
        // The file's clock is the wall clock: the chord is at least the wait after the first key.
        #expect(abs((sounds[chord].start - sounds[a3].start) - playedAt) < 0.6, "\(sounds[a3]) then \(sounds[chord]), played \(playedAt) s apart")
    }
}
