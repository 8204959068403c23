/// Cuts a stream of pitch frames into notes, by level and pitch stability.
///
/// A frame is voiced when it is clear (`voicedClarity`), loud enough (`gate`) and in range. A note
/// begins once `beginFrames` voiced frames in a row stay within `stableCents` of their median; it
/// goes on while frames stay within `belongCents` of the median of its last `referenceFrames`
/// (wide enough for a ±50 c vibrato) and within `releaseDecibels` of its loudest frame. It ends
/// after `releaseFrames` frames that do not belong, at once when those have become a stable pitch
/// of their own (the next note, played legato), or at a new attack: a rise of `onsetDecibels` out
/// of a dip the note had faded into for `onsetDipFrames` (the next note over the last one's
/// reverberation, or the same note again), or where a held pitch is followed by another held
/// pitch `stepCents` away.
/// Frames an octave, a twelfth or two octaves off are passed over for up to `slipFrames`.
public struct NoteSegmenter: Sendable {
    /// Frames at least this clear may be pitched.
    public var voicedClarity = 0.8
    /// Frames quieter than this (dB below full scale) are silence.
    public var gate = -50.0
    /// Frames this far below the note's loudest end it (a decaying tail).
    public var releaseDecibels = 30.0
    /// The end of a note quieter than this below its loudest frame is its release, not its pitch.
    public var stableDecibels = 12.0
    /// A frame an octave, a twelfth or two octaves away from the note (up or down), within this
    /// many cents, has slipped to a partial or a subharmonic: a choir's detuned voices, a weak
    /// fundamental or a strong third partial can make a frame or a few read so.
    public var slipCents = 60.0
    /// Up to this many slipped frames in a row are passed over (150 ms); more are a new note.
    public var slipFrames = 30
    /// Two runs of this many frames, each held within `stepSpreadCents` of its median, whose
    /// medians are `stepCents` or more apart, are two notes (a vibrato or a scoop is not held).
    public var stepFrames = 20
    /// How still a held run is.
    public var stepSpreadCents = 12.0
    /// How far apart two held runs are to be two notes.
    public var stepCents = 40.0
    /// A held run `stepCents` from the frames up to the quietest of the this many frames before it,
    /// and `onsetDecibels` louder than that dip, is a new attack (400 ms: a choir's attack wavers
    /// for 250 ms).
    public var reattackFrames = 80
    /// A rise this large out of a dip after the note's loudest frame is a new attack (6 dB would
    /// catch more notes over a room's reverberation, but cuts FluidR3's choir at its beats).
    public var onsetDecibels = 9.0
    /// The frames a dip is looked for in, before a rise.
    public var onsetFrames = 20
    /// Frames of the dip that are `onsetDecibels` under the loudest (50 ms): a room's
    /// reverberation beating with a held note notches its level that deep for 20–40 ms, and a
    /// rise out of such a notch is the same note going on (FluidR3's flute over FluidSynth's reverb
    /// was cut in three so).
    public var onsetDipFrames = 10
    /// Frames in a row that make a note.
    public var beginFrames = 7
    /// How close to their median those frames must be, in cents.
    public var stableCents = 40.0
    /// How far from the note's recent median a frame may be and still belong, in cents.
    public var belongCents = 90.0
    /// Frames that do not belong, in a row, that end a note.
    public var releaseFrames = 10
    /// The frames the note's recent median is taken over.
    public var referenceFrames = 60
    /// A note keeps at most this many frames for its centre (about 20 s).
    public var storedFrames = 4_000

    private var candidate: [Heard] = []
    private var note: NoteInProgress?
    /// The last note's pitch and the level its tail fades under: such frames begin nothing.
    private var fadingTail: (cents: Double, level: Double)?
    private var centre = NoteCentre()

    /// A segmenter with the default settings.
    public init() {}

