import MusicTheory

extension TrainingEngine {
    /// The scale of the next round: the exercise's own first, then the same again or a new random
    /// root and/or mode, as the exercise asks.
    private func nextScale(_ exercise: ScaleExercise) -> (Scale, RootNote) {
        guard let previous = session?.scaleRound?.question.scale else {
            return (try! exercise.root.scale(exercise.mode), exercise.root)
        }
        var root = RootNote(pitchClass: previous.root.pitchClass, spelling: previous.root)
        var mode = previous.mode
        if exercise.newRandomRootEachRound {
            let others = PitchClass.allCases.filter { $0 != previous.root.pitchClass }
            root = RootNote(pitchClass: others.randomElement(using: &random)!)
        }
        if exercise.newRandomModeEachRound {
            mode = Mode.allCases.filter { $0 != previous.mode }.randomElement(using: &random)!
        }
        if !exercise.newRandomRootEachRound, !exercise.newRandomModeEachRound {
            return (previous, exercise.root)
        }
        // A bare pitch class always spells; a kept spelling may not in a new mode (Fbb Locrian
        // would need Gbbb): then the pitch class decides the spelling.
        let scale = (try? root.scale(mode)) ?? Scale(mode: mode, pitchClass: root.pitchClass)
        return (scale, exercise.newRandomRootEachRound ? root : exercise.root)
    }

    func openScaleRound(_ exercise: ScaleExercise, at time: Duration) {
        let (scale, root) = nextScale(exercise)
        let placed = Staff.placement(of: scale)
        // The sounding notes: from the exact root when one was given, else as drawn.
        var sounding = placed
        if root.midiNote != nil, root.pitchClass == scale.root.pitchClass,
           let exact = try? scale.notes(from: root.note(spelled: scale.root, defaultOctave: 0)),
           exact.allSatisfy({ MIDINote.validRange.contains($0.midiNumber) }) {
            sounding = exact
        }
        let expected = sounding.map {
            ExpectedNote(spelled: $0, midiNote: MIDINote($0.midiNumber), exactOctaveRequired: exercise.matching == .exactOctave)
        }
        let question = ScaleQuestion(scale: scale, root: placed[0], expected: expected)
        session!.scaleRound = ScaleRound(question: question, placed: placed, at: time)
        session!.tally.asked(.degree(1))
        ask(.scale(question), sounds: [expected[0].midiNote], staff: Staff(), at: time)
    }

    func judgeScaleNote(_ note: MIDINote, velocity: Int, at time: Duration) {
        var round = session!.scaleRound!
        let expected = round.question.expected[round.index]
        let subject = AnswerSubject.degree(round.index + 1)
        let responseTime = time - round.expectedSince
        let attempt = round.attempt
        if attempt == 1 { session!.tally.firstNote(after: responseTime) }
        let correct = expected.isAnswered(by: note)
        if correct {
            session!.tally.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            round.drawn.append(StaffNote(round.placed[round.index], role: .answer))
            round.index += 1
            round.attempt = 1
            round.expectedSince = time
        } else {
            let root = round.question.expected[0].midiNote
            session!.tally.wrong(subject, played: Interval(rawValue: floorMod(note.rawValue - root.rawValue, 12))!)
            round.errors += 1
            round.attempt += 1
        }
        session!.scaleRound = round
        session!.staff = Staff(round.drawn)
        let judgement = NoteJudgement(
            expected: expected, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: time - round.promptTime, staff: session!.staff
        )
        emit(.noteJudged(judgement), at: time)
        guard correct else { return }
        if round.index == round.question.expected.count {
            session!.tally.completedRound()
            let complete = RoundComplete(
                round: session!.number, scale: round.question.scale, errors: round.errors, duration: time - round.promptTime
            )
            emit(.roundComplete(complete), at: time)
            openNextQuestion(at: time)
        } else {
            session!.tally.asked(.degree(round.index + 1))
        }
    }

    func skipScaleRound(at time: Duration) {
        let round = session!.scaleRound!
        let rest = round.index..<round.question.expected.count
        for index in rest {
            if index > round.index { session!.tally.asked(.degree(index + 1)) }
            session!.tally.revealed(.degree(index + 1), skipped: true)
        }
        session!.tally.skippedQuestion()
        let staff = Staff(round.drawn + rest.map { StaffNote(round.placed[$0], role: .revealed) })
        session!.staff = staff
        let revealed = AnswerRevealed(
            answers: Array(round.question.expected[rest]), subjects: rest.map { .degree($0 + 1) },
            reason: .skipped, sounds: round.question.expected[rest].map(\.midiNote), staff: staff
        )
        emit(.answerRevealed(revealed), at: time)
        openNextQuestion(at: time)
    }
}

/// The remainder of `a / b`, in `0..<b` for positive `b`.
func floorMod(_ a: Int, _ b: Int) -> Int {
    let r = a % b
    return r < 0 ? r + b : r
}
