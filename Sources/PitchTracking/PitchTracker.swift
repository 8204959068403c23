/// The streaming pitch tracker: feed it blocks of samples as they arrive, at any rate from 8 kHz
/// to 192 kHz, and it reports each note as it begins (within about 60 ms of its onset) and as it
/// ends (with the centre of its stable part), and keeps a live reading for a tuner.
///
/// ```swift
/// var tracker = try PitchTracker(sampleRate: 48_000)
/// for event in tracker.process(block) {
///     if case .noteEnded(let note) = event { print(note.frequency) }
/// }
/// ```
public struct PitchTracker: Sendable {
    /// The frames.
    public private(set) var analyzer: PitchFrameAnalyzer
    /// The notes.
    public var segmenter: NoteSegmenter
    /// The latest frame's pitch and level.
    public private(set) var current: PitchReading = .silence

    /// A tracker for a stream at `sampleRate` hertz; throws outside 8 kHz…192 kHz.
    public init(sampleRate: Double, range: PitchRange = .voicesAndStrings) throws(PitchTrackerError) {
        analyzer = try PitchFrameAnalyzer(sampleRate: sampleRate, range: range)
        segmenter = NoteSegmenter()
    }

    /// Reads a block of samples (full scale ±1) and returns the notes it began and ended, in order;
    /// `onFrame` sees every frame.
    public mutating func process(_ samples: UnsafeBufferPointer<Float>, onFrame: (PitchFrame) -> Void = { _ in }) -> [PitchEvent] {
        var events: [PitchEvent] = []
        var segmenter = self.segmenter
        var reading = current
        analyzer.analyze(samples) { frame in
            onFrame(frame)
            let pitched = frame.clarity >= segmenter.voicedClarity ? frame.frequency : nil
            reading = PitchReading(time: frame.time, frequency: pitched, level: frame.level)
            segmenter.add(frame) { events.append($0) }
        }
        self.segmenter = segmenter
        current = reading
        return events
    }

    /// Reads a block of samples (full scale ±1); see `process(_:onFrame:)`.
    public mutating func process(_ samples: [Float], onFrame: (PitchFrame) -> Void = { _ in }) -> [PitchEvent] {
        samples.withUnsafeBufferPointer { process($0, onFrame: onFrame) }
    }

    /// The stream has ended: ends the note in progress, if any.
    public mutating func finish() -> [PitchEvent] {
        var events: [PitchEvent] = []
        segmenter.finish { events.append($0) }
        return events
    }
}
