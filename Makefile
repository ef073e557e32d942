# The two set-up commands of the README:
#   make bench   builds in release and runs `tapejson bench` over the bundled corpus (the main job)
#   make test    checks the style first (make lint: .swift-format's rules, a few seconds), then
#                runs the test suite under AddressSanitizer (the views into a document's buffers are
#                checked for out-of-bounds and use-after-free reads), the 4 GiB streaming test included
#                (TAPEJSON_STREAM_4GIB=1: a generated document larger than 4 GiB through JSONStreamParser,
#                about 5 s here). One run, not a plain run and then a sanitized one: with swift-syntax
#                (the macros) built for each, the two took 25 minutes on this 2-core machine, past CI's 20;
#                every test the plain run ran runs here, with the sanitizer's checks on top.
#                LeakSanitizer is on: a leak fails the run. Tests/lsan-suppressions.txt names the leaks
#                of the toolchain's own code (Foundation, swift-argument-parser, glibc), each with its
#                reason. Then the DocC catalogues are built, warnings as errors (scripts/check-docs.sh,
#                from the symbol graphs the test build wrote; make docs builds them with the plugin).
#                Last, the ThreadSanitizer run (make test-tsan, below). A fresh clone's .ci/run took
#                13 min 12 s here on 29 Nov: AddressSanitizer's build 286 s and tests 319 s, the DocC
#                check about 25 s, ThreadSanitizer's build 104 s and tests 61 s.
# Both install simdjson, zlib and libzstd first when the machine lacks them (Debian: libsimdjson-dev,
# zlib1g-dev, libzstd-dev, as root).
# Also run alone:
#   make test-tsan   the tests that share work across threads (parallel JSON Lines, shards, the
#                    decompressing thread of compressed input, one decoder shared by threads) under
#                    ThreadSanitizer; any report fails the run (the "Lifetimes and threads" article).
#                    The package is cut down to the library and those tests' targets
#                    (TAPEJSON_THREAD_TESTS=1, Package.swift), with no swift-syntax: about 3 minutes
#                    from a clean clone. It is run after the AddressSanitizer run, not beside it: both
#                    builds and the sanitized tests keep the two processors busy (vmstat: 3% idle
#                    during the AddressSanitizer tests; built in the background beside
#                    AddressSanitizer's build, it slowed that build from 359 s to 549 s).
# Not part of set-up, and not run by CI:
#   make fuzz        runs every libFuzzer target in Fuzz/ (FUZZ_SECONDS each, 60 by default) under
#                    AddressSanitizer from its seed corpus; any crash, hang or broken invariant fails it
#   make docs        builds the DocC documentation of TapeJSON and TapeJSONMacros (swift-docc-plugin),
#                    any warning (a broken symbol link) failing it
SHELL := /bin/bash

.PHONY: deps bench lint test test-tsan fuzz docs

deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists simdjson; then \
		echo "installing libsimdjson-dev (simdjson 3.x)"; \
		apt-get update && apt-get install -y libsimdjson-dev pkg-config; \
	fi
	@# Compressed input (gzip, zstd) is read with the system zlib and libzstd; the tests make their
	@# fixtures with the gzip and zstd tools.
	@if ! pkg-config --exists zlib libzstd || ! command -v gzip >/dev/null 2>&1 || ! command -v zstd >/dev/null 2>&1; then \
		echo "installing zlib1g-dev, libzstd-dev, gzip and zstd (gzip and zstd input)"; \
		apt-get update && apt-get install -y zlib1g-dev libzstd-dev gzip zstd; \
	fi
	@# The locale tests build a comma-decimal locale (fr_FR) with localedef from Debian's locale sources.
	@if [ ! -f /usr/share/i18n/locales/fr_FR ] || ! command -v localedef >/dev/null 2>&1; then \
		echo "installing locales (locale sources for the locale tests)"; \
		apt-get update && apt-get install -y locales; \
	fi

# Without debug information: the bench needs none, and its release build is about 20 s shorter from a
# fresh clone (a later `swift build -c release`, with it, builds again).
bench: deps
	swift run -c release -debug-info-format none tapejson bench

# The compiler writes each module's symbol graph as it builds (-emit-symbol-graph), and the DocC check reads
# them after the tests: the documentation is checked without a second build of the package.
SYMBOL_GRAPHS = $(CURDIR)/.build-asan/symbol-graphs

# The C++ shim (CSimdShim: the SIMD scans of the streaming parser and the item splitter, the line and
# scalar counts) is compiled with -O2 in the sanitized test builds, as in release; still instrumented.
# At a debug build's -O0 every intrinsic's value went through the stack: the 4 GiB streaming test took
# 124 s under AddressSanitizer, 66% of it in the scan's classify step (perf; 96 MiB of it: 1.1 s at -O0,
# 0.09 s at -O2). The Swift code stays a debug build.
SHIM_OPTIMIZED = -Xcxx -O2

# The run's output is also kept in .build-asan/test.log; when a test fails, its failure lines (the test,
# and each issue it recorded with its source location) are printed again at the end, where a CI log's
# tail shows them.
TEST_LOG = $(CURDIR)/.build-asan/test.log

