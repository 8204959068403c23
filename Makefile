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

# The web view in headless Chromium (docs/web.md, "Browser tests"), refreshing docs/screenshots/.
.PHONY: test-browser
test-browser: build
	@scripts/test-browser.sh

# Every benchmark beside its peer (MPD's socket, fluidsynth in the VM), in one run;
# rewrites docs/benchmarks.md's generated section, docs/benchmarks/results.json and peers.png.
# BENCH_VM=1 adds the VM's audio scenario (MIDI in to sound out, memory and idle CPU).
.PHONY: bench
bench: deps
	@if [ "$${BENCH_VM:-0}" = 1 ]; then VM_BUILD=release VM_AUDIO_GOALS=0 $(MAKE) test-vm-audio; fi
	python3 scripts/bench/run.py

# Training engine: time to judge one note and emit its event; see docs/benchmarks.md.
.PHONY: bench-training
bench-training:
	$(SWIFT) build -c release --product TrainingBenchmark
	.build/release/TrainingBenchmark

# The melody library's cost at start beside its chorales read as MusicXML (music21's corpus, from make deps).
.PHONY: bench-hub
# A school's day on one hub: 1,000 boxes × 300 answers at once, on SQLite and on PostgreSQL, and
# the teacher's overview over 1,000 students × 60 days (docs/benchmarks.md, "The class hub").
bench-hub: deps
	$(SWIFT) build -c release --product HubBenchmark
	$(SWIFT) build -c release --product eartrainer-hub
	.build/release/HubBenchmark sqlite
	ET_HUB_POSTGRES=$$(scripts/postgres-for-tests.sh start 55433) && export ET_HUB_POSTGRES && \
		.build/release/HubBenchmark postgresql; status=$$?; scripts/postgres-for-tests.sh stop 55433; exit $$status

.PHONY: bench-library
bench-library: deps
	$(SWIFT) build -c release --product LibraryBenchmark
	.build/release/LibraryBenchmark "$$(python3 -c 'import music21, os; print(os.path.join(os.path.dirname(music21.__file__), "corpus"))')"

# The pitch tracker's accuracy and cost beside aubiopitch (yin, yinfft), on 645 notes rendered
# from FluidR3's cello, violin, flute and choir; writes docs/benchmarks/listen.json (docs/listening.md).
.PHONY: bench-listen
bench-listen: deps
	$(SWIFT) build -c release --product ListenBenchmark
	python3 scripts/bench/listen.py

# The same files' onset to judgement at a live stream's pace, all at once (about 160 s), after
# bench-listen; writes docs/benchmarks/listen-live.json.
.PHONY: bench-listen-live
bench-listen-live: deps
	$(SWIFT) build -c release --product ListenBenchmark
	python3 scripts/bench/listen-live.py

# What listening costs the daemon: two release daemons side by side, one listening to a 48 kHz
# stream at a live pace (bench-listen's renders), 2 minutes; writes docs/benchmarks/listen-cost.json.
.PHONY: bench-listen-cost
bench-listen-cost: deps
	$(SWIFT) build -c release --product eartrainerd
	python3 scripts/bench/listen-cost.py

# ── Installing: binaries, systemd units (system and user), the config file and the SoundFont notes.
# `make install PREFIX=/usr DESTDIR=/tmp/pkg` for packaging. An existing config file is kept.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
UNITDIR ?= $(PREFIX)/lib/systemd/system
# `make install` into the running system (no DESTDIR) where systemd runs enables and starts the
# socket, the daemon and the web view; ENABLE_UNITS=no leaves them alone (scratch prefixes).
ENABLE_UNITS ?= $(if $(DESTDIR),no,$(shell test -d /run/systemd/system && echo yes || echo no))
SYSTEMCTL ?= systemctl
# The user unit (a desktop user's own daemon, `systemctl --user enable --now eartrainer`).
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
SHAREDIR ?= $(PREFIX)/share/eartrainer
DOCDIR ?= $(PREFIX)/share/doc/eartrainer
CONFDIR ?= /etc/eartrainer
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/vendor-completions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

