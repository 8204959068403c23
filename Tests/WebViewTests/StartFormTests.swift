import ControlProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MusicTheory
import Testing
import Training
@testable import WebView

/// The start form offers each kind's choices as its command line states them (never a field to
/// type a closed list into), and what it posts is what `session.start` took before: the same
/// names, and values each kind accepts.
@Suite struct StartFormTests {
    static let html = StartForm.html(profiles: ["ann"], csrf: nil)
    static let kinds = ExerciseCatalog.all.map { $0.kind.rawValue }

    /// The kind's form, from its hidden kind field to its end.
    static func form(_ kind: String) -> Substring {
        let rest = html[html.range(of: #"<input type="hidden" name="kind" value="\#(kind)">"#)!.upperBound...]
        return rest[..<rest.range(of: "</form>")!.lowerBound]
    }

    /// Every `value="…"` in `text`, in order.
    static func values(in text: Substring) -> [String] {
        text.matches(of: #/value="([^"]*)"/#).map { String($0.output.1) }
    }

    @Test("each option with choices is a select of exactly them after 'as set', or a box for each under its name", arguments: kinds)
    func choicesDrawn(kind: String) throws {
        let options = try #require(ExerciseCatalog.module(named: kind)).commandLine.options
        let form = Self.form(kind)
        for option in options where !option.choices.isEmpty {
            let values = option.choices.map(\.value)
            if case .list = option.value {
                let boxes = form.matches(of: #/<input type="checkbox" id="[^"]+" name="([^"]+)" value="([^"]*)">/#)
                #expect(boxes.filter { $0.output.1 == option.name }.map { String($0.output.2) } == values, "\(kind) \(option.name)")
            } else {
                let select = try #require(form.firstRange(of: #"<select id="\#(kind)-\#(option.name)" name="\#(option.name)""#))
                let end = try #require(form[select.upperBound...].firstRange(of: "</select>"))
                #expect(Self.values(in: form[select.upperBound..<end.lowerBound]) == [""] + values, "\(kind) \(option.name)")
            }
        }
        let typed = form.matches(of: #/<input id="[^"]+" name="([^"]+)"/#).map { String($0.output.1) }
        #expect(typed == ["reference", "profile"], "only A4 and the profile are typed: \(typed)")
        let labelled = Set(form.matches(of: #/<label[^>]* for="([^"]+)"/#).map { String($0.output.1) })
        let controls = form.matches(of: #/<(?:input|select)[^>]* id="([^"]+)"/#).map { String($0.output.1) }
        #expect(controls.count > options.count && controls.allSatisfy(labelled.contains), "every control has its <label for>")
    }

    @Test("the choices are the catalog's: modes, chord qualities, the interval kind's intervals, roots with and without octaves")
    func catalogValues() throws {
        func choices(_ module: any ExerciseModule.Type, _ name: String) -> [String] {
            module.commandLine.options.first { $0.name == name }?.choices.map(\.value) ?? []
        }
        #expect(choices(ScaleExercise.self, "mode") == Mode.allCases.map(\.name))
        #expect(choices(ScaleExercise.self, "direction") == ["ascending", "descending", "up-and-down"])
        #expect(choices(DictationExercise.self, "mode") == Mode.allCases.filter { $0 != .chromatic }.map(\.name))
        #expect(choices(ChordExercise.self, "qualities") == ChordQuality.names)
        #expect(choices(DegreeExercise.self, "quality") == ["major", "minor"])
        #expect(choices(ProgressionExercise.self, "progressions") == Progression.names)
        #expect(choices(ProgressionExercise.self, "level") == ["1", "2", "3"])
        #expect(choices(IntervalExercise.self, "intervals") == IntervalExercise.extendedIntervals.map(\.description))
        #expect(choices(EarIntervalExercise.self, "intervals") == choices(IntervalExercise.self, "intervals"))
        #expect(choices(ChordExercise.self, "tries") == (1...20).map(String.init))
        let scaleRoots = choices(ScaleExercise.self, "root"), intervalRoots = choices(IntervalExercise.self, "root")
        #expect(scaleRoots.prefix(17) == ["C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb", "B"])
        #expect(scaleRoots.contains("C2") && scaleRoots.contains("Eb3") && scaleRoots.last == "C5" && !scaleRoots.contains("C#5"))
        #expect(intervalRoots == ["random"] + scaleRoots, "a scale's root is never random (it has --random-root)")
        #expect(Self.html.contains(#"<optgroup label="octave 3"><option value="C3">C3</option>"#))
        #expect(Self.html.contains(#"<option value="dom7">"#) == false, "qualities are boxes")
        #expect(Self.html.contains(#"dom7<span class="sr-only"> (dominant seventh)</span></label>"#))
    }

    @Test("each choice of each option, posted as a browser posts it, is a session the kind accepts", arguments: kinds)
    func eachChoiceStarts(kind: String) throws {
        let module = try #require(ExerciseCatalog.module(named: kind))
        for option in module.commandLine.options where !option.choices.isEmpty {
            for choice in option.choices {
                let value = choice.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let params = try StartForm.params(FormFields("kind=\(kind)&\(option.name)=\(value)"))
                let expected: JSONValue = switch option.value {
                case .list: .array([.string(choice.value)])
                case .number: .number(Double(choice.value)!)
                default: .string(choice.value)
                }
                #expect(params.kind.rawValue == kind && params.exercise.values == [option.key: expected])
                // As the daemon takes it (ExerciseRequest, TrainingEngine.start): over the defaults, then validated.
                let exercise = try module.defaults.options(from: params.exercise)
                #expect(throws: Never.self, "\(kind) --\(option.name) \(choice.value)") { try exercise.options.validate() }
            }
        }
    }

    @Test("a list's boxes post one value each, joined as the command line's list; a typed list still reads")
    func boxesJoin() throws {
        let boxes = try StartForm.params(FormFields("kind=chord&qualities=major&qualities=dom7&root=random&arpeggio=on"))
        #expect(boxes.exercise.values == [
            "qualities": .array([.string("major"), .string("dom7")]), "root": .string("random"), "arpeggio": .bool(true),
        ])
        let typed = try StartForm.params(FormFields("kind=interval&intervals=m3%2CP5"))
        #expect(typed.exercise.values["intervals"] == .array([.string("m3"), .string("P5")]))
        let none = try StartForm.params(FormFields("kind=interval&root=&tries="))
        #expect(none.exercise.values.isEmpty, "'as set' posts nothing: the daemon's default holds")
    }

    @Test("the interval form posted through the app, boxes ticked, reaches the daemon as session.start")
    func postedThroughTheApp() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        let body = "kind=interval&root=C%233&intervals=m3&intervals=P5&descending=on&tries=2&tuning=just&reference=&profile=ann&csrf=\(browser.csrf)"
        try await WebApplicationTests.app(daemon, browsers: browsers).test(.live) { client in
            try await client.execute(uri: "/session/start", method: .post, headers: WebApplicationTests.form(browser),
                                     body: ByteBuffer(string: body)) {
                #expect($0.status == .seeOther)
            }
        }
        let start = try Wire.decode(SessionStartParams.self, from: try #require(daemon.calls.first { $0.method == .sessionStart }).params)
        #expect(start.exercise.values == [
            "root": .string("C#3"), "intervals": .array([.string("m3"), .string("P5")]), "direction": .string("descending"),
            "tries": .number(2),
        ])
        #expect(start.tuning == .justIntonation && start.profile == "ann" && start.reference == nil)
    }
}
