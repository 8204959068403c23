import MusicTheory
import Training

/// The keyboard menu's pages: the exercise kind, the chosen kind's own pages (`menuPages`), the
/// tuning, the sound and the keyboard's keys (the note range).
enum MenuPages {
    static func pages(_ chosen: [String: JSONValue]) -> [MenuPage] {
        let kinds = MenuPage(key: "kind", title: "exercise", input: .choices(ExerciseCatalog.all.map { MenuChoice($0.kind.rawValue) }))
        var kindPages: [MenuPage] = []
        if case .string(let name)? = chosen["kind"], let module = ExerciseCatalog.module(named: name) {
            kindPages = module.menuPages
        }
        let tuning = MenuPage(key: "tuning", title: "tuning", input: .choices(TuningSystem.allCases.map {
            MenuChoice(.string($0.rawValue), spoken: $0 == .justIntonation ? "just intonation" : $0.displayName)
        }))
        let sound = MenuPage(key: "sound", title: "sound", input: .choices(SoundSource.allCases.map { MenuChoice($0.rawValue) }))
        return [kinds] + kindPages + [tuning, sound, .keys]
    }
}
