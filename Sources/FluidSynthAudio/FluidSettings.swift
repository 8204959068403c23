import CFluidSynth

/// Owns one `fluid_settings_t`. The corresponding C functions are `new_fluid_settings`,
/// `fluid_settings_setint`, `fluid_settings_setnum`, `fluid_settings_setstr`.
final class FluidSettings {
    let handle: OpaquePointer

    init() throws(AudioError) {
        FluidLog.install()
        guard let handle = new_fluid_settings() else {
            throw .call(function: "new_fluid_settings", code: -1, message: FluidLog.takeLast())
        }
        self.handle = handle
    }

    deinit {
        delete_fluid_settings(handle)
    }

    /// The values a string setting accepts (for `audio.driver`, the drivers this libfluidsynth
    /// was built with). The corresponding C function is `fluid_settings_foreach_option`.
    func options(_ name: String) -> [String] {
        final class Found { var options: [String] = [] }
        let found = Found()
        withExtendedLifetime(found) {
            fluid_settings_foreach_option(handle, name, Unmanaged.passUnretained(found).toOpaque()) { data, _, option in
                guard let data, let option else { return }
                Unmanaged<Found>.fromOpaque(data).takeUnretainedValue().options.append(String(cString: option))
            }
        }
        return found.options
    }

    func set(_ name: String, _ value: Int) throws(AudioError) {
        let code = fluid_settings_setint(handle, name, Int32(value))
        guard code == FLUID_OK else { throw .call(function: "fluid_settings_setint(\(name))", code: Int(code), message: FluidLog.takeLast()) }
    }

    func set(_ name: String, _ value: Double) throws(AudioError) {
        let code = fluid_settings_setnum(handle, name, value)
        guard code == FLUID_OK else { throw .call(function: "fluid_settings_setnum(\(name))", code: Int(code), message: FluidLog.takeLast()) }
    }

    func set(_ name: String, _ value: String) throws(AudioError) {
        let code = fluid_settings_setstr(handle, name, value)
        guard code == FLUID_OK else { throw .call(function: "fluid_settings_setstr(\(name))", code: Int(code), message: FluidLog.takeLast()) }
    }
}
