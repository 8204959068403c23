/// Splits a byte stream into lines, refusing lines longer than `maximumLineBytes`.
///
/// A line that grows past the limit is reported once as `.tooLong` and its bytes are dropped up
/// to and including its newline; the next line is read normally. Memory stays bounded by the limit.
public struct LineFramer: Sendable {
    public static let maximumLineBytes = 64 * 1024

    public enum Frame: Sendable, Equatable {
        case line([UInt8])
        case tooLong
    }

    private var buffer: [UInt8] = []
    private var discarding = false
    private let limit: Int

    public init(limit: Int = LineFramer.maximumLineBytes) {
        self.limit = limit
    }

    /// Feeds bytes in; returns the frames they complete, in order.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> [Frame] where Bytes.Element == UInt8 {
        var frames: [Frame] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if discarding {
                    discarding = false
                } else {
                    if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                    frames.append(.line(buffer))
                }
                buffer.removeAll(keepingCapacity: buffer.count <= 4096)
            } else if !discarding {
                buffer.append(byte)
                if buffer.count > limit {
                    frames.append(.tooLong)
                    discarding = true
                    buffer.removeAll(keepingCapacity: false)
                }
            }
        }
        return frames
    }
}
