import MusicTheory
@testable import Training

/// A clock moved by hand.
final class FakeClock: TrainingClock {
    var now: Duration = .zero

    func advance(by duration: Duration) {
        now += duration
    }
}

/// A sink that records every event, in order.
final class RecordingSink: TrainingEventSink {
    private(set) var events: [TrainingEvent] = []

    func receive(_ event: TrainingEvent) {
        events.append(event)
    }

    func clear() { events.removeAll() }

    var prompts: [Prompt] {
        events.compactMap { if case .prompt(let prompt) = $0.kind { prompt } else { nil } }
    }

    var judgements: [NoteJudgement] {
        events.compactMap { if case .noteJudged(let judgement) = $0.kind { judgement } else { nil } }
    }

    var reveals: [AnswerRevealed] {
        events.compactMap { if case .answerRevealed(let reveal) = $0.kind { reveal } else { nil } }
    }

    var roundsComplete: [RoundComplete] {
        events.compactMap { if case .roundComplete(let round) = $0.kind { round } else { nil } }
    }

    var results: [SessionResults] {
        events.compactMap { if case .sessionEnded(let results) = $0.kind { results } else { nil } }
    }

    var starts: [SessionStarted] {
        events.compactMap { if case .sessionStarted(let started) = $0.kind { started } else { nil } }
    }

    /// The kinds of the events, as short names, to check their order.
    var names: [String] {
        events.map {
            switch $0.kind {
            case .sessionStarted: "started"
            case .prompt: "prompt"
            case .noteJudged(let judgement): judgement.correct ? "right" : "wrong"
            case .roundComplete: "round"
            case .answerRevealed: "revealed"
            case .sessionEnded: "ended"
            case .noteMeasured: "measured"
            }
        }
    }
}

/// Settings a test changes between prompts.
final class MutableSettings: TrainingSettingsSource {
    var current: TrainingSettings

    init(_ settings: TrainingSettings = .cello) {
        current = settings
    }
}

/// An engine with a fake clock, recorded events and a fixed seed, and a keyboard to play it.
struct Harness {
    let clock = FakeClock()
    let sink = RecordingSink()
    let settings: MutableSettings
    let engine: TrainingEngine

    init(seed: UInt64 = 1, settings: TrainingSettings = .cello, controls: KeyboardControls = .standard) {
        self.settings = MutableSettings(settings)
        engine = TrainingEngine(
            settings: self.settings, clock: clock, random: SeededRandom(seed: seed), controls: controls, sink: sink
        )
    }

    /// Presses (and releases) a key `after` the previous event.
    func play(_ note: Int, after: Duration = .seconds(1), velocity: Int = 80) {
        clock.advance(by: after)
        engine.handle(.noteOn(MIDINote(note), velocity: velocity, at: clock.now))
        engine.handle(.noteOff(MIDINote(note), at: clock.now))
    }

    /// Presses a key and keeps it down.
    func press(_ note: Int, after: Duration = .seconds(1), velocity: Int = 80) {
        clock.advance(by: after)
        engine.handle(.noteOn(MIDINote(note), velocity: velocity, at: clock.now))
    }

    /// Releases keys held down.
    func release(_ notes: [Int], after: Duration = .milliseconds(300)) {
        clock.advance(by: after)
        for note in notes { engine.handle(.noteOff(MIDINote(note), at: clock.now)) }
    }

    /// Presses and releases a pedal.
    func pedal(_ controller: Int = 64, after: Duration = .seconds(1)) {
        clock.advance(by: after)
        engine.handle(.controlChange(controller, value: 127, at: clock.now))
        engine.handle(.controlChange(controller, value: 0, at: clock.now))
    }

    /// The open interval question (from the latest prompt).
    var intervalQuestion: IntervalQuestion {
        guard let question = sink.prompts.last!.question.shown(as: IntervalQuestion.self) else { fatalError("no interval prompt") }
        return question
    }

    /// The open scale question (from the latest prompt).
    var scaleQuestion: ScaleQuestion {
        guard let question = sink.prompts.last!.question.shown(as: ScaleQuestion.self) else { fatalError("no scale prompt") }
        return question
    }
}

/// The semitone offsets of a mode's eight degrees from a step pattern written out by hand.
func offsets(ofPattern pattern: String) -> [Int] {
    var total = 0
    return [0] + pattern.split(separator: "-").map { step in
        total += ["H": 1, "W": 2, "W+H": 3, "2W": 4][String(step)]!
        return total
    }
}

/// The step patterns as a textbook lists them, independent of `Mode`.
let textbookPatterns: [Mode: String] = [
    .ionian: "W-W-H-W-W-W-H", .dorian: "W-H-W-W-W-H-W", .phrygian: "H-W-W-W-H-W-W",
    .lydian: "W-W-W-H-W-W-H", .mixolydian: "W-W-H-W-W-H-W", .aeolian: "W-H-W-W-H-W-W",
    .locrian: "H-W-W-H-W-W-W",
    .harmonicMinor: "W-H-W-W-H-W+H-H", .melodicMinor: "W-H-W-W-W-W-H", .majorPentatonic: "W-W-W+H-W-W+H",
    .minorPentatonic: "W+H-W-W-W+H-W", .blues: "W+H-W-H-H-W+H-W", .wholeTone: "W-W-W-W-W-W",
    .chromatic: "H-H-H-H-H-H-H-H-H-H-H-H",
]

func interval(_ text: String) -> SpelledInterval { try! SpelledInterval(parsing: text) }

func root(_ text: String) -> RootNote { try! RootNote(parsing: text) }

func subject(_ text: String) -> AnswerSubject { .interval(interval(text)) }
