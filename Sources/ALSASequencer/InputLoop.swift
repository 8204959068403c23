import Glibc
import Logging
import SystemCalls

/// The input thread's body: opens the sequencer (retrying while there is none), keeps keyboards
/// connected, and turns sequencer events into `InputEvent`s. Lives on that one thread only.
final class InputLoop {
    private let input: KeyboardInput
    private let wake: WakePipe
    private var sequencer: Sequencer?
    private var held = HeldNotes()
    private var unavailableReported = false
    private var needsScan = true
    private var lastScan = ContinuousClock.now
    private var keyboards: [PortInfo] = []
    private var logger: Logger { input.logger }
    private var configuration: KeyboardInput.Configuration { input.configuration }

    init(input: KeyboardInput, wake: WakePipe) {
        self.input = input
        self.wake = wake
    }

    func run() {
        while !wake.stopRequested {
            if let sequencer {
                serve(sequencer)
            } else if !open() {
                wake.sleep(for: configuration.retryInterval)
            }
        }
        releaseHeldNotes()
        sequencer = nil
    }

    /// Tries to open the sequencer; says once when there is none.
    private func open() -> Bool {
        do {
            let opened = try Sequencer(
                clientName: configuration.clientName, portName: configuration.portName,
                inputPoolSize: configuration.inputPoolSize)
            logger.info("ALSA sequencer open", metadata: [
                "client": "\(opened.clientID)", "port": "\(opened.inputPort)",
            ])
            sequencer = opened
            unavailableReported = false
            needsScan = true
            keyboards = []
            input.publish(.listening(keyboards: []), inputAddress: address(of: opened))
            return true
        } catch {
            if !unavailableReported {
                logger.warning("No ALSA sequencer; retrying", metadata: [
                    "error": "\(error)", "retry": "\(configuration.retryInterval)",
                ])
                unavailableReported = true
            }
            input.publish(.noSequencer(error))
            return false
        }
    }

    /// Polls and reads until asked to stop or the sequencer fails.
    private func serve(_ sequencer: Sequencer) {
        var descriptors = sequencer.pollDescriptors()
        descriptors.append(pollfd(fd: wake.readEnd.rawValue, events: Int16(POLLIN), revents: 0))
        while !wake.stopRequested {
            let sinceScan = ContinuousClock.now - lastScan
            if needsScan || sinceScan >= configuration.rescanInterval {
                scan(sequencer)
            }
            let timeout = (configuration.rescanInterval - (ContinuousClock.now - lastScan)).pollMilliseconds
            do {
                try systemCall("poll") { poll(&descriptors, nfds_t(descriptors.count), timeout) }
            } catch {
                logger.error("poll failed", metadata: ["error": "\(error)"])
                wake.sleep(for: .milliseconds(100))
            }
            if descriptors.last!.revents != 0 { wake.drain() }
            do {
                try readAll(sequencer)
            } catch {
                logger.error("Sequencer input failed; reopening", metadata: ["error": "\(error)"])
                releaseHeldNotes()
                self.sequencer = nil
                return
            }
        }
    }

    /// Reads every waiting event.
    private func readAll(_ sequencer: Sequencer) throws(ALSAError) {
        var clocks: (now: ContinuousClock.Instant, queue: Duration?)?
        while true {
            switch try sequencer.read() {
            case .empty:
                return
            case .overrun:
                releaseHeldNotes()
                let total = input.countOverrun()
                logger.warning("ALSA input overrun: events lost", metadata: ["overruns": "\(total)"])
                input.continuation.yield(.overrun(total: total))
                needsScan = true
            case let .event(event):
                switch event.translation {
                case let .message(message):
                    held.track(message)
                    if clocks == nil { clocks = sequencer.queueTimeNow() }
                    input.continuation.yield(.message(message, arrival: arrival(of: event, clocks!)))
                case .topologyChanged:
                    needsScan = true
                case .ignored:
                    break
                }
            }
        }
    }

    /// When the event reached our port: its kernel timestamp, read against the queue's time and
    /// the clock's taken together as this batch of events was read (so the input thread's own
    /// delay, a busy machine's, is not counted); else when it was read.
    private func arrival(of event: SequencerEvent, _ clocks: (now: ContinuousClock.Instant, queue: Duration?)) -> ContinuousClock.Instant {
        let now = clocks.now
        guard let stamp = event.stamp, let queueNow = clocks.queue else { return now }
        let age = queueNow - stamp
        // Negative: it came while the batch was being read. More than a second either way is no
        // stamp to trust (a queue stopped or restarted).
        guard age > .seconds(-1), age < .seconds(1) else { return now }
        return now - age
    }

    /// Connects every keyboard not yet connected and publishes who is connected.
    private func scan(_ sequencer: Sequencer) {
        needsScan = false
        lastScan = .now
        do {
            let ports = try sequencer.ports()
            let selection = KeyboardSelection(ownClient: sequencer.clientID, patterns: configuration.keyboards)
            var senders = try sequencer.senders()
            for keyboard in selection.keyboards(among: ports) where !senders.contains(keyboard.address) {
                do {
                    try sequencer.connect(from: keyboard.address)
                    senders.insert(keyboard.address)
                    logger.info("Keyboard connected", metadata: ["port": "\(keyboard)"])
                } catch {
                    logger.warning("Keyboard connection failed", metadata: ["port": "\(keyboard)", "error": "\(error)"])
                }
            }
            let connected = selection.ordered(ports.filter {
                senders.contains($0.address) && $0.address.client != PortAddress.systemClient
            })
            if connected != keyboards {
                if !Set(keyboards.map(\.address)).isSubset(of: Set(connected.map(\.address))) {
                    releaseHeldNotes()
                }
                if connected.isEmpty { logger.notice("No keyboard") }
                keyboards = connected
                input.publish(.listening(keyboards: connected), inputAddress: address(of: sequencer))
            }
        } catch {
            logger.warning("Port scan failed", metadata: ["error": "\(error)"])
        }
    }

    private func address(of sequencer: Sequencer) -> PortAddress {
        PortAddress(client: sequencer.clientID, port: sequencer.inputPort)
    }

    /// Sends a note-off for every held note: input was lost, so the keys may have come up unheard.
    private func releaseHeldNotes() {
        for message in held.releaseAll() {
            input.continuation.yield(.message(message, arrival: .now))
        }
    }
}
