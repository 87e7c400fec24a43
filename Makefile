# LuaScreens — the commands a newcomer needs. `make run` and `make test` install what is
# missing (Lua 5.4's development files, SQLite's, and the Lua modules the sample apps use),
# build, and run.

SWIFT ?= swift
LUA_PKG := lua5.4
# tmux drives `screens run` on a terminal in the terminal tests (Tests/ScreensCLITests/TerminalTests.swift).
# libpng and libjpeg decode the images `ui.image` reads (Sources/ImageShim).
# libcurl's development files: the release build of screens-serve (`screens serve`) links
# Foundation's networking statically, which its server library brings in, and that asks for -lcurl.
APT_PACKAGES := liblua5.4-dev libsqlite3-dev pkg-config libedit-dev libpng-dev libjpeg-dev libcurl4-openssl-dev lua-dkjson lua-luassert lua-say tmux
# Pure-Lua modules the sample apps and the test runner require, looked for in Lua 5.4's
# module folder (as a file or a folder with init.lua).
LUA_MODULES := dkjson luassert say
# Headless Chromium and its WebDriver drive the page of `screens serve` in the browser tests
# (Tests/ScreensCLITests/ServeBrowserTests.swift): only `make test` needs them.
APT_TEST_PACKAGES := chromium chromium-driver
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
BIN = $(shell $(SWIFT) build --show-bin-path)
LUA_MODULES_PRESENT = ( for m in $(LUA_MODULES); do d="$$(pkg-config --variable=INSTALL_LMOD $(LUA_PKG))"; [ -e "$$d/$$m.lua" ] || [ -e "$$d/$$m/init.lua" ] || exit 1; done )

# make install: PREFIX/bin/screens links to PREFIX/lib/luascreens/, which holds the program
# and the resources it loads from beside itself (the Lua files of each target, in
# <Package>_<Target>.resources folders).
PREFIX ?= /usr/local
RELEASE_FLAGS := -c release --static-swift-stdlib
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
# sudo only when the nearest existing folder of the destination is not writable.
INSTALL_SUDO = $(shell p="$(DESTDIR)$(PREFIX)"; while [ ! -e "$$p" ]; do p=$$(dirname "$$p"); done; [ -w "$$p" ] || echo sudo)

.PHONY: deps deps-test build run test test-asan fuzz bench install uninstall clean

deps:
	@command -v $(SWIFT) >/dev/null || { echo "error: swift is not on PATH; install Swift 6 from https://swift.org/install" >&2; exit 1; }
	@if command -v pkg-config >/dev/null && pkg-config --exists $(LUA_PKG) sqlite3 libpng libjpeg libcurl && $(LUA_MODULES_PRESENT) && command -v tmux >/dev/null; then :; \
	elif command -v apt-get >/dev/null; then \
		echo "Installing $(APT_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	else \
		echo "error: Lua 5.4, SQLite 3, libpng, libjpeg or libcurl development files, the Lua modules $(LUA_MODULES), or tmux are missing." >&2; \
		echo "       Install them with your system's package manager: Homebrew 'brew install lua sqlite libpng jpeg-turbo curl pkg-config tmux'," >&2; \
		echo "       Fedora 'dnf install lua-devel sqlite-devel libpng-devel libjpeg-turbo-devel libcurl-devel pkgconf tmux'; then 'luarocks --lua-version 5.4 install dkjson luassert say'." >&2; \
		exit 1; \
	fi
	@pkg-config --exists $(LUA_PKG) sqlite3 libpng libjpeg libcurl || { echo "error: pkg-config still cannot find '$(LUA_PKG)', 'sqlite3', 'libpng', 'libjpeg' or 'libcurl' after installing" >&2; exit 1; }
	@command -v tmux >/dev/null || { echo "error: tmux is still missing after installing" >&2; exit 1; }
	@$(LUA_MODULES_PRESENT) || { echo "error: the Lua modules $(LUA_MODULES) are still missing from $$(pkg-config --variable=INSTALL_LMOD $(LUA_PKG)) after installing" >&2; exit 1; }

