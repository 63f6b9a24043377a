#!/bin/sh
# The decision-grade measurements of issue 27: calibrated against midpoint decoding over 10
# replicate seeds (replicate 0 the scenario's seed, the others hashed from it; the calibration
# runs use seeds of their own, hashed from the scenario seed under "calibration", so none of
# them is evaluated), on
#   1. Scenarios/quickstart.json with its cohorts scaled to 100,000 users,
#   2. Scenarios/subscription.json as it is,
#   3. Scenarios/quickstart.json at its own 10,000 users.
# Each row gives revenue captured (decoded ÷ true revenue) and the campaigns' absolute error
# weighted by true revenue (their ROAS error when spend is stated: spend is the same under both
# estimators), each as the mean over the replicates with its 95 % Student t interval, plus the
# standard deviation and range of revenue captured across the seeds.
#
# Usage: Reports/decision-grade/measure.sh [REPLICATES]
#   ATTRSIM=path/to/attrsim   the binary (default: .build/release/attrsim, built if missing)
#   CALIBRATION_INSTALLS=N    installs each calibration pools (default: attrsim's own default)
# Writes Reports/decision-grade/results.md (and the runs' replicates.json beside it, in runs/).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/Reports/decision-grade"
REPLICATES=${1:-10}
BIN=${ATTRSIM:-$ROOT/.build/release/attrsim}
if [ ! -x "$BIN" ]; then (cd "$ROOT" && swift build -c release --product attrsim); fi
command -v jq >/dev/null || { echo "measure.sh: needs jq" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
RUNS="$HERE/runs"
rm -rf "$RUNS"
mkdir -p "$RUNS"

# The scaled quickstart sits beside a link to the real schemas, so its relative paths still hold.
mkdir -p "$WORK/scaled"
ln -s "$ROOT/Scenarios/schemas" "$WORK/scaled/schemas"
perl -pe 's/^(\s*count:\s*)(\d+)/$1 . ($2 * 10)/e' "$ROOT/Scenarios/quickstart.json" > "$WORK/scaled/quickstart.json"
users=$(grep -E '^\s*count:' "$WORK/scaled/quickstart.json" | grep -oE '[0-9]+' | paste -sd+ | bc)
[ "$users" -eq 100000 ] || { echo "measure.sh: the scaled quickstart has $users cohort users, not 100,000" >&2; exit 1; }

calibration=""
[ -n "${CALIBRATION_INSTALLS:-}" ] && calibration="--calibration-installs $CALIBRATION_INSTALLS"

# run LABEL SCENARIO ESTIMATOR: one replicated run; its replicates.json kept as runs/LABEL-ESTIMATOR.json.
run() {
  start=$(date +%s)
  # shellcheck disable=SC2086
  "$BIN" run "$2" --replicates "$REPLICATES" --jobs 2 --estimator "$3" $calibration --allow-large \
    --out "$WORK/$1-$3" > "$WORK/$1-$3.log" 2>&1 || { cat "$WORK/$1-$3.log" >&2; exit 1; }
  cp "$WORK/$1-$3/replicates.json" "$RUNS/$1-$3.json"
  echo "$1 $3: $(( $(date +%s) - start )) s" >&2
}

# row LABEL ESTIMATOR NAME: a Markdown table row from runs/LABEL-ESTIMATOR.json.
row() {
  jq -r --arg label "$3" --arg estimator "$2" '
    def pct: . * 1000 | round / 10 | tostring + " %";
    def fig($name): .figures[] | select(.name == $name);
    (fig("revenueCapturedRatio")) as $c | (fig("campaignRevenueErrorWeightedMeanAbsRatio")) as $e |
    ($c.values | map(select(. != null))) as $v |
    "| \($label) | \($estimator) | \($c.mean | pct) (\($c.lower | pct) – \($c.upper | pct)) | "
    + "\($c.standardDeviation * 1000 | round / 10) points; \($v | min | pct) – \($v | max | pct) | "
    + "\($e.mean | pct) (\($e.lower | pct) – \($e.upper | pct)) |"
  ' "$RUNS/$1-$2.json"
}

for estimator in calibrated midpoint; do
  run quickstart-100k "$WORK/scaled/quickstart.json" $estimator
  run subscription "$ROOT/Scenarios/subscription.json" $estimator
  run quickstart-10k "$ROOT/Scenarios/quickstart.json" $estimator
done

{
  echo "# Decision-grade decoding: calibrated against midpoint"
  echo
  echo "Made by \`Reports/decision-grade/measure.sh\` on $(date -u +%Y-%m-%d) with $("$BIN" --version 2>/dev/null || echo attrsim):"
  echo "$REPLICATES replicate seeds per row (the same seeds for both estimators), calibrations from runs under"
  echo "seeds of their own ($([ -n "$calibration" ] && echo "$CALIBRATION_INSTALLS installs" || echo "attrsim's default size"))."
  echo "Revenue captured is decoded ÷ true revenue; campaign error is the campaigns' absolute"
  echo "revenue error weighted by true revenue (their ROAS error: spend is the same under both estimators)."
  echo "Each is the mean over the replicates with its 95 % Student t interval."
  echo
  echo "| scenario | estimator | revenue captured (95 % interval) | spread across seeds (sd; range) | campaign error (95 % interval) |"
  echo "|---|---|---|---|---|"
    for label in quickstart-100k subscription quickstart-10k; do
    case $label in
      quickstart-100k) name="quickstart, cohorts ×10 (100,000 users)" ;;
      subscription) name="subscription (20,000 users)" ;;
      quickstart-10k) name="quickstart (10,000 users)" ;;
    esac
    for estimator in calibrated midpoint; do row "$label" "$estimator" "$name"; done
  done
} > "$HERE/results.md"
cat "$HERE/results.md"
