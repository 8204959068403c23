/// The question's timeline (`Timeline`): prompts, echoes, sentences and breaths queued in order
/// and heard one after another; cues heard at once.
extension ToneRenderer {
    /// The moments of a prompt reported as they are heard, each called off the lock with its
    /// instant (`ToneRenderer+Heard`).
    public struct PromptMarks: Sendable {
        public typealias Mark = @Sendable (ContinuousClock.Instant) -> Void
        /// The first tone's start.
        public var first: Mark?
        /// The start of the last `lastPhraseTones` tones (the prompt's last phrase, a tone a note).
        public var lastPhrase: Mark?
        public var lastPhraseTones: Int
        /// The end of the tone that ends last (its release not counted).
        public var end: Mark?

        public init(first: Mark? = nil, lastPhrase: Mark? = nil, lastPhraseTones: Int = 0, end: Mark? = nil) {
            self.first = first
            self.lastPhrase = lastPhrase
            self.lastPhraseTones = lastPhraseTones
            self.end = end
        }

        /// Each mark with the frame it falls on, `tones` laid out from frame `start`.
        func frames(_ tones: [Tone], from start: Int) -> [(frame: Int, mark: Mark)] {
            // As the timeline schedules them: each tone's start and stop on a block boundary.
            let starts = tones.map { ToneRenderer.nextBoundary($0.startFrame) }
            let ends = tones.map { ToneRenderer.nextBoundary($0.startFrame) + ToneRenderer.nextBoundary($0.frameCount) }
            return [(first, starts.min() ?? 0), (lastPhrase, starts.suffix(max(1, lastPhraseTones)).min() ?? 0), (end, ends.max() ?? 0)]
                .compactMap { mark, offset in mark.map { (start + offset, $0) } }
        }
    }

    /// Queues tones after everything queued: they start once the step before has ended, laid
    /// out from there by their `startFrame`s. Planned on this thread, like `play`'s. Each of
    /// `marks` is called, off the lock, with the instant its moment is heard.
    public func enqueue(_ tones: [Tone], marks: PromptMarks = PromptMarks()) {
        guard !tones.isEmpty else { return }
        let (voices, failures) = voices(for: tones)
        state.withLock { state in
            state.errors += failures
            state.timeline.append(.tones(tones, voices: voices, marks: marks))
        }
    }

    /// Drops the timeline and the prompt notes not yet started; what sounds, and the keys, play
    /// on: a timed prompt (a steady click) ends at its question's answer.
    public func endPrompt() {
        state.withLock { state in
            state.timeline.clear()
            state.pending.removeAll { $0.fromTimeline }
            state.heard.removeAll { if case .prompt = $0.report { true } else { false } }
        }
    }

    /// Queues a sentence whose samples come later (`fillSentence`, once synthesized); the
    /// timeline waits at it up to `Timeline.synthesisWait`. Returns its id.
    public func enqueueSentence() -> Int {
        state.withLock { $0.timeline.appendSentence() }
    }

    /// The samples (mono, at this renderer's rate, loudness applied) of sentence `id`; ignored
    /// when a stop has emptied the timeline since.
    public func fillSentence(_ id: Int, samples: [Float]) {
        state.withLock { $0.timeline.fill(id, samples: samples) }
    }

    /// Queues silence: a breath before the next question.
    public func enqueuePause(seconds: Double) {
        let frames = Self.nextBoundary(Int((max(0, seconds) * sampleRate).rounded()))
        state.withLock { $0.timeline.append(.pause(frames: frames)) }
    }

    /// Queues a wait for a bar line of the last timed prompt, bars `seconds` long: what is queued
    /// next comes in on its beat (`Timeline.Step.barLine`).
    public func enqueueBarLine(seconds: Double) {
        state.withLock { $0.timeline.append(.barLine(frames: max(0, seconds) * sampleRate)) }
    }

