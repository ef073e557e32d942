#!/usr/bin/env python3
"""Lists the `public` and `open` declarations of the library's sources that have no documentation comment.

A declaration counts as documented when the line directly above it (attribute lines such as
`@inlinable` or a multi-line `@available(...)` skipped) is a `///` comment or closes a `/** ... */` one.
Extensions (`public extension`) and imports (`public import`) are not declarations DocC documents, so
they are skipped. Prints `PATH:LINE: declaration` for each one missing and exits 1 if there is any.

    python3 scripts/check-doc-comments.py            # Sources/TapeJSON and Sources/TapeJSONMacros
    python3 scripts/check-doc-comments.py DIR ...    # other folders
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DIRS = ["Sources/TapeJSON", "Sources/TapeJSONMacros"]

# A declaration line: optional attributes on the same line, then modifiers including public or open.
DECLARATION = re.compile(r"^(@[\w.]+(\([^)]*\))?\s+)*((final|nonisolated|override|static|class|convenience|"
                         r"required|indirect|mutating|nonmutating|dynamic)\s+)*(public|open)\s+(.*)$")
MODIFIERS = {"public", "open", "final", "static", "class", "override", "mutating", "nonmutating",
             "convenience", "required", "indirect", "nonisolated", "consuming", "borrowing", "dynamic",
             "lazy", "weak", "unowned", "private(set)", "fileprivate(set)", "internal(set)",
             "package(set)", "__consuming"}


def is_skipped(rest):
    """The part after `public`/`open`: skip extensions and imports."""
    words = rest.split()
    while words and words[0] in MODIFIERS:
        words = words[1:]
    return not words or words[0] in ("extension", "import")


def paren_balance(text):
    return text.count("(") - text.count(")")


def missing_in(path):
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    missing = []
    documented = False      # the last significant line above is (the end of) a doc comment
    in_block_doc = False
    pending_attribute = 0   # open parentheses of a multi-line attribute
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if pending_attribute > 0:
            pending_attribute += paren_balance(line)
            continue
        if in_block_doc:
            if "*/" in line:
                in_block_doc = False
                documented = True
            continue
        if line.startswith("///"):
            documented = True
            continue
        if line.startswith("/**"):
            if "*/" in line[3:]:
                documented = True
            else:
                in_block_doc = True
            continue
        match = DECLARATION.match(line)
        if line.startswith("@") and not match:
            # An attribute on a line of its own (possibly spanning lines): the doc comment sits above it.
            balance = paren_balance(line)
            if balance > 0:
                pending_attribute = balance
            continue
        if match and not is_skipped(match.group(6)):
            if not documented:
                missing.append((number, line))
        documented = False
    return missing


def main(argv):
    dirs = argv[1:] or DEFAULT_DIRS
    total = 0
    for directory in dirs:
        base = directory if os.path.isabs(directory) else os.path.join(ROOT, directory)
        for folder, _, files in sorted(os.walk(base)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                for number, line in missing_in(path):
                    print(f"{os.path.relpath(path, ROOT)}:{number}: {line}")
                    total += 1
    print(f"{total} public or open declaration(s) without a documentation comment", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
