import ControlProtocol
import Foundation
import MusicTheory
import Testing
import Training
@testable import Daemon

/// The `listen` topic's readings: sent when they show something new, read in equal temperament
/// while no question is open.
@Suite struct LiveTunerTests {
    static func hertz(_ note: Int, _ cents: Double = 0) -> Double { 440 * exp2((Double(note) - 69) / 12 + cents / 1200) }

    @Test("a reading is sent when its note, its tenth of a cent or its level by a decibel changes, else once a second")
    func changes() throws {
        var tuner = LiveTuner()
        let settings = TrainingSettings.cello
        // One reading every 50 ms, as the input gives them.
        var count = 0
        func step() -> Int {
            count += 1
            return count
        }
        let read = tuner.reading(level: -18.04, hertz: Self.hertz(57, 7), settings: settings, at: .milliseconds(50 * step()))
        let first = try #require(read)
        #expect(first.note == "A3" && first.cents == 7 && first.inTune == true && first.levelDB == -18)
        #expect(first.tuning == "equal" && first.tonic == nil && first.toleranceCents == 15)
        let same = tuner.reading(level: -18.6, hertz: Self.hertz(57, 7.02), settings: settings, at: .milliseconds(50 * step()))
        #expect(same == nil, "the same to a tenth, under a decibel away")
        let quieter = tuner.reading(level: -19.1, hertz: Self.hertz(57, 7), settings: settings, at: .milliseconds(50 * step()))
        #expect(quieter?.levelDB == -19.1)
        let moved = tuner.reading(level: -19.1, hertz: Self.hertz(57, 7.3), settings: settings, at: .milliseconds(50 * step()))
        #expect(moved?.cents == 7.3)
        let sharp = tuner.reading(level: -19.1, hertz: Self.hertz(57, 21), settings: settings, at: .milliseconds(50 * step()))
        #expect(sharp?.inTune == false && sharp?.cents == 21)
        let lost = tuner.reading(level: -70, hertz: nil, settings: settings, at: .milliseconds(50 * step()))
        #expect(lost != nil && lost?.note == nil && lost?.cents == nil && lost?.hertz == nil && lost?.inTune == nil)
        let stillLost = tuner.reading(level: -70.3, hertz: nil, settings: settings, at: .milliseconds(50 * step()))
        #expect(stillLost == nil)
        let silent = tuner.reading(level: -.infinity, hertz: nil, settings: settings, at: .milliseconds(50 * step()))
        #expect(silent != nil && silent?.levelDB == nil, "no level at all is news")
        // The same reading again and again: sent once a second.
        var sent: [Int] = []
        for _ in 0..<60 where tuner.reading(level: -.infinity, hertz: nil, settings: settings, at: .milliseconds(50 * step())) != nil { sent.append(count) }
        #expect(sent.count == 3 && zip(sent, sent.dropFirst()).allSatisfy { $1 - $0 == 20 }, "every 20 readings of 50 ms: \(sent)")
    }
}
