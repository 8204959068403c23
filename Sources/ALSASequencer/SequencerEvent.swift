/// One event as read from the sequencer, copied out of alsa-lib's buffer into a value.
/// Only the fields the trainer reads are kept; which ones mean something depends on `kind`.
struct SequencerEvent: Sendable, Hashable {
    var kind: Kind
    /// The port that sent it; the System Announce port for announcements.
    var source: PortAddress
    /// Note and controller events: the channel, 0…15 on the wire.
    var channel: Int = 0
    /// Note events: note number and velocity.
    var note: Int = 0
    var velocity: Int = 0
    /// Controller events: controller number and value; pitch-bend events: the wheel, −8192…8191.
    var controller: Int = 0
    var value: Int = 0
    /// Announcements: the client or port that came or went.
    var subject = PortAddress(client: 0, port: 0)
    /// When the kernel delivered it to our port, on our timestamp queue's real-time clock; nil
    /// when it came unstamped.
    var stamp: Duration?

    /// The event types the trainer tells apart; every other type is `other`.
    enum Kind: Sendable, Hashable {
        case noteOn, noteOff, controller, pitchBend, clock, activeSensing
        case clientStart, clientExit, clientChange, portStart, portExit, portChange
        case portSubscribed, portUnsubscribed
        case other(UInt8)
    }
}
