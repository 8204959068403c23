import MusicTheory

/// Reads a keyboard's messages as a student means them: a control (a control key, a controller
/// pushed past half way, a cluster of neighbouring keys) or an event for the engine (an answer,
/// a release, a pedal).
///
/// A cluster is known only once its third key is down, so while clusters are bound a pressed key
/// is held back for at most `clusterWindow`: its sound is the caller's and starts at once; only
/// its judging waits. A release, or a key pressed after the window, hands back what was held, in
/// order and with its own arrival time, so response times are unchanged. A cluster's keys are
/// never answers, nor are their releases. The caller asks for `flush()` at `deadline`.
public struct GestureReader: Sendable {
    /// What one message turned into.
    public enum Output: Sendable, Hashable {
        /// For the engine (or the menu), as it arrived.
        case event(KeyboardEvent)
        /// A control, at the time of the message that made it.
        case control(ControlAction, at: Duration)
    }

    /// How long after a key the next keys of a cluster may come: a flat hand's keys arrive
    /// within a few tens of milliseconds; three separate notes that fast are not a melody.
    public static let clusterWindow: Duration = .milliseconds(60)

    private var held: [KeyboardEvent] = []
    private var windowStart: Duration?
    private var clusterKeys: Set<MIDINote> = []
    /// When the last cluster was made: a key may join it only within the cluster window.
    private var clusterMadeAt: Duration?
    private var pressedControllers: Set<Int> = []

    public init() {}

    /// When what is held back must be handed on (`flush()`); nil while nothing is held.
    public var deadline: Duration? { windowStart.map { $0 + Self.clusterWindow } }

    /// One message, read with `controls` and the note range in force.
    public mutating func take(_ event: KeyboardEvent, controls: KeyboardControls, noteRange: ClosedRange<MIDINote>) -> [Output] {
        switch event.kind {
        case .noteOn(let note, let velocity) where velocity > 0:
            if let action = controls.action(forKey: note, noteRange: noteRange) {
                return flush() + [.control(action, at: event.time)]
            }
            guard controls.bindsClusters else { return flush() + [.event(event)] }
            // A flat hand's fourth and fifth keys join the cluster its first three made, at once.
            if let made = clusterMadeAt, event.time - made <= Self.clusterWindow,
               clusterKeys.contains(where: { abs($0.rawValue - note.rawValue) <= KeyCluster.widestStep }) {
                clusterKeys.insert(note)
                return []
            }
            // A cluster key pressed again: its release was lost (an overrun), it is a key again.
            clusterKeys.remove(note)
            var out: [Output] = []
            if let deadline, event.time > deadline { out = flush() }
            if windowStart == nil { windowStart = event.time }
            held.append(event)
            let down = held.compactMap(\.pressedNote)
            if let side = KeyCluster.side(of: down), let action = controls.action(forCluster: side) {
                clusterKeys.formUnion(down)
                clusterMadeAt = event.time
                out += held.filter { $0.pressedNote == nil }.map(Output.event)
                held = []
                windowStart = nil
                out.append(.control(action, at: event.time))
            }
            return out
        case .noteOn(let note, _), .noteOff(let note, _):
            if clusterKeys.remove(note) != nil { return [] }
            return flush() + [.event(event)]
        case .pitchBend:
            // Kept in order behind keys held back: a key is judged with the wheel where it was.
            if windowStart != nil {
                held.append(event)
                return []
            }
            return [.event(event)]
        case .controlChange(let controller, let value):
            guard let action = controls.action(forController: controller) else {
                if windowStart != nil {
                    held.append(event)
                    return []
                }
                return [.event(event)]
            }
            guard value >= 64 else {
                pressedControllers.remove(controller)
                return []
            }
            guard pressedControllers.insert(controller).inserted else { return [] }
            return flush() + [.control(action, at: event.time)]
        }
    }

    /// Hands on everything held back, in order.
    public mutating func flush() -> [Output] {
        defer {
            held = []
            windowStart = nil
        }
        return held.map(Output.event)
    }
}