# What the tests need besides: a browser. Without apt-get the browser tests are skipped, saying so.
deps-test: deps
	@if command -v chromedriver >/dev/null && command -v chromium >/dev/null; then :; \
	elif command -v apt-get >/dev/null; then \
		echo "Installing $(APT_TEST_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_TEST_PACKAGES) >/dev/null; \
	else \
		echo "warning: chromium and chromedriver are missing: the browser tests of screens serve will be skipped" >&2; \
	fi

build: deps
	$(SWIFT) build

# PhotoDiary, the app that uses everything, interactive on a terminal (see docs/terminal.md
# for the keys); without a terminal it prints the diary's screen.
run: build
	$(BIN)/screens run scripts/photodiary

# The monkey over every app in scripts/, with a fixed seed and a bounded count: a few seconds
# in all, and any script error or crash it finds fails the build (its recording is written
# to $TMPDIR for `screens run APP --replay FILE`).
MONKEY_EVENTS ?= 300
MONKEY_SEED ?= 1

test: build deps-test
	$(SWIFT) test
	$(BIN)/screens test scripts Tests/lua plugins
	@for app in scripts/*/; do \
		$(BIN)/screens monkey "$$app" --seed $(MONKEY_SEED) --events $(MONKEY_EVENTS) \
			--out "$${TMPDIR:-/tmp}/monkey-$$(basename "$$app")-$(MONKEY_SEED).rec" || exit 1; \
	done

# The fuzz suites (Tests/lua/fuzz) at FUZZ_SCALE times the cases `make test` runs, with a new
# seed each time unless FUZZ_SEED is given; a failure names its case, and
# `FUZZ_SEED=S FUZZ_CASE=N FUZZ_TRACE=2 screens test Tests/lua/fuzz/<suite>` replays it step by step.
FUZZ_SCALE ?= 20
fuzz: build
	@seed=$${FUZZ_SEED:-$$(date +%s)}; echo "fuzzing with FUZZ_SEED=$$seed FUZZ_SCALE=$(FUZZ_SCALE)"; \
	FUZZ_SEED=$$seed FUZZ_SCALE=$(FUZZ_SCALE) $(BIN)/screens test --timeout 120 Tests/lua/fuzz

test-asan: deps
	$(SWIFT) test --sanitize=address --scratch-path .build-asan --disable-xctest --filter LuaBridgeTests

bench: deps
	$(SWIFT) run -c release screens-bench

install: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product screens
	$(SWIFT) build $(RELEASE_FLAGS) --product screens-serve
	$(INSTALL_SUDO) install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/lib/luascreens"
	$(INSTALL_SUDO) install -m 755 "$(RELEASE_BIN)/screens" "$(DESTDIR)$(PREFIX)/lib/luascreens/screens"
	$(INSTALL_SUDO) install -m 755 "$(RELEASE_BIN)/screens-serve" "$(DESTDIR)$(PREFIX)/lib/luascreens/screens-serve"
	$(INSTALL_SUDO) rm -rf "$(DESTDIR)$(PREFIX)/lib/luascreens/"*.resources
	$(INSTALL_SUDO) cp -R "$(RELEASE_BIN)/"*.resources "$(DESTDIR)$(PREFIX)/lib/luascreens/"
	$(INSTALL_SUDO) rm -rf "$(DESTDIR)$(PREFIX)/share/luascreens/plugins"
	$(INSTALL_SUDO) install -d "$(DESTDIR)$(PREFIX)/share/luascreens"
	$(INSTALL_SUDO) cp -R plugins "$(DESTDIR)$(PREFIX)/share/luascreens/plugins"
	$(INSTALL_SUDO) ln -sfn ../lib/luascreens/screens "$(DESTDIR)$(PREFIX)/bin/screens"
	@echo "Installed $(PREFIX)/bin/screens"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "$(PREFIX)/bin is not on your PATH: add it, e.g. export PATH=\"$(PREFIX)/bin:\$$PATH\"";; esac

uninstall:
	$(INSTALL_SUDO) rm -rf "$(DESTDIR)$(PREFIX)/lib/luascreens" "$(DESTDIR)$(PREFIX)/share/luascreens" "$(DESTDIR)$(PREFIX)/bin/screens"

clean:
	rm -rf .build .build-asan
