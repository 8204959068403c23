import Foundation
import Testing

@testable import MusicTheory

@Suite("Interval")
struct IntervalTests {
    @Test("thirteen cases, prime through octave, 0...12 semitones")
    func cases() {
        #expect(Interval.allCases.count == 13)
        #expect(Interval.allCases.map(\.semitones) == Array(0...12))
        #expect(Interval.perfectFifth.semitones == 7)
        #expect(Interval.tritone.semitones == 6)
    }

    @Test("between gives the absolute distance, in either order")
    func between() throws {
        #expect(try Interval.between(MIDINote(60), MIDINote(67)) == .perfectFifth)
        #expect(try Interval.between(MIDINote(67), MIDINote(60)) == .perfectFifth)
        #expect(try Interval.between(MIDINote(60), MIDINote(60)) == .prime)
        #expect(try Interval.between(MIDINote(60), MIDINote(72)) == .octave)
    }

    @Test("between throws beyond an octave", arguments: [13, 20, 127])
    func betweenThrows(distance: Int) {
        #expect(throws: TheoryError.intervalBeyondOctave(semitones: distance)) {
            try Interval.between(MIDINote(0), MIDINote(distance))
        }
    }

    @Test("each simple interval's spelling has its size, and reduces back to it")
    func coherentWithSpelling() {
        for interval in Interval.allCases {
            #expect(interval.spelling.semitones == interval.semitones)
            #expect(Interval(interval.spelling) == interval)
        }
        #expect(Interval.tritone.spelling.description == "A4")
        #expect(Interval(try! SpelledInterval(parsing: "d5")) == .tritone)
        #expect(Interval(try! SpelledInterval(parsing: "M9")) == nil)
    }

    @Test("every simple spelled interval reduces to the simple interval of its size")
    func spelledReduce() {
        for entry in intervalSizes where entry.semitones <= 12 {
            let spelled = try! SpelledInterval(parsing: entry.name)
            #expect(Interval(spelled)?.semitones == entry.semitones)
        }
    }

    @Test("Hashable, Comparable and Codable")
    func conformances() throws {
        let set: Set<Interval> = [.perfectFifth, .perfectFifth, .tritone]
        #expect(set.count == 2)
        #expect(Interval.minorThird < .majorThird)
        #expect(Interval.allCases.sorted() == Interval.allCases)
        let data = try JSONEncoder().encode(Interval.allCases)
        #expect(try JSONDecoder().decode([Interval].self, from: data) == Interval.allCases)
        let dictionary: [Interval: Int] = [.octave: 1]
        #expect(dictionary[.octave] == 1)
    }

    @Test("names read as a student reads them", arguments: [
        (Interval.prime, "prime"), (.minorSecond, "minor second"), (.tritone, "tritone"), (.octave, "octave"),
        (.perfectFourth, "perfect fourth"),
    ])
    func names(interval: Interval, name: String) {
        #expect(interval.name == name)
    }
}
