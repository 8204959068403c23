// Time to judge one note and emit its event (issue 3: median under 10 µs).
// Not a test: run with `make bench-training` (a release build); the figures go in docs/benchmarks.md.
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
}

/// Times `iterations` calls of `body`, one by one, after `warmup` untimed calls.
func measure(_ name: String, iterations: Int = 200_000, warmup: Int = 20_000, _ body: (Int) -> Void) -> Figures {
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

/// Runs the four measurements and prints one line each.
func run() throws {
    let c3 = try RootNote(parsing: "C3")
    let sink = CountingSink()
    let clock = SteppedClock()

    // 1. A wrong note in an interval session: judge, count the error, emit `noteJudged`.
    let wrongEngine = TrainingEngine(clock: clock, random: SeededRandom(seed: 1), controls: .none, sink: sink)
    try wrongEngine.start(.interval(IntervalExercise(root: c3, intervals: [try SpelledInterval(parsing: "M3")], triesBeforeReveal: .max)))
    let wrong = measure("interval, wrong note (judge + noteJudged)") { index in
        clock.now += .milliseconds(5)
        wrongEngine.handle(.noteOn(MIDINote(53 + index % 3), velocity: 80, at: clock.now))
    }

    // 2. A right note in an interval session: judge, emit `noteJudged`, then choose (adaptively) and
    //    emit the next prompt.
    let rightEngine = TrainingEngine(clock: clock, random: SeededRandom(seed: 2), controls: .none, sink: sink)
    try rightEngine.start(.interval(IntervalExercise()))
    var answer = 0
    func currentAnswer() -> Int {
        guard case .prompt(let prompt)? = sink.last?.kind, case .interval(let question) = prompt.question else { return answer }
        return question.answer.midiNote.rawValue
    }
    answer = currentAnswer()
    let right = measure("interval, right note (judge + noteJudged + next prompt)") { _ in
        clock.now += .milliseconds(5)
        rightEngine.handle(.noteOn(MIDINote(answer), velocity: 80, at: clock.now))
        answer = currentAnswer()
    }

    // 3. Scale notes played right, round after round (every eighth note also completes a round).
    let scaleEngine = TrainingEngine(clock: clock, random: SeededRandom(seed: 3), controls: .none, sink: sink)
    try scaleEngine.start(.scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D"))))
    let dorian = [50, 52, 53, 55, 57, 59, 60, 62]
    let scale = measure("scale, right note (judge + noteJudged; every 8th also round + prompt)") { index in
        clock.now += .milliseconds(5)
        scaleEngine.handle(.noteOn(MIDINote(dorian[index % 8]), velocity: 80, at: clock.now))
    }

    // 4. A note-off: not an answer, ignored.
    let ignored = measure("note-off (ignored)") { index in
        scaleEngine.handle(.noteOff(MIDINote(60), at: clock.now))
    }

    print("Training engine benchmark (release build), \(sink.count) events emitted")
    for figures in [wrong, right, scale, ignored] { print(figures.line()) }
}

try run()
