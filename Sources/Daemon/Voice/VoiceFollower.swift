import ControlProtocol
import MusicTheory
import Synchronization
import Training

/// How the voice is to speak now: `[voice]` with the student's settings over it.
public struct SpeakingSettings: Sendable, Hashable {
    public var mode: VoiceMode
    public var cues: AnswerCues
    public var voice: String
    public var rate: Int
    public var volume: Double

    public init(mode: VoiceMode = .auto, cues: AnswerCues = .words, voice: String = "en", rate: Int = 160, volume: Double = 0.7) {
        self.mode = mode
        self.cues = cues
        self.voice = voice
        self.rate = rate
        self.volume = volume
    }
}

/// Tells the student by voice what is asked and how it went, through the sound output: feedback
/// at once, everything else in its place on the question's timeline (`SpokenPhrases`). With
/// `auto` it speaks while no client follows the prompts (no `watch`, no page): the box by the
/// piano speaks, a screen keeps it quiet.
public final class VoiceFollower: EventFollower {
    private let sound: any SoundOutput
    private let settings: @Sendable () -> SpeakingSettings
    private let watched: @Sendable () -> Bool
    private let phrases = Mutex(SpokenPhrases())

    public init(sound: any SoundOutput, settings: @escaping @Sendable () -> SpeakingSettings, watched: @escaping @Sendable () -> Bool) {
        self.sound = sound
        self.settings = settings
        self.watched = watched
    }

    public func follow(_ report: EventReport, event: TrainingEvent?) {
        guard let event else { return }
        let now = settings()
        // Kept up to date even while silent, so the next words fit the question open then.
        let lines = phrases.withLock { $0.lines(for: event, cues: now.cues) }
        guard now.mode == .on || (now.mode == .auto && !watched()) else { return }
        if now.cues == .tones, case .noteJudged(let judgement) = event.kind {
            cue(judgement.correct)
        }
        for line in lines {
            let utterance = Utterance(line.text, voice: now.voice, rate: now.rate, volume: now.volume)
            switch line.when {
            case .now: sound.cue(utterance)
            case .inTurn: sound.say(utterance)
            }
        }
    }

    /// Says `text` now (a menu's words, a greeting), if the voice may speak.
    public func say(_ text: String) {
        let now = settings()
        guard now.mode == .on || (now.mode == .auto && !watched()) else { return }
        say(text, now)
    }

    private func say(_ text: String, _ settings: SpeakingSettings) {
        sound.say(Utterance(text, voice: settings.voice, rate: settings.rate, volume: settings.volume))
    }

    /// A short high sine for right, a low one for wrong.
    private func cue(_ right: Bool) {
        var cueSettings = TrainingSettings.cello
        cueSettings.soundSource = .sine
        cueSettings.noteDuration = .milliseconds(120)
        sound.playKey(MIDINote(right ? 96 : 84), velocity: 60, root: nil, settings: cueSettings, arrivedAt: nil)
    }
}