# Style: the rules of .swift-format (swift-format, in the toolchain), and no tab or trailing blank in a
# Swift file. Only the rules: swift-format's pretty printer puts a continuation line after a break
# following the open parenthesis, where the house aligns continued arguments under it, so
# `swift format format` is not run on the tree (--debug-disable-pretty-print is swift-format's switch for
# that). Run by make test; the expanded macro twins are generated and opt out (swift-format-ignore-file).
LINT_PATHS = Package.swift Sources Tests BenchSupport Benchmarks/Package.swift Benchmarks/Benchmarks \
	Fuzz/Package.swift Fuzz/Sources

lint:
	swift format lint --strict --recursive --parallel --debug-disable-pretty-print $(LINT_PATHS)
	@! git ls-files '*.swift' | xargs grep -nP '\t|[ ]+$$' || { echo "tabs or trailing blanks above"; exit 1; }

# ThreadSanitizer's run: -DTAPEJSON_TSAN swaps Synchronization.Mutex for a pthread lock inside TapeJSON
# (ThreadSanitizer does not see a contended Mutex hand the lock over:
# Sources/TapeJSON/Support/ThreadSanitizerMutex.swift); TAPEJSON_THREAD_TESTS=1 cuts the package down to
# the library and the three test targets below (Package.swift).
TSAN_TESTS = LinesTests\.(ParallelTests|ShardTests|CompressedInputTests)|DecodingTests\.(WorkspaceCacheTests|IdleWorkspacesTests|SessionReuseTests)|DecodingTests\.InputTests/concurrentDecoding|EncodingTests\.JSONLinesWriterTests/parallelWriting
TSAN_ENV = TAPEJSON_THREAD_TESTS=1 TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/tsan-suppressions.txt:halt_on_error=1
TSAN_FLAGS = --sanitize=thread -Xswiftc -DTAPEJSON_TSAN --disable-xctest --scratch-path .build-tsan $(SHIM_OPTIMIZED)
TSAN_RUN = $(TSAN_ENV) swift test $(TSAN_FLAGS) --filter '$(TSAN_TESTS)'

test: deps lint
	mkdir -p $(SYMBOL_GRAPHS)
	@set -o pipefail; TAPEJSON_STREAM_4GIB=1 ASAN_OPTIONS=detect_leaks=1 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 \
		swift test --sanitize=address --disable-xctest --scratch-path .build-asan $(SHIM_OPTIMIZED) \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(SYMBOL_GRAPHS) 2>&1 \
		| tee $(TEST_LOG) \
		|| { echo "=== failures (from $(TEST_LOG)) ==="; \
		     grep -a -E '✘|recorded an issue|ERROR: (Address|Leak)Sanitizer|SUMMARY: |Fatal error|error: ' $(TEST_LOG) \
		     | grep -a -v '^✘ Suite' | tail -n 60; exit 1; }
	scripts/check-docs.sh $(SYMBOL_GRAPHS)
	$(TSAN_RUN)

test-tsan: deps
	$(TSAN_RUN)

# Fuzzing, as a standing habit (Fuzz/README.md): every libFuzzer target in Fuzz/ runs FUZZ_SECONDS
# (default 60; 600 before an input-facing change lands) under AddressSanitizer, starting from its seed
# corpus in Fuzz/Corpus/ (copied, so the repository's corpus only grows by hand). A finding (crash-*,
# timeout-*, oom-*, saved in .build-fuzz/findings/TARGET/) fails the run. FUZZ_TARGETS picks some.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= FuzzParse FuzzLines FuzzItems FuzzStreamParser FuzzDecode FuzzCompressed FuzzNumbers FuzzPatch
# libFuzzer's driver without its main (Fuzz/Package.swift says why), from the toolchain's clang runtime.
FUZZ_RUNTIME = $(firstword $(wildcard $(dir $(realpath $(shell which swiftc)))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))

fuzz: deps
	swift build --package-path Fuzz --scratch-path $(CURDIR)/.build-fuzz --sanitize=address \
		-Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
		-Xcc -fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp \
		-Xlinker $(FUZZ_RUNTIME) -Xlinker -lstdc++ > .build-fuzz-build.log 2>&1 \
		|| { grep -v 'ld.gold: warning' .build-fuzz-build.log | tail -n 30; exit 1; }
	@status=0; for target in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$target .build-fuzz/findings/$$target; \
		cp -n Fuzz/Corpus/$$target/* .build-fuzz/corpus/$$target/ 2>/dev/null; \
		echo "fuzzing $$target for $(FUZZ_SECONDS) s"; \
		ASAN_OPTIONS=detect_leaks=0 .build-fuzz/debug/$$target -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=.build-fuzz/findings/$$target/ \
			.build-fuzz/corpus/$$target > .build-fuzz/$$target.log 2>&1 \
			|| { status=1; echo "FINDING: $$(grep -E 'invariant failed|ERROR: ' .build-fuzz/$$target.log | head -n 1)"; \
			     grep 'Test unit written' .build-fuzz/$$target.log; }; \
		grep -E '^Done|stat::peak_rss' .build-fuzz/$$target.log; \
	done; exit $$status

# The documentation: Sources/TapeJSON/TapeJSON.docc and Sources/TapeJSONMacros/TapeJSONMacros.docc with the
# symbols' doc comments, built by swift-docc-plugin into .build/plugins/Swift-DocC/outputs/.
docs: deps
	swift package generate-documentation --target TapeJSON --warnings-as-errors
	swift package generate-documentation --target TapeJSONMacros --warnings-as-errors
