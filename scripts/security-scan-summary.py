#!/usr/bin/env python3
"""The summary of one scripts/security-scan.sh run, from the raw outputs in its results folder.

    python3 scripts/security-scan-summary.py bench/results/security-scan-<date> [session-survived yes|no] [quick 0|1]

Exit 1 when anything was found: a wapiti finding in the attacked categories or a 500 it caused,
an injectable parameter from sqlmap, a FINDING line from the probes, or a 5xx or [error] line in
the server's log.
"""
import json, os, re, sys
from collections import Counter

out = sys.argv[1]
session_survived = sys.argv[2] if len(sys.argv) > 2 else "?"
quick = len(sys.argv) > 3 and sys.argv[3] == "1"
failed = False
# What scripts/security-scan.sh asks wapiti to attack (redirect, crlf, exec, sql, xss, permanentxss, file).
ATTACKED = {"Open Redirect", "CRLF Injection", "Command execution", "SQL Injection", "Cross Site Scripting", "Path Traversal"}
lines = []
say = lines.append

say(f"iSent security scan, {os.path.basename(out)}{' (--quick)' if quick else ''}")
say(f"raw output: {out}")
say("")

# wapiti: every category of the attack modules run is a finding; 500s are its 'anomalies'.
for name in ("public", "signed-in"):
    path = os.path.join(out, f"wapiti-{name}.json")
    if not os.path.exists(path):
        say(f"wapiti {name}: NO REPORT (see wapiti-{name}.txt)")
        failed = True
        continue
    report = json.load(open(path))
    text = open(os.path.join(out, f"wapiti-{name}.txt"), errors="replace").read()
    crawled = re.search(r"Wapiti found (\d+) URLs and forms", text)
    say(f"wapiti {name}: {crawled.group(1) if crawled else '?'} URLs and forms crawled")
    # The categories of the modules run always show, any other only when it has something.
    for category, items in sorted(report["vulnerabilities"].items()):
        if items or category in ATTACKED:
            say(f"  {category}: {len(items)}")
        failed |= bool(items)
    for category, items in sorted(report["anomalies"].items()):
        if not items:
            continue
        say(f"  anomaly, {category}: {len(items)}")
        failed |= category == "Internal Server Error"
    findings = [(c, i) for c, items in report["vulnerabilities"].items() for i in items]
    findings += [(f"anomaly, {c}", i) for c, items in report["anomalies"].items() for i in items]
    seen = set()
    for category, item in findings:
        key = (category, item["method"], re.sub(r"/[0-9a-f]{8}-[0-9a-f-]{27}", "/{id}", item["path"]), item["parameter"])
        if key in seen:
            continue
        seen.add(key)
        first_line = item["http_request"].splitlines()[0] if item["http_request"] else ""
        say(f"    - {category}: {item['method']} {item['path']} [{item['parameter']}] {item['info'][:120]}")
        say(f"      {first_line[:220]}")
        body = [l for l in item["http_request"].splitlines()[1:] if l and ":" not in l[:30]]
        if body:
            say(f"      body: {body[-1][:220]}")
    # A module that raises stops there: what it had not reached yet went unattacked.
    crashed = sorted(set(re.findall(r'wapitiCore/attack/mod_(\w+)\.py", line \d+, in attack\b', text)))
    for module in crashed:
        reason = re.search(r"^(\w+(?:Error|Exception)\b.*)$", text, re.M)
        say(f"  (module {module} stopped early on an exception: {reason.group(1)[:120] if reason else '?'})")
    capped = re.findall(r"Max attack time was reached for module (\w+)", text)
    if capped:
        say(f"  (time cap reached in: {', '.join(capped)})")
say(f"signed-in session still valid after the scan: {session_survived}")
say("")

