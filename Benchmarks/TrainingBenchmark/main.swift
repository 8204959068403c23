// Time to judge one note and emit its event (goal: median under 10 µs).
// Not a test: run with `make bench-training` (a release build); the figures go in docs/benchmarks.md.
//
//   TrainingBenchmark [--case wrong|right|scale|note-off|ear-interval|chord|degree|dictation|rhythm|progression] [--iterations N] [--warmup N] [--json]
//
// `--case` runs one case alone: scripts/bench runs it under callgrind at two iteration counts, and
// the difference of the instruction counts over the difference of the counts is the cost of a note.
import Foundation
import MusicTheory
import Training

/// A clock the benchmark moves itself, so the engine never reads the system clock.
final class SteppedClock: TrainingClock {
    var now: Duration = .zero
}

/// Keeps only a count and the last event, so emitting costs what a cheap follower costs.
final class CountingSink: TrainingEventSink {
    var count = 0
    var last: TrainingEvent?

    func receive(_ event: TrainingEvent) {
        count += 1
        last = event
    }
}

struct Figures {
    let name: String
    let samples: [Duration]

    var sorted: [Duration] { samples.sorted() }
    func percentile(_ p: Double) -> Duration { sorted[min(samples.count - 1, Int(Double(samples.count) * p))] }

    func line() -> String {
        func micro(_ d: Duration) -> String {
            let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
            let tenths = (ns / 100).rounded() / 10
            return "\(tenths) µs"
        }
        return "\(name): median \(micro(percentile(0.5))), p90 \(micro(percentile(0.9))), "
            + "p99 \(micro(percentile(0.99))), n = \(samples.count)"
    }

    /// One JSON line: the percentiles in microseconds and the notes judged per second (from the mean).
    func json(key: String) -> String {
        func micro(_ d: Duration) -> Double { Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12 }
        let mean = samples.reduce(0) { $0 + micro($1) } / Double(samples.count)
        let fields: [String: Any] = [
            "case": key, "name": name, "n": samples.count, "median_us": micro(percentile(0.5)),
            "p90_us": micro(percentile(0.9)), "p99_us": micro(percentile(0.99)), "notes_per_second": 1e6 / mean,
        ]
        return String(decoding: try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
    }
}

/// Times `iterations` calls of `body`, one by one, after `warmup` untimed calls.
func measure(_ name: String, iterations: Int = options.iterations, warmup: Int = options.warmup, _ body: (Int) -> Void) -> Figures {
    for index in 0..<warmup { body(index) }
    var samples: [Duration] = []
    samples.reserveCapacity(iterations)
    let clock = ContinuousClock()
    for index in 0..<iterations {
        let start = clock.now
        body(warmup + index)
        samples.append(start.duration(to: clock.now))
    }
    return Figures(name: name, samples: samples)
}

struct Options {
    var only: String?
    var iterations = 200_000
    var warmup = 20_000
    var json = false

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            switch flag {
            case "--json": json = true
            case "--case": only = rest.popFirst()
            case "--iterations": iterations = rest.popFirst().flatMap(Int.init) ?? 0
            case "--warmup": warmup = rest.popFirst().flatMap(Int.init) ?? -1
            default: Self.fail("unknown option \(flag)")
            }
        }
        if iterations < 1 || warmup < 0 { Self.fail("--iterations must be at least 1, --warmup at least 0") }
        if let only, !Self.cases.contains(only) { Self.fail("--case is one of \(Self.cases.joined(separator: ", "))") }
    }

    static let cases = ["wrong", "right", "scale", "note-off", "ear-interval", "chord", "degree", "dictation", "rhythm", "progression"]

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("TrainingBenchmark: \(message)\n".utf8))
        exit(64)
    }

    func wants(_ name: String) -> Bool { only == nil || only == name }
}

let options = Options(CommandLine.arguments)

