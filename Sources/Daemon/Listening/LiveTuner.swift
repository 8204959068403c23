import ControlProtocol
import MusicTheory
import Training

/// The `listen` topic's readings: the listening input's level and pitch, read as a tuner reads
/// them against the open question's tuning from its tuning root (a sung answer's cents are
/// measured so), or in equal temperament while none is open. A reading is sent when it shows
/// something new (another note, a tenth of a cent, a decibel, the pitch found or lost), and at
/// least once a second, so that a view that begins to follow during a steady note shows it.
struct LiveTuner {
    /// The open question's tuning root and its session's tuning; nil: equal temperament.
    private var tuned: (root: MIDINote, tuning: TuningSystem)?
    /// The last reading sent, and when.
    private var last: ListenReading?
    private var lastSent: Duration?
    /// The longest time between two readings sent.
    static let longestGap: Duration = .seconds(1)
    /// The quietest level a reading gives, in dB of full scale: the tracker's own runs on down in
    /// silence (−700 dB and lower), which would be a reading every few blocks.
    static let floorDB = -120.0

    /// Follows the question the readings are measured against.
    mutating func follow(_ event: TrainingEvent) {
        switch event.kind {
        case .prompt(let prompt):
            tuned = prompt.question.shown.tuningRoot.map { ($0, prompt.settings.tuningSystem) }
        case .sessionEnded:
            tuned = nil
        default:
            break
        }
    }

    /// The reading of `level` (dB of full scale) and `hertz` at `now` to send, nil when it shows
    /// nothing new and the last was sent within `longestGap`.
    mutating func reading(level: Double, hertz: Double?, settings: TrainingSettings, at now: Duration) -> ListenReading? {
        let tuning = tuned?.tuning ?? .equalTemperament
        let tonic = tuned.map { $0.root.pitchClass } ?? PitchClass(0)
        let heard = hertz.flatMap { TunerReading(hertz: $0, tuning: tuning, key: tonic, reference: settings.referencePitch) }
        let tolerance = settings.listenToleranceCents
        let reading = ListenReading(
            levelDB: level.isFinite ? (max(Self.floorDB, level) * 10).rounded() / 10 : nil,
            hertz: heard == nil ? nil : hertz.map { ($0 * 100).rounded() / 100 },
            note: heard?.note.spelled.description,
            cents: heard.map { ($0.cents * 10).rounded() / 10 },
            inTune: heard?.inTune(within: tolerance),
            toleranceCents: tolerance, tuning: tuning.rawValue,
            tonic: tuning == .equalTemperament ? nil : tonic.preferredName.description)
        guard Self.shows(reading, over: last) || lastSent.map({ now - $0 >= Self.longestGap }) ?? true else { return nil }
        last = reading
        lastSent = now
        return reading
    }

    /// Whether `reading` shows anything `last` did not: the level moved by a decibel, or the note,
    /// its tenth of a cent or the tuning changed.
    static func shows(_ reading: ListenReading, over last: ListenReading?) -> Bool {
        guard let last else { return true }
        var same = reading
        same.levelDB = last.levelDB
        same.hertz = last.hertz
        let levelMoved = switch (reading.levelDB, last.levelDB) {
        case let (now?, then?): abs(now - then) >= 1
        case (nil, nil): false
        default: true
        }
        return levelMoved || same != last
    }
}
