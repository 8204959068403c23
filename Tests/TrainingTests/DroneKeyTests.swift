import MusicTheory
import Testing
import Training

@Suite("The drone's key")
struct DroneKeyTests {
    @Test("low: the root's pitch class at the range's lowest; high: an octave above when it fits; off: none")
    func keys() {
        let range = MIDINote(36)...MIDINote(72)  // C2-C5
        #expect(Drone.low.key(for: MIDINote(62), in: range) == MIDINote(38))  // D4's tonic: D2
        #expect(Drone.high.key(for: MIDINote(62), in: range) == MIDINote(50))  // D3
        #expect(Drone.low.key(for: MIDINote(36), in: range) == MIDINote(36))
        #expect(Drone.high.key(for: MIDINote(71), in: MIDINote(36)...MIDINote(50)) == MIDINote(47))  // B3 does not fit: B2
        #expect(Drone.off.key(for: MIDINote(60), in: range) == nil)
    }
}
