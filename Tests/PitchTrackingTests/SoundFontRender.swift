import Foundation
import ProcessTestSupport

/// Notes of the Debian SoundFont's recorded instruments, rendered by the `fluidsynth` program.
enum SoundFontRender {
    static let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

    /// One note: its General MIDI program (0-based) and key, held `seconds` after `start`.
    struct Note {
        let program: UInt8
        let key: UInt8
        let start: Double
        let seconds: Double
    }

    /// A format-0 MIDI file, 960 ticks a second, each note on a channel of its own.
    static func midi(_ notes: [Note]) -> Data {
        var events: [(tick: Int, bytes: [UInt8])] = []
        for (channel, note) in notes.enumerated() {
            let c = UInt8(channel)
            events.append((0, [0xC0 | c, note.program]))
            events.append((Int(note.start * 960), [0x90 | c, note.key, 100]))
            events.append((Int((note.start + note.seconds) * 960), [0x80 | c, note.key, 0]))
        }
        events.sort { $0.tick < $1.tick }
        var track: [UInt8] = [0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20]  // 500,000 µs a beat
        var last = 0
        for event in events {
            var delta = event.tick - last
            last = event.tick
            var bytes = [UInt8(delta & 0x7F)]
            delta >>= 7
            while delta > 0 {
                bytes.insert(UInt8(delta & 0x7F) | 0x80, at: 0)
                delta >>= 7
            }
            track += bytes + event.bytes
        }
        track += [0x00, 0xFF, 0x2F, 0x00]
        let length = UInt32(track.count)
        let header: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0] + Array("MTrk".utf8)
            + [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
        return Data(header + track)
    }

    /// The notes rendered at `rate`, mixed to mono: no reverb, no chorus.
    static func render(_ notes: [Note], rate: Int = 48_000) async throws -> [Float] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pitch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mid = folder.appendingPathComponent("notes.mid")
        let raw = folder.appendingPathComponent("notes.raw")
        try midi(notes).write(to: mid)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "fluidsynth", "-ni", "-q", "-r", "\(rate)", "-o", "synth.reverb.active=0", "-o", "synth.chorus.active=0",
            "-o", "synth.dynamic-sample-loading=1", "-T", "raw", "-O", "float", "-F", raw.path, soundFont, mid.path,
        ]
        try process.runAlone()
        let status = await process.exited()
        guard status == 0 else { throw RenderError(status: status) }
        let data = try Data(contentsOf: raw)
        return data.withUnsafeBytes { bytes in
            (0..<(data.count / 8)).map { i in
                (bytes.loadUnaligned(fromByteOffset: 8 * i, as: Float.self) + bytes.loadUnaligned(fromByteOffset: 8 * i + 4, as: Float.self)) / 2
            }
        }
    }

    struct RenderError: Error {
        let status: Int32
    }
}
