import ControlProtocol
import MusicTheory
import Synchronization
import Training

/// Where the daemon sends sound: prompts, every key the student presses, silence. The engine's
/// edge towards the audio part; `FluidSynthAudio` implements it for real.
///
/// A question's sounds and sentences form one timeline, heard in the order they are given:
/// `playPrompt`, `say`, `pause` and `afterKeysUp` queue on it, each starting when the one before
/// has ended; `silence` empties it. Keys (`pressKey`, `playKey`) and cues sound at once.
public protocol SoundOutput: Sendable {
    /// Queues a prompt on the timeline: its phrases one after another, the gap between notes and
    /// phrases alike (a scale's model answer; an interval's root then target, or both at once).
    func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings)
    /// The same, and each of `marks` is called with the instant its moment of the prompt leaves
    /// the speaker (when it is handed to the device, plus the device's own delay).
    func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings, marks: PromptMarks)
    /// Sounds one key pressed and released at once (the virtual keyboard's), for the settings'
    /// note duration, tuned relative to `root` (or equal tempered). A key that `arrivedAt` an
    /// instant counts in the input-to-sound figures (`SoundStatus.inputToSound`); nil: no key (a cue).
    func playKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant?)
    /// Sounds one key the student pressed, at once, tuned like `playKey`, until `releaseKey`;
    /// measured from when it `arrivedAt` (its sequencer timestamp).
    func pressKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant)
    /// A pressed key came up: its sound releases naturally (or is held by the sustain pedal).
    func releaseKey(_ note: MIDINote)
    /// The sustain pedal went down or up; up releases the keys it held.
    func sustain(_ down: Bool)
    /// Stops everything and empties the timeline, with a short fade rather than a click.
    func silence()
    /// Drops the timeline and the prompt notes not yet started; what sounds (the student's keys,
    /// a click already started) plays on: a steady click ends at the answer under its last key.
    func endPrompt()
    /// Queues a sentence on the timeline.
    func say(_ utterance: Utterance)
    /// Speaks at once, over whatever sounds (ducked under notes): a feedback word.
    func cue(_ utterance: Utterance)
    /// Queues silence on the timeline: a breath before the next question.
    func pause(_ length: Duration)
    /// Queues a wait for the student's keys to come up, at most `within`: feedback never sounds
    /// over the student's own note.
    func afterKeysUp(within: Duration)
    /// Queues on the timeline a note at exactly `frequency` bent by `bentBy` cents, held until
    /// `releaseHeld` (or `silence`): the note a `match` question is tuned with the wheel. One at
    /// a time; a second replaces the first.
    func hold(_ frequency: Frequency, bentBy cents: Double, settings: TrainingSettings)
    /// The wheel moved: the held note (sounding or queued) sounds at its frequency bent by
    /// `cents` from now, sharp positive.
    func bendHeld(cents: Double)
    /// Ends the held note (its release, as a key's).
    func releaseHeld()
    /// Sounds the tonic drone at `frequency` under everything that follows, until another
    /// frequency or nil: no stop, skip or new question ends it (docs/audio.md, "The drone").
    func drone(_ frequency: Frequency?)
    /// Whether a device is open, and which, or why not.
    var status: SoundStatus { get }
    /// When the last sound it made leaves the speaker (it may lie ahead); nil when it has sounded
    /// nothing or cannot tell. A note the listening input heard beginning before then (and a
    /// room's echo after) is the daemon's own sound, never an answer.
    var lastAudible: ContinuousClock.Instant? { get }
    /// The driver and device configured, the sound cards present and which the device names
    /// (`devices.get`); read when asked, not at every `status`.
    var devices: SoundDevices { get }
}

