import CFluidSynth
import Synchronization

/// FluidSynth's own log, kept out of the daemon's output: messages are recorded so an error can
/// quote the last one, and printed nowhere. FluidSynth's log handler is process-wide.
enum FluidLog {
    private static let last = Mutex<String?>(nil)
    private static let installed = Mutex(false)

    /// Installs the handler once for every level FluidSynth logs at.
    static func install() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            let handler: fluid_log_function_t = { level, message, _ in
                guard let message, level <= Int32(FLUID_WARN.rawValue) else { return }
                FluidLog.record(String(cString: message))
            }
            for level in [FLUID_PANIC, FLUID_ERR, FLUID_WARN, FLUID_INFO, FLUID_DBG] {
                fluid_set_log_function(Int32(level.rawValue), handler, nil)
            }
        }
    }

    static func record(_ message: String) {
        last.withLock { $0 = message }
    }

    /// The last error or warning FluidSynth logged, cleared by reading it.
    static func takeLast() -> String? {
        last.withLock { message in
            defer { message = nil }
            return message
        }
    }
}
