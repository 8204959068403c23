/// Why a file could not be read as a score: a sentence for the teacher who gave it, naming the
/// file's fault and where it is (a byte offset, a track, a measure).
public struct ScoreError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }

    /// The most a score file may weigh: a long orchestral MIDI file is under a megabyte, a
    /// compressed MusicXML score a few; anything larger is not material for ear training.
    public static let maximumBytes = 8 * 1024 * 1024

    static func tooLarge(_ bytes: Int) -> ScoreError {
        ScoreError("the file is \(megabytes(bytes)); a score may be at most \(megabytes(maximumBytes))")
    }

    static func megabytes(_ bytes: Int) -> String {
        let tenths = (Double(bytes) / 1_048_576 * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10)) MB" : "\(tenths / 10) MB"
    }
}
