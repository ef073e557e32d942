#!/usr/bin/env python3
"""Checks that `tapejson bench` and this Benchmarks package agree on the operations both measure.

Runs `tapejson bench --json` (release build, the bundled corpus and 16 MB of generated logs) and then
`swift package benchmark` on the same operations, pairs each bench comparison with the same pair of
package benchmarks, and prints both speed-ups side by side with their difference. Both harnesses time
the same operations on the same inputs, every run on its own, and the default statistic is the same
on both sides: the fastest run (the bench's `ratio`, package-benchmark's p0). Other tenants of a shared
or virtual machine only ever slow a run down, so the fastest run is what repeats between runs; medians
(`--statistic median`: the bench's `median_ratio`, package-benchmark's p50) move with the load.

The bench interleaves its workloads, so a slow spell of the machine hits both sides of a pair alike;
package-benchmark runs each benchmark on its own for about a second, so a slow spell can sink one side
of a pair for a whole run. And the two harnesses run one after the other: other tenants of the machine
may load it during one and not the other, and they slow allocation-heavy code (Foundation's side of
most pairs) far more than TapeJSON's. This script therefore runs each harness several times, in turns
(bench, package, bench, package, ...; `--runs`, 3 by default), and keeps, per workload, the best figure
over its runs (for `median`: the median of the runs' medians); a pair's ratio is then made from those.
Both sides so see the same spells of the machine, and each gets a few chances at a quiet one.
Measured on a 2-core VM: two bench runs agreed within 15% on 41 of 44 pairs (median difference 2%),
two single package runs on 14 of 24 (median 11%).

Usage (from the repository root or from Benchmarks/):
    python3 Benchmarks/agreement.py [--bench-json FILE ...] [--package-markdown FILE ...] [--save-dir DIR]
                                    [--runs 3] [--statistic best|p25|median] [--tolerance 0.15]

`--bench-json` (one file per bench run) and `--package-markdown` (one file per package run) reuse saved
outputs instead of running the harnesses; `--save-dir` keeps the outputs of this run (bench-1.json, ...,
package-1.md, ...). Exits with 1 when a pair differs
by more than the tolerance, 0 otherwise.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The package benchmarks whose pairs the bench also measures (corpus files both harnesses use).
PACKAGE_FILTER = (r"(Parse|Decode|Serialization|JSONLines-count|JSONLines-decode|Keys:twitter\.json-any-case-cost):.*"
                  r"|.*-macro|Encode:.*:TapeJSONEncoder.*|decode-per-call:.*:TapeJSON|JSONLines-transform:.*:TapeJSON-.*")

# The bench's "with the macro vs the Codable path" comparisons: (operation pattern, package subject,
# package baseline), `{f}` the corpus file. The bench encodes every log record; the package's LogLine
# encode rows encode the first 1,000, one at a time as the bench does.
MACRO_PAIRS = [
    (r"decode \S+ with the macro vs the Codable path", "Decode:{f}-as-*:TapeJSONDecoder-macro", "Decode:{f}-as-*:TapeJSONDecoder"),
    (r"encode (?!LogLine)\S+ with the macro vs the Codable path", "Encode:{f}-as-*:TapeJSONEncoder-macro", "Encode:{f}-as-*:TapeJSONEncoder"),
    (r"JSON Lines decode LogLine with the macro vs the Codable path", "JSONLines-decode:16MB-logs-as-LogLine:TapeJSON-1-job-macro",
     "JSONLines-decode:16MB-logs-as-LogLine:TapeJSON-1-job"),
    (r"decode per call: LogLine with the macro vs the Codable path.*", "decode-per-call:16MB-logs-as-LogLine,-snake_case-keys:TapeJSON-macro",
     "decode-per-call:16MB-logs-as-LogLine,-snake_case-keys:TapeJSON"),
    (r"encode LogLine with the macro vs the Codable path", "Encode:1000-LogLine-records:TapeJSONEncoder-into-a-reused-buffer-macro",
     "Encode:1000-LogLine-records:TapeJSONEncoder-into-a-reused-buffer"),
    (r"read, transform, write LogLine with the macro vs the Codable loop", "JSONLines-transform:16MB-logs-as-LogLine:TapeJSON-JSONLinesWriter-macro",
     "JSONLines-transform:16MB-logs-as-LogLine:TapeJSON-JSONLinesWriter"),
]


def run_bench():
    out = subprocess.run(["swift", "run", "-c", "release", "tapejson", "bench", "--json"],
                         cwd=ROOT, check=True, capture_output=True, text=True)
    return out.stdout


def run_package():
    # Timing only: package-benchmark built without its malloc interposer (see Package.swift), which
    # slows allocation-heavy Foundation rows more than TapeJSON's, and without allocation metrics (see
    # Support/Measurement.swift). That build has a scratch path of its own, so the default one (with the
    # interposer, for allocation counts) is not rebuilt each time.
    env = dict(os.environ, TAPEJSON_BENCH_TIMING_ONLY="1")
    out = subprocess.run(["swift", "package", "--scratch-path", ".build-timing", "benchmark", "--filter", PACKAGE_FILTER,
                          "--format", "markdown", "--no-progress"],
                         cwd=HERE, check=True, capture_output=True, text=True, env=env)
    return out.stdout


UNITS = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9}


# package-benchmark's percentile columns, in order (for throughput, p0 is the best run).
PERCENTILES = ["p0", "p25", "p50", "p75", "p90", "p99", "p100"]
COLUMN = {"best": "p0", "p25": "p25", "median": "p50"}
BENCH_RATIO = {"best": "ratio", "p25": "p25_ratio", "median": "median_ratio"}


def package_throughputs(markdown, percentile):
    """bytes/s at `percentile` per benchmark name, from package-benchmark's markdown tables."""
    result = {}
    name = None
    for line in markdown.splitlines():
        header = re.match(r"^### (\S+)", line)
        if header:
            name = header.group(1)
            continue
        row = re.match(r"^\| throughput \(bytes/s\)(?: \((\w)\))? *\|(.*)$", line)
        if row and name:
            cells = [c.strip() for c in row.group(2).split("|") if c.strip()]
            # Columns: p0 p25 p50 p75 p90 p99 p100 samples.
            column = PERCENTILES.index(percentile)
            result[name] = float(cells[column].replace(",", "")) * UNITS[row.group(1) or ""]
    return result


