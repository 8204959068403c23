import ControlProtocol
import MusicTheory
import Synchronization
import Testing
import Training

@testable import Daemon

/// The core's parts, each on its own: the wheel and its held note, the deadline's alarm, the
/// reports to the followers, the published status, the question's sound on the timeline.
@Suite struct HeldNoteWheelTests {
    @Test("a held note starts bent by its offset and the wheel, follows the wheel, and is released once")
    func followsTheWheel() {
        let sound = RecordingSoundOutput()
        var held = HeldNoteWheel()
        held.move(to: 9000, sound: sound, rangeSemitones: 2)
        #expect(held.wheel == 8191, "clamped to the wheel's range")
        let up = PitchWheel.cents(8191, rangeSemitones: 2)
        held.hold(Frequency(hertz: 220), offset: -30, sound: sound, settings: .cello)
        #expect(held.holding)
        held.move(to: 0, sound: sound, rangeSemitones: 2)
        held.release(sound: sound)
        held.release(sound: sound)
        #expect(!held.holding)
        #expect(sound.recorded == [.bend(cents: up), .hold(hertz: 220, cents: -30 + up), .bend(cents: -30), .releaseHeld],
                "\(sound.recorded)")
    }
}

@Suite struct DeadlineAlarmTests {
    /// An alarm's rings, kept.
    final class Rings: Sendable {
        let times = Mutex<[Duration]>([])
        var all: [Duration] { times.withLock { $0 } }
        func ring(_ deadline: Duration) { times.withLock { $0.append(deadline) } }

        /// Whether the rings come to `expected` within a minute.
        func become(_ expected: [Duration]) async -> Bool {
            for _ in 0..<6000 where all != expected { try? await Task.sleep(for: .milliseconds(10)) }
            return all == expected
        }
    }

    @Test("set for a deadline it rings once with it; set again for the same one it is not set twice")
    func ringsOnce() async {
        let rings = Rings()
        var alarm = DeadlineAlarm()
        let deadline = Duration.seconds(10)
        alarm.set(deadline, now: deadline - .milliseconds(20)) { rings.ring($0) }
        alarm.set(deadline, now: deadline - .milliseconds(10)) { rings.ring($0) }
        #expect(alarm.deadline == deadline)
        #expect(await rings.become([deadline]), "\(rings.all)")
        let (first, again) = (alarm.rang(deadline), alarm.rang(deadline))
        #expect(first && !again, "its wake-up is spent once")
    }

    @Test("set to none, or to another deadline, the wake-up set before never rings")
    func cancels() async throws {
        let rings = Rings()
        var alarm = DeadlineAlarm()
        alarm.set(.seconds(1), now: .zero) { rings.ring($0) }
        alarm.set(nil, now: .zero) { rings.ring($0) }
        #expect(alarm.deadline == nil)
        alarm.set(.seconds(5), now: .zero) { rings.ring($0) }
        alarm.set(.seconds(2), now: .seconds(2)) { rings.ring($0) }
        #expect(await rings.become([.seconds(2)]), "\(rings.all)")
        let stale = alarm.rang(.seconds(5))
        #expect(!stale, "not the alarm's own")
        alarm.cancel()
    }
}

@Suite struct EventFanOutTests {
    @Test("reports are numbered in order and reach every follower; a session's start names its student, asked only then")
    func numbersAndNames() {
        var fanOut = EventFanOut()
        let (first, second) = (RecordingFollower(), RecordingFollower())
        fanOut.add(first)
        fanOut.deviceChanged("keyboard connected: Test")
        fanOut.add(second)
        let asked = Mutex(0)
        let started = TrainingEvent(sessionTime: .zero, kind: .sessionStarted(SessionStarted(
            exercise: Exercise(ScaleExercise(mode: .dorian, root: try! RootNote(parsing: "D3"))), settings: .cello, randomState: 1)))
        fanOut.report(started) {
            asked.withLock { $0 += 1 }
            return "ada"
        }
        #expect(fanOut.sequence == 2)
        #expect(first.all.map(\.seq) == [1, 2] && second.all.map(\.seq) == [2], "a follower hears from when it is added")
        #expect(first.all.first?.topic == .device && first.all.first?.text == "keyboard connected: Test")
        #expect(asked.withLock { $0 } == 1)
        #expect(first.events.count == 1 && second.all.first?.type == "session_started")
    }
}

