import MusicTheory

/// The running count from which a session's results are made.
struct ResultsTally {
    private struct RowCount {
        var asked = 0
        var correct = 0
        var correctFirstTry = 0
        var errors = 0
        var revealed = 0
        var responseTotal = Duration.zero
        /// Tuned answers (`match`): how many, and their errors' absolute values added up.
        var tuned = 0
        var absoluteCentsTotal = 0.0
    }

    private struct ConfusionKey: Hashable {
        let expected: AnswerSubject
        let played: String
        /// Orders ties: an interval's semitones; chords after intervals.
        let rank: Int
    }

    private var rows: [AnswerSubject: RowCount] = [:]
    private var confusions: [ConfusionKey: Int] = [:]
    private var thresholds: [AnswerSubject: SessionThreshold] = [:]
    private(set) var correct = 0
    private(set) var errors = 0
    private(set) var revealed = 0
    private(set) var skipped = 0
    private(set) var roundsCompleted = 0
    private(set) var questionsFinished = 0
    private var responseTotal = Duration.zero
    private var firstNoteTotal = Duration.zero
    private var firstNoteCount = 0
    private var tuned = 0
    private var absoluteCentsTotal = 0.0

    mutating func asked(_ subject: AnswerSubject) {
        rows[subject, default: RowCount()].asked += 1
    }

    /// A wrong answer; `played` names what it was (a pitch-class distance from the root, a chord).
    mutating func wrong(_ subject: AnswerSubject, played: String, rank: Int) {
        errors += 1
        rows[subject, default: RowCount()].errors += 1
        confusions[ConfusionKey(expected: subject, played: played, rank: rank), default: 0] += 1
    }

    mutating func right(_ subject: AnswerSubject, firstTry: Bool, responseTime: Duration) {
        correct += 1
        responseTotal += responseTime
        rows[subject, default: RowCount()].correct += 1
        rows[subject, default: RowCount()].responseTotal += responseTime
        if firstTry { rows[subject, default: RowCount()].correctFirstTry += 1 }
    }

    /// A tuned answer's signed error in cents (`match`), right or wrong.
    mutating func tuned(_ subject: AnswerSubject, cents: Double) {
        tuned += 1
        absoluteCentsTotal += abs(cents)
        rows[subject, default: RowCount()].tuned += 1
        rows[subject, default: RowCount()].absoluteCentsTotal += abs(cents)
    }

    /// A tuned answer measured again (a sung note, whole once it ended): `to` counts in place of `from`.
    mutating func retuned(_ subject: AnswerSubject, from old: Double, to new: Double) {
        absoluteCentsTotal += abs(new) - abs(old)
        rows[subject, default: RowCount()].absoluteCentsTotal += abs(new) - abs(old)
    }

    /// The first note played for an answer, right or wrong.
    mutating func firstNote(after time: Duration) {
        firstNoteTotal += time
        firstNoteCount += 1
    }

    /// An answer shown to the student; `skipped` when they asked for it, not after wrong tries.
    mutating func revealed(_ subject: AnswerSubject, skipped: Bool) {
        if !skipped { revealed += 1 }
        rows[subject, default: RowCount()].revealed += 1
    }

    /// A whole question counted under `subject` beside its answers' own rows (a progression
    /// beside its chords): its row only, never the totals, which count answers. `responseTime`:
    /// from when its first answer was expected to its last.
    mutating func wholeQuestion(_ subject: AnswerSubject, errors: Int, revealed: Bool, responseTime: Duration) {
        rows[subject, default: RowCount()].errors += errors
        if revealed {
            rows[subject, default: RowCount()].revealed += 1
        } else {
            rows[subject, default: RowCount()].correct += 1
            rows[subject, default: RowCount()].responseTotal += responseTime
            if errors == 0 { rows[subject, default: RowCount()].correctFirstTry += 1 }
        }
    }

    /// A subject's threshold after its latest answer: the last one stands in the results.
    mutating func measured(_ threshold: SessionThreshold) {
        thresholds[threshold.subject] = threshold
    }

    /// A question (or the rest of a scale round) skipped.
    mutating func skippedQuestion() { skipped += 1 }
    mutating func completedRound() { roundsCompleted += 1 }
    mutating func finishedQuestion() { questionsFinished += 1 }

    func results(exercise: Exercise, sessionLength: Duration) -> SessionResults {
        let breakdown = rows.keys.sorted().map { subject in
            let row = rows[subject]!
            var result = SessionResults.Row(
                subject: subject, asked: row.asked, correct: row.correct, correctFirstTry: row.correctFirstTry,
                errors: row.errors, revealed: row.revealed,
                averageResponseTime: row.correct == 0 ? nil : row.responseTotal / row.correct
            )
            result.meanAbsoluteCents = row.tuned == 0 ? nil : row.absoluteCentsTotal / Double(row.tuned)
            return result
        }
        let cells = confusions
            .sorted { ($1.value, $0.key.expected, $0.key.rank, $0.key.played) < ($0.value, $1.key.expected, $1.key.rank, $1.key.played) }
            .map { SessionResults.Confusion(expected: $0.key.expected, played: $0.key.played, count: $0.value) }
        var results = SessionResults(
            exercise: exercise, sessionLength: sessionLength, correct: correct, errors: errors,
            revealed: revealed, skipped: skipped, roundsCompleted: roundsCompleted,
            questionsFinished: questionsFinished,
            averageResponseTime: correct == 0 ? nil : responseTotal / correct,
            averageFirstNoteTime: firstNoteCount == 0 ? nil : firstNoteTotal / firstNoteCount,
            breakdown: breakdown, confusions: cells,
            thresholds: thresholds.keys.sorted().map { thresholds[$0]! }
        )
        results.meanAbsoluteCents = tuned == 0 ? nil : absoluteCentsTotal / Double(tuned)
        return results
    }
}
