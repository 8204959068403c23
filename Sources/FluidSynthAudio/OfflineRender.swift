import Logging
import MusicTheory

/// `eartrainerd render`: sounds a prompt into a WAV file with no device, through the same
/// renderer the daemon plays through.
public enum OfflineRender {
    /// What was written.
    public struct Report: Sendable {
        public let tones: [Tone]
        public let frames: Int
        public let sampleRate: Double
        /// Why the cello was replaced by sines, if it was.
        public let celloProblem: AudioError?
        /// Wall-clock seconds spent planning and rendering the tones (setup excluded).
        public let renderSeconds: Double
    }

    /// Seconds of release rendered after the last note-off.
    public static let tailSeconds = 1.0

    /// Renders `frequencies` (an interval's two notes when `interval` is true, otherwise a
    /// sequence) and writes a 16-bit stereo WAV to `path`.
    public static func render(_ frequencies: [Frequency], asInterval interval: Bool, style: PromptStyle,
                              configuration: AudioConfiguration, to path: String, logger: Logger,
                              random: inout some RandomNumberGenerator) throws(AudioError) -> Report {
        var configuration = configuration
        configuration.noteDuration = style.noteDuration
        let keys = keyRange(of: frequencies)
        let (renderer, problem) = AudioSetup.makeRenderer(configuration, keys: keys, logger: logger)
        let tones = interval && frequencies.count == 2
            ? PromptTones.interval(root: frequencies[0], target: frequencies[1], style: style,
                              sampleRate: configuration.sampleRate, random: &random)
            : PromptTones.sequence(frequencies, style: style, sampleRate: configuration.sampleRate, random: &random)
        let frames = ToneRenderer.length(of: tones, tail: Int(tailSeconds * configuration.sampleRate))
        let started = ContinuousClock.now
        let (left, right) = renderer.renderOffline(tones, frames: frames)
        let elapsed = ContinuousClock.now - started
        if let error = renderer.takeErrors().first { throw error }
        try WAVFile.write(left: left, right: right, sampleRate: Int(configuration.sampleRate), to: path)
        return Report(tones: tones, frames: frames, sampleRate: configuration.sampleRate, celloProblem: problem,
                      renderSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The keys the notes land on (at any reference), so only those are calibrated up front.
    static func keyRange(of frequencies: [Frequency]) -> ClosedRange<Int> {
        let keys = frequencies.compactMap { try? $0.nearestNote(reference: .standard).note.rawValue }
        guard let low = keys.min(), let high = keys.max() else { return 60...60 }
        return low...high
    }
}
