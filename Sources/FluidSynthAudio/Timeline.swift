/// A question's sounds and sentences, heard one after another in the order they were queued: the
/// feedback echo once the student's keys are up, what was heard named, a breath, the next
/// question's instruction, then its notes. Nothing starts over a step still sounding; a stop
/// empties it (`ToneRenderer.stop()`), so nothing outlives its question.
struct Timeline {
    enum Step {
        /// Notes laid out from the step's start (their `startFrame`s), planned when queued; a
        /// prompt reports the moments its marks ask for as they are heard.
        case tones([Tone], voices: [ToneVoice], marks: ToneRenderer.PromptMarks)
        /// A sentence, by the id its samples arrive under (`ToneRenderer.fillSentence`).
        case sentence(id: Int)
        /// Silence, in frames.
        case pause(frames: Int)
        /// Until no key the student plays is held (nor held by the pedal), at most `frames`.
        case keysUp(frames: Int)
        /// A note held from here until released, following the wheel; the next step starts at once.
        case held(Tone, voice: ToneVoice)
        /// Until a bar line of the last timed prompt (`barAnchor`), bars `frames` long: the first at
        /// least `barLead` away when the step is reached and with no cue word being said on it.
        case barLine(frames: Double)
    }

    /// How far off the bar line a `barLine` step waits for is, at least, in seconds: room for a
    /// cue word ("wrong") before what comes in on it.
    static let barLead = 0.8

    /// How long a sentence may take to be synthesized before it is passed over, in seconds.
    static let synthesisWait = 2.0

    private(set) var steps: [Step] = []
    /// The frame the step heard now ends at (a tone's end, a pause's).
    var busyUntil = 0
    /// When the first step began to wait (for a sentence's samples, or for keys to come up).
    var waitingSince: Int?
    /// The frame the last timed prompt (one whose first note's moment was asked for: a steady
    /// click) began at: its bar lines are counted from there. An answer ending the prompt
    /// (`clear`) keeps it; a stop forgets it.
    var barAnchor: Int?
    /// The bar line a `barLine` step at the front waits for, once chosen.
    var barTarget: Int?
    /// Sentences synthesized, by id, until their step comes.
    var sentences: [Int: [Float]] = [:]
    private var nextID = 0

    var isEmpty: Bool { steps.isEmpty }

    mutating func append(_ step: Step) {
        steps.append(step)
    }

    /// Queues a sentence whose samples will come later; returns its id.
    mutating func appendSentence() -> Int {
        nextID += 1
        steps.append(.sentence(id: nextID))
        return nextID
    }

    /// The samples of a queued sentence (ignored when its step is gone: a stop came first).
    mutating func fill(_ id: Int, samples: [Float]) {
        guard steps.contains(where: { if case .sentence(id) = $0 { true } else { false } }) else { return }
        sentences[id] = samples
    }

    /// The first step is done: the next one may start.
    mutating func removeFirst() {
        if case .sentence(let id) = steps.first { sentences[id] = nil }
        steps.removeFirst()
        waitingSince = nil
        barTarget = nil
    }

    /// Drops a held note not reached yet: it was released before it began.
    mutating func removeHeld() {
        steps.removeAll { if case .held = $0 { true } else { false } }
    }

    /// Forgets every step.
    mutating func clear() {
        steps.removeAll()
        sentences.removeAll()
        waitingSince = nil
        barTarget = nil
        busyUntil = 0
    }
}
