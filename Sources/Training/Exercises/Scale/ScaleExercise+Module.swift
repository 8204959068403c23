import MusicTheory

extension ScaleExercise: DeclaresOptions {
    public typealias Question = ScaleQuestion

    /// `scale`.
    public static let kind = ExerciseKind(declaring: "scale")

    /// C ionian, the same scale each round, judged by pitch class.
    public static var defaults: ScaleExercise { ScaleExercise(mode: .ionian, root: try! RootNote(parsing: "C")) }

    /// The scale must be spellable on its root (Fbb Locrian would need Gbbb).
    public func validate() throws(TrainingError) {
        do { _ = try root.scale(mode) } catch { throw .unspellableScale(error) }
    }

    /// `D dorian scale, new root each round`.
    public var summary: String {
        "\(root) \(mode.name) scale"
            + (newRandomRootEachRound ? ", new root each round" : "")
            + (newRandomModeEachRound ? ", new mode each round" : "")
    }

    /// The mode.
    public typealias StatusDetails = ScaleQuestion.StatusDetails
    public var statusDetails: StatusDetails { StatusDetails(mode: mode.name) }
    public var statusRoot: String { root.description }
    public var sessionColumns: SessionColumns { SessionColumns(mode: mode.name, root: root.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let (scale, root) = nextScale(after: (previous as? ScaleRound)?.scaleQuestion.scale, random: &context.random)
        let placed = Staff.placement(of: scale)
        // The sounding notes: from the exact root when one was given, else as drawn.
        var sounding = placed
        if root.midiNote != nil, root.pitchClass == scale.root.pitchClass,
           let exact = try? scale.notes(from: root.note(spelled: scale.root, defaultOctave: 0)),
           exact.allSatisfy({ MIDINote.validRange.contains($0.midiNumber) }) {
            sounding = exact
        }
        let order = direction.order(placed.count)
        let expected = order.map { position in
            ExpectedNote(spelled: sounding[position], midiNote: MIDINote(sounding[position].midiNumber), exactOctaveRequired: matching == .exactOctave)
        }
        let question = ScaleQuestion(scale: scale, root: placed[0], expected: expected, placed: order.map { placed[$0] },
                                     degrees: order.map { $0 + 1 }, direction: direction)
        context.asked(question.degree(at: 0))
        return ScaleRound(question: question, at: context.time, rising: matching == .inDirection)
    }

    /// The scale of the next round: the exercise's own first, then the same again or a new random
    /// root and/or mode, as the exercise asks.
    private func nextScale(after previous: Scale?, random: inout SeededRandom) -> (Scale, RootNote) {
        guard let previous else { return (try! root.scale(mode), root) }
        var nextRoot = RootNote(pitchClass: previous.root.pitchClass, spelling: previous.root)
        var nextMode = previous.mode
        if newRandomRootEachRound {
            let others = PitchClass.allCases.filter { $0 != previous.root.pitchClass }
            nextRoot = RootNote(pitchClass: others.randomElement(using: &random)!)
        }
        if newRandomModeEachRound {
            nextMode = Mode.allCases.filter { $0 != previous.mode }.randomElement(using: &random)!
        }
        if !newRandomRootEachRound, !newRandomModeEachRound {
            return (previous, root)
        }
        // A bare pitch class always spells; a kept spelling may not in a new mode (Fbb Locrian
        // would need Gbbb): then the pitch class decides the spelling.
        let scale = (try? nextRoot.scale(nextMode)) ?? Scale(mode: nextMode, pitchClass: nextRoot.pitchClass)
        return (scale, newRandomRootEachRound ? nextRoot : root)
    }
}

extension Exercise {
    /// A scale exercise.
    public static func scale(_ options: ScaleExercise) -> Exercise { Exercise(options) }
}

extension ExerciseKind {
    /// Play a mode upward, note by note (`ScaleExercise`).
    public static var scale: ExerciseKind { ScaleExercise.kind }
}

extension TrainingError {
    /// The scale cannot be spelled on that root (Fbb Locrian would need Gbbb).
    public static func unspellableScale(_ error: TheoryError) -> TrainingError {
        TrainingError("the scale cannot be spelled: \(error)")
    }
}

extension ScaleExercise {
    /// `session.start`'s `mode`, `root`, `strict`, `random_root`, `random_mode` and `direction`.
}
