import Foundation

/// Where an answer stands in the reading order (its time, then the order it was stored in), so
/// that a long history is read a page at a time: each page starts after the last one's position.
public struct AnswerPosition: Sendable, Hashable {
    /// The answer's time, as stored (seconds since 1970).
    public var time: Double
    /// The order it was stored in among answers of the same time (the row id in SQLite).
    public var order: Int64

    public init(time: Double, order: Int64) {
        self.time = time
        self.order = order
    }

    /// Reads a position from its text (`description`); nil for any other text.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let bits = UInt64(parts[0], radix: 16), let order = Int64(parts[1]) else { return nil }
        self.init(time: Double(bitPattern: bits), order: order)
    }
}

extension AnswerPosition: CustomStringConvertible {
    /// The time's bits in hex and the order: exact, and opaque to a client, which only hands it back.
    public var description: String { String(time.bitPattern, radix: 16) + "-" + String(order) }
}

/// One answer read with its position, for reading page after page.
public struct PositionedAnswer: Sendable, Hashable {
    public var answer: AnswerRecord
    public var position: AnswerPosition

    public init(answer: AnswerRecord, position: AnswerPosition) {
        self.answer = answer
        self.position = position
    }
}

extension StatisticsStore {
    /// A page from every answer, for a store whose history fits in memory anyway (in memory,
    /// unavailable): the position's order is the answer's place in `answers(profile:)`.
    public func answers(profile: String?, after: AnswerPosition?, limit: Int) throws(StatisticsError) -> [PositionedAnswer] {
        let all = try answers(profile: profile)
        let start = after.map { Int(clamping: $0.order) + 1 } ?? 0
        guard start < all.count else { return [] }
        return (start..<min(all.count, start + max(0, limit))).map { index in
            PositionedAnswer(answer: all[index], position: AnswerPosition(time: all[index].time.timeIntervalSince1970, order: Int64(index)))
        }
    }
}
