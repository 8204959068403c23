import CALSA

/// A failed alsa-lib call: the C function and the negative error code it returned.
public struct ALSAError: Error, Sendable, Hashable {
    /// The alsa-lib function that failed, e.g. `snd_seq_open`.
    public let function: String
    /// Its return code, a negative errno (`-2` is ENOENT: no `/dev/snd/seq`).
    public let code: Int32

    public init(function: String, code: Int32) {
        self.function = function
        self.code = code
    }

    /// The errno name or message alsa-lib gives for `code`.
    public var message: String { String(cString: snd_strerror(code)) }
}

extension ALSAError: CustomStringConvertible {
    public var description: String { "\(function) failed: \(code) (\(message))" }
}

/// Returns `result` when it is not negative; otherwise throws an `ALSAError` naming `function`.
/// alsa-lib returns `-errno` itself rather than setting `errno`, so its calls come here, not to
/// `systemCall`; the argument order is the same (the function first).
@discardableResult
func check(_ function: String, _ result: Int32) throws(ALSAError) -> Int32 {
    guard result >= 0 else { throw ALSAError(function: function, code: result) }
    return result
}
