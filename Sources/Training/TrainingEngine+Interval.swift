import MusicTheory

extension TrainingEngine {
    func openIntervalQuestion(_ exercise: IntervalExercise, at time: Duration) {
        let interval = exercise.adaptive
            ? session!.chooser.choose(from: exercise.intervals, using: &random)
            : exercise.intervals.randomElement(using: &random)!
        let question = makeQuestion(interval, exercise: exercise, range: session!.settings.noteRange)
        let (drawnRoot, drawnAnswer) = Staff.drawable(question.root, question.answer.spelled)
        session!.intervalQuestion = OpenIntervalQuestion(
            question: question, promptTime: time, drawnRoot: drawnRoot, drawnAnswer: drawnAnswer
        )
        session!.tally.asked(.interval(interval))
        ask(.interval(question), sounds: [question.rootNote], staff: Staff([StaffNote(drawnRoot, role: .root)]), at: time)
    }

    /// The question for `interval`: its root (given, or random within the range with the answer
    /// inside it too), the answer spelled by the interval, and how strictly it is judged.
    private func makeQuestion(_ interval: SpelledInterval, exercise: IntervalExercise, range: ClosedRange<MIDINote>) -> IntervalQuestion {
        let offset = exercise.direction.signed(interval.semitones)
        let numbers = range.lowerBound.rawValue...range.upperBound.rawValue
        let fits = { (root: Int) in numbers.contains(root) && numbers.contains(root + offset) }
        let rootNumber: Int
        var rootName: NoteName?
        if let given = exercise.root {
            rootName = given.spelling
            if let exact = given.midiNote {
                rootNumber = Self.shiftedIntoMIDI(exact.rawValue, offset: offset)
            } else {
                let candidates = numbers.filter { $0 % 12 == given.pitchClass.rawValue }
                rootNumber = candidates.first(where: fits)
                    ?? Self.shiftedIntoMIDI(candidates.first ?? range.lowerBound.rawValue, offset: offset)
            }
        } else {
            let candidates = numbers.filter(fits)
            rootNumber = candidates.randomElement(using: &random)
                ?? Self.shiftedIntoMIDI(range.lowerBound.rawValue, offset: offset)
        }
        let rootNote = MIDINote(rootNumber)
        let root = SpelledNote(rootNote, spelled: rootName)
        let target = MIDINote(rootNumber + offset)
        let spelled = (try? exercise.direction == .ascending ? root.transposed(by: interval) : root.transposed(downBy: interval))
            ?? SpelledNote(target)
        let answer = ExpectedNote(
            spelled: spelled, midiNote: target,
            exactOctaveRequired: exercise.matching == .exactOctave || interval.isCompound
        )
        return IntervalQuestion(root: root, rootNote: rootNote, interval: interval, direction: exercise.direction, answer: answer)
    }

    /// `root` moved by octaves until both it and `root + offset` are MIDI notes.
    private static func shiftedIntoMIDI(_ root: Int, offset: Int) -> Int {
        var root = root
        while root + offset > 127 || root > 127 { root -= 12 }
        while root + offset < 0 || root < 0 { root += 12 }
        return root
    }

    func judgeIntervalNote(_ note: MIDINote, velocity: Int, at time: Duration) {
        var open = session!.intervalQuestion!
        let question = open.question
        let subject = AnswerSubject.interval(question.interval)
        let responseTime = time - open.promptTime
        let attempt = open.wrongTries + 1
        if attempt == 1 { session!.tally.firstNote(after: responseTime) }
        let correct = question.answer.isAnswered(by: note)
        let staff: Staff
        if correct {
            session!.tally.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            session!.chooser.record(question.interval, missed: attempt > 1, responseTime: responseTime)
            session!.tally.finishedQuestion()
            staff = Staff([StaffNote(open.drawnRoot, role: .root), StaffNote(open.drawnAnswer, role: .answer)])
        } else {
            let distance = note.rawValue - question.rootNote.rawValue
            let played = floorMod(question.direction.signed(distance), 12)
            session!.tally.wrong(subject, played: Interval(rawValue: played)!)
            open.wrongTries += 1
            staff = session!.staff
        }
        session!.intervalQuestion = open
        session!.staff = staff
        let judgement = NoteJudgement(
            expected: question.answer, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: responseTime, staff: staff,
            sounds: correct && intervalExercise.echoAnswer ? [question.rootNote, question.answer.midiNote] : []
        )
        emit(.noteJudged(judgement), at: time)
        if correct {
            openNextQuestion(at: time)
        } else if open.wrongTries >= intervalExercise.triesBeforeReveal {
            reveal(open, reason: .tooManyWrongTries, at: time)
        }
    }

    func skipIntervalQuestion(at time: Duration) {
        session!.tally.skippedQuestion()
        reveal(session!.intervalQuestion!, reason: .skipped, at: time)
    }

    private func reveal(_ open: OpenIntervalQuestion, reason: AnswerRevealed.Reason, at time: Duration) {
        let question = open.question
        session!.tally.revealed(.interval(question.interval), skipped: reason == .skipped)
        session!.chooser.record(question.interval, missed: true, responseTime: nil)
        if reason == .tooManyWrongTries { session!.tally.finishedQuestion() }
        let staff = Staff([StaffNote(open.drawnRoot, role: .root), StaffNote(open.drawnAnswer, role: .revealed)])
        session!.staff = staff
        let revealed = AnswerRevealed(
            answers: [question.answer], subjects: [.interval(question.interval)], reason: reason,
            sounds: [question.rootNote, question.answer.midiNote], staff: staff
        )
        emit(.answerRevealed(revealed), at: time)
        openNextQuestion(at: time)
    }

    private var intervalExercise: IntervalExercise {
        guard case .interval(let exercise) = session!.exercise else { preconditionFailure("not an interval session") }
        return exercise
    }
}