    /// Takes the next frame and reports what it began or ended.
    public mutating func add(_ frame: PitchFrame, _ report: (PitchEvent) -> Void) {
        let heard = voiced(frame)
        guard var current = note else {
            grow(&candidate, with: heard.flatMap { isTail($0) ? nil : $0 })
            if let beginning = begin(reportedAt: frame.windowEnd) { report(.noteBegan(beginning)) }
            return
        }
        if let heard, current.isAttackedAgain(by: heard, rise: onsetDecibels, recent: onsetFrames, held: onsetDipFrames) {
            report(.noteEnded(finish(current)))
            note = nil
            fadingTail = nil
            candidate = [heard]
            return
        }
        if let heard, current.slips(heard, within: slipCents), current.slipped < slipFrames {
            // An octave slip of the analysis, not a new note: neither the note's nor a miss.
            current.slipped += 1
            note = current
            return
        }
        if let heard, current.admits(heard, within: belongCents, below: releaseDecibels, recent: referenceFrames) {
            if current.frames.count < storedFrames {
                current.frames.append(heard)
                if heard.level > current.peakLevel { current.peakIndex = current.frames.count - 1 }
            }
            current.lastTime = heard.time
            current.peakLevel = max(current.peakLevel, heard.level)
            current.misses = 0
            current.slipped = 0
            candidate.removeAll()
            if let (before, after) = current.steps(
                frames: stepFrames, within: stepSpreadCents, by: stepCents, risen: onsetDecibels, lookBack: reattackFrames) {
                // A held pitch, then another held pitch or a new attack at another pitch: two notes
                // (the next one over the last one's reverberation, or a step smaller than `belongCents`).
                report(.noteEnded(finish(before)))
                note = after
                report(.noteBegan(NoteBeginning(
                    onset: after.onset, frequencySoFar: Cents.hertz(Cents.median(after.frames.map(\.cents))), reportedAt: frame.windowEnd)))
                return
            }
            note = current
            return
        }
        current.misses += 1
        note = current
        // Only a loud enough frame at another pitch may be the next note; a fading one is the tail.
        grow(&candidate, with: heard.flatMap { $0.level >= current.peakLevel - releaseDecibels ? $0 : nil })
        let nextIsStable = candidate.count >= beginFrames
        guard nextIsStable || current.misses >= releaseFrames else { return }
        report(.noteEnded(finish(current)))
        note = nil
        fadingTail = (Cents.median(current.frames.suffix(referenceFrames).map(\.cents)), current.peakLevel - releaseDecibels)
        if let beginning = begin(reportedAt: frame.windowEnd) { report(.noteBegan(beginning)) }
    }

    /// Ends the note in progress, if any (the stream has ended).
    public mutating func finish(_ report: (PitchEvent) -> Void) {
        if let current = note { report(.noteEnded(finish(current))) }
        note = nil
        fadingTail = nil
        candidate.removeAll()
    }

    /// The frame as the segmenter keeps it, or nil when it is not voiced.
    private func voiced(_ frame: PitchFrame) -> Heard? {
        guard let frequency = frame.frequency, frame.clarity >= voicedClarity, frame.level >= gate else { return nil }
        return Heard(time: frame.time, cents: Cents.of(frequency), level: frame.level)
    }

    /// Whether `heard` is the last note's tail: at its pitch and faded.
    private func isTail(_ heard: Heard) -> Bool {
        guard let fadingTail else { return false }
        return abs(heard.cents - fadingTail.cents) <= belongCents && heard.level < fadingTail.level
    }

    /// Adds a voiced frame to a run of stable frames (dropping from the front the frames it is
    /// not stable with: a scoop slides through), or empties the run on an unvoiced frame.
    private func grow(_ run: inout [Heard], with heard: Heard?) {
        guard let heard else {
            run.removeAll()
            return
        }
        run.append(heard)
        while run.count > 1 && !isStable(run) { run.removeFirst() }
        if run.count > beginFrames { run.removeFirst(run.count - beginFrames) }
    }

    private func isStable(_ run: [Heard]) -> Bool {
        let median = Cents.median(run.map(\.cents))
        return run.allSatisfy { abs($0.cents - median) <= stableCents }
    }

    /// Begins a note from the candidate run when it is long enough.
    private mutating func begin(reportedAt time: Double) -> NoteBeginning? {
        guard candidate.count >= beginFrames else { return nil }
        let started = NoteInProgress(frames: candidate)
        note = started
        candidate.removeAll()
        let soFar = Cents.median(started.frames.map(\.cents))
        return NoteBeginning(onset: started.onset, frequencySoFar: Cents.hertz(soFar), reportedAt: time)
    }

    private func finish(_ done: NoteInProgress) -> TrackedNote {
        // The release is not the stable part: frames fading under `stableDecibels` below the
        // loudest at the note's end are left out of its centre (never more than half of them).
        var kept = done.frames.count
        while kept > done.frames.count / 2 && done.frames[kept - 1].level < done.peakLevel - stableDecibels { kept -= 1 }
        let (cents, stableStart) = centre.centre(of: done.frames.prefix(kept).map(\.cents))
        return TrackedNote(
            onset: done.onset, end: done.lastTime, frequency: Cents.hertz(cents),
            stableFrom: done.frames[stableStart].time, peakLevel: done.peakLevel)
    }
}

/// A voiced frame: its time, pitch in cents above 440 Hz, and level.
struct Heard: Sendable {
    let time: Double
    let cents: Double
    let level: Double
}