# BUILD=debug installs the debug binaries already built (the tests use it; it skips a release build).
BUILD ?= release
# More for `swift build` (`make deb` links the Swift runtime in: --static-swift-stdlib).
SWIFT_BUILD_FLAGS ?=
# ALL_IN_ONE=yes installs one binary, eartrainer-all-in-one, as eartrainerd, with eartrainctl and
# eartrainer-web as symbolic links to it (`make deb` does: the runtime is carried once, not three
# times). PROGRAMS is the folder that holds the three programs by their names, for the man pages.
ALL_IN_ONE ?= no
# SwiftPM's build folder (--scratch-path). `make test` builds the package in a folder of its own,
# .build/package, beside the tests' build in .build: SwiftPM locks its folder for a whole build.
SWIFT_SCRATCH ?= .build
PROGRAMS = $(if $(filter yes,$(ALL_IN_ONE)),$(SWIFT_SCRATCH)/all-in-one-$(BUILD),$(SWIFT_SCRATCH)/$(BUILD))
EXTRAS = $(SWIFT_SCRATCH)/extras

.PHONY: binaries manpages install uninstall deb
# A Debian package, eartrainer_<version>_<arch>.deb, in .build/deb (docs/systemd.md, "The package").
deb: deps
	@scripts/deb/build.sh

binaries: deps
ifeq ($(ALL_IN_ONE),yes)
	$(SWIFT) build --scratch-path $(SWIFT_SCRATCH) -c $(BUILD) $(SWIFT_BUILD_FLAGS) --product eartrainer-all-in-one
	rm -rf $(PROGRAMS) && mkdir -p $(PROGRAMS)
	ln -s ../$(BUILD)/eartrainer-all-in-one $(PROGRAMS)/eartrainerd
	ln -s eartrainerd $(PROGRAMS)/eartrainctl && ln -s eartrainerd $(PROGRAMS)/eartrainer-web && ln -s eartrainerd $(PROGRAMS)/eartrainer-hub
else
	$(SWIFT) build --scratch-path $(SWIFT_SCRATCH) -c $(BUILD) $(SWIFT_BUILD_FLAGS) --product eartrainerd
	$(SWIFT) build --scratch-path $(SWIFT_SCRATCH) -c $(BUILD) $(SWIFT_BUILD_FLAGS) --product eartrainctl
	$(SWIFT) build --scratch-path $(SWIFT_SCRATCH) -c $(BUILD) $(SWIFT_BUILD_FLAGS) --product eartrainer-web
	$(SWIFT) build --scratch-path $(SWIFT_SCRATCH) -c $(BUILD) $(SWIFT_BUILD_FLAGS) --product eartrainer-hub
endif

# Man pages and completions, made from the argument parsers and docs/configuration.md.
manpages: binaries
	@scripts/man/build.sh $(EXTRAS) $(PROGRAMS)

install: binaries manpages
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(SHAREDIR)/soundfonts $(DESTDIR)$(DOCDIR) $(DESTDIR)$(CONFDIR)
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man8
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 644 $(EXTRAS)/man/eartrainctl.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(EXTRAS)/man/eartrainer.toml.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 $(EXTRAS)/man/eartrainerd.8 $(EXTRAS)/man/eartrainer-web.8 $(EXTRAS)/man/eartrainer-hub.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 644 $(EXTRAS)/completions/eartrainctl.bash $(DESTDIR)$(BASHCOMPDIR)/eartrainctl
	install -m 644 $(EXTRAS)/completions/_eartrainctl $(DESTDIR)$(ZSHCOMPDIR)/_eartrainctl
	install -m 644 $(EXTRAS)/completions/eartrainctl.fish $(DESTDIR)$(FISHCOMPDIR)/eartrainctl.fish
ifeq ($(ALL_IN_ONE),yes)
	install -m 755 $(PROGRAMS)/eartrainerd $(DESTDIR)$(BINDIR)/
	ln -sf eartrainerd $(DESTDIR)$(BINDIR)/eartrainctl && ln -sf eartrainerd $(DESTDIR)$(BINDIR)/eartrainer-web
	ln -sf eartrainerd $(DESTDIR)$(BINDIR)/eartrainer-hub