def pairs(bench):
    """(bench file, bench operation) -> (package subject, package baseline)."""
    mapping = {}
    for r in bench["results"]:
        f, op = r["file"], r["operation"]
        macro = next(((subject, baseline) for pattern, subject, baseline in MACRO_PAIRS if re.fullmatch(pattern, op)), None)
        if macro:
            mapping[(f, op)] = (macro[0].format(f=f), macro[1].format(f=f))
        elif " with the macro " in op:
            continue  # against JSONDecoder, a (limit) or a (ceiling): not paired here
        elif op == "parse to tape vs native simdjson":
            mapping[(f, op)] = (f"Parse:{f}:TapeJSON-tape", f"Parse:{f}:native-simdjson")
        elif op == "parse + event walk vs native parse":
            mapping[(f, op)] = (f"Parse:{f}:TapeJSON-tape+events", f"Parse:{f}:native-simdjson")
        elif op == "TapeJSONSerialization vs JSONSerialization":
            mapping[(f, op)] = (f"Serialization:{f}:TapeJSONSerialization", f"Serialization:{f}:Foundation-JSONSerialization")
        elif op.startswith("decode "):
            mapping[(f, op)] = (f"Decode:{f}-as-*:TapeJSONDecoder", f"Decode:{f}-as-*:Foundation-JSONDecoder")
        elif op == "convertFromAnyCase vs useDefaultKeys":
            mapping[(f, op)] = (f"Keys:{f}-any-case-cost:TapeJSONDecoder-convertFromAnyCase-no-CodingKeys",
                                f"Keys:{f}-any-case-cost:TapeJSONDecoder-useDefaultKeys-snake_case-CodingKeys")
        elif op == "JSON Lines count vs native parse_many":
            mapping[(f, op)] = ("JSONLines-count:16MB-logs:TapeJSON-JSONLines.count",
                                "JSONLines-count:16MB-logs:native-simdjson-parse_many")
        elif op == "JSON Lines count vs JSONSerialization":
            mapping[(f, op)] = ("JSONLines-count:16MB-logs:TapeJSON-JSONLines.count",
                                "JSONLines-count:16MB-logs:Foundation-JSONSerialization-per-line")
        elif op == "JSON Lines decode LogLine vs JSONDecoder per line":
            mapping[(f, op)] = ("JSONLines-decode:16MB-logs-as-LogLine:TapeJSON-1-job",
                                "JSONLines-decode:16MB-logs-as-LogLine:Foundation-JSONDecoder-per-line")
        elif op == "JSON Lines decode LogLine, 2 workers vs 1 worker":
            mapping[(f, op)] = ("JSONLines-decode:16MB-logs-as-LogLine:TapeJSON-2-jobs",
                                "JSONLines-decode:16MB-logs-as-LogLine:TapeJSON-1-job")
    return mapping


def combine(runs, statistic):
    """One figure per benchmark from several package runs: the best (largest bytes/s) for `best` and
    `p25`, the median of the runs' figures for `median`."""
    combined = {}
    for name in set().union(*runs):
        values = sorted(run[name] for run in runs if name in run)
        if statistic == "median":
            mid = len(values) // 2
            combined[name] = values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2
        else:
            combined[name] = values[-1]
    return combined


