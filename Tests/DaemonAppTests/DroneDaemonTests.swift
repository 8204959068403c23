import ConfigFile
import Daemon
import DaemonTestSupport
import Foundation
import Testing

/// `training.drone` in the daemon: a degree session's questions sound the tonic drone in the low
/// octave of the note range, exactly in tune; the session's end stops it; a scale takes none.
@Suite("The tonic drone in the daemon", .daemon)
struct DroneDaemonTests {
    static func daemon(_ drone: String) async throws -> TestDaemon {
        let config = try ConfigLoader.parse("[training]\ndrone = \"\(drone)\"\n", file: "drone.toml")
        return try await TestDaemon(config: ConfigReloader(source: .builtInDefaults, initial: config, logger: TestDaemon.logger),
                                    sound: RecordingSoundOutput())
    }

    static func drones(_ daemon: TestDaemon) -> [Double?] {
        daemon.sound.recorded.compactMap { if case .drone(let hertz) = $0 { hertz } else { nil } }
    }

    @Test("degree: the tonic's drone in C2-B2, an equal-tempered key; the end of the session stops it; a scale has none")
    func degreeDrone() async throws {
        let daemon = try await Self.daemon("low")
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("degree"), "seed": .number(3)]))
        let hertz = try #require(Self.drones(daemon).first ?? nil, "no drone: \(daemon.sound.recorded)")
        let key = 69 + 12 * log2(hertz / 440)
        #expect(abs(key - key.rounded()) < 1e-9 && (36...47).contains(Int(key.rounded())), "\(hertz) Hz")
        _ = try await link.result("session.stop")
        #expect(Self.drones(daemon).last == .some(nil))
        _ = try await link.result("session.start", .object(["kind": .string("scale")]))
        _ = try await link.result("session.stop")
        #expect(Self.drones(daemon).count == 2, "a scale sounds no drone: \(Self.drones(daemon))")
    }

    @Test("off (the default) sounds none")
    func off() async throws {
        let daemon = try await Self.daemon("off")
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("degree")]))
        _ = try await link.result("session.stop")
        #expect(Self.drones(daemon).isEmpty)
    }
}
