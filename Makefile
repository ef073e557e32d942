# The two set-up commands of the README:
#   make bench   builds in release and runs `tapejson bench` over the bundled corpus (the main job)
#   make test    runs the test suite, then runs it again under AddressSanitizer (the views into a
#                document's buffers are checked for out-of-bounds and use-after-free reads there)
# Both install simdjson first when the machine lacks it (Debian: libsimdjson-dev, as root).
.PHONY: deps bench test

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists simdjson; then \
		echo "installing libsimdjson-dev (simdjson 3.x)"; \
		apt-get update && apt-get install -y libsimdjson-dev pkg-config; \
	fi

bench: deps
	swift run -c release tapejson bench

test: deps
	swift test
	ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address --disable-xctest --scratch-path .build-asan
