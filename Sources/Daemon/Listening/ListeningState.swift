import ControlProtocol
import Synchronization

/// What `status` shows of the listening input (`devices.listen`): kept up to date by the input's
/// own thread (started, ended, the level) and by the core (notes heard, left out, how late).
public final class ListeningState: Sendable {
    private let shown = Mutex<ListenStatus?>(nil)
    private let latencies = Mutex<[Double]>([])

    /// How many notes' onset-to-judgement times are kept for the median.
    static let keptLatencies = 32

    public init() {}

    /// The status now; nil while no listening input is configured.
    public var status: ListenStatus? {
        guard var status = shown.withLock({ $0 }) else { return nil }
        let recent = latencies.withLock { $0 }.sorted()
        status.listenToJudgement = recent.isEmpty ? nil : (recent[recent.count / 2] * 10).rounded() / 10
        return status
    }

    /// A listening input is configured: `driver` on `device`, not yet listening.
    public func configure(driver: String, device: String) {
        shown.withLock { $0 = ListenStatus(driver: driver, device: device, problem: "no samples yet") }
    }

    /// Samples are coming in, in `format`.
    public func started(format: String) {
        update { $0.listening = true; $0.problem = nil; $0.format = format }
    }

    /// The stream ended, or could not be opened: why.
    public func ended(_ problem: String) {
        update { $0.listening = false; $0.problem = problem; $0.levelDB = nil; $0.hertz = nil }
    }

    /// The live reading: the level in dB of full scale (to a tenth), the pitch heard.
    public func reading(level: Double, hertz: Double?) {
        update {
            $0.levelDB = level.isFinite ? (level * 10).rounded() / 10 : nil
            $0.hertz = hertz.map { ($0 * 100).rounded() / 100 }
        }
    }

    /// A note was handed to the engine `milliseconds` after its onset.
    func heard(afterMilliseconds milliseconds: Double) {
        update { $0.notesHeard += 1 }
        latencies.withLock {
            $0.append(milliseconds)
            if $0.count > Self.keptLatencies { $0.removeFirst() }
        }
    }

    /// An onset without pitch (a clap) was handed to the engine.
    func tapped() {
        update { $0.tapsHeard += 1 }
    }

    /// Samples were lost: the input was not read in time.
    public func overrun() {
        update { $0.overruns += 1 }
    }

    /// A note or a clap was left out as the daemon's own sound.
    func ownSoundHeard() {
        update { $0.ownSound += 1 }
    }

    private func update(_ change: (inout ListenStatus) -> Void) {
        shown.withLock { status in
            guard status != nil else { return }
            change(&status!)
        }
    }
}
