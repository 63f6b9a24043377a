#!/usr/bin/env python3
"""Writes puzzle-soft-launch.ga4.jsonl: a synthetic Google Analytics 4 BigQuery export (one JSON
event per line) of a puzzle game's soft launch, which Scenarios/logged-users.json takes its
users from. Synthetic, from a fixed seed: every run writes the same bytes, and no real person's
data is in it. Run it from anywhere: python3 Scenarios/logs/make-sample-ga4.py

The users: 200 first opens over 14 days from 2025-09-01 in five soft-launch countries; each
user has an engagement level that sets how often they come back (retention falls with the day)
and how many sessions, levels and ads they have; about 8% pay (1% are whales buying big
packs), one refund. Activity runs to day 45, past the 35 days a scenario keeps.
"""
import json
import math
import os
import random
import time

rng = random.Random(38)
START = 1756684800  # 2025-09-01T00:00:00Z
COUNTRIES = [("United States", 45), ("Canada", 15), ("Australia", 15), ("United Kingdom", 15), ("Philippines", 10)]
USERS = 200


def pick(weighted):
    total = sum(w for _, w in weighted)
    x = rng.uniform(0, total)
    for value, weight in weighted:
        x -= weight
        if x <= 0:
            return value
    return weighted[-1][0]


def line(user, country, seconds, name, params=None, usd=None):
    event = {
        "event_date": "",
        "event_timestamp": str(int(seconds * 1_000_000)),
        "event_name": name,
        "event_params": params or [],
        "user_pseudo_id": user,
        "platform": "IOS",
        "geo": {"country": country},
    }
    event["event_date"] = time.strftime("%Y%m%d", time.gmtime(int(seconds)))
    if usd is not None:
        event["event_value_in_usd"] = usd
    return json.dumps(event, separators=(",", ":"))


def main():
    lines = []
    refunded = False
    for index in range(USERS):
        user = "%08X.%d" % (rng.getrandbits(32), 1756000000 + index)
        country = pick(COUNTRIES)
        engagement = math.exp(rng.gauss(0, 0.7))
        payer = rng.random() < 0.08
        whale = payer and rng.random() < 0.2
        launch = START + rng.uniform(0, 14 * 86400)
        lines.append((user, launch, line(user, country, launch, "first_open")))
        for day in range(0, 46):
            if day > 0 and rng.random() > min(0.9, 0.36 * engagement * day ** -0.5):
                continue
            sessions = 1 + min(3, int(rng.expovariate(1 / (0.5 * engagement))))
            for s in range(sessions):
                t = launch + day * 86400 + (60 if day == 0 and s == 0 else rng.uniform(0, 86000))
                lines.append((user, t, line(user, country, t, "session_start")))
                if day == 0 and s == 0 and rng.random() < 0.75:
                    lines.append((user, t + 240, line(user, country, t + 240, "tutorial_complete")))
                for k in range(rng.choice([0, 0, 1])):
                    lines.append((user, t + 300 + k * 200, line(user, country, t + 300 + k * 200, "level_up")))
                for k in range(min(3, int(rng.expovariate(1 / 0.6)))):
                    value = round(rng.uniform(0.004, 0.03), 5)
                    params = [{"key": "value", "value": {"double_value": value}}, {"key": "currency", "value": {"string_value": "USD"}}]
                    at = t + 120 + k * 90
                    lines.append((user, at, line(user, country, at, "ad_impression", params)))
                if payer and rng.random() < (0.4 if whale else 0.2):
                    price = rng.choice([19.99, 49.99]) if whale else rng.choice([1.99, 4.99, 4.99, 9.99])
                    params = [{"key": "price", "value": {"double_value": price}}, {"key": "currency", "value": {"string_value": "USD"}}]
                    at = t + 600
                    lines.append((user, at, line(user, country, at, "in_app_purchase", params, usd=price)))
                    if whale and not refunded:
                        refunded = True
                        lines.append((user, at + 86400, line(user, country, at + 86400, "app_store_refund", params, usd=price)))
    # An export is ordered by time, not by user.
    lines.sort(key=lambda entry: (entry[1], entry[0]))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "puzzle-soft-launch.ga4.jsonl")
    with open(path, "w") as out:
        for _, _, text in lines:
            out.write(text + "\n")


main()
