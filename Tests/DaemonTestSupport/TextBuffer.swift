import Foundation
import Synchronization

/// Text gathered from a pipe by another thread.
public final class TextBuffer: Sendable {
    private let storage = Mutex("")

    public init() {}

    public var text: String { storage.withLock { $0 } }

    public func append(_ data: Data) {
        storage.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }
}
