#!/bin/bash
# Issue 44's evidence: a realized-revenue schema, a predicted-LTV schema trained on the scenario's
# own users, and the optimizer's best, compared on seeds no training or search used (30
# replicates from seed 90210), with the early-decision figures. Run from the repository root
# after `swift build -c release`; the tables are in README.md here. About 45 minutes on 2 cores.
set -euo pipefail
B=${ATTRSIM:-.build/release/attrsim}
O=Reports/early-decisions
$B schema train Scenarios/whale-game.json -o $O/whale-game-pltv.json -j 2 > $O/train-whale-game.txt
$B schema train Reports/optimize/quickstart-100k.json -o $O/quickstart-100k-pltv.json -j 2 > $O/train-quickstart-100k.txt
$B schema optimize Scenarios/whale-game.json --objective early-roas-error --jobs 2 --out $O/whale-game-early > $O/optimize-whale-game-early.txt
$B schema optimize Reports/optimize/quickstart-100k.json --objective early-roas-error --jobs 2 --out $O/quickstart-100k-early > $O/optimize-quickstart-100k-early.txt
$B schema optimize Scenarios/whale-game.json --tradeoff-postbacks --jobs 2 --out $O/whale-game-tradeoff > $O/optimize-whale-game-tradeoff.txt
$B compare Scenarios/whale-game.json --schema Scenarios/schemas/revenue-game.json --schema $O/whale-game-pltv.json \
  --schema Reports/optimize/whale-game/schema.json --schema $O/whale-game-early/schema.json \
  --replicates 30 --seed 90210 -j 2 > $O/compare-whale-game.txt
$B compare Reports/optimize/quickstart-100k.json --schema Scenarios/schemas/quickstart-hybrid.json \
  --schema $O/quickstart-100k-pltv.json --schema Reports/optimize/quickstart-100k/schema.json \
  --replicates 30 --seed 90210 -j 2 > $O/compare-quickstart-100k.txt
for scenario in whale-game quickstart-100k; do
  case $scenario in
    whale-game) s=Scenarios/whale-game.json; start=Scenarios/schemas/revenue-game.json ;;
    *) s=Reports/optimize/quickstart-100k.json; start=Scenarios/schemas/quickstart-hybrid.json ;;
  esac
  $B compare $s --schema $start --schema $O/$scenario-pltv.json --replicates 30 --seed 90210 -j 2 \
    --estimator midpoint > $O/compare-$scenario-midpoint.txt
done
