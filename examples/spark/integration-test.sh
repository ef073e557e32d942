#!/usr/bin/env bash
# Integration test of the Spark example: generates logs with bad lines in them, counts them by level
# with count_levels.py under Spark local[2], and checks the result against tapejson run directly.
#
# Needs Java 17 and network access to PyPI the first time (PySpark is installed into a virtual
# environment outside the repository). Takes a few minutes on a cold machine, so CI runs it only
# when TAPEJSON_SPARK_TEST=1 (see .ci/run).
#
# Environment:
#   TAPEJSON       a tapejson executable to use (default: build the release one with swift build)
#   SPARK_VENV     the virtual environment for PySpark (default: $TMPDIR/tapejson-spark-venv)
#   LOG_SIZE       size of the generated log (default: 20MB)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repository="$(cd "$here/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/tapejson-spark.XXXXXX")"
trap 'rm -rf "$work"' EXIT

java -version 2>&1 | head -1

if [ -z "${TAPEJSON:-}" ]; then
    (cd "$repository" && swift build -c release --product tapejson)
    TAPEJSON="$(cd "$repository" && swift build -c release --show-bin-path)/tapejson"
fi

venv="${SPARK_VENV:-${TMPDIR:-/tmp}/tapejson-spark-venv}"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyspark" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet pyspark
fi
"$venv/bin/python" -c "import pyspark; print('PySpark', pyspark.__version__)"

# Generated logs, with bad lines at the start, in the middle and at the end.
logs="$work/logs.ndjson"
"$TAPEJSON" gen-logs --size "${LOG_SIZE:-20MB}" --seed 7 "$work/generated.ndjson"
lines=$(wc -l < "$work/generated.ndjson")
{
    echo '{"level":"INFO","truncated":'
    head -n $((lines / 2)) "$work/generated.ndjson"
    echo 'not json at all'
    tail -n +$((lines / 2 + 1)) "$work/generated.ndjson"
    printf '{"level":"ERROR"} {"two":"values"}\n'
} > "$logs"

# What tapejson says on its own.
expected_total=$("$TAPEJSON" lines --count --quiet --on-error skip "$logs")
"$TAPEJSON" lines --fields level --format tsv --on-error skip --quiet "$logs" | tail -n +2 | sort | uniq -c \
    | awk '{ printf "%s\t%s\n", $2, $1 }' > "$work/expected.tsv"

# What Spark says.
"$venv/bin/python" "$here/count_levels.py" --tapejson "$TAPEJSON" --partitions 4 --json "$logs" > "$work/spark.json"
cat "$work/spark.json"

"$venv/bin/python" - "$work/spark.json" "$work/expected.tsv" "$expected_total" "$lines" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
expected = {level: int(count) for level, count in (row.split("\t") for row in open(sys.argv[2]).read().split("\n") if row)}
total, generated = int(sys.argv[3]), int(sys.argv[4])
problems = []
if result["levels"] != expected:
    problems.append(f"levels {result['levels']} != {expected}")
if result["documents"] != total or total != generated:
    problems.append(f"documents {result['documents']}, tapejson --count {total}, generated {generated}")
if result["shardTotal"] != total:
    problems.append(f"shards {result['shards']} sum to {result['shardTotal']}, not {total}")
if problems:
    sys.exit("FAIL: " + "; ".join(problems))
print(f"PASS: {total} documents ({generated} generated, 3 bad lines skipped) counted by Spark through "
      f"tapejson, by level and by {len(result['shards'])} shards")
PY
