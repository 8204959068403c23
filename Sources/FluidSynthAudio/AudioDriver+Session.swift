import Glibc
import Training

extension AudioDriver {
    /// The driver `auto` stands for in this environment; any other driver is itself.
    ///
    /// `pulseaudio` when the user's session has a PulseAudio-compatible server — `$PULSE_SERVER`
    /// is set, or `$XDG_RUNTIME_DIR/pulse/native` exists (PipeWire serves it through
    /// pipewire-pulse) — else `alsa`. Debian 12's FluidSynth (2.3.1) has no PipeWire driver of its
    /// own, so PipeWire is reached through its PulseAudio server. A system service has neither
    /// variable, so it opens ALSA. `exists` is asked about the socket path; tests pass their own.
    public func chosen(environment: [String: String], exists: (String) -> Bool) -> AudioDriver {
        guard self == .auto else { return self }
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return .pulseaudio }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, exists("\(runtime)/pulse/native") {
            return .pulseaudio
        }
        return .alsa
    }
}

extension AudioConfiguration {
    /// This configuration with `auto` replaced by the driver it stands for in `environment`.
    public func resolvingDriver(environment: [String: String], exists: (String) -> Bool = { access($0, F_OK) == 0 }) -> AudioConfiguration {
        var resolved = self
        resolved.driver = driver.chosen(environment: environment, exists: exists)
        return resolved
    }

    /// The device opened as `status` names it: `default`, or `default (auto: pulseaudio)` when
    /// `auto` chose.
    func deviceDescription(opened name: String, resolved: AudioDriver) -> String {
        driver == .auto ? "\(name) (auto: \(resolved))" : name
    }
}