else
	install -m 755 $(PROGRAMS)/eartrainerd $(PROGRAMS)/eartrainctl $(PROGRAMS)/eartrainer-web $(PROGRAMS)/eartrainer-hub $(DESTDIR)$(BINDIR)/
endif
	sed -e 's#@BINDIR@#$(BINDIR)#g' -e 's#@DOCDIR@#$(DOCDIR)#g' systemd/eartrainer.service.in > $(DESTDIR)$(UNITDIR)/eartrainer.service
	sed -e 's#@BINDIR@#$(BINDIR)#g' -e 's#@DOCDIR@#$(DOCDIR)#g' systemd/eartrainer-web.service.in > $(DESTDIR)$(UNITDIR)/eartrainer-web.service
	sed -e 's#@BINDIR@#$(BINDIR)#g' -e 's#@DOCDIR@#$(DOCDIR)#g' systemd/eartrainer-hub.service.in > $(DESTDIR)$(UNITDIR)/eartrainer-hub.service
	install -m 644 systemd/eartrainer.socket $(DESTDIR)$(UNITDIR)/eartrainer.socket
	sed -e 's#@BINDIR@#$(BINDIR)#g' -e 's#@DOCDIR@#$(DOCDIR)#g' systemd/eartrainer-user.service.in > $(DESTDIR)$(USERUNITDIR)/eartrainer.service
	install -m 644 soundfonts/README.md $(DESTDIR)$(SHAREDIR)/soundfonts/README.md
	install -m 644 README.md CHANGELOG.md $(DESTDIR)$(DOCDIR)/
	cp -r docs $(DESTDIR)$(DOCDIR)/
	if [ -f config/eartrainer.toml ] && [ ! -f $(DESTDIR)$(CONFDIR)/eartrainer.toml ]; then \
		install -m 644 config/eartrainer.toml $(DESTDIR)$(CONFDIR)/eartrainer.toml; fi
	@# Installed into the running system (no DESTDIR) where systemd runs: the socket, the daemon and
	@# the web view are enabled at boot and started, as the package does.
	@if [ "$(ENABLE_UNITS)" = yes ]; then \
		$(SYSTEMCTL) daemon-reload && $(SYSTEMCTL) enable --now eartrainer.socket eartrainer.service eartrainer-web.service && \
		echo "enabled and started eartrainer.socket, eartrainer.service and eartrainer-web.service (http://127.0.0.1:8750)"; \
	else \
		echo "installed under $(DESTDIR)$(PREFIX); enable at boot with: systemctl enable --now eartrainer.service eartrainer-web.service"; \
		echo "or, on a desktop, for your user instead: systemctl --user enable --now eartrainer.service"; \
	fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/eartrainerd $(DESTDIR)$(BINDIR)/eartrainctl $(DESTDIR)$(BINDIR)/eartrainer-web $(DESTDIR)$(BINDIR)/eartrainer-hub
	rm -f $(DESTDIR)$(UNITDIR)/eartrainer.service $(DESTDIR)$(UNITDIR)/eartrainer.socket $(DESTDIR)$(UNITDIR)/eartrainer-web.service $(DESTDIR)$(UNITDIR)/eartrainer-hub.service $(DESTDIR)$(USERUNITDIR)/eartrainer.service
	rm -f $(DESTDIR)$(MANDIR)/man1/eartrainctl.1 $(DESTDIR)$(MANDIR)/man5/eartrainer.toml.5 $(DESTDIR)$(MANDIR)/man8/eartrainerd.8 $(DESTDIR)$(MANDIR)/man8/eartrainer-web.8 $(DESTDIR)$(MANDIR)/man8/eartrainer-hub.8
	rm -f $(DESTDIR)$(BASHCOMPDIR)/eartrainctl $(DESTDIR)$(ZSHCOMPDIR)/_eartrainctl $(DESTDIR)$(FISHCOMPDIR)/eartrainctl.fish
	rm -rf $(DESTDIR)$(SHAREDIR) $(DESTDIR)$(DOCDIR)
	@echo "kept $(DESTDIR)$(CONFDIR) (your configuration) and /var/lib/eartrainer (your statistics)"

