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
#   TABLE_ONLY=1              remake results.md from the runs already in runs/
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
if [ -z "${TABLE_ONLY:-}" ]; then rm -rf "$RUNS"; fi
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

# title LABEL: the scenario's name in the tables.
title() {
  case $1 in
    quickstart-100k) echo "quickstart, cohorts ×10 (100,000 users)" ;;
    subscription) echo "subscription (20,000 users)" ;;
    quickstart-10k) echo "quickstart (10,000 users)" ;;
  esac
}

# row LABEL ESTIMATOR NAME: a Markdown table row from runs/LABEL-ESTIMATOR.json.
row() {
  jq -r --arg name "$3" --arg estimator "$2" '
    def pct: . * 1000 | round / 10 | tostring | (if test("\\.") then . else . + ".0" end) + " %";
    def fig($name): .figures[] | select(.name == $name);
    (fig("revenueCapturedRatio")) as $c | (fig("campaignRevenueErrorWeightedMeanAbsRatio")) as $e |
    ($c.values | map(select(. != null))) as $v |
    "| \($name) | \($estimator) | \($c.mean | pct) (\($c.lower | pct) – \($c.upper | pct)) | "
    + "\($c.standardDeviation * 1000 | round / 10 | tostring | (if test("\\.") then . else . + ".0" end)) points; \($v | min | pct) – \($v | max | pct) | "
    + "\($e.mean | pct) (\($e.lower | pct) – \($e.upper | pct)) |"
  ' "$RUNS/$1-$2.json"
}

# paired LABEL NAME: calibrated − midpoint per replicate, mean and 95 % interval, as a table row.
paired() {
  jq -r -s --arg name "$2" '
    def pts: . * 1000 | round / 10 | tostring | (if test("\\.") then . else . + ".0" end) | (if startswith("-") then . else "+" + . end) + " points";
    # t(0.975, df) for df 1-30; 1.96 beyond.
    def t($df): [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
      2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
      | if $df <= 30 then .[$df - 1] else 1.96 end;
    def diff($name): [.[0], .[1]] | map(.figures[] | select(.name == $name) | .values) | transpose
      | map(select(.[0] != null and .[1] != null) | .[0] - .[1]);
    def summary: length as $n | (add / $n) as $m
      | ((map((. - $m) * (. - $m)) | add) / ($n - 1) | sqrt) as $s | (t($n - 1) * $s / ($n | sqrt)) as $h
      | "\($m | pts) (\($m - $h | pts) – \($m + $h | pts))"
        + (if $m - $h > 0 or $m + $h < 0 then ": real" else ": within its interval" end);
    "| \($name) | \(diff("revenueCapturedRatio") | summary) | \(diff("campaignRevenueErrorWeightedMeanAbsRatio") | summary) |"
  ' "$RUNS/$1-calibrated.json" "$RUNS/$1-midpoint.json"
}

for estimator in calibrated midpoint; do
  [ -n "${TABLE_ONLY:-}" ] && break
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
    name=$(title "$label")
    for estimator in calibrated midpoint; do row "$label" "$estimator" "$name"; done
  done
  echo
  echo "Paired over the same seeds (calibrated − midpoint, per replicate, then the mean and its 95 % Student t"
  echo "interval); a difference is real when its interval leaves out zero:"
  echo
  echo "| scenario | revenue captured, difference | campaign error, difference |"
  echo "|---|---|---|"
  for label in quickstart-100k subscription quickstart-10k; do
    name=$(title "$label")
    paired "$label" "$name"
  done
} > "$HERE/results.md"
cat "$HERE/results.md"
