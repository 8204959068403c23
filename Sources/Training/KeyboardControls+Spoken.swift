/// How the voice tells a student the controls at boot, when nothing is on a screen.
extension KeyboardControls {
    /// The gestures bound, in a sentence or two ("Push the modulation wheel up to stop, and for
    /// the menu. …"); empty when none is bound.
    public var spokenGuide: String {
        var sentences: [String] = []
        if action(forController: Self.modulationWheel) == .menu {
            sentences.append("Push the modulation wheel up to stop, and for the menu.")
        }
        let sides: [(KeyCluster.Side, String)] = [(.high, "from middle C up"), (.low, "below middle C")]
        let clusters = sides.compactMap { side, place in
            action(forCluster: side).map { "\(Self.spoken($0)) \(place)" }
        }
        if !clusters.isEmpty {
            sentences.append("Three neighbouring keys together: \(clusters.joined(separator: "; ")).")
        }
        return sentences.joined(separator: " ")
    }

    static func spoken(_ action: ControlAction) -> String {
        switch action {
        case .repeatPrompt: "repeat"
        case .skip: "skip"
        case .stop: "stop"
        case .newSession: "begin"
        case .menu: "menu"
        }
    }
}
