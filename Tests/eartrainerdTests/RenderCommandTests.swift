import DaemonTestSupport
import Foundation
import ProcessTestSupport
import FluidSynthAudio
import MusicTheory
import Testing

/// Runs the built `eartrainerd render` as a musician would and measures the WAV it writes.
@Suite(.daemon) struct RenderCommandTests {
    static let cacheDirectory = NSTemporaryDirectory() + "eartrainerd-tests-\(getpid())"

    /// The executable SwiftPM built beside the test bundle.
    static var executable: URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle.appendingPathComponent("eartrainerd"),
                          bundle.deletingLastPathComponent().appendingPathComponent("eartrainerd")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }

    static func run(_ arguments: [String]) async throws -> (status: Int32, reason: Process.TerminationReason, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe.forChild(), err = Pipe.forChild()
        process.standardOutput = out
        process.standardError = err
        try process.runAlone()
        async let errorData = err.fileHandleForReading.readAll()
        let output = String(decoding: await out.fileHandleForReading.readAll(), as: UTF8.self)
        let errors = String(decoding: await errorData, as: UTF8.self)
        await process.exited()
        return (process.terminationStatus, process.terminationReason, output, errors)
    }

    static func pitch(_ samples: [Float], from second: Double, seconds: Double, expected: Frequency) -> Double? {
        let start = Int(second * 48000), count = Int(seconds * 48000)
        guard let estimate = PitchEstimator().estimate(Array(samples[start..<(start + count)]), sampleRate: 48000, expected: expected.hertz) else { return nil }
        return Frequency(hertz: estimate.hertz).cents(above: expected)
    }

    @Test("The issue's example: a just fifth on A2 at A4 = 442, as a cello, each note within 0.5 cent")
    func justFifth() async throws {
        let out = NSTemporaryDirectory() + "fifth-\(getpid()).wav"
        let result = try await Self.run(["render", "--root", "A2", "--interval", "P5", "--tuning", "just", "--reference", "442",
                                   "--sound", "cello", "--out", out, "--cache-dir", Self.cacheDirectory])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("A2\t110.5000 Hz"))
        #expect(result.output.contains("E3\t165.7500 Hz"))
        let (samples, rate) = try WAVFile.readLeft(path: out)
        #expect(rate == 48000)
        let root = try #require(Self.pitch(samples, from: 0, seconds: 1, expected: Frequency(hertz: 110.5)))
        let fifth = try #require(Self.pitch(samples, from: 1.25, seconds: 1, expected: Frequency(hertz: 165.75)))
        #expect(abs(root) <= 0.5)
        #expect(abs(fifth) <= 0.5)
    }

    @Test("--notes plays a sequence and --mode a whole scale, as exact sines")
    func notesAndScale() async throws {
        let out = NSTemporaryDirectory() + "scale-\(getpid()).wav"
        let result = try await Self.run(["render", "--root", "D3", "--mode", "dorian", "--tuning", "pythagorean", "--sound", "sine",
                                   "--duration", "0.5", "--gap", "0", "--out", out, "--cache-dir", Self.cacheDirectory])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").filter { $0.contains(" Hz\t") }
        #expect(lines.map { $0.split(separator: "\t")[0] } == ["D3", "E3", "F3", "G3", "A3", "B3", "C4", "D4"])
        let (samples, _) = try WAVFile.readLeft(path: out)
        let fourth = TuningSystem.pythagorean.frequency(of: try SpelledNote(parsing: "G3"), root: try SpelledNote(parsing: "D3"))
        let measured = try #require(Self.pitch(samples, from: 1.5, seconds: 0.5, expected: fourth))
        #expect(abs(measured) <= 0.1)

        let triad = try await Self.run(["render", "--notes", "C3 E3 G3", "--tuning", "just", "--sound", "sine",
                                  "--out", out, "--cache-dir", Self.cacheDirectory])
        #expect(triad.status == 0)
        #expect(triad.output.contains("E3\t163.5160 Hz"))
    }

    @Test("Bad arguments give a clear error and a usage exit code, never a crash", arguments: [
        (["render", "--root", "H2", "--interval", "P5", "--out", "x.wav"], "'H2' is not a note"),
        (["render", "--root", "A2", "--interval", "P9x", "--out", "x.wav"], "is not an interval"),
        (["render", "--root", "A2", "--interval", "P5", "--reference", "600", "--out", "x.wav"], "reference pitch"),
        (["render", "--root", "A2", "--interval", "P5", "--tuning", "mean", "--out", "x.wav"], "'mean' is not one of 'equal', 'just', 'pythagorean'"),
        (["render", "--root", "A2", "--interval", "P5", "--sound", "flute", "--out", "x.wav"], "'flute' is not one of 'cello', 'sine'"),
        (["render", "--root", "A2", "--out", "x.wav"], "exactly one of"),
        (["render", "--interval", "P5", "--out", "x.wav"], "need --root"),
        (["render", "--root", "D3", "--mode", "bebop", "--out", "x.wav"], "is not a mode"),
        (["render", "--notes", "C3 E3", "--duration", "-1", "--out", "x.wav"], "--duration"),
    ])
    func badArguments(arguments: [String], message: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.reason == .exit)
        #expect(result.status == 64)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test("--harmonic sounds both notes at once; --vary-loudness draws velocities within its bounds, reproducibly")
    func harmonicAndLoudness() async throws {
        let out = NSTemporaryDirectory() + "harmonic-\(getpid()).wav"
        let harmonic = try await Self.run(["render", "--root", "C3", "--interval", "M3", "--harmonic", "--sound", "sine", "--out", out])
        #expect(harmonic.status == 0)
        #expect(harmonic.output.contains("wrote \(out): 2.00 s"))
        let arguments = ["render", "--notes", "C3 D3 E3 F3 G3 A3 B3 C4", "--sound", "sine", "--duration", "0.1",
                         "--velocity", "100", "--vary-loudness", "0.5", "--seed", "9", "--out", out]
        let first = try await Self.run(arguments), second = try await Self.run(arguments)
        let velocities = first.output.split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.flatMap { Int($0) }
        }
        #expect(velocities.count == 8)
        #expect(velocities.allSatisfy { (50...100).contains($0) })
        #expect(Set(velocities).count > 1)
        #expect(first.output == second.output)
    }

    @Test("An unwritable output path is reported, exit 1")
    func unwritable() async throws {
        let result = try await Self.run(["render", "--notes", "A3", "--sound", "sine", "--out", "/nonexistent/dir/x.wav"])
        #expect(result.reason == .exit)
        #expect(result.status == 1)
        #expect(result.errors.contains("cannot write /nonexistent/dir/x.wav"))
    }

    @Test("A SoundFont that fails to load gives sines and a clear warning, and still writes the file")
    func brokenSoundFont() async throws {
        let out = NSTemporaryDirectory() + "broken-\(getpid()).wav"
        let result = try await Self.run(["render", "--notes", "A3", "--soundfont", "/etc/hostname", "--out", out])
        #expect(result.status == 0)
        #expect(result.errors.contains("cello unavailable, rendered sines instead"))
        #expect(FileManager.default.fileExists(atPath: out))
    }
}
