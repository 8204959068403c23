import MusicTheory

/// Keys played as one chord: those pressed within `window` of the first. A group
/// is an answer when it has as many pitch classes as the chord asked, when all its keys are up,
/// or when a key comes after the window (the keys before it were an answer of their own). A key
/// within the window of a group already judged complete belongs to it (a doubled tone pressed
/// last) and is no answer. The `chord` kind answers with one group, `progression` with one a chord.
struct ChordGroup: Sendable, Hashable {
    /// Keys pressed within this of the first key of a group are one answer.
    static let window = Duration.milliseconds(150)

    private(set) var keys: [MIDINote] = []
    private var start: Duration = .zero
    private var held: Set<MIDINote> = []
    /// When the group judged complete on a press began, while its keys are down: a key within
    /// its window is one of it (a doubled tone pressed last), never a new answer.
    private var completedStart: Duration?

    /// A key pressed at `time`: the keys before it when it came after the window (an answer to
    /// judge before this key counts), taken out of the group.
    mutating func closed(before note: MIDINote, at time: Duration) -> [MIDINote]? {
        held.insert(note)
        guard !keys.isEmpty, time - start > Self.window else { return nil }
        return taken()
    }

    /// Adds the key pressed at `time` (after `closed(before:at:)`): the group, taken out, when it
    /// now has `complete` pitch classes; nil while it is short, or always when `complete` is nil
    /// (the answer waits for the keys to come up).
    mutating func add(_ note: MIDINote, at time: Duration, complete: Int?) -> [MIDINote]? {
        if keys.isEmpty, let completed = completedStart, time - completed <= Self.window { return nil }
        completedStart = nil
        if keys.isEmpty { start = time }
        keys.append(note)
        guard let complete else { return nil }
        var classes = 0
        for key in keys { classes |= 1 << key.pitchClass.rawValue }
        guard classes.nonzeroBitCount >= complete else { return nil }
        completedStart = start
        return taken()
    }

    /// A key released: the group, taken out, when it was the last key down.
    mutating func released(_ note: MIDINote) -> [MIDINote]? {
        held.remove(note)
        if held.isEmpty { completedStart = nil }
        guard held.isEmpty, !keys.isEmpty else { return nil }
        return taken()
    }

    private mutating func taken() -> [MIDINote] {
        defer { keys = [] }
        return keys
    }
}

extension Chord {
    /// What a wrong group of keys was heard as: its name for the student (`F major`, `no chord`),
    /// and as the results count it: the quality alone when it is a chord on `root` (`major`).
    static func heard(_ played: [MIDINote], root: PitchClass) -> (name: String, counted: String) {
        guard let recognized = Chord.recognize(played).first?.chord else { return ("no chord", "no chord") }
        return (recognized.name, recognized.root.pitchClass == root ? recognized.quality.rawValue : recognized.name)
    }
}

/// A question answered by groups of keys held together (`chord`, `progression`): its keys go
/// through its `ChordGroup`, which hands each group to `judge` once it is complete, once a key
/// comes after the window, or once its keys come up.
protocol AnsweredByKeyGroups: OpenQuestion {
    var group: ChordGroup { get set }
    /// Pitch classes that complete the group expected now; nil: it is judged when its keys come up.
    var completingPitchClasses: Int? { get }
    /// One group's keys, lowest first or as pressed, judged.
    mutating func judge(_ played: [MIDINote], velocity: Int, context: inout QuestionContext) -> QuestionStep
}

extension AnsweredByKeyGroups {
    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        var earlier: [TrainingEvent.Kind] = []
        if let keys = group.closed(before: note, at: context.time) {
            // A key after the window: the keys before it were an answer of their own.
            let step = judge(keys, velocity: velocity, context: &context)
            if step.finished { return step }
            earlier = step.events
        }
        guard let keys = group.add(note, at: context.time, complete: completingPitchClasses) else { return QuestionStep(earlier) }
        var step = judge(keys, velocity: velocity, context: &context)
        step.events = earlier + step.events
        return step
    }

    mutating func release(_ note: MIDINote, context: inout QuestionContext) -> QuestionStep {
        guard let keys = group.released(note) else { return QuestionStep() }
        return judge(keys, velocity: 64, context: &context)
    }
}
