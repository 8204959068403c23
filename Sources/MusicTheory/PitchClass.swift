/// One of the twelve pitch classes, 0 = C … 11 = B, with no spelling of its own.
public struct PitchClass: Sendable {
    public let rawValue: Int

    /// A pitch class from 0…11; anything else is a programmer error.
    public init(_ rawValue: Int) {
        precondition((0...11).contains(rawValue), "a pitch class is 0...11")
        self.rawValue = rawValue
    }

    /// Every name of this pitch class with at most one accidental, the natural one first, then
    /// sharps before flats: `[C#, Db]`, `[E, Fb]`, `[C, B#]`.
    public var spellings: [NoteName] {
        let candidates = Letter.allCases.flatMap { letter in
            [Accidental.natural, .sharp, .flat].map { NoteName(letter, $0) }
        }
        return candidates
            .filter { $0.pitchClass == self }
            .sorted { rank($0.accidental) < rank($1.accidental) }
    }

    /// The spelling a musician would write for this pitch class on its own: the one whose major
    /// scale has fewer accidentals (C, Db, D, Eb, E, F, F#, G, Ab, A, Bb, B).
    public var preferredName: NoteName { Self.preferredNames[rawValue] }

    /// Spelled once: every `MIDINote.spelled` reads it.
    private static let preferredNames: [NoteName] = (0..<12).map { Scale(mode: .ionian, pitchClass: PitchClass($0)).root }

    /// The label an answer button shows: `C`, `C#/Db`, … `B`.
    public var label: String {
        let names = spellings
        let black = names[0].accidental != .natural
        return black ? names.map(\.description).joined(separator: "/") : names[0].description
    }

    /// Parses `C#/Db`, `Db/C#`, `C#` or `Db`. A spelled name is accepted too, but this keeps only
    /// its pitch class: use `NoteName(parsing:)` to keep a spelling.
    public init(parsing text: String) throws(TheoryError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { throw .invalidPitchClass(text) }
        var classes: [PitchClass] = []
        for part in parts {
            guard let (name, rest) = NoteName.parsePrefix(part), rest.isEmpty else {
                throw .invalidPitchClass(text)
            }
            classes.append(name.pitchClass)
        }
        guard classes.allSatisfy({ $0 == classes[0] }) else { throw .invalidPitchClass(text) }
        self = classes[0]
    }

    private func rank(_ accidental: Accidental) -> Int {
        switch accidental {
        case .natural: 0
        case .sharp: 1
        case .flat: 2
        case .doubleSharp: 3
        case .doubleFlat: 4
        }
    }
}

extension PitchClass: Hashable, Comparable {
    public static func < (lhs: PitchClass, rhs: PitchClass) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension PitchClass: CaseIterable {
    public static let allCases: [PitchClass] = (0...11).map(PitchClass.init)
}

extension PitchClass: CustomStringConvertible {
    public var description: String { label }
}