# The VM scenarios, in one boot: the ALSA input against the kernel's sequencer (also part
# of `make test`) and the audio output through snd-aloop timed against fluidsynth (see scripts/test.sh).
.PHONY: test-vm-audio
test-vm: deps
	@scripts/vm/run.sh

# The audio output's VM scenario alone: results and the latency table in .vm-out/audio/audio.
test-vm-audio: deps
	@VM_SCENARIOS=audio VM_AUDIO_GOALS=$${VM_AUDIO_GOALS:-1} VM_OUT=$(CURDIR)/.vm-out/audio scripts/vm/run.sh

# The listening input's VM scenario alone (docs/listening.md): a choir's scale captured from
# snd-aloop, judged twice, the card taken away between; results in .vm-out/listen/listen.
.PHONY: test-vm-listen
test-vm-listen: deps
	@VM_SCENARIOS=listen VM_BUILD=release VM_OUT=$(CURDIR)/.vm-out/listen scripts/vm/run.sh

# Keys judged while 4 addresses flood /progress and a local client pipelines stats.get over a
# history of 218,000 answers, beside the same keys with no flood (docs/benchmarks.md).
.PHONY: bench-flood
bench-flood: deps
	$(SWIFT) build -c release --product eartrainerd
	$(SWIFT) build -c release --product eartrainer-web
	python3 scripts/bench/flood.py

# The socket-abuse suite with its latency limit, against the release daemon: a well-behaved
# client's status p99 under abuse must stay within 10 ms. Run it on a quiet machine; docs/reliability.md.
.PHONY: bench-abuse
bench-abuse: deps
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release --product eartrainerd
	EARTRAINERD=$(CURDIR)/.build/release/eartrainerd ABUSE_P99_LIMIT_MS=10 $(SWIFT) test --skip-build --filter SocketAbuseTests

# The service enabled and started at boot with systemd as PID 1 in a VM (part of
# `make test` when VM_BOOT=1; docs/systemd.md, "Boot test"). Links units into /etc/systemd/system for the run.
.PHONY: test-vm-boot
test-vm-boot: deps
	@scripts/vm/boot-test.sh

# The package in a VM with systemd as PID 1: dpkg -i, the service running, a student's status,
# session, man page and completion, apt-get remove and purge (docs/systemd.md, "The package").
# Builds the .deb unless DEB= names one; part of `make test`.
.PHONY: test-vm-deb
test-vm-deb: deps
	@scripts/vm/deb-test.sh

# The student's boot: the package installed (the package VM's boot, with all its checks), a USB
# keyboard and a USB sound card with their real drivers, the menu, a round, unplug and replug, a
# reboot (docs/systemd.md, "The student's boot"). Two boots, about 9 minutes; builds the .deb
# unless DEB= names one (VM_DAEMON_BIN= the folder of its binaries for the reboot).
.PHONY: test-vm-student
test-vm-student: deps
	@scripts/vm/student-test.sh

# Fuzzing with millions of inputs (docs/reliability.md). The config parser through
# Tests/ConfigFuzzer, optimised (toml++'s assertions stay on in a release build), two seeds side by
# side; then the request path (ProtocolFuzzTests), batches included.
FUZZ_CONFIG_INPUTS ?= 1000000
FUZZ_REQUEST_INPUTS ?= 1000000
.PHONY: fuzz
fuzz: deps
	$(SWIFT) build -c release --product config-fuzzer
	.build/release/config-fuzzer config/eartrainer.toml $(FUZZ_CONFIG_INPUTS) 1 & \
	  .build/release/config-fuzzer config/eartrainer.toml $(FUZZ_CONFIG_INPUTS) 2; second=$$?; wait $$!; first=$$?; \
	  [ $$first = 0 ] && [ $$second = 0 ]
	$(SWIFT) build --build-tests
	FUZZ_ITERATIONS=$(FUZZ_REQUEST_INPUTS) $(SWIFT) test --skip-build --filter "ProtocolFuzzTests"
