// swift-tools-version: 6.1
import PackageDescription

// The architecture in one picture: dependencies point inward.
//   eartrainctl ─▶ MusicTheory
// (See docs/architecture.md; each later part gets its own target.)
let package = Package(
    name: "eartrainer",
    products: [
        .executable(name: "eartrainctl", targets: ["eartrainctl"]),
        .library(name: "MusicTheory", targets: ["MusicTheory"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),  // ALSA input (issue 4)
    ],
    targets: [
        .target(name: "MusicTheory"),
        .executableTarget(
            name: "eartrainctl",
            dependencies: [
                "MusicTheory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "MusicTheoryTests", dependencies: ["MusicTheory"]),
        .testTarget(name: "eartrainctlTests", dependencies: ["eartrainctl", "MusicTheory"]),

        // ── ALSA input (issue 4): keyboards through the ALSA sequencer. ──
        // CALSA is Debian's libasound2-dev; ALSASequencer is the only Swift target that imports it.
        // alsa-probe and fake-keyboard are test programs for the VM harness (scripts/vm), real
        // sequencer clients that need the kernel's sequencer, so they live under Tests/.
        .systemLibrary(name: "CALSA"),
        .target(
            name: "ALSASequencer",
            dependencies: ["CALSA", "MusicTheory", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "ALSASequencerTests", dependencies: ["ALSASequencer", "MusicTheory"]),
        .executableTarget(
            name: "alsa-probe",
            dependencies: ["ALSASequencer", "MusicTheory", .product(name: "Logging", package: "swift-log")],
            path: "Tests/ALSAProbe"
        ),
        .executableTarget(
            name: "fake-keyboard",
            path: "Tests/FakeKeyboard",
            linkerSettings: [.linkedLibrary("asound")]
        ),
        // ── end of ALSA input ──
    ]
)