def lookup(throughputs, pattern):
    regex = re.compile("^" + re.escape(pattern).replace(r"\*", "[^:]+") + "$")
    found = [v for k, v in throughputs.items() if regex.match(k)]
    return found[0] if len(found) == 1 else None


def bench_ratios(runs, statistic):
    """(file, operation) -> the bench's speed-up over one or more runs of it.

    One run: its own figure. Several: for `best`, the fastest TapeJSON side over the runs against the
    fastest baseline over the runs; for `median`, the median over the runs of each side's median; for
    `p25` (whose throughputs the bench does not print), the median of the runs' p25 ratios."""
    ratio_key = BENCH_RATIO[statistic]
    by_pair = {}
    for run in runs:
        for r in run["results"]:
            if ratio_key not in r:
                sys.exit(f"the bench output has no {ratio_key} (made by an older tapejson bench?)")
            by_pair.setdefault((r["file"], r["operation"]), []).append(r)
    ratios = {}
    for key, rows in by_pair.items():
        if len(rows) == 1:
            ratios[key] = rows[0][ratio_key]
        elif statistic == "best":
            ratios[key] = max(r["tapejson_mb_per_s"] for r in rows) / max(r["baseline_mb_per_s"] for r in rows)
        elif statistic == "median":
            ratios[key] = (median([r["tapejson_median_mb_per_s"] for r in rows])
                           / median([r["baseline_median_mb_per_s"] for r in rows]))
        else:
            ratios[key] = median([r[ratio_key] for r in rows])
    return ratios


def median(values):
    values = sorted(values)
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench-json", nargs="+")
    parser.add_argument("--package-markdown", nargs="+")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each harness, in turns (bench, package, bench, ...), when not reusing outputs")
    parser.add_argument("--package-runs", type=int, help=argparse.SUPPRESS)  # the former name of --runs
    parser.add_argument("--save-dir")
    parser.add_argument("--statistic", choices=sorted(COLUMN), default="best",
                        help="compare the fastest runs (default), the lower-quartile runs or the median runs")
    parser.add_argument("--tolerance", type=float, default=0.15)
    args = parser.parse_args()
    runs = max(1, args.package_runs or args.runs)

    bench_texts = [open(path).read() for path in args.bench_json] if args.bench_json else []
    package_texts = [open(path).read() for path in args.package_markdown] if args.package_markdown else []
    for n in range(runs):
        if not args.bench_json:
            print(f"bench run {n + 1}/{runs}...", file=sys.stderr)
            bench_texts.append(run_bench())
        if not args.package_markdown:
            print(f"package run {n + 1}/{runs}...", file=sys.stderr)
            package_texts.append(run_package())
    if args.save_dir:
        os.makedirs(args.save_dir, exist_ok=True)
        for n, text in enumerate(bench_texts, 1):
            with open(os.path.join(args.save_dir, f"bench-{n}.json"), "w") as f:
                f.write(text)
        for n, text in enumerate(package_texts, 1):
            with open(os.path.join(args.save_dir, f"package-{n}.md"), "w") as f:
                f.write(text)
    benches = [json.loads(text) for text in bench_texts]
    bench = benches[0]
    bench_figures = bench_ratios(benches, args.statistic)
    throughputs = combine([package_throughputs(text, COLUMN[args.statistic]) for text in package_texts],
                          args.statistic)
    ratio_key = BENCH_RATIO[args.statistic]

    print(f"bench machine: {bench['machine']}")
    print(f"statistic: {args.statistic} (bench {ratio_key} over {len(benches)} run{'s' if len(benches) > 1 else ''}, "
          f"package {COLUMN[args.statistic]} over {len(package_texts)} run{'s' if len(package_texts) > 1 else ''})")
    print(f"{'input':<20} {'operation':<50} {'bench':>8} {'package':>8} {'diff':>7}")
    compared = outside = 0
    for r in bench["results"]:
        key = (r["file"], r["operation"])
        pair = pairs(bench).get(key)
        if not pair:
            continue
        subject, baseline = lookup(throughputs, pair[0]), lookup(throughputs, pair[1])
        if not subject or not baseline:
            continue
        package_ratio = subject / baseline
        bench_ratio = bench_figures[key]
        diff = bench_ratio / package_ratio - 1
        compared += 1
        mark = ""
        if abs(diff) > args.tolerance:
            outside += 1
            mark = "  <-- outside"
        print(f"{r['file']:<20} {r['operation']:<50} {bench_ratio:>7.2f}x {package_ratio:>7.2f}x {diff:>+6.1%}{mark}")
    print(f"{compared} pairs compared; {compared - outside} within {args.tolerance:.0%}, {outside} outside")
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
