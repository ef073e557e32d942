#!/usr/bin/env bash
# Builds the DocC catalogues from symbol graphs the compiler already wrote, warnings as errors.
#
# `make test` compiles every module with -emit-symbol-graph (into SYMBOL_GRAPHS), so the check costs one
# docc run per catalogue and no second build of the package: `make docs` (swift-docc-plugin) builds the
# same catalogues the usual way, with its own build. Usage: scripts/check-docs.sh SYMBOL_GRAPHS
set -euo pipefail
cd "$(dirname "$0")/.."
graphs="${1:?usage: scripts/check-docs.sh SYMBOL_GRAPHS_DIRECTORY}"
docc="$(command -v docc || true)"
if [ -z "$docc" ]; then docc="$(dirname "$(command -v swift)")/docc"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The two catalogues convert at once (about 20 s of the 43 a sequential check took in a CI run on 2 cores);
# each one's output is printed when it is done, and either one's warning fails the check.
convert() {
    local module="$1"
    local catalogue="Sources/$module/$module.docc"
    mkdir -p "$work/$module-graphs"
    # Only this module's graphs (the directory holds every module's, the dependencies' too).
    cp "$graphs/$module.symbols.json" "$work/$module-graphs/"
    for extension in "$graphs/$module@"*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$work/$module-graphs/"
    done
    echo "docs: $catalogue"
    "$docc" convert "$catalogue" --additional-symbol-graph-dir "$work/$module-graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "tapejson.$module" \
        --output-path "$work/$module.doccarchive" --warnings-as-errors
}
status=0
pids=()
for module in TapeJSON TapeJSONMacros; do
    convert "$module" > "$work/$module.log" 2>&1 &
    pids+=("$!")
done
for pid in "${pids[@]}"; do
    wait "$pid" || status=1
done
cat "$work/TapeJSON.log" "$work/TapeJSONMacros.log"
exit "$status"
