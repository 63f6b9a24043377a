#!/bin/sh
# Runs the sample sweep as a Kubernetes Indexed Job of four shards, then the merge Job once every
# shard has completed. Needs the attrsim:latest image (Docs/deploy/Containerfile) where the cluster
# pulls from, and a PersistentVolumeClaim named "results" that all pods can mount.
set -eu
cd "$(dirname "$0")"
kubectl apply -f sweep-shards.json
kubectl wait --for=condition=complete --timeout=24h job/crowd-thresholds-shards
kubectl apply -f sweep-merge.json
kubectl wait --for=condition=complete --timeout=1h job/crowd-thresholds-merge
