extension ToneRenderer {
    /// Renders `tones` from the current clock for `frames` frames, with no device: the left
    /// channel and the right channel (they are equal; the cello and the sines are centred).
    public func renderOffline(_ tones: [Tone], frames: Int) -> (left: [Float], right: [Float]) {
        play(tones)
        var left = [Float](repeating: 0, count: frames)
        var right = [Float](repeating: 0, count: frames)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                var done = 0
                while done < frames {
                    let count = min(4096, frames - done)
                    render(frames: count, left: l.baseAddress! + done, right: r.baseAddress! + done)
                    done += count
                }
            }
        }
        return (left, right)
    }

    /// How many frames `tones` need, with `tail` more for the release to die away.
    public static func length(of tones: [Tone], tail: Int) -> Int {
        nextBoundary((tones.map(\.endFrame).max() ?? 0) + tail)
    }
}
