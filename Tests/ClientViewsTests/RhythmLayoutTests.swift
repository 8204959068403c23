@testable import ClientViews
import Testing
import Training

@Suite("Rhythm layout")
struct RhythmLayoutTests {
    typealias V = RhythmPattern.Value

    static func pattern(_ meter: Meter, _ values: [V]) -> RhythmPattern {
        RhythmPattern(meter: meter, values: values)
    }

    @Test("each value is placed by its time across its bar: a quarter, two eighths, a quarter rest, a quarter")
    func positions() {
        let layout = RhythmLayout(Self.pattern(.fourFour, [V(12), V(6), V(6), V(12, rest: true), V(12)]))
        #expect(layout.items.map(\.fraction) == [0, 0.25, 0.375, 0.5, 0.75])
        #expect(layout.items.map(\.onset) == [0, 1, 2, nil, 3])
        #expect(layout.items.map(\.shape.base) == [12, 6, 6, 12, 12])
        #expect(layout.items.map(\.isRest) == [false, false, false, true, false])
        // The two eighths in one beat share a beam; the quarters have none.
        #expect(layout.items[1].beam != nil && layout.items[1].beam == layout.items[2].beam)
        #expect(layout.items[0].beam == nil && layout.items[4].beam == nil)
    }

    @Test("lengths in units are written as plain, dotted or triplet values",
          arguments: [(48, 48, false, false), (36, 24, true, false), (24, 24, false, false), (18, 12, true, false),
                      (12, 12, false, false), (9, 6, true, false), (6, 6, false, false), (4, 6, false, true), (3, 3, false, false)])
    func shapes(units: Int, base: Int, dotted: Bool, triplet: Bool) {
        let shape = RhythmLayout.Shape(units: units)
        #expect(shape.base == base && shape.dotted == dotted && shape.triplet == triplet)
        #expect(shape.hollow == (base >= 24))
        #expect(shape.flags == (base == 6 ? 1 : base == 3 ? 2 : 0))
    }

    @Test("a dotted quarter and a lone eighth: the eighth has its own flag; a half is open")
    func dottedAndLone() {
        let layout = RhythmLayout(Self.pattern(.fourFour, [V(18), V(6), V(24)]))
        #expect(layout.items[0].shape.dotted)
        #expect(layout.items[1].beam == nil && layout.items[1].shape.flags == 1)
        #expect(layout.items[2].shape.hollow && layout.items[2].fraction == 0.5)
    }

    @Test("a triplet's three eighths are one triplet group and one beam, within their beat")
    func triplets() {
        let layout = RhythmLayout(Self.pattern(.twoFour, [V(4), V(4), V(4), V(12)]))
        #expect(layout.items.prefix(3).allSatisfy { $0.triplet == 0 && $0.beam == 0 })
        #expect(layout.items[3].triplet == nil)
        #expect(layout.items.map(\.fraction).map { ($0 * 6).rounded() } == [0, 1, 2, 3])
    }

    @Test("a tied note has no onset of its own")
    func ties() {
        let layout = RhythmLayout(Self.pattern(.twoFour, [V(6), V(6, tied: true), V(6), V(6)]))
        #expect(layout.items.map(\.onset) == [0, 1, nil, 2])
        #expect(layout.items[1].tiedToNext)
    }

    @Test("6/8 beams its eighths in threes, one group per dotted-quarter beat")
    func compoundBeams() {
        let layout = RhythmLayout(Self.pattern(.sixEight, Array(repeating: V(6), count: 6)))
        #expect(layout.items.map(\.beam) == [0, 0, 0, 1, 1, 1])
    }

    @Test("two bars: each bar is a row of its own, positions restart at the bar line")
    func twoBars() {
        let layout = RhythmLayout(Self.pattern(.twoFour, [V(12), V(12), V(6), V(6), V(12)]))
        #expect(layout.bars == 2)
        #expect(layout.items.map(\.bar) == [0, 0, 1, 1, 1])
        #expect(layout.items.map(\.fraction) == [0, 0.5, 0, 0.25, 0.5])
    }

    @Test("a played time is placed in its bar, held within the pattern")
    func placing() {
        let layout = RhythmLayout(Self.pattern(.twoFour, [V(12), V(12), V(24)]))
        #expect(layout.place(units: 30) == (1, 0.25))
        #expect(layout.place(units: 60) == (1, 1))
        #expect(layout.place(units: -5) == (0, 0))
    }

    @Test("sixteenths beside an eighth share its beam")
    func sixteenths() {
        let layout = RhythmLayout(Self.pattern(.twoFour, [V(6), V(3), V(3), V(12)]))
        #expect(layout.items.prefix(3).allSatisfy { $0.beam == 0 })
        #expect(layout.items.map(\.shape.flags) == [1, 2, 2, 0])
    }

    @Test("labels that would run into each other go to the next row")
    func labelRows() {
        #expect(LabelRows.rows(starts: [0, 10, 20], widths: [8, 8, 8], gap: 1) == [0, 0, 0])
        #expect(LabelRows.rows(starts: [0, 4, 8, 30], widths: [8, 8, 8, 8], gap: 1) == [0, 1, 0, 0])
    }
}

@Suite("Cents scale")
struct CentsScaleTests {
    @Test("cents to a position across ±50 c: in tune in the middle, the ends at ±50")
    func positions() {
        let scale = CentsScale.tuning
        #expect(scale.position(0) == (0.5, false))
        #expect(scale.position(25) == (0.75, false))
        #expect(scale.position(-12.5) == (0.375, false))
        #expect(scale.position(-50) == (0, false))
        #expect(scale.position(50) == (1, false))
    }

    @Test("beyond ±50 c a mark is held at the end and said to be beyond it", arguments: [50.1, 60.3, 100, 1200])
    func clamping(cents: Double) {
        #expect(CentsScale.tuning.position(cents) == (1, true))
        #expect(CentsScale.tuning.position(-cents) == (0, true))
    }

    @Test("a compared offset takes the narrowest scale that holds it")
    func fitting() {
        #expect(CentsScale.fitting(3.125).range == 5)
        #expect(CentsScale.fitting(-6.25).range == 10)
        #expect(CentsScale.fitting(12.5).range == 25)
        #expect(CentsScale.fitting(25).range == 25)
        #expect(CentsScale.fitting(100).range == 100)
        #expect(CentsScale.fitting(150).range == 100)
    }

    @Test("figures are written to 0.1 c")
    func figures() {
        #expect(CentsScale.text(17.25, signed: true) == "+17.3 c")
        #expect(CentsScale.text(-4, signed: true) == "−4.0 c")
        #expect(CentsScale.text(0.04, signed: true) == "0.0 c")
        #expect(CentsScale.text(12.5) == "12.5 c")
    }
}