@Suite struct PublishedStatusTests {
    @Test("status reads what was last published, and says what is missing of the devices")
    func publishes() {
        let published = PublishedStatus(.init(tracker: SessionTracker(), tuning: .equalTemperament, storage: { .init(summary: "not configured") }))
        published.publish(.init(tracker: SessionTracker(), tuning: .justIntonation, storage: { .init(summary: "available", profile: "ada") },
                                ready: ReadyStatus(kind: .scale, exercise: "scale")))
        let closed = published.status(version: "v", now: .seconds(3), keyboards: KeyboardStatus(sequencerOpen: false, keyboards: [], problem: "no /dev/snd/seq"),
                                      sound: SoundStatus(deviceOpen: false, detail: "no card"))
        #expect(closed.storage == "available" && closed.profile == "ada" && closed.ready?.kind == .scale && closed.uptimeSeconds == 3)
        #expect(closed.devices.missing == ["ALSA sequencer: no /dev/snd/seq", "sound: no card"], "\(closed.devices.missing)")
        let none = published.status(version: "v", now: .seconds(4), keyboards: KeyboardStatus(sequencerOpen: true, keyboards: []),
                                    sound: SoundStatus(deviceOpen: true, detail: "hw:0"))
        #expect(none.devices.missing == ["keyboard: none connected"] && none.devices.sound, "\(none.devices)")
    }
}

@Suite struct QuestionSoundTests {
    /// Reports kept by kind and count.
    final class Heard: Sendable {
        let seen = Mutex<[String]>([])
        var all: [String] { seen.withLock { $0 } }
        var reports: QuestionSound.Reports {
            .init(timedHeard: { _, n in self.seen.withLock { $0.append("timed \(n)") } },
                  lastPhraseHeard: { _, n in self.seen.withLock { $0.append("last phrase \(n)") } },
                  ended: { _, n in self.seen.withLock { $0.append("end \(n)") } })
        }
    }

    @Test("feedback waits for the keys and reports nothing; a question's prompt reports its last phrase and end; a timed one its hearing, until ended")
    func reports() {
        let sound = RecordingSoundOutput()
        let heard = Heard()
        var question = QuestionSound(sound: sound)
        let c3 = MIDINote(48)
        question.feedback(QuestionSound.phrases([SoundPhrase([c3])], root: c3), current: .cello, wait: .seconds(1), reports: heard.reports)
        #expect(sound.recorded == [.keysUp(.seconds(1)), .prompt([c3], root: c3)] && heard.all.isEmpty)
        question.play(QuestionSound.phrases([SoundPhrase([c3])], root: c3), settings: .cello, question: true, reports: heard.reports)
        #expect(heard.all == ["last phrase 1", "end 1"] && question.isLatest(prompt: 1))
        var click = SoundPhrase([c3])
        click.timesAnswer = true
        question.play(QuestionSound.phrases([click], root: c3), settings: .cello, question: true, reports: heard.reports)
        #expect(heard.all.suffix(3) == ["timed 1", "last phrase 2", "end 2"] && !question.isLatest(prompt: 1))
        #expect(question.timedSounding && !question.timedHeard)
        let heardNow = question.heard(timed: 1)
        #expect(heardNow && question.timedHeard)
        question.endTimed()
        question.endTimed()
        #expect(sound.recorded.filter { $0 == .endPrompt }.count == 1, "ended once")
        let late = question.heard(timed: 1)
        #expect(!late, "an ended prompt's report is stale")
    }
}
