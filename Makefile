# SoundSafari: `make play` and `make test` each install what is missing, build, then play or test.
SWIFT ?= swift
XVFB  := xvfb-run -a -s "-screen 0 1920x1080x24"

.PHONY: deps build play install test lint format bench sounds clean server

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

play: build
	$(SWIFT) run soundsafari play

# The desktop launcher (applications menu entry and icon in $XDG_DATA_HOME, default ~/.local/share) for a release
# build, opening the main menu on LOGS (default: this checkout's StudyLogs).
LOGS ?= $(CURDIR)/StudyLogs
install: deps
	$(SWIFT) build -c release --product soundsafari
	.build/release/soundsafari install-launcher --logs "$(LOGS)"

# Window tests need an X display: run the whole suite under Xvfb when there is none. The tests' user configuration
# (the machine's device-id, reminder units) goes to a throwaway folder, never to the real ~/.config. The server's
# dashboard tests drive headless Chromium and check each page with axe-core (scripts/browser-test-deps.sh).
test: deps
	$(SWIFT) build --build-tests
	@export XDG_CONFIG_HOME="$$(mktemp -d)"; \
	if [ -n "$$DISPLAY" ]; then $(SWIFT) test --skip-build; else $(XVFB) $(SWIFT) test --skip-build; fi
	@bash scripts/browser-test-deps.sh >/dev/null
	cd Server && $(SWIFT) build --build-tests && XDG_CONFIG_HOME="$$(mktemp -d)" $(SWIFT) test --skip-build

# The study server (its own package in Server/): PostgreSQL in .server-data/, a first admin, then serve on :8080.
server: deps
	@bash scripts/server.sh

# The checked-in .swift-format is the style; CI fails on any finding.
SWIFT_FORMAT_PATHS := Package.swift Sources Tests Analysis/Sources Analysis/Tests Plugins Server/Package.swift Server/Sources Server/Tests

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FORMAT_PATHS)

bench:
	@bash scripts/install-deps.sh --bench
	$(SWIFT) build -c release
	@bash scripts/bench.sh

sounds: build
	$(SWIFT) run soundsafari make-sounds --out Sounds

clean:
	rm -rf .build Server/.build
