import Training

/// Bytes no keyboard should send, for the virmidi device: every kind of malformed MIDI first,
/// then seeded random bytes (so a failure can be replayed).
enum GarbageBytes {
    /// The malformed messages, each named for the report.
    static let crafted: [(name: String, bytes: [UInt8])] = [
        ("data bytes without a status", [0x3C, 0x40, 0x7F, 0x00]),
        ("truncated note-on", [0x90, 0x3C]),
        ("truncated control change", [0xB0, 0x40]),
        ("end of sysex alone", [0xF7]),
        ("realtime bytes inside a note-on", [0x90, 0xF8, 0x3E, 0xFE, 0x50, 0xFA]),
        ("undefined system bytes", [0xF4, 0xF5, 0xF9, 0xFD]),
        ("truncated system common", [0xF2, 0x10, 0xF1, 0xF3]),
        ("system reset", [0xFF]),
        ("stray status bytes", [0x80, 0x90, 0xA0, 0xB0, 0xC0, 0xD0, 0xE0]),
        ("sysex interrupted by a note-on", [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0x92, 0x40, 0x40]),
        ("4 KiB sysex without end", [0xF0] + (0..<4096).map { UInt8($0 % 128) }),
    ]

    /// The crafted messages, then `randomCount` random bytes from `seed`.
    static func make(seed: UInt64, randomCount: Int) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        return crafted.flatMap(\.bytes) + (0..<randomCount).map { _ in UInt8.random(in: .min ... .max, using: &random) }
    }
}
