#!/usr/bin/env bash
# Checks tests/sanitizer/rerun_after_tracer_crash.sh with stand-in tests: it reruns once a test
# that passed and then met LeakSanitizer's tracer crash, and passes every other outcome through
# unchanged (a failed test, a leak report, a second crash, an ordinary exit status).
set -euo pipefail
launcher="$(dirname "$0")/rerun_after_tracer_crash.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
crash=$'Tracer caught signal 11: addr=0x2860\n==1==LeakSanitizer has encountered a fatal error.'

# A stand-in test: prints its attempt's line from $work/script (one line per attempt, "\n" for
# newlines, then the exit status after a "|") and counts its runs in $work/runs.
cat >"$work/stand_in.sh" <<'STAND_IN'
#!/usr/bin/env bash
runs=$(( $(cat "$1/runs" 2>/dev/null || echo 0) + 1 ))
echo "$runs" >"$1/runs"
line=$(sed -n "${runs}p" "$1/script")
printf '%b\n' "${line%|*}"
exit "${line##*|}"
STAND_IN
failures=0
expect() {  # expect NAME STATUS RUNS ATTEMPT_LINES...
    local name=$1 want_status=$2 want_runs=$3 status=0
    shift 3
    rm -f "$work/runs"
    printf '%s\n' "$@" >"$work/script"
    bash "$launcher" bash "$work/stand_in.sh" "$work" >"$work/out" 2>&1 || status=$?
    local runs
    runs=$(cat "$work/runs")
    if [[ $status -ne $want_status || $runs -ne $want_runs ]]; then
        echo "FAILED $name: exit $status after $runs runs, wanted exit $want_status after $want_runs"
        cat "$work/out"
        failures=$((failures + 1))
    else
        echo "ok $name"
    fi
}
passed='[  PASSED  ] 1 test.'
crashed="${passed//\\/\\\\}\n${crash//$'\n'/\\n}"
expect "a pass runs once" 0 1 "$passed|0"
expect "a tracer crash after a pass runs once more" 0 2 "$crashed|1" "$passed|0"
expect "a second tracer crash fails" 1 2 "$crashed|1" "$crashed|1"
expect "a failed test with a tracer crash is not rerun" 1 1 "[  FAILED  ] 1 test.\n${crash//$'\n'/\\n}|1"
expect "a leak report is not rerun" 23 1 "$passed\n==1==ERROR: LeakSanitizer: detected memory leaks\n${crash//$'\n'/\\n}|23"
expect "an ordinary failure is not rerun" 1 1 "$passed|1"
expect "a crash of the test itself is not rerun" 139 1 "$passed|139"
[[ $failures -eq 0 ]]