/// Runs the chosen measurements and prints one line each (or one JSON line each).
func run() throws {
    let c3 = try RootNote(parsing: "C3")
    let sink = CountingSink()
    let clock = SteppedClock()

    // 1. A wrong note in an interval session: judge, count the error, emit `noteJudged`.
    let wrongEngine = TrainingEngine(clock: clock, random: SeededRandom(seed: 1), controls: .none, sink: sink)
    try wrongEngine.start(.interval(IntervalExercise(root: c3, intervals: [try SpelledInterval(parsing: "M3")], triesBeforeReveal: .max)))
    var results: [(key: String, figures: Figures)] = []
    if options.wants("wrong") {
        results.append(("wrong", measure("interval, wrong note (judge + noteJudged)") { index in
            clock.now += .milliseconds(5)
            wrongEngine.handle(.noteOn(MIDINote(53 + index % 3), velocity: 80, at: clock.now))
        }))
    }

    // 2. A right note in an interval session: judge, emit `noteJudged`, then choose (adaptively) and
    //    emit the next prompt.
    let rightEngine = TrainingEngine(clock: clock, random: SeededRandom(seed: 2), controls: .none, sink: sink)
    try rightEngine.start(.interval(IntervalExercise()))
    var answer = 0
    func currentAnswer() -> Int {
        guard case .prompt(let prompt)? = sink.last?.kind, let question = prompt.question.shown(as: IntervalQuestion.self) else { return answer }
        return question.answer.midiNote.rawValue
    }
    answer = currentAnswer()
    if options.wants("right") {
        results.append(("right", measure("interval, right note (judge + noteJudged + next prompt)") { _ in
            clock.now += .milliseconds(5)
            rightEngine.handle(.noteOn(MIDINote(answer), velocity: 80, at: clock.now))
            answer = currentAnswer()
        }))
    }

    // 3. Scale notes played right, round after round (every eighth note also completes a round).
    let scaleEngine = TrainingEngine(clock: clock, random: SeededRandom(seed: 3), controls: .none, sink: sink)
    try scaleEngine.start(.scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D"))))
    let dorian = [50, 52, 53, 55, 57, 59, 60, 62]
    if options.wants("scale") {
        results.append(("scale", measure("scale, right note (judge + noteJudged; every 8th also round + prompt)") { index in
            clock.now += .milliseconds(5)
            scaleEngine.handle(.noteOn(MIDINote(dorian[index % 8]), velocity: 80, at: clock.now))
        }))
    }

    // 4. A note-off: not an answer, ignored.
    if options.wants("note-off") {
        results.append(("note-off", measure("note-off (ignored)") { index in
            scaleEngine.handle(.noteOff(MIDINote(60), at: clock.now))
        }))
    }

    // 5–7. The kinds heard: one right answer each, found from what the prompt sounds (as a student
    //    hears it), judged, then the next question chosen and prompted. A chord is its keys pressed
    //    5 ms apart, judged at the last one, then released: one call is the whole chord.
    func heard(_ engine: TrainingEngine) -> [SoundPhrase] {
        guard case .prompt(let prompt)? = sink.last?.kind else { return [] }
        return prompt.sounds
    }
    if options.wants("ear-interval") {
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 5), controls: .none, sink: sink)
        try engine.start(Exercise(EarIntervalExercise()))
        var note = heard(engine).last!.notes.last!
        results.append(("ear-interval", measure("ear-interval, right note (judge + noteJudged + next prompt)") { _ in
            clock.now += .milliseconds(5)
            engine.handle(.noteOn(note, velocity: 80, at: clock.now))
            note = heard(engine).last!.notes.last!
        }))
    }
    if options.wants("chord") {
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 6), controls: .none, sink: sink)
        try engine.start(Exercise(ChordExercise(qualities: [.major, .minor, .diminished, .augmented, .dominant7])))
        var keys = heard(engine).last!.notes
        results.append(("chord", measure("chord, right chord (keys + judge + noteJudged + next prompt + releases)") { _ in
            for key in keys {
                clock.now += .milliseconds(5)
                engine.handle(.noteOn(key, velocity: 80, at: clock.now))
            }
            let next = heard(engine).last!.notes
            for key in keys { engine.handle(.noteOff(key, at: clock.now)) }
            keys = next
        }))
    }
    if options.wants("degree") {
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 7), controls: .none, sink: sink)
        try engine.start(Exercise(DegreeExercise()))
        var note = heard(engine).last!.notes[0]
        results.append(("degree", measure("degree, right note (judge + noteJudged + next prompt, a cadence every 8th)") { _ in
            clock.now += .milliseconds(5)
            engine.handle(.noteOn(note, velocity: 80, at: clock.now))
            note = heard(engine).last!.notes[0]
        }))
    }

    if options.wants("dictation") {
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 8), controls: .none, sink: sink)
        try engine.start(Exercise(DictationExercise()))
        var melody = heard(engine).last!.notes
        var next = 0
        results.append(("dictation", measure("dictation, right note (judge + noteJudged; every 4th also the next melody's prompt)") { _ in
            clock.now += .milliseconds(5)
            engine.handle(.noteOn(melody[next], velocity: 80, at: clock.now))
            next += 1
            if next == melody.count { melody = heard(engine).last!.notes; next = 0 }
        }))
    }

    if options.wants("rhythm") {
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 9), controls: .none, sink: sink)
        try engine.start(Exercise(RhythmExercise(tempo: 120, level: RhythmLevel(3)!, root: c3)))
        /// The pattern's onsets, from what the prompt sounds on the pitch (after the count-in).
        func onsets() -> [Duration] {
            let phrase = heard(engine).last!
            let starts = zip(phrase.notes, phrase.timing).filter { $0.0 == c3.midiNote! }.map(\.1.start)
            return starts.map { .seconds($0 - starts[0]) }
        }
        var pattern = onsets()
        var next = 0
        var start = clock.now + .seconds(1)
        results.append(("rhythm", measure("rhythm, an onset (every play-back's last: judge all + noteJudged + next prompt)") { _ in
            clock.now = start + pattern[next]
            engine.handle(.noteOn(c3.midiNote!, velocity: 80, at: clock.now))
            next += 1
            if next == pattern.count {
                pattern = onsets()
                next = 0
                start = clock.now + .seconds(1)
            }
        }))
    }

    // 9. A chord of a progression played back: its keys 5 ms apart, judged at the last, released;
    //    every 3rd or 4th chord also ends the question and prompts the next (cadence and chords).
    if options.wants("progression") {
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 9), controls: .none, sink: sink)
        try engine.start(Exercise(ProgressionExercise(progressions: Progression.upTo(level: 2))))
        var chords = heard(engine).dropFirst(4).map(\.notes)
        var next = 0
        results.append(("progression", measure("progression, right chord (keys + judge + noteJudged + releases; every 3rd-4th also the next prompt)") { _ in
            let keys = chords[next]
            for key in keys {
                clock.now += .milliseconds(5)
                engine.handle(.noteOn(key, velocity: 80, at: clock.now))
            }
            for key in keys { engine.handle(.noteOff(key, at: clock.now)) }
            next += 1
            if next == chords.count { chords = heard(engine).dropFirst(4).map(\.notes); next = 0 }
        }))
    }

    if options.json {
        for (key, figures) in results { print(figures.json(key: key)) }
    } else {
        print("Training engine benchmark (release build), \(sink.count) events emitted")
        for (_, figures) in results { print(figures.line()) }
    }
}

try run()
