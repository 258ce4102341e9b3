#!/usr/bin/env bash
# Replays the corpora run_fuzzers.sh grew, and the inputs they started from, through the real
# `posviz` command line, for the readers it reads files with (npy: --table and --queries/--keys;
# safetensors: --table; hf_config: --model-config): each run must exit 0 or 2 — never 1 (an
# exception other than InputError) nor a signal or the 60 s timeout — and leave in its output
# directory nothing but, on success, the output. Prints the counts per reader; fails when any
# run is wrong.
# Usage: bash tests/fuzz/replay_cli.sh POSVIZ_BINARY BUILD_DIR (whose fuzz-corpus/ it replays)
set -uo pipefail
shopt -s nullglob
posviz=$(realpath "$1")
corpus=$(realpath "$2")/fuzz-corpus
cd "$(dirname "$0")/../.."
source tests/fuzz/inputs.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The posviz arguments reading input file $in for each reader; outputs go to $out/.
commands_for() {
    case $1 in
        npy) echo "export pe --encoding learned --table \$in.npy -D 2 -L 2 -o \$out/pe.npy"
             echo "export scores --queries \$in.npy --keys \$in.npy -D 2 -L 2 -o \$out/s.csv" ;;
        safetensors) echo "export pe --encoding learned --table \$in.safetensors -D 3 -L 2 -o \$out/pe.npy" ;;
        hf_config) echo "export wavelengths --model-config \$in.json -o \$out/w.csv" ;;
    esac
}

wrong=0
for reader in npy safetensors hf_config; do
    runs=0 ok=0 rejected=0 bad_status=0 left=0
    mapfile -t commands < <(commands_for "$reader")
    mapfile -t folders < <(fuzz_inputs "$reader")
    for file in "$corpus/$reader"/* $(find "${folders[@]}" -type f); do
        in=$work/input
        for ext in npy safetensors json; do cp "$file" "$in.$ext"; done
        for command in "${commands[@]}"; do
            out=$work/out
            mkdir -p "$out"
            eval "timeout 60 \"\$posviz\" $command" > /dev/null 2>&1
            status=$?
            runs=$((runs + 1))
            files=$(find "$out" -mindepth 1 | wc -l)
            case $status in
                0) ok=$((ok + 1)); [ "$files" -le 1 ] || left=$((left + 1)) ;;
                2) rejected=$((rejected + 1)); [ "$files" -eq 0 ] || left=$((left + 1)) ;;
                *) bad_status=$((bad_status + 1)); echo "exit status $status: posviz $command ($file)" ;;
            esac
            rm -rf "$out"
        done
    done
    echo "$reader: $runs runs, $ok exit 0, $rejected exit 2, $bad_status other exit statuses," \
         "$left with files left behind"
    wrong=$((wrong + bad_status + left))
done
[ "$wrong" -eq 0 ]
