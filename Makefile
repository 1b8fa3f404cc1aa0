# SoundSafari: `make play` and `make test` each install what is missing, build, then play or test.
SWIFT ?= swift
XVFB  := xvfb-run -a -s "-screen 0 1920x1080x24"

.PHONY: deps build play install test lint format bench sounds clean server po deb deb-test deb-upgrade-test

deps:
	@bash scripts/install-deps.sh

# The translation catalogs (po/*.po) are compiled beside the executable, where the program looks first after
# $SOUNDSAFARI_LOCALEDIR (Sources/Localization/CatalogFolder.swift).
build: deps
	$(SWIFT) build
	@bash scripts/po.sh compile .build/debug/locale

play: build
	$(SWIFT) run soundsafari play

# The desktop launcher (applications menu entry and icon in $XDG_DATA_HOME, default ~/.local/share) for a release
# build, opening the main menu on LOGS (default: this checkout's StudyLogs).
LOGS ?= $(CURDIR)/StudyLogs
install: deps
	$(SWIFT) build -c release --product soundsafari
	@bash scripts/po.sh compile .build/release/locale
	.build/release/soundsafari install-launcher --logs "$(LOGS)"

# Window tests need an X display: run the whole suite under Xvfb when there is none. The tests' user configuration
# and data (the machine's device-id, reminder units, OpenAL's search path) go to throwaway folders, never to the
# real ~/.config or ~/.local; HOME itself is read-only, so a test that writes there fails. The server's dashboard
# tests drive headless Chromium and check each page with axe-core (scripts/browser-test-deps.sh installs it); its API
# test runs schemathesis against the OpenAPI document (scripts/schemathesis-deps.sh installs it). The FHIR export's
# tests validate bundles with fhir.resources (scripts/fhir-deps.sh installs it). The tests' pseudo-language
# (en@pseudo: every translated sentence ⟦wrapped⟧ and 40 % longer) finds strings nobody marked for translation.
# The server's tests run at most SERVER_TEST_WIDTH at once (Swift Testing's parallelization width). Unbounded, all
# 169 start together on one PostgreSQL cluster: on 2 cores a test's set-up took 83 s instead of 8, its live client's
# requests timed out after 20 s and pools waited a minute for a connection. At 12 the suite passes in the same time.
SERVER_TEST_WIDTH ?= 12
test: deps
	$(SWIFT) build --build-tests
	@bash scripts/po.sh compile .build/debug/locale
	@bash scripts/po.sh pseudo .build/debug/locale
	cd Server && $(SWIFT) build --build-tests
	@bash scripts/browser-test-deps.sh >/dev/null
	@bash scripts/schemathesis-deps.sh >/dev/null
	@bash scripts/fhir-deps.sh >/dev/null
	@# The tests run with a read-only HOME and throwaway XDG folders: nothing may write outside its temporary folders.
	@scratch="$$(mktemp -d)"; mkdir -p "$$scratch/home" "$$scratch/config" "$$scratch/data" "$$scratch/state" "$$scratch/cache"; \
	chmod 555 "$$scratch/home"; \
	export HOME="$$scratch/home" XDG_CONFIG_HOME="$$scratch/config" XDG_DATA_HOME="$$scratch/data" \
	  XDG_STATE_HOME="$$scratch/state" XDG_CACHE_HOME="$$scratch/cache"; \
	if [ -n "$$DISPLAY" ]; then $(SWIFT) test --skip-build; else $(XVFB) $(SWIFT) test --skip-build; fi && \
	cd Server && SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(SERVER_TEST_WIDTH) $(SWIFT) test --skip-build

# The study server (its own package in Server/): PostgreSQL in .server-data/, a first admin, then serve on :8080.
server: deps
	@bash scripts/server.sh

# The Debian packages (soundsafari_<VERSION>_amd64.deb, soundsafari-server_<VERSION>_amd64.deb) in .build/deb, from
# release builds with the Swift runtime linked statically, checked by lintian; deb-test installs them into a clean
# Debian 12 root made by debootstrap and uses them there (through sudo when not root). DEB_BUILD=debug (what CI
# runs after `make test`): the same packages relinked from the debug build `make test` made, in .build/deb-debug,
# versioned VERSION+git<commit time>.<commit>. deb-upgrade-test installs them over the previous version's packages
# (OLD_DEBS: a folder holding its two .debs), e.g. `make deb-upgrade-test DEB_BUILD=debug OLD_DEBS=../v1.1.0-debs`.
DEB_BUILD ?= release
DEB_DIR := $(if $(filter debug,$(DEB_BUILD)),.build/deb-debug,.build/deb)
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
DEB_TEST_ENV := env DEBIAN_MIRROR="$(DEBIAN_MIRROR)" DEB_TEST_BASE="$(DEB_TEST_BASE)"

deb:
	@bash scripts/install-deps.sh --deb
	@DEB_BUILD=$(DEB_BUILD) bash scripts/make-deb.sh

deb-test: deb
	@$(SUDO) $(DEB_TEST_ENV) bash scripts/deb-install-test.sh $(DEB_DIR)

deb-upgrade-test: deb
	@[ -n "$(OLD_DEBS)" ] || { echo "error: name the previous version's packages: make deb-upgrade-test OLD_DEBS=DIR (DIR holds its soundsafari_*.deb and soundsafari-server_*.deb)." >&2; exit 1; }
	@$(SUDO) $(DEB_TEST_ENV) bash scripts/deb-upgrade-test.sh "$(OLD_DEBS)" $(DEB_DIR)

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

# The template from the code's marked strings, merged into every po/LANG.po (then translate what is new or fuzzy).
po: deps
	@bash scripts/po.sh merge

sounds: build
	$(SWIFT) run soundsafari make-sounds --out Sounds

clean:
	rm -rf .build Server/.build
