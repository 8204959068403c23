import ArgumentParser
import FluidSynthAudio
import Foundation
import Logging
import MusicTheory
import Training

/// `eartrainerd render`: writes a WAV of exactly what the daemon would sound, with no device.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a prompt to a WAV file (no audio device needed).",
        discussion: """
            Examples:
              eartrainerd render --root A2 --interval P5 --tuning just --reference 442 --sound cello --out fifth.wav
              eartrainerd render --notes "C3 E3 G3" --tuning just --out triad.wav
              eartrainerd render --root D3 --mode dorian --tuning pythagorean --out dorian.wav
            Notes use scientific pitch notation (C4 = MIDI 60). Every note is tuned relative to --root
            (or, for --notes without --root, to the first note).
            """
    )

    @Option(help: "The root note, e.g. A2, Eb3.") var root: String?
    @Option(help: "An interval above the root: P5, m3, A4, \"minor third\", tritone …") var interval: String?
    @Option(help: "Notes to play in order, e.g. \"C3 E3 G3\".") var notes: String?
    @Option(help: "A mode: play the scale from the root (ionian … locrian, major, minor).") var mode: String?
    @Option(help: "Tuning system: equal, just, pythagorean (default: equal).", transform: TuningSystem.init(choosing:))
    var tuning: TuningSystem = .equalTemperament
    @Option(help: "Reference pitch A4 in Hz (380-500).") var reference: Double = 440
    @Option(help: "Sound source: cello or sine (default: cello).", transform: SoundSource.init(choosing:)) var sound: SoundSource = .cello
    @Option(help: "Seconds each note lasts.") var duration: Double = 1.0
    @Option(help: "Seconds between notes.") var gap: Double = 0.25
    @Flag(help: "Play an interval's two notes together.") var harmonic = false
    @Option(help: "MIDI velocity 1-127.") var velocity: Int = 100
    @Option(help: "Vary loudness: velocities drawn from velocity×(1−fraction) to velocity (0-1).") var varyLoudness: Double = 0
    @Option(help: "Seed for vary-loudness, to reproduce a render.") var seed: UInt64 = 1
    @Option(help: "A SoundFont to use before soundfonts/ and Debian's FluidR3_GM.") var soundfont: String?
    @Option(help: "Bank of the preset.") var bank: Int = 0
    @Option(help: "Program of the preset (GM cello: 42).") var program: Int = 42
    @Option(help: "Where the cello calibration is cached.") var cacheDir: String?
    @Option(help: "The WAV file to write.") var out: String
    @Flag(help: "Log what the audio setup does (SoundFont, calibration, timings) on stderr.") var verbose = false

    func validate() throws {
        let chosen = [interval, notes, mode].compactMap { $0 }.count
        guard chosen == 1 else { throw ValidationError("give exactly one of --interval, --notes or --mode") }
        if interval != nil || mode != nil, root == nil {
            throw ValidationError("--interval and --mode need --root, e.g. --root A2")
        }
        guard duration > 0, duration <= 30 else { throw ValidationError("--duration must be more than 0 and at most 30 seconds") }
        guard gap >= 0, gap <= 30 else { throw ValidationError("--gap must be 0 to 30 seconds") }
        guard (1...127).contains(velocity) else { throw ValidationError("--velocity must be 1-127") }
        guard (0...1).contains(varyLoudness) else { throw ValidationError("--vary-loudness must be 0-1") }
        guard (0...16383).contains(bank), (0...127).contains(program) else {
            throw ValidationError("--bank must be 0-16383 and --program 0-127")
        }
    }

    func run() throws {
        let level: Logger.Level = verbose ? .info : .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "eartrainerd.render")
        let (frequencies, names) = try RenderRequest.frequencies(root: root, interval: interval, notes: notes, mode: mode,
                                                                 tuning: tuning, reference: reference)
        let style = PromptStyle(noteDuration: duration, gap: gap, harmonic: harmonic, source: sound,
                                loudness: Loudness(base: velocity, fraction: varyLoudness))
        let configuration = AudioConfiguration(soundFontPath: soundfont, preset: Preset(bank: bank, program: program),
                                               cacheDirectory: cacheDir)
        var random = SeededRandom(seed: seed)
        let started = ContinuousClock.now
        let report: OfflineRender.Report
        do {
            report = try OfflineRender.render(frequencies, asInterval: interval != nil, style: style,
                                              configuration: configuration, to: out, logger: logger, random: &random)
        } catch {
            throw RenderFailure(message: "\(error)")
        }
        if let problem = report.celloProblem, style.source == .cello {
            FileHandle.standardError.write(Data("warning: cello unavailable, rendered sines instead: \(problem)\n".utf8))
        }
        for (name, tone) in zip(names, report.tones) {
            print("\(name)\t\(String(format: "%.4f", tone.frequency.hertz)) Hz\tvelocity \(tone.velocity)")
        }
        print("wrote \(out): \(String(format: "%.2f", Double(report.frames) / report.sampleRate)) s at \(Int(report.sampleRate)) Hz")
        logger.info("rendered", metadata: ["seconds": "\(ContinuousClock.now - started)", "render_seconds": "\(report.renderSeconds)"])
    }
}

/// A render that could not be done (the arguments were fine): printed as "Error: …", exit 1.
struct RenderFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