/// A note being heard.
struct NoteInProgress: Sendable {
    var frames: [Heard]
    var onset: Double
    var lastTime: Double
    var peakLevel: Double
    var peakIndex: Int
    var misses = 0
    var slipped = 0

    init(frames: [Heard]) {
        self.frames = frames
        onset = frames[0].time
        lastTime = frames[frames.count - 1].time
        peakIndex = frames.indices.max { frames[$0].level < frames[$1].level } ?? 0
        peakLevel = frames[peakIndex].level
    }

    /// The note cut in two where its last `count` frames are held within `spread` of their median
    /// and `by` cents or more from the `count` frames before them, which are either
    /// - held as well, up to 10 frames earlier (a window of the change between them is neither);
    /// - or the frames up to the quietest among the `lookBack` before the held ones, when the
    ///   held ones are `risen` dB louder than it and the note had faded `risen` dB into it: a new
    ///   attack at another pitch, over a reverberation that holds no pitch still (a choir's), or
    ///   after a slow attack that wavers;
    /// nil when they are not.
    func steps(frames count: Int, within spread: Double, by distance: Double, risen: Double, lookBack: Int) -> (NoteInProgress, NoteInProgress)? {
        let after = frames.suffix(count)
        let afterMedian = Cents.median(after.map(\.cents))
        guard after.count == count, after.allSatisfy({ abs($0.cents - afterMedian) <= spread }) else { return nil }
        for gap in 0...10 where frames.count >= 2 * count + gap {
            let before = frames.dropLast(count + gap).suffix(count)
            let beforeMedian = Cents.median(before.map(\.cents))
            guard abs(afterMedian - beforeMedian) >= distance, before.allSatisfy({ abs($0.cents - beforeMedian) <= spread }) else { continue }
            return split(at: frames.count - count - gap)
        }
        guard let dip = reattack(after: after, afterMedian: afterMedian, by: distance, risen: risen, lookBack: lookBack) else { return nil }
        return split(at: dip + 1)
    }

    /// The quietest frame among the `lookBack` before `after` when the note rises out of it anew
    /// at another pitch (see `steps`), or nil.
    private func reattack(after: ArraySlice<Heard>, afterMedian: Double, by distance: Double, risen: Double, lookBack: Int) -> Int? {
        let searched = max(0, after.startIndex - lookBack)..<after.startIndex
        guard let dip = searched.min(by: { frames[$0].level < frames[$1].level }), dip + 1 >= after.count else { return nil }
        let before = frames[(dip + 1 - after.count)...dip]
        let dipLevel = frames[dip].level
        guard abs(afterMedian - Cents.median(before.map(\.cents))) >= distance,
              Cents.median(after.map(\.level)) - dipLevel >= risen,
              let faded = frames[..<dip].map(\.level).max(), faded - dipLevel >= risen else { return nil }
        return dip
    }

    /// The note's frames before `index` as one note (its onset and loudest level kept), and those from it as the next.
    private func split(at index: Int) -> (NoteInProgress, NoteInProgress) {
        var first = NoteInProgress(frames: Array(frames[..<index]))
        first.onset = onset
        first.peakLevel = max(first.peakLevel, peakLevel)
        return (first, NoteInProgress(frames: Array(frames[index...])))
    }

    /// Whether `heard` is an octave, a twelfth or two octaves from the note's recent median,
    /// within `cents`.
    func slips(_ heard: Heard, within cents: Double) -> Bool {
        let distance = abs(heard.cents - Cents.median(frames.suffix(20).map(\.cents)))
        return Cents.slips.contains { abs(distance - $0) <= cents }
    }

    /// Whether `heard` rises by `rise` dB out of a dip, among the last `recent` frames, that came
    /// after the note's loudest frame and fell `rise` dB under it for `held` frames (the note's own
    /// attack rises towards its loudest frame and is no dip).
    func isAttackedAgain(by heard: Heard, rise: Double, recent: Int, held: Int) -> Bool {
        let start = max(peakIndex + 1, frames.count - recent)
        guard start < frames.count else { return false }
        let dip = frames[start...].map(\.level).min() ?? heard.level
        let deep = frames[start...].count { $0.level <= peakLevel - rise }
        return dip <= peakLevel - rise && deep >= held && heard.level >= dip + rise
    }

    /// Whether `heard` goes on with this note: near its recent median and not faded away.
    func admits(_ heard: Heard, within cents: Double, below decibels: Double, recent: Int) -> Bool {
        guard heard.level >= peakLevel - decibels else { return false }
        let median = Cents.median(frames.suffix(recent).map(\.cents))
        return abs(heard.cents - median) <= cents
    }
}
