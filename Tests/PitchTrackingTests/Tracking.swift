import PitchTracking

/// What a whole signal gave: its events and frames.
struct Tracked {
    var began: [NoteBeginning] = []
    var notes: [TrackedNote] = []
    var frames: [PitchFrame] = []
    var readings: [PitchReading] = []

    /// Tracks `signal` at `rate`, fed in blocks of `block` samples, with the segmenter's settings
    /// changed by `settings`.
    init(_ signal: [Float], rate: Double = 48_000, block: Int = 512, settings: (inout NoteSegmenter) -> Void = { _ in }) throws {
        var tracker = try PitchTracker(sampleRate: rate)
        settings(&tracker.segmenter)
        var start = 0
        var events: [PitchEvent] = []
        while start < signal.count {
            let end = min(signal.count, start + block)
            events += tracker.process(Array(signal[start..<end])) { frames.append($0) }
            readings.append(tracker.current)
            start = end
        }
        events += tracker.finish()
        for event in events {
            switch event {
            case .noteBegan(let beginning): began.append(beginning)
            case .noteEnded(let note): notes.append(note)
            }
        }
    }
}
