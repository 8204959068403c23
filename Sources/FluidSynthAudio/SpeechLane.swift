/// The voice's place in the mix: spoken clips wait in order and sound only in the quiet between
/// notes. A note is never delayed for speech; speech never sounds over a note.
///
/// - A clip starts once nothing has sounded for `gapFrames` (the last note has ended).
/// - A note that starts while a clip speaks silences it at once; the clip begins again from its
///   start at the next quiet, so a sentence is heard whole. A clip cut `maxRestarts` times is
///   dropped (the student is busy playing).
/// - A clip that has waited longer than `staleFrames` without starting is dropped: a prompt's
///   announcement is no use a minute later.
struct SpeechLane {
    struct Clip {
        /// Mono samples at the output rate, loudness applied.
        let samples: [Float]
        let queuedAt: Int
        var restarts = 0
    }

    let gapFrames: Int
    let staleFrames: Int
    static let maxRestarts = 3

    private(set) var queue: [Clip] = []
    /// Where the first clip is, in frames; nil while it has not started.
    private var position: Int?
    /// Frames of silence still due after a clip ended, before the next may start.
    private var pauseRemaining = 0

    init(gapFrames: Int, staleFrames: Int) {
        self.gapFrames = gapFrames
        self.staleFrames = staleFrames
    }

    /// True while a clip is being heard.
    var isSpeaking: Bool { position != nil }

    /// Queues a clip after the others.
    mutating func enqueue(_ samples: [Float], at clock: Int) {
        guard !samples.isEmpty else { return }
        queue.append(Clip(samples: samples, queuedAt: clock))
    }

    /// Forgets every clip, the one speaking included.
    mutating func clear() {
        queue.removeAll()
        position = nil
    }

    /// Adds this span's speech to both channels (`count` frames from `clock`); `quietFrames` is
    /// how long nothing but speech has sounded, up to this span (0 when a note sounds in it).
    mutating func mix(into left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>, count: Int,
                      clock: Int, quietFrames: Int) {
        if quietFrames == 0, position != nil {
            position = nil
            queue[0].restarts += 1
            if queue[0].restarts > Self.maxRestarts { queue.removeFirst() }
        }
        let (speaking, stale) = (position != nil, staleFrames)
        queue.removeAll { clip in !speaking && clip.restarts == 0 && clock - clip.queuedAt > stale }
        if pauseRemaining > 0 {
            pauseRemaining = max(0, pauseRemaining - count)
            return
        }
        guard quietFrames >= gapFrames, !queue.isEmpty else { return }
        let start = position ?? 0
        let written = min(count, queue[0].samples.count - start)
        queue[0].samples.withUnsafeBufferPointer { samples in
            for index in 0..<written {
                left[index] += samples[start + index]
                right[index] += samples[start + index]
            }
        }
        if start + written == queue[0].samples.count {
            queue.removeFirst()
            position = nil
            // Clips are heard apart: the next starts after a gap's worth of silence.
            pauseRemaining = gapFrames
        } else {
            position = start + written
        }
    }

    /// The same into one buffer (tests).
    mutating func mix(into mono: inout [Float], clock: Int, quietFrames: Int) {
        var other = [Float](repeating: 0, count: mono.count)
        let count = mono.count
        mono.withUnsafeMutableBufferPointer { buffer in
            other.withUnsafeMutableBufferPointer { spare in
                mix(into: buffer.baseAddress!, spare.baseAddress!, count: count, clock: clock, quietFrames: quietFrames)
            }
        }
    }
}
