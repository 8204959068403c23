import Foundation
import PitchTracking

/// Runs the tracker over a WAV file as a stream of 10 ms blocks and prints its notes and frames
/// as JSON lines, and the CPU seconds the tracker itself took.
enum Tracking {
    static func run(wav path: String, frames printFrames: Bool) throws {
        let file = try WAVFile(reading: path)
        var tracker = try PitchTracker(sampleRate: file.rate)
        var frames: [PitchFrame] = []
        var events: [PitchEvent] = []
        let block = Int(file.rate / 100)
        let before = cpuSeconds()
        file.samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + block)
                events += tracker.process(UnsafeBufferPointer(rebasing: all[start..<end])) { frames.append($0) }
                start = end
            }
        }
        events += tracker.finish()
        let cpu = cpuSeconds() - before
        var out = ""
        for event in events {
            switch event {
            case .noteBegan(let b):
                out += "{\"began\":{\"onset\":\(b.onset),\"hz\":\(b.frequencySoFar),\"at\":\(b.reportedAt)}}\n"
            case .noteEnded(let n):
                out += "{\"note\":{\"onset\":\(n.onset),\"end\":\(n.end),\"hz\":\(n.frequency),\"stable\":\(n.stableFrom)}}\n"
            }
        }
        if printFrames {
            for f in frames where f.frequency != nil && f.clarity >= tracker.segmenter.voicedClarity {
                out += "{\"frame\":[\(f.time),\(f.frequency!),\(f.level)]}\n"
            }
        }
        out += "{\"cpu_seconds\":\(cpu),\"audio_seconds\":\(Double(file.samples.count) / file.rate)}\n"
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    /// This process's CPU time, user and system.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}
