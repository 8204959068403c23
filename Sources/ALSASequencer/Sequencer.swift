import CALSA
import Glibc

/// An open ALSA sequencer client with one writable input port. Owns the `snd_seq_t` handle and
/// closes it in `deinit`. Not thread-safe: one thread (the input loop) uses it.
final class Sequencer {
    private let handle: OpaquePointer
    /// Our client id, as `aconnect -l` shows it.
    let clientID: Int
    /// Our input port, to which keyboards are connected.
    let inputPort: Int
    /// The queue whose real time stamps every event the input port is given, as the kernel
    /// delivers it; nil when none could be had (then events are timed when read).
    let timestampQueue: Int32?

    /// Opens the sequencer non-blocking, names the client, creates the input port (its events
    /// stamped in real time by a queue of ours, started here), enlarges the input pool and
    /// subscribes to System Announce.
    /// The corresponding C functions are `snd_seq_open`, `snd_seq_set_client_name`,
    /// `snd_seq_alloc_named_queue`, `snd_seq_create_port`, `snd_seq_control_queue`,
    /// `snd_seq_set_client_pool_input` and `snd_seq_connect_from`.
    init(clientName: String, portName: String, inputPoolSize: Int) throws(ALSAError) {
        calsa_silence_library_errors()
        var opened: OpaquePointer?
        try check("snd_seq_open", snd_seq_open(&opened, "default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK))
        guard let opened else { throw ALSAError(function: "snd_seq_open", code: -ENOMEM) }
        var ready = false
        defer { if !ready { snd_seq_close(opened) } }

        try check("snd_seq_set_client_name", snd_seq_set_client_name(opened, clientName))
        let capabilities = UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE)
        let type = UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION)
        let queue = snd_seq_alloc_named_queue(opened, clientName + " input")
        let stamped: Int32? = queue >= 0 ? queue : nil
        let port = try Self.createPort(opened, name: portName, capabilities: capabilities, type: type, timestampQueue: stamped)
        if let stamped {
            try check("snd_seq_control_queue", snd_seq_control_queue(opened, stamped, Int32(SND_SEQ_EVENT_START.rawValue), 0, nil))
            try check("snd_seq_drain_output", snd_seq_drain_output(opened))
        }
        timestampQueue = stamped
        try check("snd_seq_set_client_pool_input", snd_seq_set_client_pool_input(opened, inputPoolSize))
        let announce = PortAddress.systemAnnounce
        try check("snd_seq_connect_from", snd_seq_connect_from(opened, port, Int32(announce.client), Int32(announce.port)))
        clientID = Int(try check("snd_seq_client_id", snd_seq_client_id(opened)))
        inputPort = Int(port)
        handle = opened
        ready = true
    }

    deinit {
        snd_seq_close(handle)
    }

    /// A port that stamps what it is given with `timestampQueue`'s real time, when there is one.
    private static func createPort(_ handle: OpaquePointer, name: String, capabilities: UInt32, type: UInt32,
                                   timestampQueue: Int32?) throws(ALSAError) -> Int32 {
        var info: OpaquePointer?
        try check("snd_seq_port_info_malloc", snd_seq_port_info_malloc(&info))
        defer { snd_seq_port_info_free(info) }
        snd_seq_port_info_set_name(info, name)
        snd_seq_port_info_set_capability(info, capabilities)
        snd_seq_port_info_set_type(info, type)
        if let timestampQueue {
            snd_seq_port_info_set_timestamping(info, 1)
            snd_seq_port_info_set_timestamp_real(info, 1)
            snd_seq_port_info_set_timestamp_queue(info, timestampQueue)
        }
        try check("snd_seq_create_port", snd_seq_create_port(handle, info))
        return snd_seq_port_info_get_port(info)
    }

    /// The timestamp queue's real time and the monotonic clock, read together: the clock is read
    /// on both sides of the queue and the queue's time taken as the middle. A reading the thread
    /// was held up in (a busy machine, a descheduled virtual CPU) is taken again, up to three
    /// times, and the tightest kept, so that a key's age is not off by the time the thread lost.
    /// The corresponding C functions are `snd_seq_get_queue_status` and `snd_seq_queue_status_get_real_time`.
    func queueTimeNow() -> (now: ContinuousClock.Instant, queue: Duration?) {
        guard let timestampQueue else { return (.now, nil) }
        var status: OpaquePointer?
        guard snd_seq_queue_status_malloc(&status) >= 0 else { return (.now, nil) }
        defer { snd_seq_queue_status_free(status) }
        var best: (now: ContinuousClock.Instant, queue: Duration, spread: Duration)?
        for _ in 0..<3 {
            let before = ContinuousClock.now
            guard snd_seq_get_queue_status(handle, timestampQueue, status) >= 0,
                  let time = snd_seq_queue_status_get_real_time(status) else { return (.now, nil) }
            let spread = ContinuousClock.now - before
            let queue: Duration = .seconds(Int64(time.pointee.tv_sec)) + .nanoseconds(Int64(time.pointee.tv_nsec))
            if spread < best?.spread ?? .seconds(1) { best = (before + spread / 2, queue, spread) }
            if spread <= Self.tightReading { break }
        }
        return best.map { ($0.now, $0.queue) } ?? (.now, nil)
    }

