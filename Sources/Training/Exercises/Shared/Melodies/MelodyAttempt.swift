import MusicTheory

/// A melody played or sung back note by note from its first (a dictation's, a sight-singer's):
/// the note expected next, the wrong attempts so far, and the notes already counted right. A
/// wrong note starts the attempt again from the first; a note right again in a later attempt is
/// not counted again, so a melody's results never say more right than asked.
struct MelodyAttempt: Sendable {
    let notes: [ExpectedNote]
    /// Each note's scale degree: what its answers are counted under.
    let degrees: [Int]
    /// The key the degrees are in, which names a wrong note's degree.
    let key: MelodyKey
    /// The note expected next.
    private(set) var index = 0
    private(set) var wrongAttempts = 0
    /// When the expected note became expected.
    private(set) var expectedSince: Duration?
    /// The notes whose right answer is counted.
    private var counted: Set<Int> = []

    init(notes: [ExpectedNote], degrees: [Int], key: MelodyKey) {
        self.notes = notes
        self.degrees = degrees
        self.key = key
    }

    /// What one key came to.
    struct Try {
        /// Where in the melody it was played (0: the first note).
        let position: Int
        let expected: ExpectedNote
        let subject: AnswerSubject
        let correct: Bool
        /// The attempt's number, from 1.
        let attempt: Int
        let responseTime: Duration
    }

    /// Every note is right: the attempt is whole.
    var complete: Bool { index == notes.count }

    /// A key (or a sung note) at `context.time`, the first note timed from `promptTime`: judged
    /// against the note expected, counted, and the attempt moved on or begun again.
    mutating func press(_ note: MIDINote, since promptTime: Duration, context: inout QuestionContext) -> Try {
        let position = index
        let expected = notes[position]
        let subject = AnswerSubject.degree(degrees[position])
        // A key played while the key is still being set counts as at once, never before it.
        let responseTime = context.responseTime(expectedSince: expectedSince, since: promptTime)
        let attempt = wrongAttempts + 1
        if position == 0 && attempt == 1 { context.firstNote(after: responseTime) }
        let correct = expected.isAnswered(by: note)
        if correct {
            if counted.insert(position).inserted { context.right(subject, firstTry: attempt == 1, responseTime: responseTime) }
            index += 1
            expectedSince = context.time
        } else {
            context.wrong(subject, heardAs: key.mode.degrees.dropLast().map { $0 }.degreeName(semitones: note.rawValue - key.tonicKey.rawValue))
            startAgain(at: context.time)
        }
        return Try(position: position, expected: expected, subject: subject, correct: correct, attempt: attempt, responseTime: responseTime)
    }

    /// A wrong attempt (a wrong note, or a whole attempt off time): from the first note again.
    mutating func startAgain(at time: Duration) {
        wrongAttempts += 1
        index = 0
        expectedSince = time
    }
}
