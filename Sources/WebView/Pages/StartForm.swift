import ControlProtocol
import MusicTheory
import Training

/// The start form, drawn from the exercise catalog: one form per kind, each with the options
/// `eartrainctl start <kind>` takes (`ExerciseCommandLine`), then the options every kind shares
/// and the profile picker. A kind added to the catalog has its form here with nothing to write;
/// an option that states its choices is offered as a list to pick from (`StartForm+Fields`).
enum StartForm {
    /// The forms, inside `<details>` so the phone shows the list of kinds first. `profiles`: the
    /// students the statistics know, offered by the profile field; `csrf`: the visitor's token.
    static func html(profiles: [String], csrf: String?) -> String {
        let options = profiles.map { #"<option value="\#(HTML.escaped($0))">"# }.joined()
        let forms = ExerciseCatalog.all.enumerated().map { index, module in
            kindForm(module.kind.rawValue, module.commandLine, open: index == 0, csrf: csrf)
        }.joined(separator: "\n")
        return """
            <h2 id="start-heading">Start an exercise</h2>
            <datalist id="profiles">\(options)</datalist>
            \(forms)
            """
    }

    /// The tunings, by their names in words.
    static let tunings = TuningSystem.allCases.map { ExerciseCommandLine.Option.Choice($0.rawValue, label: $0.displayName) }

    private static func kindForm(_ kind: String, _ commandLine: ExerciseCommandLine, open: Bool, csrf: String?) -> String {
        let id = { (name: String) in "\(kind)-\(name)" }
        // A score on the box is named at the box (`eartrainctl`, the config), not from a phone.
        var fields = commandLine.options.filter { !$0.isPaths }.map { option in field(option, id: id(option.name)) }
        fields.append(select(id: id("tuning"), name: "tuning", label: "Tuning", choices: tunings, help: nil))
        fields.append(#"<div class="field"><label for="\#(id("reference"))">A4 in Hz (optional)</label><input id="\#(id("reference"))" name="reference" inputmode="decimal" autocomplete="off" placeholder="440" maxlength="6"></div>"#)
        // The exact octave is the `strict` param; a kind with an option of its own for it says it there.
        if !commandLine.options.contains(where: { $0.key == "strict" }) {
            fields.append(check(id: id("exact-octave"), name: "strict", label: "Exact octave", help: "Only the note in the octave heard counts."))
        }
        fields.append(#"<div class="field"><label for="\#(id("profile"))">Profile (optional)</label><input id="\#(id("profile"))" name="profile" list="profiles" autocomplete="off" maxlength="64" pattern="[A-Za-z0-9._-]{1,64}"></div>"#)
        return """
            <details class="kind"\(open ? " open" : "")><summary>\(HTML.escaped(kind))</summary>
            <p class="note">\(HTML.escaped(commandLine.abstract))</p>
            <form method="post" action="/session/start" class="start">
            <input type="hidden" name="kind" value="\(HTML.escaped(kind))">\(csrf.map { #"<input type="hidden" name="csrf" value="\#($0)">"# } ?? "")
            \(fields.joined(separator: "\n"))
            <button type="submit">Start \(HTML.escaped(kind))</button>
            </form>
            </details>
            """
    }

    /// The `session.start` params a posted form asks for: the kind's options read as its command
    /// line reads them (a list's boxes, each posted under its name, joined as `m3,P5`), then the
    /// shared ones. An unknown kind or a bad option is refused with why.
    static func params(_ form: FormFields) throws(ExerciseParams.Refusal) -> SessionStartParams {
        guard let kind = form.text("kind"), let module = ExerciseCatalog.module(named: kind) else {
            let kinds = ExerciseCatalog.all.map { $0.kind.rawValue }.joined(separator: ", ")
            throw ExerciseParams.Refusal("choose an exercise: \(kinds)")
        }
        let commandLine = module.commandLine
        var arguments: [String] = []
        for option in commandLine.options {
            switch option.value {
            case .flag:
                if form[option.name] == "on" { arguments.append("--\(option.name)") }
            case .list:
                let values = form.texts(option.name)
                if !values.isEmpty { arguments.append("--\(option.name)=\(values.joined(separator: ","))") }
            case .text, .number:
                if let value = form.text(option.name) { arguments.append("--\(option.name)=\(value)") }
            case .paths:
                continue
            }
        }
        var params = SessionStartParams(kind: module.kind, exercise: try commandLine.params(from: arguments))
        if let tuning = form.text("tuning") {
            guard let system = TuningSystem(rawValue: tuning) else { throw ExerciseParams.Refusal("tuning: equal, just or pythagorean") }
            params.tuning = system
        }
        if let reference = form.text("reference") {
            guard let hertz = Double(reference) else { throw ExerciseParams.Refusal("A4 is a number of Hz, such as 440 or 415") }
            params.reference = hertz
        }
        if form["strict"] == "on" { params.set("strict", .bool(true)) }
        params.profile = form.text("profile")
        return params
    }
}
