import Testing
@testable import Training

@Suite("Rhythm patterns and how a play-back is judged")
struct RhythmTests {
    typealias V = RhythmPattern.Value

    @Test("onsets and sounding lengths: rests leave a gap, a tie joins two values into one note")
    func onsets() {
        // 4/4: a quarter, an eighth, an eighth tied over the beat to an eighth, an eighth rest, a quarter.
        let pattern = RhythmPattern(meter: .fourFour, values: [V(12), V(6), V(6, tied: true), V(6), V(6, rest: true), V(12)])
        #expect(pattern.onsets == [0, 12, 18, 36])
        #expect(pattern.notes.map(\.units) == [12, 6, 12, 12])
        #expect(pattern.bars == 1)
        #expect(abs(pattern.secondsPerUnit(tempo: 80) * 12 - 0.75) < 1e-12)
        #expect(abs(RhythmPattern(meter: .sixEight, values: []).secondsPerUnit(tempo: 60) * 18 - 1) < 1e-12, "a 6/8 beat is a dotted quarter")
    }

    static let levels = RhythmLevel.range.map { RhythmLevel($0)! }

    @Test("drawn patterns fill their bars exactly, begin with a note, and use what their level brings", arguments: Meter.allCases)
    func drawn(meter: Meter) {
        var random = SeededRandom(seed: 7)
        for level in Self.levels {
            var ownSeen = 0
            for bars in [1, 2] {
                for _ in 0..<50 {
                    let pattern = RhythmPattern.draw(meter: meter, bars: bars, level: level, random: &random)
                    #expect(pattern.values.reduce(0) { $0 + $1.units } == bars * meter.unitsPerBar, "\(meter) level \(level.number)")
                    #expect(pattern.values.first?.isRest == false)
                    #expect(pattern.values.last?.tiedToNext == false)
                    if level.number < 4 { #expect(!pattern.values.contains { $0.isRest }, "no rests before level 4") }
                    if level.number < 7 { #expect(!pattern.values.contains { $0.units % 3 == 0 && $0.units % 6 != 0 }, "no sixteenths before level 7") }
                    if level.number < 6 { #expect(!pattern.values.contains { $0.units % 4 == 0 && $0.units % 12 != 0 }, "no triplets before level 6") }
                    if level.number == 1 && !meter.isCompound { #expect(pattern.values.allSatisfy { $0.units % 12 == 0 }) }
                    let own = switch level.number {
                    case 4: pattern.values.contains { $0.isRest }
                    case 6: pattern.values.contains { $0.units == 4 }
                    case 7: pattern.values.contains { $0.units == 3 || $0.units == 9 }
                    default: true
                    }
                    if own { ownSeen += 1 }
                }
            }
            let hasOwn = !(meter.isCompound && level.number == 6)
            if hasOwn { #expect(ownSeen == 100, "\(meter) level \(level.number): its own values in \(ownSeen) of 100 patterns") }
        }
    }

    /// 4/4 at 80 BPM: quarter, eighth, eighth, quarter rest, quarter: onsets 0, 0.75, 1.125, 2.25 s.
    let judge = RhythmJudge(pattern: RhythmPattern(meter: .fourFour, values: [V(12), V(6), V(6), V(12, rest: true), V(12)]), tempo: 80)

    @Test("a play-back on time, started whenever the student is ready, is right")
    func onTime() {
        #expect(judge.expected == [0, 0.75, 1.125, 2.25])
        let result = judge.judge([100, 100.75, 101.125, 102.25].map { $0 + 0.03 })
        #expect(result.correct && result.errors == 0)
        #expect(result.onsets.allSatisfy { $0.verdict == .onTime })
        let wobbly = judge.judge([5, 5.75 + 0.09, 6.125 - 0.09, 7.25 + 0.05])
        #expect(wobbly.correct, "within 100 ms")
    }

    @Test("one onset 150 ms late is judged late on that onset only, by how much")
    func oneLate() throws {
        let result = judge.judge([10, 10.75 + 0.15, 11.125, 12.25])
        #expect(result.onsets.map(\.verdict) == [.onTime, .late, .onTime, .onTime])
        let late = try #require(result.onsets[1].error)
        #expect(abs(late - 0.15) < 1e-9)
        #expect(abs(late / judge.secondsPerBeat - 0.2) < 1e-9, "a fifth of a beat at 80 BPM")
        #expect(result.extra.isEmpty && result.errors == 1 && !result.correct)
        let early = judge.judge([10, 10.75, 11.125 - 0.12, 12.25])
        #expect(early.onsets.map(\.verdict) == [.onTime, .onTime, .early, .onTime])
        #expect(try #require(early.onsets[2].error) < 0)
    }

    @Test("a note left out is missing, a note too many is extra, and the rest still line up")
    func missingAndExtra() {
        let missing = judge.judge([0, 0.75, 2.25])
        #expect(missing.onsets.map(\.verdict) == [.onTime, .onTime, .missing, .onTime])
        #expect(missing.extra.isEmpty && missing.errors == 1)
        let extra = judge.judge([0, 0.75, 1.125, 1.7, 2.25])
        #expect(extra.onsets.allSatisfy { $0.verdict == .onTime })
        #expect(extra.extra == [1.7] && extra.errors == 1)
        let nothing = judge.judge([])
        #expect(nothing.onsets.allSatisfy { $0.verdict == .missing } && nothing.errors == 4)
        let eachOnce = judge.judge([0, 0.75, 0.76, 1.125, 2.25])
        #expect(eachOnce.extra.count == 1 && eachOnce.onsets.allSatisfy { $0.verdict == .onTime }, "a double strike answers once")
    }

    @Test("the tolerance is the judge's: a stricter one calls the same onset late")
    func tolerance() {
        var strict = judge
        strict.tolerance = 0.03
        #expect(strict.judge([0, 0.8, 1.125, 2.25]).onsets[1].verdict == .late)
        #expect(judge.judge([0, 0.8, 1.125, 2.25]).onsets[1].verdict == .onTime)
    }
}
