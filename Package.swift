// swift-tools-version: 6.1
import PackageDescription

// Dependencies point inward (docs/architecture.md):
//   eartrainctl ─▶ ClientViews ─▶ ControlProtocol ─▶ Training (pure Swift: the shared enums)
//   Training ─▶ MusicTheory ─▶ (nothing)
//   eartrainerd ─▶ DaemonApp ─▶ Daemon; ALSASequencer and FluidSynthAudio only from eartrainerd
//   eartrainer-web ─▶ WebView (Hummingbird) ─▶ ClientViews: a client of the socket, like eartrainctl
// Each program is a command in a library (EartrainerdCommand, EartrainctlCommand,
// EartrainerWebCommand) run by a one-line executable of its name, and all three by
// eartrainer-all-in-one, the one binary the Debian package installs under the three names.
// The products of the packages below that targets use, named once.
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let unixSignals = Target.Dependency.product(name: "UnixSignals", package: "swift-service-lifecycle")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let tomlKit = Target.Dependency.product(name: "TOMLKit", package: "TOMLKit")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let hummingbirdWebSocket = Target.Dependency.product(name: "HummingbirdWebSocket", package: "hummingbird-websocket")
let httpTypes = Target.Dependency.product(name: "HTTPTypes", package: "swift-http-types")
let hummingbirdWSClient = Target.Dependency.product(name: "HummingbirdWSClient", package: "hummingbird-websocket")
let hummingbirdWSTesting = Target.Dependency.product(name: "HummingbirdWSTesting", package: "hummingbird-websocket")
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")
let hummingbirdTLS = Target.Dependency.product(name: "HummingbirdTLS", package: "hummingbird")
let hummingbirdCore = Target.Dependency.product(name: "HummingbirdCore", package: "hummingbird")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let cryptoExtras = Target.Dependency.product(name: "CryptoExtras", package: "swift-crypto")
let x509 = Target.Dependency.product(name: "X509", package: "swift-certificates")
let swiftASN1 = Target.Dependency.product(name: "SwiftASN1", package: "swift-asn1")

