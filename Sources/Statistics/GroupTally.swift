import ControlProtocol
import Foundation

/// One group's answers (a profile's all, one exercise, mode, root, interval or item) reduced as
/// they come, oldest first, to what its `Figures` need: counts, sums, the current run of correct
/// answers, the days with answers, and the answers recent enough for the trends. Each sum is taken
/// in the order `LifetimeFigures.compute` takes it, so the figures are the same to the last bit.
struct GroupTally {
    /// An answer kept for the trends: the last 60 days' windows.
    struct Recent {
        let time: Double
        let correct: Bool
        let seconds: Double
        let cents: Double?
    }

    /// How far back the trends look: the 30 days before the last 30.
    static let trendSpan = 60.0 * 86400

    private(set) var sessions: Set<UUID> = []
    private(set) var answers = 0
    private var correct = 0
    private var correctSeconds = 0.0
    private var run = 0
    private var bestRun = 0
    private var days: Set<Int> = []
    private var recent: [Recent] = []
    /// The latest offsets asked by a kind that finds a threshold, oldest first.
    private var offsets: [Double] = []
    /// Tuned answers (a kind that measures a tuning error) and their errors' sum, taken absolute.
    private var tuned = 0
    private var absoluteCents = 0.0

    mutating func add(session: UUID, time: Double, day: Int, correct isCorrect: Bool, seconds: Double, offset: Double? = nil,
                      cents: Double? = nil) {
        if let offset {
            offsets.append(offset)
            if offsets.count > ThresholdFigure.window { offsets.removeFirst() }
        }
        if let cents {
            tuned += 1
            absoluteCents += abs(cents)
        }
        sessions.insert(session)
        answers += 1
        if isCorrect {
            correct += 1
            correctSeconds += seconds
        }
        run = isCorrect ? run + 1 : 0
        bestRun = max(bestRun, run)
        days.insert(day)
        recent.append(Recent(time: time, correct: isCorrect, seconds: seconds, cents: cents))
    }

    /// Forgets the answers too old for any trend ending at `now` or later.
    mutating func forget(before now: Double) {
        let oldest = now - Self.trendSpan
        if let keep = recent.firstIndex(where: { $0.time > oldest }) {
            if keep > 0 { recent.removeFirst(keep) }
        } else {
            recent.removeAll()
        }
    }

    /// The group's figures, its sessions `sessionIDs` (their lengths in `lengths`), trends ending
    /// at `now`; `forget(before:)` must not have been given a later time.
    func figures(sessionIDs: Set<UUID>, lengths: [UUID: Double], now: Double) -> Figures {
        var figures = Figures(
            sessions: sessionIDs.count,
            practiceSeconds: sessionIDs.reduce(0) { $0 + (lengths[$1] ?? 0) },
            answers: answers,
            correct: correct,
            averageResponseSeconds: correct == 0 ? nil : correctSeconds / Double(correct),
            last7Days: trend(days: 7, now: now),
            last30Days: trend(days: 30, now: now),
            bestStreak: bestRun,
            bestDayStreak: Self.longestRun(of: days),
            thresholdCents: ThresholdFigure.mean(offsets)
        )
        figures.meanAbsoluteCents = tuned == 0 ? nil : absoluteCents / Double(tuned)
        return figures
    }

    /// Windows half-open on the past side, as `compute` counts them.
    private func trend(days: Int, now: Double) -> Trend {
        let span = Double(days) * 86400
        func window(_ start: Double, _ end: Double) -> Window {
            var (count, right, total) = (0, 0, 0.0)
            var (tuned, absolute) = (0, 0.0)
            for answer in recent where answer.time > start && answer.time <= end {
                count += 1
                if let cents = answer.cents {
                    tuned += 1
                    absolute += abs(cents)
                }
                if answer.correct {
                    right += 1
                    total += answer.seconds
                }
            }
            var window = Window(answers: count, correct: right, averageResponseSeconds: right == 0 ? nil : total / Double(right))
            window.meanAbsoluteCents = tuned == 0 ? nil : absolute / Double(tuned)
            return window
        }
        return Trend(recent: window(now - span, now), previous: window(now - 2 * span, now - span))
    }

    /// The most consecutive days among `days`.
    static func longestRun(of days: Set<Int>) -> Int {
        var best = 0
        for day in days where !days.contains(day - 1) {
            var length = 1
            while days.contains(day + length) { length += 1 }
            best = max(best, length)
        }
        return best
    }
}
