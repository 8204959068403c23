import MusicTheory

/// A scale round under way: the degrees played right so far, judged one key at a time.
struct ScaleRound: OpenQuestion {
    let scaleQuestion: ScaleQuestion
    let promptTime: Duration
    /// Index of the expected note, 0…7.
    var index = 0
    /// Which try at the expected note comes next, from 1.
    var attempt = 1
    /// When the expected note became expected.
    var expectedSince: Duration
    var errors = 0
    var drawn: [StaffNote] = []
    /// Each note must be above the last one played right (`AnswerMatching.inDirection`).
    let rising: Bool
    /// The last note played right in this round.
    var lastRight: MIDINote?

    init(question: ScaleQuestion, at time: Duration, rising: Bool = false) {
        self.scaleQuestion = question
        self.promptTime = time
        self.expectedSince = time
        self.rising = rising
    }

    var question: any ExerciseQuestion { scaleQuestion }
    /// The root.
    var sounds: [SoundPhrase] { [SoundPhrase([scaleQuestion.expected[0].midiNote])] }
    /// Empty: the student draws the scale.
    var staff: Staff { Staff() }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let time = context.time
        let expected = scaleQuestion.expected[index]
        let subject = scaleQuestion.degree(at: index)
        // The first degree is played along with the root the prompt sounds.
        let responseTime = index == 0 ? context.responseTime(since: expectedSince, along: true) : time - expectedSince
        let attempt = attempt
        if attempt == 1 { context.firstNote(after: responseTime) }
        // In direction: above the last note played right where the round goes up, below where it goes down.
        let goesUp = index == 0 || scaleQuestion.degrees[index] > scaleQuestion.degrees[index - 1]
        let correct = expected.isAnswered(by: note) && (!rising || lastRight.map { goesUp ? note > $0 : note < $0 } ?? true)
        if correct {
            lastRight = note
            context.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            drawn.append(StaffNote(scaleQuestion.placed[index], role: .answer))
            index += 1
            self.attempt = 1
            expectedSince = time
        } else {
            let root = scaleQuestion.expected[0].midiNote
            context.wrong(subject, played: Interval(rawValue: floorMod(note.rawValue - root.rawValue, 12))!)
            errors += 1
            self.attempt += 1
        }
        let judgement = NoteJudgement(
            expected: expected, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: time - promptTime, staff: Staff(drawn)
        )
        guard correct else { return QuestionStep([.noteJudged(judgement)]) }
        guard index == scaleQuestion.expected.count else {
            context.asked(scaleQuestion.degree(at: index))
            return QuestionStep([.noteJudged(judgement)])
        }
        context.completedRound()
        let scale = scaleQuestion.scale
        let complete = RoundComplete(
            round: context.number, title: "\(scale.root) \(scale.mode.name)", errors: errors, duration: time - promptTime,
            details: .init(encoding: ScaleRoundDetails(scale: scale.description)),
            sounds: context.settings.scaleModelAnswer ? modelAnswer : []
        )
        return QuestionStep([.noteJudged(judgement), .roundComplete(complete)], finished: true)
    }

    mutating func skip(context: inout QuestionContext) -> QuestionStep {
        let rest = index..<scaleQuestion.expected.count
        for index in rest {
            if index > self.index { context.asked(scaleQuestion.degree(at: index)) }
            context.revealed(scaleQuestion.degree(at: index), skipped: true)
        }
        context.skippedQuestion()
        let staff = Staff(drawn + rest.map { StaffNote(scaleQuestion.placed[$0], role: .revealed) })
        let notes = scaleQuestion.expected[rest].map(\.midiNote)
        let revealed = AnswerRevealed(
            answers: Array(scaleQuestion.expected[rest]), subjects: rest.map { scaleQuestion.degree(at: $0) },
            reason: .skipped, sounds: [SoundPhrase(notes, timing: Self.run(notes.count))], staff: staff
        )
        return QuestionStep([.answerRevealed(revealed)], finished: true)
    }

    /// A skipped scale's rest as a quick run, 0.25 s a note and the last held 0.5 s: the whole
    /// scale in 2.25 s, where the settings' note length and gap took 7 s.
    static func run(_ count: Int) -> [NoteTime] {
        (0..<count).map { NoteTime(start: Double($0) * 0.25, length: $0 == count - 1 ? 0.5 : 0.25) }
    }

    /// The scale up to the octave from the root key as drawn, the model answer after a round.
    private var modelAnswer: [SoundPhrase] {
        guard let root = scaleQuestion.tuningRoot else { return [] }
        return [ScaleQuestion.modelAnswer(scaleQuestion.scale.mode, from: root)]
    }
}

/// The remainder of `a / b`, in `0..<b` for positive `b`.
func floorMod(_ a: Int, _ b: Int) -> Int {
    let r = a % b
    return r < 0 ? r + b : r
}

/// What a scale's `round_complete` adds: the scale played (`D dorian`).
public struct ScaleRoundDetails: KindDetails {
    public var scale: String
}