    /// Queues a wait until no key the student plays is held (or held by the pedal), at most
    /// `seconds`: feedback does not sound over the student's own note.
    public func enqueueKeysUp(within seconds: Double) {
        let frames = Self.nextBoundary(Int((max(0, seconds) * sampleRate).rounded()))
        state.withLock { $0.timeline.append(.keysUp(frames: frames)) }
    }

    /// Speaks at once, over whatever sounds (ducked under notes): a feedback word.
    public func cue(_ samples: [Float]) {
        state.withLock { $0.speech.start(samples, sentence: false) }
    }

    /// Whether anything is queued on the timeline or spoken.
    public var isBusy: Bool { state.withLock { !$0.timeline.isEmpty || $0.speech.isSpeaking } }

    /// At a block boundary: starts the timeline's next steps once the one before has ended (and no
    /// stop is fading out).
    static func advanceTimeline(_ state: inout State, sampleRate: Double) {
        guard state.fadeRemaining == nil, state.mutedFrames == 0 else { return }
        while !state.timeline.isEmpty, state.clock >= state.timeline.busyUntil, !state.speech.isSpeakingSentence {
            switch state.timeline.steps[0] {
            case .tones(let tones, let voices, let marks):
                for (tone, voice) in zip(tones, voices) {
                    schedule(ScheduledEvent(frame: state.clock + nextBoundary(tone.startFrame), kind: .start(tone, voice), fromTimeline: true),
                             in: &state)
                }
                for (frame, mark) in marks.frames(tones, from: state.clock) { state.heard.append((frame, .prompt(mark))) }
                if marks.first != nil { state.timeline.barAnchor = state.clock + nextBoundary(tones.map(\.startFrame).min() ?? 0) }
                state.timeline.busyUntil = state.clock + nextBoundary(tones.map { $0.startFrame + $0.frameCount }.max() ?? 0)
            case .pause(let frames):
                state.timeline.busyUntil = state.clock + frames
            case .sentence(let id):
                // A cue heard now finishes first: a sentence is not said over a word.
                if state.speech.isSpeaking { return }
                if let samples = state.timeline.sentences[id] {
                    state.speech.start(samples, sentence: true)
                } else if waited(&state) < Int(Timeline.synthesisWait * sampleRate) {
                    return
                }
            case .held(let tone, let voice):
                schedule(ScheduledEvent(frame: state.clock, kind: .hold(tone, voice)), in: &state)
            case .barLine(let frames):
                if !reachedBarLine(&state, bar: frames, sampleRate: sampleRate) { return }
            case .keysUp(let frames):
                // A key pressed but not yet started (asked in this same block, as the judgement that
                // queued this feedback was) counts as held.
                let pressing = state.pending.contains { if case .press = $0.kind { true } else { false } }
                let held = pressing || state.keys.values.contains { $0.held } || (state.pedalDown && !state.keys.isEmpty)
                if held, waited(&state) < frames { return }
            }
            state.timeline.removeFirst()
        }
    }

    /// Whether the bar line the front `barLine` step waits for has come: the first of the timed
    /// prompt's bar lines `Timeline.barLead` after the step was reached, passed over for the next
    /// while a cue word is said on it. With no timed prompt before it, at once.
    private static func reachedBarLine(_ state: inout State, bar: Double, sampleRate: Double) -> Bool {
        guard let anchor = state.timeline.barAnchor, bar > 0 else { return true }
        func barLine(atOrAfter frame: Int) -> Int {
            anchor + Int((Double(frame - anchor) / bar).rounded(.up) * bar)
        }
        let target = state.timeline.barTarget ?? barLine(atOrAfter: state.clock + Int(Timeline.barLead * sampleRate))
        state.timeline.barTarget = target
        guard state.clock >= target else { return false }
        guard !state.speech.isSpeaking else {
            state.timeline.barTarget = barLine(atOrAfter: target + 1)
            return false
        }
        return true
    }

    /// Frames the first step has waited so far (starting the count at its first look).
    private static func waited(_ state: inout State) -> Int {
        let since = state.timeline.waitingSince ?? state.clock
        state.timeline.waitingSince = since
        return state.clock - since
    }
}
