import ClassProtocol

/// What a push adds to one student's figures for one day and item: the hub's counts are made
/// from the answers it stores, never taken from a box.
struct DailyDelta: Sendable {
    var correct: Int64 = 0
    var wrong: Int64 = 0
    var centsCount: Int64 = 0
    var centsAbsoluteSum = 0.0
    var secondsSum = 0.0

    /// The figures' key: the day (days since 1970-01-01, UTC), the kind, the item (the kind when
    /// the answer has none).
    struct Key: Hashable {
        var day: Int64
        var exercise: String
        var item: String
    }

    /// The deltas of one push.
    struct Table {
        var deltas: [Key: DailyDelta] = [:]

        mutating func add(_ answer: PushedAnswer, at time: Double) {
            let key = Key(day: DailyDelta.day(of: time), exercise: answer.exercise, item: answer.item ?? answer.exercise)
            var delta = deltas[key] ?? DailyDelta()
            if answer.correct { delta.correct += 1 } else { delta.wrong += 1 }
            if let cents = answer.cents {
                delta.centsCount += 1
                delta.centsAbsoluteSum += abs(cents)
            }
            delta.secondsSum += answer.responseSeconds
            deltas[key] = delta
        }
    }

    /// Days since 1970-01-01 (UTC) of a Unix time.
    static func day(of time: Double) -> Int64 { Int64((time / 86_400).rounded(.down)) }

    /// Adds this delta to the stored figures.
    func upsert(_ key: Key, student: String, _ connection: any SQLConnection) throws {
        try connection.run(
            """
            INSERT INTO daily (student_id, day, exercise, item, correct_count, wrong_count, cents_count, cents_abs_sum, seconds_sum)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (student_id, day, exercise, item) DO UPDATE SET
                correct_count = daily.correct_count + excluded.correct_count,
                wrong_count = daily.wrong_count + excluded.wrong_count,
                cents_count = daily.cents_count + excluded.cents_count,
                cents_abs_sum = daily.cents_abs_sum + excluded.cents_abs_sum,
                seconds_sum = daily.seconds_sum + excluded.seconds_sum
            """,
            [.text(student), .integer(key.day), .text(key.exercise), .text(key.item), .integer(correct), .integer(wrong),
             .integer(centsCount), .real(centsAbsoluteSum), .real(secondsSum)])
    }
}
