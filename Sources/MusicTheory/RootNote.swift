/// A root as a person gives it: a pitch class, perhaps spelled, perhaps with an octave.
///
/// `C#/Db` and `61` are bare pitch classes; the spelling is then chosen per use (a scale takes the
/// spelling with fewer accidentals). `Db` and `Eb3` carry a spelling, which is kept.
public struct RootNote: Sendable {
    public let pitchClass: PitchClass
    /// The spelling given, or nil for a bare pitch class.
    public let spelling: NoteName?
    /// The exact note, when an octave or a MIDI number was given.
    public let midiNote: MIDINote?

    public init(pitchClass: PitchClass, spelling: NoteName? = nil) {
        self.pitchClass = spelling?.pitchClass ?? pitchClass
        self.spelling = spelling
        self.midiNote = nil
    }

    public init(midiNote: MIDINote, spelling: NoteName? = nil) {
        precondition(spelling == nil || spelling?.pitchClass == midiNote.pitchClass, "spelling must match the note")
        self.pitchClass = midiNote.pitchClass
        self.spelling = spelling
        self.midiNote = midiNote
    }

    /// Parses `C#/Db`, `Db`, `C#`, `Eb3`, `C#/Db3` or a MIDI number such as `60`.
    public init(parsing text: String) throws(TheoryError) {
        if let first = text.first, first.isASCII, first.isNumber {
            self.init(midiNote: try MIDINote(parsing: text))
            return
        }
        // An octave, if any, is the run of digits at the end (with a minus sign before it).
        let digitCount = text.reversed().prefix { $0.isASCII && $0.isNumber }.count
        var classText = String(text.dropLast(digitCount))
        if digitCount > 0, classText.hasSuffix("-") { classText.removeLast() }
        let octaveText = text.dropFirst(classText.count)
        let octave = octaveText.isEmpty ? nil : parseOctave(octaveText)
        guard octaveText.isEmpty || octave != nil else { throw .invalidNoteName(text) }

        let pitchClass: PitchClass
        let spelling: NoteName?
        if classText.contains("/") {
            guard let parsed = try? PitchClass(parsing: classText) else { throw .invalidPitchClass(text) }
            (pitchClass, spelling) = (parsed, nil)
        } else {
            guard let name = try? NoteName(parsing: classText) else {
                throw octave == nil ? .invalidPitchClass(text) : .invalidNoteName(text)
            }
            (pitchClass, spelling) = (name.pitchClass, name)
        }
        guard let octave else {
            self.init(pitchClass: pitchClass, spelling: spelling)
            return
        }
        let letterName = spelling ?? pitchClass.spellings[0]
        let note = try SpelledNote(letterName, octave: octave).midiNote()
        self.init(midiNote: note, spelling: spelling)
    }

    /// The scale on this root: the given spelling if any, else the one with fewer accidentals.
    public func scale(_ mode: Mode) throws(TheoryError) -> Scale {
        guard let spelling else { return Scale(mode: mode, pitchClass: pitchClass) }
        return try Scale(mode: mode, root: spelling)
    }

    /// The name to use where no scale decides: the given spelling, else the preferred one.
    public var name: NoteName { spelling ?? pitchClass.preferredName }

    /// The root spelled `name` (default: `self.name`) at its exact pitch when one was given,
    /// else with its letter in `defaultOctave`. MIDI 60 spelled B# is B#3.
    public func note(spelled name: NoteName? = nil, defaultOctave: Int) -> SpelledNote {
        let name = name ?? self.name
        guard let midiNote else { return SpelledNote(name, octave: defaultOctave) }
        let aboveC = name.letter.naturalSemitone + name.accidental.alteration
        return SpelledNote(name, octave: (midiNote.rawValue - aboveC) / 12 - 1)
    }
}

extension RootNote: Hashable, Codable {}

extension RootNote: CustomStringConvertible {
    /// `Eb3`, `C#/Db`, `Db`; a MIDI number shows with its preferred spelling (`60` is `C4`).
    public var description: String {
        if midiNote != nil { return note(defaultOctave: 0).description }
        return spelling?.description ?? pitchClass.label
    }
}
