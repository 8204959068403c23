import Glibc

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
    public mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Frame] {
        var frames: [Frame] = []
        feed(bytes) { piece in
            switch piece {
            case .line(let line): frames.append(.line(Array(line)))
            case .tooLong: frames.append(.tooLong)
            }
        }
        return frames
    }

    /// A frame as `feed(_:each:)` hands it on: a line is a slice that is only valid during the call.
    public enum Piece {
        case line(ArraySlice<UInt8>)
        case tooLong
    }

    /// Feeds bytes in and hands on each frame they complete, in order. It works a run of bytes at a
    /// time (up to the next newline), never byte by byte: a client sending megabytes costs copies,
    /// not a call per byte. A whole line within `bytes` (the usual request) is handed on where it
    /// lies, without a copy.
    public mutating func feed(_ bytes: ArraySlice<UInt8>, each: (Piece) -> Void) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = Self.firstNewline(in: rest)
            let run = rest[..<(newline ?? rest.endIndex)]
            if !discarding {
                if buffer.count + run.count > limit {
                    each(.tooLong)
                    discarding = true
                    buffer.removeAll(keepingCapacity: false)
                } else if let newline, buffer.isEmpty {
                    each(.line(run.last == UInt8(ascii: "\r") ? run.dropLast() : run))
                    rest = rest[(newline + 1)...]
                    continue
                } else {
                    buffer.append(contentsOf: run)
                }
            }
            guard let newline else { break }
            if discarding {
                discarding = false
            } else {
                if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                each(.line(buffer[...]))
            }
            buffer.removeAll(keepingCapacity: buffer.count <= 4096)
            rest = rest[(newline + 1)...]
        }
    }

    /// memchr: fast in a debug build too, where a generic search would cost a call per byte.
    private static func firstNewline(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 10, buffer.count) else { return nil }
            return bytes.startIndex + UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    public mutating func feed(_ bytes: [UInt8]) -> [Frame] {
        feed(bytes[...])
    }
}
