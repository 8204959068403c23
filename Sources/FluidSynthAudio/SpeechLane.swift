/// The voice's place in the mix: sentences the question's timeline starts one at a time, and cues
/// (a feedback word) heard at once, over whatever sounds.
///
/// - A note that sounds while the voice speaks ducks it (`duckGain`, reached over `rampFrames`)
///   instead of cutting it, and the voice comes back up once the note has ended: a sentence is
///   heard whole, once.
/// - A cue said during a sentence replaces it: the sentence fades out over the ramp and is
///   forgotten (a word mixed on top of a sentence was heard as neither). The timeline starts no
///   sentence while a cue is heard (`ToneRenderer.advanceTimeline`).
/// - A stop fades every clip out over its fade, then forgets them.
struct SpeechLane {
    struct Clip {
        /// Mono samples at the output rate, loudness applied.
        let samples: [Float]
        var position = 0
        /// A sentence of the timeline (which waits for it to end), or a cue (which nothing waits for).
        let isSentence: Bool
        /// A sentence a cue replaced: frames left of its fade, of how many.
        var cut: (remaining: Int, total: Int)?
    }

    /// The voice's gain while a note sounds: about 10 dB down, still understood.
    static let duckGain: Float = 0.3
    let rampFrames: Int

    private(set) var clips: [Clip] = []
    private var gain: Float = 1
    /// While a stop fades the voice: frames left, of how many.
    private var fade: (remaining: Int, total: Int)?

    init(rampFrames: Int) {
        precondition(rampFrames > 0, "a ramp takes at least one frame")
        self.rampFrames = rampFrames
    }

    /// True while a sentence is heard (the timeline waits for it).
    var isSpeakingSentence: Bool { clips.contains(where: \.isSentence) }
    /// True while anything is heard.
    var isSpeaking: Bool { !clips.isEmpty }

    /// Starts `samples` now: a sentence of the timeline, or a cue (which replaces a sentence
    /// under way).
    mutating func start(_ samples: [Float], sentence: Bool) {
        guard !samples.isEmpty, fade == nil else { return }
        if !sentence {
            for index in clips.indices where clips[index].isSentence && clips[index].cut == nil {
                clips[index].cut = (rampFrames, rampFrames)
            }
        }
        clips.append(Clip(samples: samples, isSentence: sentence))
    }

    /// Fades every clip out over `frames`, then forgets them.
    mutating func fadeOut(over frames: Int) {
        guard !clips.isEmpty, fade == nil else { return }
        fade = (max(1, frames), max(1, frames))
    }

    /// Forgets every clip at once.
    mutating func clear() {
        clips.removeAll()
        fade = nil
    }

    /// Adds this span's speech to both channels; `noteSounding` ducks it.
    mutating func mix(into left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>, count: Int, noteSounding: Bool) {
        guard !clips.isEmpty else {
            gain = 1
            return
        }
        let target: Float = noteSounding ? Self.duckGain : 1
        let step = (1 - Self.duckGain) / Float(rampFrames)
        for index in 0..<count {
            if gain < target { gain = min(target, gain + step) } else if gain > target { gain = max(target, gain - step) }
            var sample: Float = 0
            for clip in clips.indices where clips[clip].position < clips[clip].samples.count {
                var value = clips[clip].samples[clips[clip].position]
                clips[clip].position += 1
                if let (remaining, total) = clips[clip].cut {
                    value *= Float(remaining) / Float(total)
                    clips[clip].cut = (remaining - 1, total)
                    if remaining <= 1 { clips[clip].position = clips[clip].samples.count }
                }
                sample += value
            }
            var level = gain
            if let (remaining, total) = fade {
                level *= Float(remaining) / Float(total)
                fade = remaining > 1 ? (remaining - 1, total) : nil
                if remaining <= 1 { clips.removeAll() }
            }
            left[index] += sample * level
            right[index] += sample * level
            if clips.isEmpty { break }
        }
        clips.removeAll { $0.position >= $0.samples.count }
    }

    /// The same into one buffer (tests).
    mutating func mix(into mono: inout [Float], noteSounding: Bool) {
        var other = [Float](repeating: 0, count: mono.count)
        let count = mono.count
        mono.withUnsafeMutableBufferPointer { buffer in
            other.withUnsafeMutableBufferPointer { spare in
                mix(into: buffer.baseAddress!, spare.baseAddress!, count: count, noteSounding: noteSounding)
            }
        }
    }
}
