#!/usr/bin/env python3
"""Issue 24: do streamed arrivals change any summary figure beyond sampling error?

Runs every sample scenario with 10 replicates (seeds) under two attrsim binaries, before and
after arrivals were drawn as the run advances, and compares each headline figure's replicate
means with Welch's t: (mean_after - mean_before) / sqrt(sd_b^2/10 + sd_a^2/10). Among ~250
comparisons of independent replicates a few |t| above 2 are expected by chance; |t| above 3.5
would be a sign of a real change. Two kinds of figure are not independent across replicates and
are shown without t: figures equal in every replicate (the scripted users' own campaigns: one
realisation before, one after), and the decoding parts learned from the calibration, which every
replicate of a run shares (`attrsim run --replicates`: one calibration, its own seeds), so its
before and after are one draw each: "late or lost postbacks" and imputed revenue.

usage: arrivals-replicates.py BEFORE_ATTRSIM AFTER_ATTRSIM [SCENARIOS_DIR] > table.md
"""
import glob, json, math, os, subprocess, sys, tempfile

before, after = sys.argv[1], sys.argv[2]
folder = sys.argv[3] if len(sys.argv) > 3 else "Scenarios"
N = 10

def replicates(binary, scenario, out):
    subprocess.run([binary, "run", scenario, "--replicates", str(N), "-j", "1", "-o", out],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return {f["name"]: f for f in json.load(open(os.path.join(out, "replicates.json")))["figures"]}

print("| scenario | figure | mean before | mean after | Welch t |")
print("|---|---|---:|---:|---:|")
ts = []
with tempfile.TemporaryDirectory() as tmp:
    for scenario in sorted(glob.glob(os.path.join(folder, "*.json"))):
        name = os.path.basename(scenario)[:-5]
        try:
            b = replicates(before, scenario, os.path.join(tmp, name + "-b"))
            a = replicates(after, scenario, os.path.join(tmp, name + "-a"))
        except subprocess.CalledProcessError as error:
            print(f"| {name} | (not run: exit {error.returncode}) | | | |")
            continue
        for key, fb in b.items():
            fa = a.get(key)
            if fa is None or fb.get("mean") is None or fa.get("mean") is None:
                continue
            se = math.sqrt((fb["standardDeviation"] ** 2 + fa["standardDeviation"] ** 2) / N)
            if "Horizon" in key or "imputed" in key.lower():
                shown = "(one shared calibration each)"
            elif se == 0:
                shown = "(no spread: same in every replicate)"
            else:
                t = (fa["mean"] - fb["mean"]) / se
                ts.append((abs(t), name, key))
                shown = f"{t:+.2f}"
            print(f"| {name} | {fb['label']} | {fb['mean']:.4g} | {fa['mean']:.4g} | {shown} |")
print()
big = sorted(ts, reverse=True)
print(f"{len(ts)} comparisons; |t| > 2: {sum(t > 2 for t, _, _ in ts)} "
      f"(about {0.05 * len(ts):.0f} expected by chance at 18 degrees of freedom); "
      f"|t| > 3.5: {sum(t > 3.5 for t, _, _ in ts)}; largest: "
      + ", ".join(f"{n}/{k} {t:.2f}" for t, n, k in big[:3]))
