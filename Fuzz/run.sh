#!/usr/bin/env bash
# Builds one libFuzzer target (with AddressSanitizer) and runs it for a given time:
#
#   Fuzz/run.sh TARGET [SECONDS] [libFuzzer options…]     e.g. Fuzz/run.sh scenario 600
#
# TARGET: json5, scenario, schema, sweep or verifier. Seeds come from Fuzz/Corpus (read only);
# inputs the fuzzer finds go to Fuzz/.build/corpus/TARGET, crashes to Fuzz/.build/crashes/TARGET,
# both ignored by git. Re-run one crash: Fuzz/.build/release/fuzz-TARGET CRASH-FILE.
set -euo pipefail
cd "$(dirname "$0")"

usage() {
  echo "usage: Fuzz/run.sh json5|scenario|schema|sweep|verifier [SECONDS] [libFuzzer options…]" >&2
  exit 64
}
[ $# -ge 1 ] || usage
target=$1
shift
seconds=60
if [ $# -ge 1 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
options=()
case $target in
  json5) seeds=(Corpus/Scenarios Corpus/apple Corpus/run-outputs) ;;
  scenario) seeds=(Corpus/Scenarios) ;;
  schema) seeds=(Corpus/Scenarios/schemas) ;;
  sweep) seeds=(Corpus/Scenarios/sweeps) ;;
  # One postback is under 1 KB; longer inputs only verify more of them. libcrypto keeps caches
  # that look like leaks to the per-input leak check, which then ran on nearly every input and
  # took 90% of the time (200 executions a second instead of 2,000): leaks are not checked here.
  verifier) seeds=(Corpus/apple Corpus/run-outputs) options=(-max_len=1024 -detect_leaks=0) ;;
  *) usage ;;
esac

# --sanitize makes SwiftPM link libFuzzer's main; -Xswiftc passes the same sanitizers to every
# module's compile, which --sanitize alone has been seen not to (binaries without coverage).
build() {
  swift build -c release --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address \
    --product "fuzz-$target" >&2
}
# Without coverage counters libFuzzer mutates blind ("no interesting inputs"): check, and build
# once more from clean when they are missing.
instrumented() { [ "$(nm ".build/release/fuzz-$target" | grep -c sancov.module_ctor)" -gt 0 ]; }
build
if ! instrumented; then
  echo "run.sh: fuzz-$target has no coverage counters; building again from clean" >&2
  rm -rf .build/release .build/*/release .build/release.yaml
  build
  instrumented || { echo "run.sh: fuzz-$target is still not instrumented for coverage" >&2; exit 70; }
fi
work=.build/corpus/$target
crashes=.build/crashes/$target
mkdir -p "$work" "$crashes"
# Swift's own crash backtracer would stall under AddressSanitizer; libFuzzer reports crashes.
export SWIFT_BACKTRACE=enable=no
# 2 GB of memory at most: a few kilobytes of input must not need more (issue 21, point 1).
exec ".build/release/fuzz-$target" "$work" "${seeds[@]}" -max_total_time="$seconds" -rss_limit_mb=2048 \
  -artifact_prefix="$crashes/" -print_final_stats=1 ${options[@]+"${options[@]}"} "$@"
