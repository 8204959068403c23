// swift-tools-version: 6.1
import PackageDescription

// The architecture in one picture: dependencies point inward.
//   eartrainctl ─▶ MusicTheory
// (See docs/architecture.md; each later part gets its own target.)
let package = Package(
    name: "eartrainer",
    products: [
        .executable(name: "eartrainctl", targets: ["eartrainctl"]),
        .executable(name: "eartrainerd", targets: ["eartrainerd"]),
        .library(name: "MusicTheory", targets: ["MusicTheory"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),  // audio (issue 5)
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

        // ── Audio (issue 5): the cello voice through FluidSynth, the sine, offline rendering. ──
        // CFluidSynth is Debian's libfluidsynth-dev; pkgConfig stays nil because fluidsynth.pc
        // carries flags SwiftPM refuses. FluidSynthAudio is the only target that imports it.
        .systemLibrary(name: "CFluidSynth"),
        .target(
            name: "FluidSynthAudio",
            dependencies: ["CFluidSynth", "MusicTheory", .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "eartrainerd",
            dependencies: [
                "FluidSynthAudio",
                "MusicTheory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FluidSynthAudioTests", dependencies: ["FluidSynthAudio", "MusicTheory"]),
        .testTarget(name: "eartrainerdTests", dependencies: ["eartrainerd", "FluidSynthAudio", "MusicTheory"]),
        // ── end of audio ──
    ]
)
