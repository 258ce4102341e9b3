#!/usr/bin/env bash
# Runs each reader's fuzzer (built with -DPOSVIZ_FUZZ=ON, see tests/fuzz/CMakeLists.txt) for SECONDS,
# one after the other, on its seeds, its kept regressions and the corpus it grew before
# (BUILD_DIR/fuzz-corpus/<reader>). Crashes, escaped exceptions, hangs (-timeout) and memory
# blow-ups (-rss_limit_mb, one allocation over it included) are findings, kept as
# BUILD_DIR/fuzz-findings/<reader>-*; copy one to tests/fuzz/regressions/<reader>/ once its reader
# is fixed. Fails when any fuzzer found something or left a file in its temporary directory.
# Usage: bash tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS [READER...] (default: every fuzzer built)
set -uo pipefail
cd "$(dirname "$0")/../.."
source tests/fuzz/inputs.sh
build=$(realpath "$1")
seconds=$2
shift 2
readers=("$@")
if [ ${#readers[@]} -eq 0 ]; then  # every fuzzer built
    for fuzzer in "$build"/tests/fuzz/fuzz_*; do readers+=("${fuzzer##*/fuzz_}"); done
fi

failed=()
for reader in "${readers[@]}"; do
    mapfile -t inputs < <(fuzz_inputs "$reader")
    dict=tests/fuzz/json.dict
    [ "$reader" = npy ] && dict=tests/fuzz/npy.dict
    corpus=$build/fuzz-corpus/$reader
    tmp=$build/fuzz-tmp/$reader  # the harness's scratch directory lives here
    mkdir -p "$corpus" "$tmp" "$build/fuzz-findings"
    echo "== fuzz_$reader for ${seconds}s =="
    # -max_len: 256 KiB leaves room for the deep JSON nesting that overflows a recursive reader.
    TMPDIR=$tmp "$build/tests/fuzz/fuzz_$reader" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=262144 -dict="$dict" -print_final_stats=1 \
        -artifact_prefix="$build/fuzz-findings/$reader-" "$corpus" "${inputs[@]}" 2>&1 |
        grep -v -E '^#[0-9]+\s+(NEW|REDUCE|pulse)|^\s+NEW_FUNC|# Uses: [0-9]+$|ecommended dictionary'
    status=${PIPESTATUS[0]}
    left=$(find "$tmp" -mindepth 1 | wc -l)
    echo "fuzz_$reader: exit status $status, $left files left in its temporary directory"
    [ "$status" -eq 0 ] && [ "$left" -eq 0 ] || failed+=("$reader")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]} (inputs in $build/fuzz-findings)"
    exit 1
fi
