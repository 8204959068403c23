import MusicTheory
import Testing
@testable import Training

/// Where chord questions lie: 1,000 random roots drawn with fixed seeds stay in C3–C4 and each
/// moves at most a fourth from the one before; a root given with its octave is that key.
@Suite struct ChordRootTests {
    static let seeds = UInt64(1)...10

    @Test("1,000 random roots: in C3–C4, each 1 to 5 semitones from the one before")
    func randomRoots() throws {
        var roots: [Int] = [], moves: [Int] = []
        for seed in Self.seeds {
            let drawn = try MaterialFigures.chordRoots(ChordExercise(qualities: ChordQuality.allCases), count: 100, seed: seed)
            roots += drawn
            moves += zip(drawn, drawn.dropFirst()).map { abs($0 - $1) }
        }
        let register = ChordExercise.rootRegister.lowerBound.rawValue...ChordExercise.rootRegister.upperBound.rawValue
        #expect(roots.allSatisfy(register.contains), "\(roots.filter { !register.contains($0) })")
        #expect(moves.allSatisfy { (1...ChordExercise.largestRootMove).contains($0) }, "\(moves.max() ?? 0)")
        #expect(Set(roots).count == register.count, "every key of the register is used")
        #expect(MaterialFigures.median(moves) <= 3)
        print(String(format: "chord roots: %d drawn, %d-%d, root motion median %d, largest %d, an octave or more %.1f%%",
                     roots.count, roots.min()!, roots.max()!, MaterialFigures.median(moves), moves.max()!,
                     MaterialFigures.percent(moves.filter { $0 >= 12 }.count, of: moves.count)))
    }

    @Test("--root C3 is C3 every time; --root C is one C of the register and stays there")
    func givenRoot() throws {
        #expect(Set(try MaterialFigures.chordRoots(ChordExercise(root: try RootNote(parsing: "C3")), count: 50, seed: 3)) == [48])
        #expect(Set(try MaterialFigures.chordRoots(ChordExercise(root: try RootNote(parsing: "A2")), count: 5, seed: 3)) == [45])
        for seed in Self.seeds {
            let roots = try MaterialFigures.chordRoots(ChordExercise(root: try RootNote(parsing: "C")), count: 20, seed: seed)
            #expect(Set(roots).count == 1 && [48, 60].contains(roots[0]), "\(roots)")
        }
    }

    @Test("a note range without C3–C4 takes the octave nearest it, the chord's top inside the range")
    func narrowRange() throws {
        let high = TrainingSettings(noteRange: MIDINote(60)...MIDINote(84))
        let roots = try MaterialFigures.chordRoots(ChordExercise(qualities: [.dominant7]), count: 200, seed: 5, settings: high)
        #expect(roots.allSatisfy { (60...72).contains($0) }, "\(Set(roots).sorted())")
        let low = TrainingSettings(noteRange: MIDINote(36)...MIDINote(55))
        let lowRoots = try MaterialFigures.chordRoots(ChordExercise(qualities: [.major]), count: 200, seed: 5, settings: low)
        #expect(lowRoots.allSatisfy { (36...48).contains($0) }, "\(Set(lowRoots).sorted())")
    }
}
