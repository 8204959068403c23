# The two commands of the README: `make run` and `make test`. Everything else is a step of those.
SWIFT ?= swift

.PHONY: deps build run test test-unit test-vm
deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

run: build
	@scripts/run.sh

test: deps
	@scripts/test.sh

test-unit: deps
	$(SWIFT) test

# Training engine (issue 3): time to judge one note and emit its event; see docs/benchmarks.md.
.PHONY: bench-training
bench-training:
	$(SWIFT) build -c release --product TrainingBenchmark
	.build/release/TrainingBenchmark

# ALSA input scenarios against the kernel's sequencer in a VM (issue 4; also part of `make test`)
test-vm: deps
	@scripts/vm/run.sh
