import Daemon
import Dispatch
import FluidSynthAudio
import Speech

/// The voice's way into the sound: text synthesized by eSpeak NG off the caller's thread, brought
/// to the renderer's rate: a sentence in its place on the renderer's timeline, a cue at once.
final class SpokenOutput: Sendable {
    private let synthesizer: Result<SpeechSynthesizer, SpeechError>
    private let renderer: ToneRenderer
    private let queue = DispatchQueue(label: "eartrainer.voice")

    /// Opens eSpeak NG with the data at `dataPath` (nil: the usual places).
    init(renderer: ToneRenderer, dataPath: String?) {
        self.renderer = renderer
        synthesizer = Result { () throws(SpeechError) in try SpeechSynthesizer(dataPath: dataPath) }
    }

    /// Why the voice cannot speak, for the status; nil when it can.
    var problem: String? {
        if case .failure(let error) = synthesizer { return "\(error)" }
        return nil
    }

    /// Queues the sentence on the renderer's timeline now, in its place; its samples follow once
    /// synthesized (off the caller's thread).
    func say(_ utterance: Utterance) {
        guard case .success(let synthesizer) = synthesizer else { return }
        let id = renderer.enqueueSentence()
        synthesize(utterance, synthesizer) { renderer, samples in renderer.fillSentence(id, samples: samples) }
    }

    /// Speaks at once once synthesized, over whatever sounds (a feedback word).
    func cue(_ utterance: Utterance) {
        guard case .success(let synthesizer) = synthesizer else { return }
        synthesize(utterance, synthesizer) { renderer, samples in renderer.cue(samples) }
    }

    /// The voice against the notes: eSpeak NG at the default volume (0.7) measured 2.2 dB above a
    /// prompt note (gated RMS, the sine at the cello's loudness); at this level it sits about 6 dB
    /// under the notes, as a teacher speaks beside the instrument (docs/audio.md).
    static let level: Float = 0.35

    private func synthesize(_ utterance: Utterance, _ synthesizer: SpeechSynthesizer,
                            then deliver: @escaping @Sendable (ToneRenderer, [Float]) -> Void) {
        let settings = VoiceSettings(
            voice: utterance.voice, rate: min(max(utterance.rate, VoiceSettings.rates.lowerBound), VoiceSettings.rates.upperBound),
            volume: min(max(utterance.volume, 0), 1))
        queue.async { [renderer] in
            guard let spoken = try? synthesizer.speak(utterance.text, settings) else { return }
            deliver(renderer, spoken.resampled(to: Int(renderer.sampleRate)).samples.map { $0 * Self.level })
        }
    }
}