    /// A reading of the queue's time this quick leaves nothing to correct.
    static let tightReading: Duration = .microseconds(200)

    /// Connects `source` to our input port; already connected is fine.
    /// The corresponding C function is `snd_seq_connect_from`.
    func connect(from source: PortAddress) throws(ALSAError) {
        let result = snd_seq_connect_from(handle, Int32(inputPort), Int32(source.client), Int32(source.port))
        if result == -EBUSY { return }
        try check("snd_seq_connect_from", result)
    }

    /// The descriptors to `poll()` for input.
    /// The corresponding C functions are `snd_seq_poll_descriptors_count` and `snd_seq_poll_descriptors`.
    func pollDescriptors() -> [pollfd] {
        let count = snd_seq_poll_descriptors_count(handle, Int16(POLLIN))
        guard count > 0 else { return [] }
        var descriptors = [pollfd](repeating: pollfd(), count: Int(count))
        let filled = snd_seq_poll_descriptors(handle, &descriptors, UInt32(count), Int16(POLLIN))
        return Array(descriptors.prefix(Int(max(filled, 0))))
    }

    /// The next event, without blocking.
    /// The corresponding C function is `snd_seq_event_input`.
    func read() throws(ALSAError) -> ReadResult {
        var event: UnsafeMutablePointer<snd_seq_event_t>?
        let result = snd_seq_event_input(handle, &event)
        if result == -EAGAIN { return .empty }
        if result == -ENOSPC { return .overrun }
        try check("snd_seq_event_input", result)
        guard let event else { return .empty }
        return .event(SequencerEvent(event, stampedBy: timestampQueue))
    }

    /// What one non-blocking read found.
    enum ReadResult {
        case event(SequencerEvent)
        /// Nothing waiting.
        case empty
        /// The kernel's input FIFO overflowed and was cleared: events were lost.
        case overrun
    }
}

extension Sequencer {
    /// Every port of every client, as a snapshot.
    /// The corresponding C functions are `snd_seq_query_next_client` and `snd_seq_query_next_port`.
    func ports() throws(ALSAError) -> [PortInfo] {
        var clientInfo: OpaquePointer?
        var portInfo: OpaquePointer?
        try check("snd_seq_client_info_malloc", snd_seq_client_info_malloc(&clientInfo))
        defer { snd_seq_client_info_free(clientInfo) }
        try check("snd_seq_port_info_malloc", snd_seq_port_info_malloc(&portInfo))
        defer { snd_seq_port_info_free(portInfo) }

        var ports: [PortInfo] = []
        snd_seq_client_info_set_client(clientInfo, -1)
        while snd_seq_query_next_client(handle, clientInfo) >= 0 {
            let client = snd_seq_client_info_get_client(clientInfo)
            let clientName = String(cString: snd_seq_client_info_get_name(clientInfo))
            snd_seq_port_info_set_client(portInfo, client)
            snd_seq_port_info_set_port(portInfo, -1)
            while snd_seq_query_next_port(handle, portInfo) >= 0 {
                ports.append(PortInfo(
                    address: PortAddress(client: Int(client), port: Int(snd_seq_port_info_get_port(portInfo))),
                    clientName: clientName,
                    portName: String(cString: snd_seq_port_info_get_name(portInfo)),
                    capabilities: PortCapabilities(rawValue: snd_seq_port_info_get_capability(portInfo)),
                    type: PortType(rawValue: snd_seq_port_info_get_type(portInfo))
                ))
            }
        }
        return ports
    }

    /// The ports connected to our input port, whoever connected them (us, or `aconnect`).
    /// The corresponding C function is `snd_seq_query_port_subscribers`.
    func senders() throws(ALSAError) -> Set<PortAddress> {
        var query: OpaquePointer?
        try check("snd_seq_query_subscribe_malloc", snd_seq_query_subscribe_malloc(&query))
        defer { snd_seq_query_subscribe_free(query) }
        var root = snd_seq_addr_t(client: UInt8(clientID), port: UInt8(inputPort))
        snd_seq_query_subscribe_set_root(query, &root)
        snd_seq_query_subscribe_set_type(query, SND_SEQ_QUERY_SUBS_WRITE)
        var senders: Set<PortAddress> = []
        var index: Int32 = 0
        snd_seq_query_subscribe_set_index(query, index)
        while snd_seq_query_port_subscribers(handle, query) >= 0 {
            let address = snd_seq_query_subscribe_get_addr(query).pointee
            senders.insert(PortAddress(client: Int(address.client), port: Int(address.port)))
            index += 1
            snd_seq_query_subscribe_set_index(query, index)
        }
        return senders
    }
}
