#!/usr/bin/env python3
"""Re-scores the labelled findings of tests/corpus/real/labels.json against a scan of each
repository's checkout, and prints precision per check.

The repositories are public ones that configure MongoDB; their files are never committed (no machine
running the tests can download them). Bring each to the commit labels.json records, then:

    git --git-dir=/work/.mirror/<owner>+<name>/repo archive <commit> | tar -x -C CHECKOUTS/<owner>+<name>
    python3 tests/corpus/real/rescore.py --checkouts CHECKOUTS [--mongoscan build/mongoscan]

A repository whose checkout is missing is listed as not scored. For each labelled finding (check,
file, line) the scan either still reports it (fail or warn, in any context) or not:
  true label,  reported     -> true positive
  true label,  not reported -> lost (a true finding the scanner no longer gives: always a failure)
  false label, reported     -> false positive
  false label, not reported -> fixed
Precision per check = true positives / (true positives + false positives), over labelled findings
that are reported. Reported findings without a label are counted and listed with --unlabelled so
that a reviewer can label them. Exit 1 when a true finding is lost or the precision over all
labelled findings is below --min-precision (default 0.95; per check it is printed, not gated: a
check with two labels moves by half a point per label), 0 otherwise; 2 on bad input.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def scan(mongoscan, checkout):
    """The fail and warn findings of a scan of `checkout`, as {(check, file, line): finding}."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([mongoscan, "scan", "--no-probe", "--config-path", checkout, "--format",
                        "json", "-o", out.name, "--fail-on", "none"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report = json.load(open(out.name))
    findings = {}
    prefix = checkout.rstrip("/") + "/"
    for finding in report["findings"]:
        subject = finding["subject"]
        if finding["status"] not in ("fail", "warn") or "file" not in subject:
            continue
        if "line" not in subject or not subject["file"].startswith(prefix):
            continue
        key = (finding["check_id"], subject["file"][len(prefix):], subject["line"])
        findings[key] = finding
    return findings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkouts", required=True, help="folder holding <owner>+<name> folders")
    parser.add_argument("--mongoscan", default=os.path.join(HERE, "../../../build/mongoscan"))
    parser.add_argument("--labels", default=os.path.join(HERE, "labels.json"))
    parser.add_argument("--min-precision", type=float, default=0.95)
    parser.add_argument("--unlabelled", action="store_true",
                        help="list reported findings that carry no label")
    args = parser.parse_args()
    try:
        corpus = json.load(open(args.labels))
    except (OSError, ValueError) as error:
        print(f"rescore: {args.labels}: {error}", file=sys.stderr)
        return 2
    if not os.path.isfile(args.mongoscan):
        print(f"rescore: {args.mongoscan}: no such program (build it, or give --mongoscan)",
              file=sys.stderr)
        return 2

    counts = collections.defaultdict(collections.Counter)  # check -> tp, fp, lost, fixed
    lost, scored, missing, unlabelled = [], [], [], []
    labels_by_repo = collections.defaultdict(list)
    for label in corpus["labels"]:
        labels_by_repo[label["repository"]].append(label)
    for repository in corpus["repositories"]:
        name = repository["name"]
        checkout = os.path.join(args.checkouts, name.replace("/", "+"))
        if not os.path.isdir(checkout):
            missing.append(name)
            continue
        scored.append(name)
        findings = scan(args.mongoscan, checkout)
        labelled = set()
        for label in labels_by_repo[name]:
            key = (label["check"], label["file"], label["line"])
            labelled.add(key)
            reported = key in findings
            true = label["label"] == "true"
            outcome = {(True, True): "tp", (True, False): "lost", (False, True): "fp",
                       (False, False): "fixed"}[(true, reported)]
            counts[label["check"]][outcome] += 1
            if outcome == "lost":
                lost.append(f"{name}: {key[0]} {key[1]}:{key[2]} ({label['reason']})")
        unlabelled += [f"{name}: {k[0]} {k[1]}:{k[2]}" for k in sorted(findings) if k not in labelled]

    for name in missing:
        print(f"not scored: {name} (no checkout under {args.checkouts})")
    if not scored:
        print("no repository scored")
        return 0
    print(f"scored: {len(scored)} repositories")
    print(f"{'check':<10} {'true':>5} {'false':>6} {'lost':>5} {'fixed':>6} {'precision':>10}")
    failed = bool(lost)
    total = collections.Counter()
    for check in sorted(counts):
        c = counts[check]
        total.update(c)
        reported = c["tp"] + c["fp"]
        precision = c["tp"] / reported if reported else None
        shown = f"{precision:.2f}" if precision is not None else "-"
        print(f"{check:<10} {c['tp']:>5} {c['fp']:>6} {c['lost']:>5} {c['fixed']:>6} {shown:>10}")
    reported = total["tp"] + total["fp"]
    if reported and total["tp"] / reported < args.min_precision:
        failed = True
    print(f"{'all':<10} {total['tp']:>5} {total['fp']:>6} {total['lost']:>5} {total['fixed']:>6} "
          f"{(total['tp'] / reported if reported else 0):>10.2f}")
    print(f"unlabelled findings reported: {len(unlabelled)}")
    if args.unlabelled:
        for line in unlabelled:
            print("  " + line)
    for line in lost:
        print("LOST " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
