import ProcessTestSupport
import Testing
@testable import FluidSynthAudio

@Suite(.cpuHeavy) struct PitchBendTests {
    @Test("FluidSynth 2.3's bend scale is 12700/128 cents per semitone of sensitivity (facts.md measurements)")
    func scale() {
        let bend = PitchBend(sensitivity: 2)
        #expect(bend.soundingCents(forWheel: 12288) == 99)
        #expect(bend.soundingCents(forWheel: 16383) == 198)
        #expect(bend.soundingCents(forWheel: 8192) == 0)
        #expect(abs(bend.cents(forWheel: 12288) - 99.21875) < 1e-9)
    }

    @Test("A wanted offset sounds its nearest whole cent: the wheel aims at n + 0.5, the middle of the floor's step",
          arguments: [-50.0, -49.51, -13.7, -0.49, 0, 0.97, 1.02, 13.686, 49.4, 99.9, 150.2])
    func wheelForCents(wanted: Double) {
        let bend = PitchBend(sensitivity: 2)
        let (wheel, sounding) = bend.wheel(forCents: wanted)
        #expect(sounding == Int(wanted.rounded()))
        #expect(bend.soundingCents(forWheel: wheel) == sounding)
        let exact = bend.cents(forWheel: wheel)
        #expect(exact - Double(sounding) > 0.4 && exact - Double(sounding) < 0.6)
    }

    @Test("Without the +0.5 offset a plain wheel value for +0.97 c would sound +0 c (the floor)")
    func floorWithoutOffset() {
        let bend = PitchBend(sensitivity: 2)
        let naive = PitchBend.centre + Int((0.97 / bend.halfRangeCents * 8192).rounded())
        #expect(bend.soundingCents(forWheel: naive) == 0)
        #expect(bend.wheel(forCents: 0.97).sounding == 1)
    }
}
