import CFluidSynth
import Synchronization

/// FluidSynth's own log, kept out of the daemon's output: messages are recorded so an error can
/// quote the last one (or look through the last few), and printed nowhere. FluidSynth's log
/// handler is process-wide.
enum FluidLog {
    /// The errors and warnings since they were last taken, at most `kept`.
    private static let recent = Mutex<[String]>([])
    private static let kept = 16
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
        recent.withLock { messages in
            if messages.count == kept { messages.removeFirst() }
            messages.append(message)
        }
    }

    /// The last error or warning FluidSynth logged; reading it clears them all.
    static func takeLast() -> String? {
        take().last
    }

    /// The errors and warnings logged since they were last taken, oldest first; cleared by reading them.
    static func take() -> [String] {
        recent.withLock { messages in
            defer { messages = [] }
            return messages
        }
    }
}
