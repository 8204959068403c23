import CALSA

extension SequencerEvent.Kind {
    /// The kind of an `snd_seq_event_t.type` code.
    init(alsaType type: UInt8) {
        switch Int32(type) {
        case Self.code(SND_SEQ_EVENT_NOTEON): self = .noteOn
        case Self.code(SND_SEQ_EVENT_NOTEOFF): self = .noteOff
        case Self.code(SND_SEQ_EVENT_CONTROLLER): self = .controller
        case Self.code(SND_SEQ_EVENT_PITCHBEND): self = .pitchBend
        case Self.code(SND_SEQ_EVENT_CLOCK): self = .clock
        case Self.code(SND_SEQ_EVENT_SENSING): self = .activeSensing
        case Self.code(SND_SEQ_EVENT_CLIENT_START): self = .clientStart
        case Self.code(SND_SEQ_EVENT_CLIENT_EXIT): self = .clientExit
        case Self.code(SND_SEQ_EVENT_CLIENT_CHANGE): self = .clientChange
        case Self.code(SND_SEQ_EVENT_PORT_START): self = .portStart
        case Self.code(SND_SEQ_EVENT_PORT_EXIT): self = .portExit
        case Self.code(SND_SEQ_EVENT_PORT_CHANGE): self = .portChange
        case Self.code(SND_SEQ_EVENT_PORT_SUBSCRIBED): self = .portSubscribed
        case Self.code(SND_SEQ_EVENT_PORT_UNSUBSCRIBED): self = .portUnsubscribed
        default: self = .other(type)
        }
    }

    private static func code(_ type: snd_seq_event_type) -> Int32 { Int32(type.rawValue) }
}

extension SequencerEvent {
    /// Copies the fields the trainer reads out of an event alsa-lib owns; its real-time stamp
    /// when `queue` (ours) stamped it.
    init(_ event: UnsafePointer<snd_seq_event_t>, stampedBy queue: Int32? = nil) {
        let e = event.pointee
        self.init(
            kind: Kind(alsaType: e.type),
            source: PortAddress(client: Int(e.source.client), port: Int(e.source.port))
        )
        if let queue, Int32(e.queue) == queue, UInt32(e.flags) & UInt32(SND_SEQ_TIME_STAMP_MASK) == UInt32(SND_SEQ_TIME_STAMP_REAL) {
            stamp = .seconds(Int64(e.time.time.tv_sec)) + .nanoseconds(Int64(e.time.time.tv_nsec))
        }
        switch kind {
        case .noteOn, .noteOff:
            channel = Int(e.data.note.channel)
            note = Int(e.data.note.note)
            velocity = Int(e.data.note.velocity)
        case .controller:
            channel = Int(e.data.control.channel)
            controller = Int(e.data.control.param)
            value = Int(e.data.control.value)
        case .pitchBend:
            channel = Int(e.data.control.channel)
            value = Int(e.data.control.value)
        case .clientStart, .clientExit, .clientChange, .portStart, .portExit, .portChange:
            subject = PortAddress(client: Int(e.data.addr.client), port: Int(e.data.addr.port))
        case .portSubscribed, .portUnsubscribed:
            subject = PortAddress(client: Int(e.data.connect.dest.client), port: Int(e.data.connect.dest.port))
        default:
            break
        }
    }
}
