import ControlProtocol
import MusicTheory
import Synchronization
import Training

/// A sound output that plays nothing and remembers everything it was asked, for tests: it grows
/// with every key, so a running daemon uses `SilentSoundOutput` instead.
public final class RecordingSoundOutput: SoundOutput {
    public enum Call: Sendable, Hashable {
        case prompt([MIDINote], root: MIDINote)
        /// Notes of a prompt sounded together (a harmonic interval).
        case chord([MIDINote], root: MIDINote)
        case key(MIDINote, velocity: Int, root: MIDINote?)
        /// A key held until its `release`.
        case press(MIDINote, velocity: Int, root: MIDINote?)
        case release(MIDINote)
        case sustain(Bool)
        case silence
        /// The prompt's queued notes dropped (`endPrompt`).
        case endPrompt
        /// Words given to the voice, queued.
        case said(String)
        /// Words spoken at once (feedback).
        case cued(String)
        /// A breath queued.
        case pause(Duration)
        /// A wait for the keys to come up, queued.
        case keysUp(Duration)
        /// A note held at a frequency (hertz), bent by cents.
        case hold(hertz: Double, cents: Double)
        /// The held note bent to cents.
        case bend(cents: Double)
        /// The held note released.
        case releaseHeld
        /// The tonic drone set (its frequency), or ended (nil).
        case drone(hertz: Double?)
    }

    /// One `playPrompt`: its phrases, sounded one after another, and the settings they were tuned with.
    public struct Prompt: Sendable, Hashable {
        public var phrases: [PromptPhrase]
        public var settings: TrainingSettings
    }

    private let calls = Mutex<[Call]>([])
    private let promptCalls = Mutex<[Prompt]>([])
    private let audible = Mutex<ContinuousClock.Instant?>(nil)
    public let status: SoundStatus
    public let devices: SoundDevices

    /// `devices` as a test gives them; by default, what `status` says, with no cards.
    public init(status: SoundStatus = SoundStatus(deviceOpen: false, detail: "no audio part"), devices: SoundDevices? = nil) {
        self.status = status
        self.devices = devices ?? SoundDevices(status)
    }

    /// Everything asked so far, in order.
    public var recorded: [Call] { calls.withLock { $0 } }

    /// When it last sounded, as a test says (`soundsUntil`); nil until it says.
    public var lastAudible: ContinuousClock.Instant? { audible.withLock { $0 } }

    /// A test's sound that is heard until `instant`.
    public func soundsUntil(_ instant: ContinuousClock.Instant) { audible.withLock { $0 = instant } }

    /// Every prompt asked so far, whole, in order: what one `playPrompt` sounded together.
    public var prompts: [Prompt] { promptCalls.withLock { $0 } }

    /// Records each phrase as a call of its own.
    public func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings) {
        promptCalls.withLock { $0.append(Prompt(phrases: phrases, settings: settings)) }
        calls.withLock { calls in
            for phrase in phrases {
                calls.append(phrase.together ? .chord(phrase.notes, root: phrase.root) : .prompt(phrase.notes, root: phrase.root))
            }
        }
    }

    public func playKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant?) {
        calls.withLock { $0.append(.key(note, velocity: velocity, root: root)) }
    }

    public func pressKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant) {
        calls.withLock { $0.append(.press(note, velocity: velocity, root: root)) }
    }

    public func releaseKey(_ note: MIDINote) {
        calls.withLock { $0.append(.release(note)) }
    }

    public func sustain(_ down: Bool) {
        calls.withLock { $0.append(.sustain(down)) }
    }

    public func say(_ utterance: Utterance) {
        calls.withLock { $0.append(.said(utterance.text)) }
    }

    public func silence() {
        calls.withLock { $0.append(.silence) }
    }

    public func cue(_ utterance: Utterance) {
        calls.withLock { $0.append(.cued(utterance.text)) }
    }

    public func endPrompt() {
        calls.withLock { $0.append(.endPrompt) }
    }

    public func pause(_ length: Duration) {
        calls.withLock { $0.append(.pause(length)) }
    }

    public func afterKeysUp(within: Duration) {
        calls.withLock { $0.append(.keysUp(within)) }
    }

    public func hold(_ frequency: Frequency, bentBy cents: Double, settings: TrainingSettings) {
        calls.withLock { $0.append(.hold(hertz: frequency.hertz, cents: cents)) }
    }

    public func bendHeld(cents: Double) {
        calls.withLock { $0.append(.bend(cents: cents)) }
    }

    public func releaseHeld() {
        calls.withLock { $0.append(.releaseHeld) }
    }

    public func drone(_ frequency: Frequency?) {
        calls.withLock { $0.append(.drone(hertz: frequency?.hertz)) }
    }
}
