extension ToneRenderer {
    /// Whether FluidSynth is idle now: nothing has sounded for `idleAfterFrames`.
    public var isIdle: Bool { state.withLock { $0.idle } }

    /// Frames FluidSynth has rendered so far (the rest were written as zeros while idle).
    public var synthFrames: Int { state.withLock { $0.synthFrames } }

    /// Called at each block boundary, after the due events started: counts quiet blocks and turns
    /// the idle state on after enough of them. Anything sounding (a FluidSynth voice, even one
    /// releasing; a sine; a stop's fade or mute) turns it off for this block, so a note due at
    /// this boundary is rendered in it: a note ends the idle state within the period it falls in.
    static func updateIdle(_ state: inout State, after idleAfterFrames: Int) {
        let sounding = !state.sines.isEmpty || state.fadeRemaining != nil || state.mutedFrames > 0
            || (state.cello.map { $0.synth.activeVoiceCount > 0 } ?? false)
        if sounding {
            state.quietFrames = 0
            state.idle = false
        } else {
            state.idle = state.quietFrames >= idleAfterFrames
            if !state.idle { state.quietFrames += blockFrames }
        }
    }

    /// While idle with nothing due in the next `frames`, writes the zeros in one go (no per-block
    /// work at all). Returns false when the blocks must be rendered one by one.
    static func skipIdle(_ state: inout State, frames: Int, left: UnsafeMutablePointer<Float>,
                         right: UnsafeMutablePointer<Float>) -> Bool {
        guard state.idle, state.clock % blockFrames == 0, frames % blockFrames == 0, state.sines.isEmpty, !state.speech.isSpeaking, state.timeline.isEmpty,
              state.fadeRemaining == nil, (state.pending.first?.frame ?? .max) >= state.clock + frames else { return false }
        left.update(repeating: 0, count: frames)
        right.update(repeating: 0, count: frames)
        state.clock += frames
        return true
    }
}
