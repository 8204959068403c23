import Training

/// What the sound part says of its devices (`devices.get`): the driver and device configured,
/// the device open or why none is, and each sound card present with whether the configured
/// device names it and whether it is the one playing.
public struct SoundDevicesReport: Sendable, Hashable {
    /// One card present.
    public struct Card: Sendable, Hashable {
        public var card: SoundCard
        /// `audio.device` names it (a piece of its name, or `hw:N`/`CARD=<id>`).
        public var named: Bool
        /// The open device plays on it.
        public var inUse: Bool
    }

    /// The driver configured, with what `auto` chose: `alsa`, `auto (pulseaudio)`.
    public var driver: String
    public var device: String
    /// The device open (`plughw:CARD=Device,DEV=0 (card 1 'USB Audio Device')`), or nil.
    public var open: String?
    /// Why no device is open, or nil when one is.
    public var problem: String?
    public var cards: [Card]
}

extension AudioOutputService {
    /// The report for the sound cards `cards` (the kernel's list, or a test's).
    public func devices(cards: [SoundCard]) -> SoundDevicesReport {
        let (status, card) = openState
        let resolved = configuration.resolvingDriver(environment: environment).driver
        let wanted = resolved == .alsa ? ALSADevice(parsing: configuration.device) : nil
        let (open, problem): (String?, String?) = switch status {
        case .starting: (nil, "opening the audio device")
        case .playing(let device): (device, nil)
        case .silent(let reason): (nil, reason)
        }
        return SoundDevicesReport(
            driver: configuration.driver == .auto ? "auto (\(resolved))" : configuration.driver.rawValue, device: configuration.device, open: open, problem: problem,
            cards: cards.map { SoundDevicesReport.Card(card: $0, named: wanted?.names($0) ?? false, inUse: $0 == card) })
    }
}
