import MusicTheory
import Testing
import Training

@testable import Daemon

/// How the core asks for prompts to sound: the scale's model answer and harmonic intervals.
@Suite("DaemonCore prompts")
struct PromptSoundTests {
    private func notes(_ names: String) throws -> [MIDINote] {
        try names.split(separator: " ").map { try MIDINote(parsing: String($0)) }
    }

    private func dorianRound(modelAnswer: Bool) async throws -> [RecordingSoundOutput.Call] {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(settings: TrainingSettings(scaleModelAnswer: modelAnswer), sound: sound, seed: 1)
        try await core.start(.scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D"))))
        await core.play(try notes("D3 E3 F3 G3 A3 B3 C4 D4"))
        return sound.recorded.filter { call in
            switch call {
            case .prompt, .chord: true
            default: false
            }
        }
    }

    @Test("a phrase's cents and its own tuning reach the sound output as the exercise gave them")
    func centsAndTuning() {
        let c3 = MIDINote(48), e3 = MIDINote(52)
        let phrases = QuestionSound.phrases([SoundPhrase([c3]), SoundPhrase([c3, e3], together: true, cents: [0, 7.5], tuning: .justIntonation)],
                                         root: c3)
        #expect(phrases == [PromptPhrase([c3], root: c3),
                            PromptPhrase([c3, e3], root: c3, together: true, cents: [0, 7.5], tuning: .justIntonation)])
    }

    @Test("with the model answer on, a finished round's scale sounds, then the next round's root")
    func modelAnswer() async throws {
        let d3 = try MIDINote(parsing: "D3")
        #expect(try await dorianRound(modelAnswer: true) == [
            .prompt([d3], root: d3),
            .prompt(try notes("D3 E3 F3 G3 A3 B3 C4 D4"), root: d3),
            .prompt([d3], root: d3),
        ])
    }

    @Test("with the model answer off, only the roots sound")
    func noModelAnswer() async throws {
        let d3 = try MIDINote(parsing: "D3")
        #expect(try await dorianRound(modelAnswer: false) == [.prompt([d3], root: d3), .prompt([d3], root: d3)])
    }

    @Test("the model answer follows the round's own mode and root: C locrian from C2")
    func modelAnswerShape() throws {
        let phrase = ScaleQuestion.modelAnswer(.locrian, from: try MIDINote(parsing: "C2"))
        #expect(phrase.notes == (try notes("C2 C#2 D#2 F2 F#2 G#2 A#2 C3")))
        #expect(!phrase.together)
    }

    @Test("a revealed interval sounds root and target together when harmonic, one after the other when not; then the next root")
    func harmonicIntervals() async throws {
        for harmonic in [true, false] {
            let sound = RecordingSoundOutput()
            let core = DaemonCore(settings: TrainingSettings(harmonicIntervals: harmonic), sound: sound, seed: 3)
            try await core.start(.interval(IntervalExercise()))
            #expect(await core.skip())
            let calls = sound.recorded.filter { call in
                switch call {
                case .prompt, .chord: true
                default: false
                }
            }
            #expect(calls.count == 3, "\(calls)")
            guard calls.count == 3, case .prompt(let firstRoot, _) = calls[0], case .prompt(let nextRoot, _) = calls[2] else { continue }
            #expect(firstRoot.count == 1 && nextRoot.count == 1)
            switch calls[1] {
            case .chord(let notes, let root): #expect(harmonic && notes.count == 2 && notes[0] == root)
            case .prompt(let notes, let root): #expect(!harmonic && notes.count == 2 && notes[0] == root)
            default: Issue.record("the reveal did not sound: \(calls)")
            }
        }
    }
}
