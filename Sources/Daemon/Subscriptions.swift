import ControlProtocol
import ControlServer
import Synchronization

/// Which clients hear which event topics. `subscribe` and `unsubscribe` change it; the control
/// service reads it for every event and forgets a client when it goes.
public final class Subscriptions: Sendable {
    private let book = Mutex<[ClientID: Set<Topic>]>([:])

    public init() {}

    /// Adds (or, `adding` false, removes) topics for a client; returns its topics now.
    func change(_ client: ClientID, topics: Set<Topic>, adding: Bool) -> Set<Topic> {
        book.withLock { book in
            if adding {
                book[client, default: []].formUnion(topics)
            } else {
                book[client]?.subtract(topics)
            }
            return book[client] ?? []
        }
    }

    /// The clients subscribed to a topic.
    public func subscribers(of topic: Topic) -> [ClientID] {
        book.withLock { book in book.filter { $0.value.contains(topic) }.map(\.key) }
    }

    func forget(_ client: ClientID) {
        _ = book.withLock { $0.removeValue(forKey: client) }
    }
}
