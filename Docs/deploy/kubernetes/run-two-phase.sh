#!/bin/sh
# Runs a large single scenario in two phases (Docs/sweep-format.md, "A large run"): an Indexed Job
# of eight shards, a Job summing their crowd counts, an Indexed Job finalising each shard from the
# sum, then the Job that interleaves the finalised shards into the run's outputs. Each starts once
# the one before has completed. Needs the attrsim:latest image (Docs/deploy/Containerfile) and a
# PersistentVolumeClaim named "results" that all pods can mount.
set -eu
cd "$(dirname "$0")"
kubectl apply -f run-shards.json
kubectl wait --for=condition=complete --timeout=24h job/crowd-base-shards
kubectl apply -f run-reduce.json
kubectl wait --for=condition=complete --timeout=1h job/crowd-base-reduce
kubectl apply -f run-finalise.json
kubectl wait --for=condition=complete --timeout=24h job/crowd-base-finalise
kubectl apply -f run-merge.json
kubectl wait --for=condition=complete --timeout=24h job/crowd-base-merge
