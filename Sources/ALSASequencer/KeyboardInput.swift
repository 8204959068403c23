import Foundation
import Logging
import Synchronization
import SystemCalls

/// Keyboards through the ALSA sequencer: a client (named `eartrainer` by default) whose input port
/// is connected to every keyboard, now and when plugged in later. Played notes arrive on `events`.
///
/// `run()` runs one input thread until the calling task is cancelled. Without a sequencer it keeps
/// retrying; an unplugged keyboard leaves the status "no keyboard" until one comes back.
public final class KeyboardInput: Sendable {
    /// How the input finds keyboards and copes with a missing sequencer.
    public struct Configuration: Sendable, Hashable {
        /// The sequencer client's name, as `aconnect -l` shows it.
        public var clientName: String
        /// The input port's name.
        public var portName: String
        /// When not empty, only matching ports are connected (names or `client:port`).
        public var keyboards: [KeyboardPattern]
        /// How long to wait between attempts to open a missing sequencer.
        public var retryInterval: Duration
        /// How often ports are looked at again even without an announcement.
        public var rescanInterval: Duration
        /// The kernel input pool in events (kernel maximum 2000); larger survives bursts.
        public var inputPoolSize: Int

        public init(
            clientName: String = "eartrainer", portName: String = "input", keyboards: [KeyboardPattern] = [],
            retryInterval: Duration = .seconds(3), rescanInterval: Duration = .seconds(1), inputPoolSize: Int = 2000
        ) {
            self.clientName = clientName
            self.portName = portName
            self.keyboards = keyboards
            self.retryInterval = retryInterval
            self.rescanInterval = rescanInterval
            self.inputPoolSize = inputPoolSize
        }
    }

    /// Everything played, status changes and overruns, in order. Finishes when `run()` returns.
    public let events: AsyncStream<InputEvent>
    let continuation: AsyncStream<InputEvent>.Continuation
    let configuration: Configuration
    let logger: Logger
    private let state = Mutex(State())
    private let started = Atomic<Bool>(false)

    private struct State {
        var status = InputStatus.starting
        var overruns = 0
        var inputAddress: PortAddress?
    }

    public init(configuration: Configuration = Configuration(), logger: Logger) {
        (events, continuation) = AsyncStream.makeStream(of: InputEvent.self)
        self.configuration = configuration
        self.logger = logger
    }

    /// The latest status.
    public var status: InputStatus { state.withLock { $0.status } }

    /// Our input port while the sequencer is open (for `aconnect KEYBOARD ADDRESS`).
    public var inputAddress: PortAddress? { state.withLock { $0.inputAddress } }

    /// How many times the kernel's input buffer has overflowed.
    public var overruns: Int { state.withLock { $0.overruns } }

    /// Runs the input thread until the calling task is cancelled; call once.
    public func run() async throws {
        precondition(!started.exchange(true, ordering: .acquiringAndReleasing), "KeyboardInput.run() called twice")
        let wake = try WakePipe()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                let thread = Thread { [self] in
                    InputLoop(input: self, wake: wake).run()
                    finished.resume()
                }
                thread.name = "alsa-input"
                thread.start()
            }
        } onCancel: {
            wake.requestStop()
        }
        continuation.finish()
    }

    /// Records and reports a new status, if it changed, and our input port's address.
    func publish(_ status: InputStatus, inputAddress: PortAddress? = nil) {
        let changed = state.withLock { state in
            defer {
                state.status = status
                state.inputAddress = inputAddress
            }
            return state.status != status
        }
        if changed { continuation.yield(.status(status)) }
    }

    /// Counts one overrun and returns the total.
    func countOverrun() -> Int {
        state.withLock { state in
            state.overruns += 1
            return state.overruns
        }
    }
}