let package = Package(
    name: "eartrainer",
    products: [
        .executable(name: "eartrainerd", targets: ["eartrainerd"]),
        .executable(name: "eartrainctl", targets: ["eartrainctl"]),
        .executable(name: "eartrainer-web", targets: ["eartrainer-web"]),
        .executable(name: "eartrainer-all-in-one", targets: ["eartrainer-all-in-one"]),
        .library(name: "MusicTheory", targets: ["MusicTheory"]),
        .library(name: "Training", targets: ["Training"]),
        .library(name: "ControlProtocol", targets: ["ControlProtocol"]),
        .library(name: "ConfigFile", targets: ["ConfigFile"]),
        .library(name: "Statistics", targets: ["Statistics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The web view's server. No traits: swift-configuration is not needed (options come from
        // the command line), which keeps its build out.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The client's connection to the control socket (ControlConnection); Hummingbird brings it.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        // Compressed MusicXML (.mxl) is a ZIP archive (zlib, Debian's zlib1g-dev).
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // A class's hub (docs/class.md): its TLS (Hummingbird and the web socket client bring
        // swift-nio-ssl and swift-crypto already), its own certificate, the boxes' keys.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        // ── Music theory: pure value types. It imports nothing, so it names libm itself (round, fma).
        .target(name: "MusicTheory", linkerSettings: [.linkedLibrary("m")]),
        .testTarget(name: "MusicTheoryTests", dependencies: ["MusicTheory", "ProcessTestSupport"]),

        // ── Training engine: depends on MusicTheory only; its clock, random source,
        // settings and event sink are protocols or injected values. The benchmark is an executable
        // built in release by `make bench-training`, not a test.
        .target(name: "Training", dependencies: ["MusicTheory"]),
        .testTarget(name: "TrainingTests", dependencies: ["Training", "MusicTheory", "ProcessTestSupport"]),
        .executableTarget(
            name: "TrainingBenchmark",
            dependencies: ["Training", "MusicTheory"],
            path: "Benchmarks/TrainingBenchmark"
        ),
        // `status` round trips from N clients, against eartrainerd or MPD (scripts/bench).
        .executableTarget(name: "SocketBenchmark", path: "Benchmarks/SocketBenchmark"),

        // ── A teacher's material: scores read from files (Standard MIDI Files, MusicXML, compressed
        // MusicXML through ZIPFoundation); music21's own readers are the tests' oracle (docs/material.md).
        .target(name: "Scores", dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // The melody library's cost at start, beside the same chorales as MusicXML (`make bench-library`).
        .executableTarget(name: "LibraryBenchmark", dependencies: ["Scores"], path: "Benchmarks/LibraryBenchmark"),
        .testTarget(name: "ScoresTests", dependencies: ["Scores", "ProcessTestSupport"]),

        // ── Listening: the streaming pitch tracker (frames, notes, a tuner's reading). Pure Swift,
        // depending on nothing. Its accuracy benchmark against aubiopitch is `make bench-listen`.
        // Optimised in debug builds too: its tests and every daemon test that listens analyse
        // seconds of audio, about ten times faster so (docs/benchmarks.md, "`make test`'s wall time").
        .target(name: "PitchTracking", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // A listening input's samples: a WAV stream from a file or a named pipe at the pace it
        // arrives (the `file` driver of `[listen]`).
        .target(name: "SoundInput", dependencies: ["SystemCalls", "PitchTracking"]),
        // The listening input's capture device: an ALSA PCM (libasound), the daemon's only capture.
        .target(name: "ALSACapture", dependencies: ["CALSA", "SoundInput", "SystemCalls"]),
        .testTarget(name: "SoundInputTests", dependencies: ["SoundInput", "SystemCalls", "PitchTracking", "FluidSynthAudio", "MusicTheory",
                                                        "ProcessTestSupport", "Training", logging]),
        .testTarget(name: "PitchTrackingTests", dependencies: ["PitchTracking", "ProcessTestSupport"]),
        .executableTarget(
            name: "ListenBenchmark",
            dependencies: ["PitchTracking", "SoundInput"],
            path: "Benchmarks/ListenBenchmark"
        ),

        // ── System calls: the one errno path (EINTR retried, a typed errno naming the call), the
        // owned file descriptor and the wake pipe. Imports Glibc only.
        .target(name: "SystemCalls"),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),

        // ── The control socket: the JSON-RPC messages both ends share, and the daemon's server.
        .target(name: "ControlProtocol", dependencies: ["Training", "MusicTheory", "SystemCalls"]),
        // The clients' connection (eartrainctl, the web view, the tests): async, on SwiftNIO, so
        // no client spends a thread waiting for the daemon. The daemon does not link it.
        .target(name: "ControlClient", dependencies: ["ControlProtocol", "SystemCalls", nioCore, nioPosix]),
        .systemLibrary(name: "CEpoll"),
        .target(name: "ControlServer", dependencies: ["ControlProtocol", "CEpoll", "SystemCalls"]),
        .testTarget(name: "ControlProtocolTests", dependencies: ["ControlProtocol", "Training", "MusicTheory"]),
        .testTarget(
            name: "ControlServerTests", dependencies: ["ControlServer", "ControlProtocol", "SystemCalls", "SocketTestSupport"]
        ),
        // The line client the socket tests share: sends text as given, reads the replies line by line.
        .target(name: "SocketTestSupport", dependencies: ["SystemCalls"], path: "Tests/SocketTestSupport"),

        // ── The daemon's core: engine, sound and keyboard edges, event reports, request routing.
        .target(name: "Daemon", dependencies: ["Training", "MusicTheory", "ControlProtocol", "ControlServer", "SystemCalls"]),
        .testTarget(
            name: "DaemonTests",
            dependencies: [
                "Daemon", "Training", "MusicTheory", "ControlClient", "ControlProtocol", "ControlServer", "SocketTestSupport", "ExerciseTestSupport",
                "ProcessTestSupport", "Speech",
            ]
        ),
        // A test-only exercise kind, added through the catalog by the tests that show every layer
        // reaches kinds through it alone.
        .target(name: "ExerciseTestSupport", dependencies: ["Training", "MusicTheory"], path: "Tests/ExerciseTestSupport"),
        // The whole daemon built by one function from its configuration and its edges (keyboard,
        // sound, statistics store, clock, control listener): eartrainerd passes the real ones, the
        // tests fakes. It links neither libasound nor libfluidsynth; the real edges stay in eartrainerd.
        .target(
            name: "DaemonApp",
            dependencies: [
                "Daemon", "ControlServer", "ControlProtocol", "Training", "MusicTheory", "ConfigFile", "Statistics", "SoundInput", "Scores",
                "ClassSync", "ClassProtocol", crypto, logging, serviceLifecycle, unixSignals,
            ]
        ),
        // What the daemon's tests share: the client run as a person runs it, reading replies and
        // the statistics file.
        .target(
            name: "DaemonTestSupport",
            dependencies: ["ControlClient", "ControlProtocol", "ProcessTestSupport", grdb],
            path: "Tests/DaemonTestSupport"
        ),
        // What lets suites run side by side: waiting for a child process without holding a thread
        // of the pool the tests share, and the slots that bound how many heavy tests run at once.
        .target(name: "ProcessTestSupport", path: "Tests/ProcessTestSupport"),
        // What the tests that listen hear in a WAV: sounds, keys, a sine's exact frequency, beats.
        // Optimised in debug builds too: the real-time suites analyse seconds of audio while a
        // daemon renders beside them (the stage took 440 s with it unoptimised, most of it here).
        .target(name: "SoundAnalysis", dependencies: ["FluidSynthAudio", "MusicTheory"], path: "Tests/SoundAnalysis",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .testTarget(
            name: "DaemonAppTests",
            dependencies: [
                "DaemonApp", "DaemonTestSupport", "ProcessTestSupport", "eartrainctl", "Daemon", "ControlServer", "ControlClient", "ControlProtocol", "Training",
                "MusicTheory", "ConfigFile", "Statistics", grdb, logging, serviceLifecycle,
                // The web view against this in-process daemon (WebViewDaemonTests).
                "WebView", hummingbird, hummingbirdTesting, hummingbirdWSClient, hummingbirdWSTesting, httpTypes,
            ]
        ),
        .testTarget(
            name: "eartrainerdTests",
            dependencies: [
                "EartrainerdCommand", "eartrainerd", "eartrainctl", "DaemonTestSupport", "ProcessTestSupport", "SoundAnalysis", "ControlClient", "ControlProtocol", "FluidSynthAudio", "MusicTheory", "Training",
                "Statistics", "SystemCalls", "Scores", grdb,
            ]
        ),
        // The daemon's command line (run, render, check-config) and its real edges.
        .target(
            name: "EartrainerdCommand",
            dependencies: [
                "DaemonApp", "Daemon", "ControlServer", "ControlProtocol", "Training", "MusicTheory", "FluidSynthAudio",
                "ConfigFile", "Statistics", "ALSASequencer", "ALSACapture", "SoundInput", "Speech", argumentParser, logging, serviceLifecycle, unixSignals,
            ]
        ),
        .executableTarget(name: "eartrainerd", dependencies: ["EartrainerdCommand"]),

        // ── The client. ClientViews draws what it shows (staff as text and SVG, the watch screen,
        // the results screen) as pure functions of the daemon's reports, so tests can pin them.
        // Text made safe for HTML and SVG: the web view's, the staff's and the hub's one escaper.
        .target(name: "Markup"),
        .target(name: "ClientViews", dependencies: ["ControlProtocol", "Training", "MusicTheory", "Markup"]),
        // The pairing page's address as a QR code in the terminal (Debian's libqrencode-dev).
        .systemLibrary(name: "CQRencode"),
        .target(name: "QRCode", dependencies: ["CQRencode"]),
        .testTarget(
            name: "ClientViewsTests",
            dependencies: ["ClientViews", "ControlProtocol", "Training", "MusicTheory", "Markup", "ProcessTestSupport"],
            exclude: ["Snapshots"]
        ),
        .target(
            name: "EartrainctlCommand",
            dependencies: [
                "MusicTheory", "Training", "ControlClient", "ControlProtocol", "ClientViews", "SystemCalls", "QRCode", argumentParser,
            ]
        ),
        .executableTarget(name: "eartrainctl", dependencies: ["EartrainctlCommand"]),
        .testTarget(
            name: "eartrainctlTests", dependencies: ["EartrainctlCommand", "eartrainctl", "MusicTheory", "Training", "QRCode", "ProcessTestSupport"]
        ),

        // ── The music-stand view in a browser: a client of the socket like eartrainctl, never
        // linked with libasound or libfluidsynth. WebView renders the pages (pure functions, the
        // staff and results from ClientViews) and builds the Hummingbird app in one function;
        // eartrainer-web parses its options and runs it.
        .target(
            name: "WebView",
            dependencies: [
                "ControlClient", "ControlProtocol", "ClientViews", "Training", "MusicTheory", "SystemCalls", "Markup", hummingbird, hummingbirdWebSocket,
                httpTypes,
                logging, serviceLifecycle,
            ]
        ),
        .target(
            name: "EartrainerWebCommand",
            dependencies: ["WebView", "ConfigFile", "ControlProtocol", "Training", argumentParser, hummingbird, logging]
        ),
        .executableTarget(name: "eartrainer-web", dependencies: ["EartrainerWebCommand"]),
        .testTarget(
            name: "WebViewTests",
            dependencies: [
                "WebView", "ClientViews", "ConfigFile", "ControlProtocol", "Training", "MusicTheory", hummingbird, hummingbirdTesting, httpTypes,
                hummingbirdWebSocket, hummingbirdWSClient, hummingbirdWSTesting, logging, "ProcessTestSupport",
            ]
        ),

        // ── The three programs in one binary, chosen by the name it is run as: what the Debian
        // package installs, once, so the Swift runtime and Foundation are carried once (make deb).
        .executableTarget(
            name: "eartrainer-all-in-one",
            dependencies: ["EartrainerdCommand", "EartrainctlCommand", "EartrainerWebCommand", "EartrainerHubCommand"]
        ),

        // ── A class: the hub (ClassHub, on SQLite through GRDB or PostgreSQL through Debian's libpq),
        // the box's side (ClassSync), the wire types both decode (ClassProtocol). docs/class.md.
        .systemLibrary(name: "CPostgres"),
        .target(name: "ClassProtocol", dependencies: [crypto]),
        .target(
            name: "ClassHub",
            dependencies: ["ClassProtocol", "CPostgres", "QRCode", "Markup", grdb, hummingbird, hummingbirdCore, hummingbirdTLS, httpTypes, nioCore, nioPosix, nioSSL, crypto, cryptoExtras, x509, swiftASN1, logging]
        ),
        .target(name: "ClassSync", dependencies: ["ClassProtocol", "Statistics", crypto, nioCore, nioPosix, nioHTTP1, nioSSL]),
        // It checks a plan with the box's own reader before it assigns it.
        .target(name: "EartrainerHubCommand", dependencies: ["ClassHub", "ClassProtocol", "ConfigFile", "Training", argumentParser, hummingbird, logging]),
        .executableTarget(name: "eartrainer-hub", dependencies: ["EartrainerHubCommand"]),
        // A school's day on one hub (`make bench-hub`): 1,000 boxes push at once; the teacher's overview.
        .executableTarget(
            name: "HubBenchmark", dependencies: ["ClassHub", "ClassSync", "ClassProtocol", "ProcessTestSupport", crypto, hummingbird, logging, nioCore, nioPosix],
            path: "Benchmarks/HubBenchmark"
        ),
        .testTarget(
            name: "ClassHubTests",
            dependencies: ["ClassHub", "ClassSync", "ClassProtocol", "Statistics", "ProcessTestSupport", crypto, logging, hummingbird,
                           hummingbirdTesting, httpTypes]
        ),

        // ── Audio: the cello voice through FluidSynth, the sine, offline rendering.
        // ── The voice: eSpeak NG (Debian's libespeak-ng-dev) speaking in process, samples out.
        .systemLibrary(name: "CEspeakNG"),
        .target(name: "Speech", dependencies: ["CEspeakNG"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "ProcessTestSupport"]),

        // CFluidSynth is Debian's libfluidsynth-dev; pkgConfig stays nil because fluidsynth.pc
        // carries flags SwiftPM refuses. FluidSynthAudio is the only target that imports it.
        .systemLibrary(name: "CFluidSynth"),
        // Optimised in debug builds too: its sine voices, limiter and meters run per sample, in
        // every daemon the tests start and in the suites that render offline (docs/benchmarks.md,
        // "`make test`'s wall time").
        .target(
            name: "FluidSynthAudio",
            dependencies: ["CFluidSynth", "MusicTheory", "Training", logging],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .testTarget(name: "FluidSynthAudioTests", dependencies: ["FluidSynthAudio", "MusicTheory", "Training", "ProcessTestSupport", "SoundAnalysis"]),

        // ── Configuration and statistics. ConfigFile reads the one TOML file
        // (TOMLKit) and maps its training section onto Training's settings. Statistics keeps every
        // judged answer and session in SQLite (GRDB, WAL) behind `StatisticsStore`, with an
        // in-memory store beside it; the figures it computes are ControlProtocol's `LifetimeFigures`,
        // the message `stats.get` sends. StatisticsCrashWriter is what the SIGKILL durability test kills.
        // (ConfigFile was `Configuration` until the web view brought Hummingbird, whose graph holds
        // apple/swift-configuration's `Configuration` module: module names are unique in a graph.)
        .target(
            name: "ConfigFile",
            dependencies: [
                "MusicTheory", "Training", "SystemCalls", tomlKit, logging,
            ]
        ),
        .testTarget(
            name: "ConfigFileTests",
            dependencies: ["ConfigFile", "Training", "MusicTheory", "config-fuzzer", "ProcessTestSupport", logging]
        ),
        // Seeded mutations through the config parser; ConfigFuzzTests and `make fuzz` run it.
        .executableTarget(name: "config-fuzzer", dependencies: ["ConfigFile", "Training"], path: "Tests/ConfigFuzzer"),
        .target(
            name: "Statistics",
            dependencies: [
                "MusicTheory", "Training", "ControlProtocol", grdb, logging,
            ]
        ),
        .executableTarget(
            name: "StatisticsCrashWriter",
            dependencies: ["Statistics", logging],
            path: "Tests/StatisticsCrashWriter"
        ),
        .testTarget(
            name: "StatisticsTests",
            dependencies: [
                "Statistics", "StatisticsCrashWriter", "Training", "MusicTheory", "ControlProtocol", "ExerciseTestSupport", "ProcessTestSupport", grdb, logging,
            ]
        ),

        // ── ALSA input: keyboards through the ALSA sequencer.
        // CALSA is Debian's libasound2-dev; ALSASequencer is the only Swift target that imports it.
        // alsa-probe and fake-keyboard are test programs for the VM harness (scripts/vm), real
        // sequencer clients that need the kernel's sequencer, so they live under Tests/.
        .systemLibrary(name: "CALSA"),
        .target(
            name: "ALSASequencer",
            dependencies: ["CALSA", "MusicTheory", "Training", "SystemCalls", logging]
        ),
        .testTarget(name: "ALSASequencerTests", dependencies: ["ALSASequencer", "MusicTheory"]),
        .target(name: "VMProbeSupport", path: "Tests/VMProbeSupport"),
        .executableTarget(
            name: "alsa-probe",
            dependencies: [
                "ALSASequencer", "MusicTheory", "Training", "ControlClient", "ControlProtocol", "VMProbeSupport", logging,
            ],
            path: "Tests/ALSAProbe"
        ),
        .executableTarget(
            name: "fake-keyboard",
            path: "Tests/FakeKeyboard",
            linkerSettings: [.linkedLibrary("asound")]
        ),

        // ── Audio output in the VM: the daemon through snd-aloop, timed against fluidsynth.
        // loopback-capture records the loopback and says when its first frame was captured.
        .executableTarget(
            name: "audio-probe",
            dependencies: ["FluidSynthAudio", "ControlProtocol", "VMProbeSupport"],
            path: "Tests/AudioProbe"
        ),
        // The boot scenario's WAV, read on the host (scripts/vm/student-test.sh).
        .executableTarget(
            name: "boot-wav-check",
            dependencies: ["FluidSynthAudio"],
            path: "Tests/BootWAVCheck"
        ),
        .executableTarget(
            name: "loopback-capture",
            path: "Tests/LoopbackCapture",
            linkerSettings: [.linkedLibrary("asound"), .linkedLibrary("m")]
        ),
    ]
)
