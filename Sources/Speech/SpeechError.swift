/// Why the voice cannot speak. The daemon stays silent then and `status` says why, as it does
/// for the sound.
public enum SpeechError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No eSpeak NG data where it was looked for.
    case dataMissing(path: String)
    /// eSpeak NG has no voice by that name.
    case voiceNotFound(String)
    /// eSpeak NG refused, with its own message.
    case engine(String)

    public var description: String {
        switch self {
        case .dataMissing(let path):
            "no eSpeak NG voice data at \(path) (Debian's espeak-ng-data package puts it there)"
        case .voiceNotFound(let name):
            "eSpeak NG has no voice '\(name)' (espeak-ng --voices lists them)"
        case .engine(let message):
            "eSpeak NG: \(message)"
        }
    }
}