extension SoundOutput {
    /// An output that sounds nothing in time says the prompt is heard, whole, as it is asked.
    public func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings, marks: PromptMarks) {
        playPrompt(phrases, settings: settings)
        let now = ContinuousClock.now
        for mark in [marks.first, marks.lastPhrase, marks.end] { mark?(now) }
    }

    /// An output with no timeline stops everything.
    public func endPrompt() { silence() }

    /// An output with no voice says nothing.
    public func say(_ utterance: Utterance) {}
    /// An output with no voice cues nothing.
    public func cue(_ utterance: Utterance) {}
    /// An output with no timeline has nothing to wait in.
    public func pause(_ length: Duration) {}
    /// An output with no timeline has nothing to wait in.
    public func afterKeysUp(within: Duration) {}
    /// An output that cannot hold a note sounds none.
    public func hold(_ frequency: Frequency, bentBy cents: Double, settings: TrainingSettings) {}
    /// Nothing held, nothing bent.
    public func bendHeld(cents: Double) {}
    /// Nothing held, nothing released.
    public func releaseHeld() {}

    public func drone(_ frequency: Frequency?) {}

    /// An output that cannot tell when it sounds: nothing it made is ever taken for its own.
    public var lastAudible: ContinuousClock.Instant? { nil }

    /// An output that knows no cards says what its status says.
    public var devices: SoundDevices { SoundDevices(status) }
}

/// Something to say, and how: what the voice settings give (`[voice]`, the student's).
public struct Utterance: Sendable, Hashable {
    public var text: String
    /// eSpeak NG's voice name: a language with an optional variant (`en`, `de+f3`).
    public var voice: String
    /// Words per minute.
    public var rate: Int
    /// Loudness against the notes, 0…1.
    public var volume: Double

    public init(_ text: String, voice: String = "en", rate: Int = 160, volume: Double = 0.7) {
        self.text = text
        self.voice = voice
        self.rate = rate
        self.volume = volume
    }
}

/// Notes of a prompt tuned relative to one root: one after another, or together.
public struct PromptPhrase: Sendable, Hashable {
    public var notes: [MIDINote]
    public var root: MIDINote
    public var together: Bool
    /// Cents added to each note's tuned pitch, by position (`SoundPhrase.cents`).
    public var cents: [Double]
    /// The tuning system instead of the settings' (`SoundPhrase.tuning`).
    public var tuning: TuningSystem?
    /// When each note sounds (`SoundPhrase.timing`); empty: the settings lay them out.
    public var timing: [NoteTime] = []
    /// The notes that are clicks, by position (`SoundPhrase.clicks`).
    public var clicks: Set<Int> = []
    /// The question's answer is timed from when it is heard (`SoundPhrase.timesAnswer`).
    public var timesAnswer = false
    /// Starts on a bar line of the timed prompt before it, bars this many seconds long
    /// (`SoundPhrase.startsOnBar`).
    public var startsOnBar: Double?
    /// Sounded on the steady tone with harmonics whatever the settings' sound source: its kind
    /// judges intonation (`ExerciseModule.soundsSteady`).
    public var steady = false

    public init(_ notes: [MIDINote], root: MIDINote, together: Bool = false, cents: [Double] = [], tuning: TuningSystem? = nil) {
        self.notes = notes
        self.root = root
        self.together = together
        self.cents = cents
        self.tuning = tuning
    }
}

/// The sound part's state, as `status` reports it.
public struct SoundStatus: Sendable, Hashable {
    public var deviceOpen: Bool
    /// The device in use, or why none is.
    public var detail: String
    /// Key to sound over the recent keys, as the output measured it; nil before any.
    public var inputToSound: InputToSound?

    public init(deviceOpen: Bool, detail: String, inputToSound: InputToSound? = nil) {
        self.deviceOpen = deviceOpen
        self.detail = detail
        self.inputToSound = inputToSound
    }
}

extension SoundDevices {
    /// What a sound output that knows no driver and no cards says: its status.
    public init(_ status: SoundStatus) {
        self.init(driver: nil, device: nil, open: status.deviceOpen ? status.detail : nil,
                  problem: status.deviceOpen ? nil : status.detail, cards: [])
    }
}

/// A sound output that plays nothing and keeps nothing: the daemon's when started without any
/// audio part (`--audio off`), which may hear millions of keys in its life.
public struct SilentSoundOutput: SoundOutput {
    public let status: SoundStatus

    public init(status: SoundStatus) {
        self.status = status
    }

    public func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings) {}
    public func playKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant?) {}
    public func pressKey(_ note: MIDINote, velocity: Int, root: MIDINote?, settings: TrainingSettings, arrivedAt: ContinuousClock.Instant) {}
    public func releaseKey(_ note: MIDINote) {}
    public func sustain(_ down: Bool) {}
    public func silence() {}
}
