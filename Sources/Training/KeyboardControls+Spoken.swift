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
            action(forCluster: side).map { "\($0.word) \(place)" }
        }
        if !clusters.isEmpty {
            sentences.append("Three neighbouring keys together: \(clusters.joined(separator: "; ")).")
        }
        let wheel = [(WheelDirection.down, "down"), (.up, "up")].compactMap { direction, word in
            bindings.first { $0.trigger == .wheel(direction: direction) }.map { "\(word): \($0.action.phrase)" }
        }
        if !wheel.isEmpty {
            sentences.append("The pitch-bend wheel all the way \(wheel.joined(separator: "; ")).")
        }
        return sentences.joined(separator: " ")
    }

}

extension ControlAction {
    /// The action in one word, as the voice and the key chart say it ("repeat", "begin").
    public var word: String {
        switch self {
        case .repeatPrompt: "repeat"
        case .repeatCadence: "cadence"
        case .repeatNotes: "notes"
        case .skip: "skip"
        case .stop: "stop"
        case .newSession: "begin"
        case .menu: "menu"
        }
    }

    /// The action as a phrase where its word says too little ("the cadence again").
    public var phrase: String {
        switch self {
        case .repeatCadence: "the cadence again"
        case .repeatNotes: "the notes again"
        default: word
        }
    }
}