# sqlmap: an identified injection point fails; a 500 it provoked is reported (and is in the server log).
say("sqlmap (--level 2 --risk 1, PostgreSQL payloads):")
for file in sorted(f for f in os.listdir(out) if f.startswith("sqlmap-") and f.endswith(".txt")):
    name = file[len("sqlmap-"):-4]
    text = open(os.path.join(out, file), errors="replace").read()
    status_file = os.path.join(out, f"sqlmap-{name}.status")
    status = open(status_file).read().strip() if os.path.exists(status_file) else "?"
    injectable = re.findall(r"Parameter: (.+)", text) if "identified the following injection point" in text else []
    clean = "do not appear to be injectable" in text or "does not seem to be injectable" in text
    errors = re.findall(r"(\d{3}) \(([^)]+)\) - (\d+) times", text)
    state = "INJECTABLE: " + ", ".join(sorted(set(injectable))) if injectable else ("not injectable" if clean else "incomplete")
    if status == "124":
        state += " (stopped at the time cap)"
    elif status not in ("0", "1") and not injectable:
        state += f" (exit {status})"
    http = ", ".join(f"{code} x{count}" for code, _, count in errors)
    throttled = " (429: the sign-in rate limit or account lockout answered those)" if any(code == "429" for code, _, _ in errors) else ""
    say(f"  {name}: {state}{'; HTTP errors: ' + http if http else ''}{throttled}")
    failed |= bool(injectable)
say("")

# probes
probes = os.path.join(out, "probes.txt")
text = open(probes, errors="replace").read().splitlines() if os.path.exists(probes) else []
summary = [l for l in text if l.startswith("probes:")]
findings = [l for l in text if l.startswith("FINDING")]
say(summary[0] if summary else "probes: DID NOT FINISH (see probes.txt)")
failed |= bool(findings) or not summary
# One line per kind and endpoint, with up to three of its requests.
groups = {}
for line in findings:
    match = re.match(r"FINDING ([\w-]+): (\S+) (\S+)", line)
    if not match:
        continue
    kind, method, url = match.groups()
    path = re.sub(r"/[0-9a-f]{8}-[0-9a-f-]{27}", "/{id}", url.split("?")[0])
    groups.setdefault((kind, method, path), []).append(line[len(f"FINDING {kind}: "):])
for (kind, method, path), lines_ in groups.items():
    say(f"  {kind}: {method} {path} ({len(lines_)} requests)")
    for line in lines_[:5]:
        say(f"      {line[:260]}")
say("")

# server log: every 5xx answer and every [error] line, whoever caused it.
log = open(os.path.join(out, "server.log"), "rb").read().decode("utf-8", "replace").splitlines()
answers = [l for l in log if re.match(r"^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ 5\d\d ", l)]
# [error]: handleError in app/entry.server.tsx; [api]: the /api wrapper in app/utils/api.server.ts.
errors = [l for l in log if re.match(r"^\[(error|api)\] [A-Z]+ /\S*:", l)]
say(f"server log: {len(answers)} answers with status 5xx, {len(errors)} logged errors ([error] pages, [api] endpoints)")
grouped = Counter()
for line in answers:
    method, url, status = line.split(" ")[:3]
    path = re.sub(r"/[0-9a-f]{8}-[0-9a-f-]{27}", "/{id}", url.split("?")[0])
    grouped[(method, path, status)] += 1
for (method, path, status), count in grouped.most_common(15):
    example = next(l.split(" ")[1] for l in answers if l.startswith(f"{method} ") and f" {status} " in l and re.sub(r"/[0-9a-f]{8}-[0-9a-f-]{27}", "/{id}", l.split(" ")[1].split("?")[0]) == path)
    say(f"  {count:4d} x {status} {method} {path}   e.g. {example[:160]}")
def error_kind(line):
    # The error's class, and for anything but a failed query (whose message is the whole SQL) its message.
    match = re.match(r"^\[(error|api)\] (\S+ \S+): (\w*Error)?:? ?(.*)", line)
    kind = f"[{match.group(1)}] {match.group(2)} {match.group(3) or ''}"
    if match.group(3) and match.group(3) != "DrizzleQueryError":
        kind += ": " + re.sub(r'"[^"]*("|$).*', '"…"', match.group(4))[:70]
    return re.sub(r"/[0-9a-f]{8}-[0-9a-f-]{27}", "/{id}", kind)


kinds = Counter(error_kind(l) for l in errors)
for kind, count in kinds.most_common(10):
    say(f"  logged {count:4d} x {kind}")
failed |= bool(answers) or bool(errors)
say("")
say(f"VERDICT: {'FINDINGS (see above)' if failed else 'clean: no open redirect, injection, CRLF, XSS or 500 found'}")
print("\n".join(lines))
sys.exit(1 if failed else 0)
