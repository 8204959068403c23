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

    @Test("a reading is sent when its note, its tenth of a cent or its level by a decibel changes, and not otherwise")
    func changes() throws {
        var tuner = LiveTuner()
        let settings = TrainingSettings.cello
        let read = tuner.reading(level: -18.04, hertz: Self.hertz(57, 7), settings: settings)
        let first = try #require(read)
        #expect(first.note == "A3" && first.cents == 7 && first.inTune == true && first.levelDB == -18)
        #expect(first.tuning == "equal" && first.tonic == nil && first.toleranceCents == 15)
        let same = tuner.reading(level: -18.6, hertz: Self.hertz(57, 7.02), settings: settings)
        #expect(same == nil, "the same to a tenth, under a decibel away")
        let quieter = tuner.reading(level: -19.1, hertz: Self.hertz(57, 7), settings: settings)
        #expect(quieter?.levelDB == -19.1)
        let moved = tuner.reading(level: -19.1, hertz: Self.hertz(57, 7.3), settings: settings)
        #expect(moved?.cents == 7.3)
        let sharp = tuner.reading(level: -19.1, hertz: Self.hertz(57, 21), settings: settings)
        #expect(sharp?.inTune == false && sharp?.cents == 21)
        let lost = tuner.reading(level: -70, hertz: nil, settings: settings)
        #expect(lost != nil && lost?.note == nil && lost?.cents == nil && lost?.hertz == nil && lost?.inTune == nil)
        let stillLost = tuner.reading(level: -70.3, hertz: nil, settings: settings)
        #expect(stillLost == nil)
        let silent = tuner.reading(level: -.infinity, hertz: nil, settings: settings)
        #expect(silent != nil && silent?.levelDB == nil, "no level at all is news")
    }
}
