#!/usr/bin/env python3
"""Count JSON Lines logs by level with `tapejson lines` as an RDD.pipe stage under Apache Spark.

Two ways of spreading the work, both with tapejson doing all the JSON:

1. Spark reads and splits the logs (`textFile`), and each partition's lines are piped through one
   `tapejson lines --fields level --format tsv -` process, which prints one level per valid line.
2. Spark only schedules: one task per `--shard I/N`, each running `tapejson lines --count --shard I/N FILE`
   on the whole file, so each task reads only its byte range (the file must be on a path every executor
   sees; in local mode it always is).

Usage: count_levels.py [--tapejson PATH] [--master local[2]] [--partitions 4] [--json] LOGS
"""

import argparse
import itertools
import json
import os
import shlex
import shutil
import sys


def default_tapejson():
    """`tapejson` on PATH, else the release build of this repository."""
    found = shutil.which("tapejson")
    if found:
        return found
    repository = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(repository, ".build", "release", "tapejson")


def drop_header(rows):
    """Each tapejson process (one per partition) starts its TSV output with a header row."""
    return itertools.islice(rows, 1, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", help="a JSON Lines file")
    parser.add_argument("--tapejson", default=default_tapejson(), help="the tapejson executable")
    parser.add_argument("--master", default="local[2]", help="the Spark master (default: local[2])")
    parser.add_argument("--partitions", type=int, default=4, help="partitions and shards (default: 4)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = parser.parse_args()

    tapejson = os.path.abspath(args.tapejson)
    logs = os.path.abspath(args.logs)
    if not os.access(tapejson, os.X_OK):
        sys.exit(f"count_levels.py: tapejson not found at {tapejson} (build it: swift build -c release)")

    # Executors run Python too: make them use this interpreter (the one PySpark is installed in).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark import SparkConf, SparkContext

    conf = (SparkConf().setMaster(args.master).setAppName("tapejson-count-levels")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"))
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    try:
        # 1. Spark splits the file into partitions of lines; tapejson extracts the field of each line.
        #    --jobs 1: Spark already runs one task per core. --on-error skip: bad lines are counted on
        #    stderr (the summary is silenced by --quiet) and left out. checkCode: a failing process fails
        #    the task.
        command = shlex.join([tapejson, "lines", "--fields", "level", "--format", "tsv",
                              "--on-error", "skip", "--jobs", "1", "--quiet", "-"])
        lines = sc.textFile(logs, minPartitions=args.partitions)
        levels = lines.pipe(command, checkCode=True).mapPartitions(drop_header)
        counts = dict(levels.map(lambda level: (level, 1)).reduceByKey(lambda a, b: a + b).collect())

        # 2. One task per shard of the file's bytes; each task's stdin is its shard name.
        n = args.partitions
        script = 'read shard && exec "$0" lines --count --quiet --on-error skip --jobs 1 --shard "$shard" "$1"'
        shards = sc.parallelize([f"{i}/{n}" for i in range(n)], n)
        per_shard = [int(count) for count in shards.pipe(shlex.join(["sh", "-c", script, tapejson, logs]),
                                                         checkCode=True).collect()]
    finally:
        sc.stop()

    result = {"levels": dict(sorted(counts.items())), "documents": sum(counts.values()),
              "shards": per_shard, "shardTotal": sum(per_shard)}
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        for level, count in result["levels"].items():
            print(f"{level or '(none)'}\t{count}")
        print(f"documents\t{result['documents']}")
        print(f"shards {n}\t{' + '.join(map(str, per_shard))} = {result['shardTotal']}")


if __name__ == "__main__":
    main()
