# Sourced by run_fuzzers.sh and replay_cli.sh: the folders of inputs each reader starts from, from
# the repository root — its seeds, published files of its format, and its kept regressions.
fuzz_inputs() {
    echo "tests/fuzz/seeds/$1"
    case $1 in
        hf_config) echo tests/data/hf-configs ;;
        preset) echo assets/presets ;;
    esac
    if [ -d "tests/fuzz/regressions/$1" ]; then echo "tests/fuzz/regressions/$1"; fi
}
