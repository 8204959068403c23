import Training

extension ResultsReport {
    /// The engine's results as the daemon reports them; mean errors in cents to the thousandth.
    public init(_ results: SessionResults) {
        self.init(
            correct: results.correct, errors: results.errors, revealed: results.revealed, skipped: results.skipped,
            roundsCompleted: results.roundsCompleted, questionsFinished: results.questionsFinished,
            sessionSeconds: results.sessionLength.seconds, errorRate: results.errorRate,
            averageResponseSeconds: results.averageResponseTime?.seconds,
            averageFirstNoteSeconds: results.averageFirstNoteTime?.seconds,
            breakdown: results.breakdown.map { row in
                Row(subject: row.subject.description, category: row.subject.category, asked: row.asked, correct: row.correct,
                    correctFirstTry: row.correctFirstTry, errors: row.errors, revealed: row.revealed,
                    averageResponseSeconds: row.averageResponseTime?.seconds,
                    meanAbsoluteCents: results.meanAbsoluteCents == nil ? nil : row.meanAbsoluteCents.map(Self.thousandths))
            },
            confusions: results.confusions.map { Confusion(expected: $0.expected.description, played: $0.played, count: $0.count) },
            thresholds: results.thresholds.map { threshold in
                Threshold(subject: threshold.subject.description, category: threshold.subject.category, cents: threshold.cents,
                          trials: threshold.trials, settled: threshold.settled)
            },
            meanAbsoluteCents: results.meanAbsoluteCents.map(Self.thousandths))
    }

    private static func thousandths(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
