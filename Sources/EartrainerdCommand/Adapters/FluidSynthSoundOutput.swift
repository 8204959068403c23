import ALSASequencer
import ControlProtocol
import Daemon
import FluidSynthAudio
import MusicTheory
import Synchronization
import Training

/// The daemon's sound through FluidSynthAudio's renderer: every prompt and every key, as the
/// settings' sound source (the SoundFont cello or a sine), tuned in the session's tuning system
/// relative to the question's root, at the reference pitch.
final class FluidSynthSoundOutput: SoundOutput {
    private let renderer: ToneRenderer
    private let output: AudioOutputService
    private let celloProblem: String?
    private let voice: SpokenOutput?
    private let random = Mutex(SystemRandomNumberGenerator())

    init(renderer: ToneRenderer, output: AudioOutputService, celloProblem: String?, voice: SpokenOutput? = nil) {
        self.renderer = renderer
        self.output = output
        self.celloProblem = celloProblem
        self.voice = voice
    }

    func say(_ utterance: Utterance) {
        voice?.say(utterance)
    }

    func cue(_ utterance: Utterance) {
        voice?.cue(utterance)
    }

    func pause(_ length: Duration) {
        renderer.enqueuePause(seconds: length.seconds)
    }

    func afterKeysUp(within: Duration) {
        renderer.enqueueKeysUp(within: within.seconds)
    }

    /// The phrases one after another, each tuned relative to its phrase's root (a chord as its
    /// spelling says, `TunedNotes.phrase`) in its own tuning or the settings', each note moved by
    /// its cents, queued on the timeline.
    func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings) {
        playPrompt(phrases, settings: settings, marks: PromptMarks())
    }

    /// The same, each mark told when its moment leaves the speaker (the device's delay counted):
    /// the last phrase's tones are the prompt's last, a tone a note.
    func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings, marks: PromptMarks) {
        let tones = tones(phrases, settings: settings)
        let lastPhraseTones = phrases.last?.notes.count ?? 0
        if let bar = phrases.first?.startsOnBar { renderer.enqueueBarLine(seconds: bar) }
        renderer.enqueue(tones, marks: ToneRenderer.PromptMarks(
            first: marks.first, lastPhrase: marks.lastPhrase, lastPhraseTones: lastPhraseTones, end: marks.end))
    }

    var lastAudible: ContinuousClock.Instant? { renderer.lastAudible }

    func endPrompt() {
        renderer.endPrompt()
    }

    private func tones(_ phrases: [PromptPhrase], settings: TrainingSettings) -> [Tone] {
        let tuned = phrases.map { phrase in
            (frequencies: TunedNotes.phrase(phrase.notes, together: phrase.together, root: phrase.root,
                                            tuning: phrase.tuning ?? settings.tuningSystem, reference: settings.referencePitch,
                                            cents: phrase.cents),
             together: phrase.together, timing: phrase.timing)
        }
        var tones = random.withLock { random in
            PromptTones.phrases(tuned, style: style(settings), sampleRate: renderer.sampleRate, random: &random)
        }
        // The tones come phrase by phrase, a tone a note: a steady phrase's are steadied, a click
        // is louder than the phrase's pitch sounds.
        var index = 0
        for (phrase, tuned) in zip(phrases, tuned) {
            let pitch = phrase.clicks.isEmpty ? nil : TunedNotes.phrase([phrase.root], together: false, root: phrase.root,
                                                                          tuning: phrase.tuning ?? settings.tuningSystem,
                                                                          reference: settings.referencePitch).first
            for offset in tuned.frequencies.indices where index < tones.count {
                if phrase.steady { tones[index] = tones[index].steadied() }
                if let pitch, phrase.clicks.contains(offset) { tones[index] = tones[index].clicked(over: pitch) }
                index += 1
            }
        }
        return tones
    }

    /// The held note of a `match` question, queued after the reference: exactly `frequency`,
    /// bent by the wheel (`cents`) as it moves, on the steady tone (`match` judges intonation:
    /// a held cello sample drifts).
    func hold(_ frequency: Frequency, bentBy cents: Double, settings: TrainingSettings) {
        renderer.enqueueHeld(Tone(frequency: frequency, velocity: Loudness().base, source: settings.soundSource,
                                  startFrame: 0, frameCount: 1).steadied(), cents: cents)
    }

    func bendHeld(cents: Double) {
        renderer.bendHeld(cents: cents)
    }

    func releaseHeld() {
        renderer.releaseHeld()
    }

    func drone(_ frequency: Frequency?) {
        renderer.setDrone(frequency)
    }

    /// A virtual keyboard's key is struck (held for the note duration: feedback waits for it, as
    /// for a key held down); a cue (no arrival) just sounds.
    func playKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant?) {
        let tone = keyTone(note, velocity: velocity, root: root, settings: settings)
        if let arrivedAt { renderer.strike(note, tone, arrivedAt: arrivedAt) } else { renderer.play([tone]) }
    }

    func pressKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant) {
        renderer.press(note, keyTone(note, velocity: velocity, root: root, settings: settings), arrivedAt: arrivedAt)
    }

    func releaseKey(_ note: MIDINote) {
        renderer.release(note)
    }

    func sustain(_ down: Bool) {
        renderer.sustain(down)
    }

    /// A key tuned relative to `root` (equal tempered without one), lasting the note duration
    /// when it is not held.
    private func keyTone(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings) -> Tone {
        let frequency = root.map { settings.tuningSystem.frequency(of: note, root: $0, reference: settings.referencePitch) }
            ?? Frequency(note, reference: settings.referencePitch)
        let frames = max(1, Int((settings.noteDuration.seconds * renderer.sampleRate).rounded()))
        return Tone(frequency: frequency, velocity: min(127, max(1, velocity)), source: settings.soundSource,
                    startFrame: 0, frameCount: frames)
    }

    /// What the status says before the first attempt to open the device has ended.
    static let opening = "opening the audio device"

    func silence() {
        renderer.stop()
    }

    var status: SoundStatus {
        let voice = (celloProblem.map { "; sine only: \($0)" } ?? "") + (self.voice?.problem.map { "; no voice: \($0)" } ?? "")
        switch output.status {
        case .starting: return SoundStatus(deviceOpen: false, detail: Self.opening)
        case .playing(let device):
            return SoundStatus(deviceOpen: true, detail: device + voice, inputToSound: InputToSound(recent: renderer.inputToSound))
        case .silent(let reason): return SoundStatus(deviceOpen: false, detail: reason + voice)
        }
    }

    /// The cards present (as libasound lists them), and what the configured device makes of them.
    var devices: SoundDevices {
        let report = output.devices(cards: SoundCard.present())
        return SoundDevices(
            driver: report.driver, device: report.device, open: report.open, problem: report.problem,
            cards: report.cards.map { entry in
                SoundCardEntry(index: entry.card.index, id: entry.card.id, driver: entry.card.driver, name: entry.card.name,
                               longName: entry.card.longName, matches: entry.named, inUse: entry.inUse)
            })
    }

    private func style(_ settings: TrainingSettings) -> PromptStyle {
        PromptStyle(noteDuration: settings.noteDuration.seconds, gap: settings.promptGap.seconds, harmonic: false, source: settings.soundSource,
                    loudness: Loudness(fraction: settings.varyLoudness))
    }
}
