#!/usr/bin/env bash
# Security scan of a scratch instance: wapiti (crawl + attack, signed out and signed in), sqlmap
# on the parameterised endpoints, hand-written probes (scripts/security-probes.ts) and the
# server's own log for 500s. Prints a summary and exits 1 if anything was found.
#
#   bash scripts/security-scan.sh [--quick] [--port N] [--keep-data]
#
# Needs the Debian packages wapiti and sqlmap. Starts the production build (built first if the
# sources are newer) on a fresh embedded database with the demo data in a temporary DATA_DIR,
# on 127.0.0.1 only, and stops it at the end. About 6 minutes, 15 at most (--quick: about 4).
# Raw outputs and the summary go to bench/results/security-scan-<date>/ (not committed).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

QUICK=0
PORT=""
KEEP_DATA=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) QUICK=1 ;;
    --port) PORT="${2:?--port needs a number}"; shift ;;
    --keep-data) KEEP_DATA=1 ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# Time caps, in seconds. Crawl and per-module caps are wapiti's own; `timeout` is the backstop.
if [[ $QUICK == 1 ]]; then
  CRAWL_SECS=40 ATTACK_SECS=12 AUTH_CRAWL_SECS=20 AUTH_ATTACK_SECS=10 SQLMAP_SECS=25
else
  # Every cap reached: about 15 minutes. sqlmap usually needs under 30 s a target here.
  CRAWL_SECS=60 ATTACK_SECS=40 AUTH_CRAWL_SECS=40 AUTH_ATTACK_SECS=25 SQLMAP_SECS=35
fi
WAPITI_MODULES="redirect,crlf,exec,sql,xss,permanentxss,file"
DEMO_EMAIL="demo@isent.example.in"
DEMO_PASSWORD="demo12345"

log() { printf '[security-scan] %s\n' "$*" >&2; }

# --- Tools ------------------------------------------------------------------------------------
missing=()
for tool in wapiti sqlmap curl; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    log "installing ${missing[*]} (Debian packages)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >&2
  else
    echo "Missing: ${missing[*]}. Install them with:" >&2
    echo "  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}" >&2
    exit 2
  fi
fi
# wapiti's own interpreter (a pyenv python3 on PATH would not find wapitiCore).
WAPITI_PY="$(head -1 "$(command -v wapiti)" | sed 's/^#! *//; s/ .*//')"
TSX="$ROOT/node_modules/.bin/tsx"
[[ -x $TSX ]] || { echo "node_modules/.bin/tsx not found: run npm install first" >&2; exit 2; }

# --- Build ------------------------------------------------------------------------------------
if [[ ! -f build/index.js ]] || [[ -n "$(find app server remix.config.js -newer build/index.js -type f -print -quit)" ]]; then
  log "building (npm run build)"
  npm run build >&2
fi

# --- Output and a free port -------------------------------------------------------------------
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$ROOT/bench/results/security-scan-$STAMP"
mkdir -p "$OUT"
DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/isent-security-scan.XXXXXX")"
# 4300-4399: clear of bench/ (4100-4199) and of the ports fetch refuses to use (4190, 6000, …).
if [[ -z $PORT ]]; then
  PORT="$("$WAPITI_PY" - <<'EOF'
import random, socket
for port in random.sample(range(4300, 4400), 100):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
        print(port)
        break
EOF
)"
fi
[[ -n $PORT ]] || { echo "no free port in 4300-4399" >&2; exit 2; }
BASE="http://127.0.0.1:$PORT"
SERVER_LOG="$OUT/server.log"
SERVER_PID=""

cleanup() {
  if [[ -n $SERVER_PID ]]; then
    # The server runs in its own process group (setsid): tsx and its node child go together.
    kill -- "-$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ $KEEP_DATA == 1 ]]; then log "data kept in $DATA_DIR"; else rm -rf "$DATA_DIR"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- Server -----------------------------------------------------------------------------------
export NODE_ENV=production DATA_DIR PORT HOST=127.0.0.1 DATABASE_URL="" PUBLIC_URL="$BASE" LOG_LEVEL=info
export SESSION_SECRET="security-scan-$STAMP" ADMIN_EMAIL="admin@isent.example.in" ADMIN_PASSWORD="admin-scan-$STAMP"
# Believe one proxy, as the e2e tests do: sqlmap and the probes then name a new client address
# per request and the sign-in rate limit does not turn every attack into a 429.
export TRUST_PROXY=1
log "database: fresh PGlite with demo data in $DATA_DIR"
"$TSX" scripts/db-setup.ts >"$OUT/db-setup.log" 2>&1 || { cat "$OUT/db-setup.log" >&2; exit 2; }
start_server() {
  setsid "$TSX" server/index.ts >>"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do
    curl -sf "$BASE/api/health" >/dev/null && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { SERVER_PID=""; return 1; }
    sleep 1
  done
  echo "no answer from $BASE/api/health after 120 s" >&2
  exit 2
}
log "server: $BASE (log: $SERVER_LOG)"
# Once more if it stops: on a busy machine PGlite can miss the start-up database check's deadline.
start_server || { log "the server stopped; starting it again"; sleep 5; start_server; } || {
  cat "$SERVER_LOG" >&2
  echo "the server stopped" >&2
  exit 2
}

# A signed-in session of the demo business: the login form, posted as the site itself would.
login_cookie() {
  curl -s -D - -o /dev/null -X POST "$BASE/auth" -H "Origin: $BASE" -H "X-Forwarded-For: 192.0.2.$1" \
    --data-urlencode intent=login --data-urlencode "username=$DEMO_EMAIL" --data-urlencode "password=$DEMO_PASSWORD" |
    grep -io '__session=[^;]*' | head -1
}
signed_in() { [[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $1" "$BASE/app")" == 200 ]]; }
COOKIE="$(login_cookie 10)"
signed_in "$COOKIE" || { echo "could not sign in as $DEMO_EMAIL" >&2; exit 2; }
POST_ID="$(curl -s "$BASE/api/feed?limit=1" | "$WAPITI_PY" -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')"
BUSINESS_ID="$(curl -s "$BASE/api/feed?limit=1" | "$WAPITI_PY" -c 'import json,sys; print(json.load(sys.stdin)[0]["userId"])')"

# --- wapiti -----------------------------------------------------------------------------------
# Debian's wapiti 3.0.4 builds its -x patterns with a regex Python 3.11 refuses ("global flags not
# at the start"); this runs the same wapiti with that one function corrected.
WAPITI_SHIM='
import re, sys
import wapitiCore.net.crawler as crawler
def wildcard_translate(pattern):
    return re.compile("(?ms)" + "".join(".*" if c == "*" else re.escape(c) for c in pattern) + r"\Z")
crawler.wildcard_translate = wildcard_translate
from wapitiCore.main.wapiti import wapiti_main
sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
'
# Assets, images, pagination and share links add nothing to attack; logout would end the session.
# Category, hashtag and business pages only repeat the feed and its like forms (hundreds of copies
# of one handler that would eat the attack time); sqlmap and the probes cover their parameters.
EXCLUDES=(-x "$BASE/logout" -x "$BASE/admin/logout" -x "$BASE/build/*" -x "$BASE/img/*" -x "$BASE/uploads/*"
  -x "$BASE/?cursor=*" -x "$BASE/?post=*" -x "$BASE/?category=*" -x "$BASE/?q=%23*" -x "$BASE/business/*"
  -x "$BASE/favicon*")
run_wapiti() { # name crawl-secs attack-secs extra-args…
  local name="$1" crawl="$2" attack="$3"
  shift 3
  local cap=$((crawl + attack * 7 + 60))
  log "wapiti $name: crawl ≤ ${crawl}s, each of $WAPITI_MODULES ≤ ${attack}s (backstop ${cap}s)"
  local status=0
  # Accept-Encoding: wapiti reads brotli answers as raw bytes and then finds no links at all.
  timeout "$cap" "$WAPITI_PY" -c "$WAPITI_SHIM" -u "$BASE/" --scope folder -m "$WAPITI_MODULES" \
    --max-scan-time "$crawl" --max-attack-time "$attack" -d 3 --max-links-per-page 60 --max-files-per-dir 25 -t 10 \
    -H "Origin: $BASE" -H "Accept-Encoding: gzip, deflate" "${EXCLUDES[@]}" \
    --flush-session --store-session "$OUT/wapiti-state" --store-config "$OUT/wapiti-state" \
    -f json -o "$OUT/wapiti-$name.json" -v 1 --no-bugreport "$@" >"$OUT/wapiti-$name.txt" 2>&1 || status=$?
  [[ $status == 0 ]] || log "wapiti $name exited with $status (124 = backstop timeout); see $OUT/wapiti-$name.txt"
}

run_wapiti public "$CRAWL_SECS" "$ATTACK_SECS" \
  -s "$BASE/?q=chai&category=Cafe" -s "$BASE/api/feed?lat=12.97&lon=77.59&radiusKm=25&q=chai&category=Cafe&limit=5" \
  -s "$BASE/api/places?q=pune" -s "$BASE/api/location/ip" -s "$BASE/api/categories" \
  -s "$BASE/location?returnTo=%2F&q=pune" -s "$BASE/auth?redirectTo=%2Fapp" -s "$BASE/login?redirectTo=%2Fapp" \
  -s "$BASE/reset-password?token=abc" -s "$BASE/api/public/business/$BUSINESS_ID" -s "$BASE/admin/login"

# Signed in: the cookie as wapiti's JSON cookie file; public pages were covered above.
"$WAPITI_PY" - "$OUT/wapiti-cookie.json" "${COOKIE#__session=}" <<'EOF'
import json, sys
cookie = {"value": sys.argv[2], "expires": None, "secure": False, "port": None, "version": 0}
json.dump({"127.0.0.1": {"/": {"__session": cookie}}}, open(sys.argv[1], "w"))
EOF
run_wapiti signed-in "$AUTH_CRAWL_SECS" "$AUTH_ATTACK_SECS" -c "$OUT/wapiti-cookie.json" \
  -s "$BASE/app" -s "$BASE/contacts?q=a&tag=family&page=1" -s "$BASE/api/user/me" \
  -x "$BASE/" -x "$BASE/?*" -x "$BASE/posts/*" -x "$BASE/Termsofservice" -x "$BASE/privacyterms" \
  -x "$BASE/about-us" -x "$BASE/contact-us"
rm -rf "$OUT/wapiti-state" # wapiti's resumable session databases: megabytes, no use afterwards
SESSION_SURVIVED=yes
signed_in "$COOKIE" || SESSION_SURVIVED=no
[[ $SESSION_SURVIVED == yes ]] || COOKIE="$(login_cookie 11)"

# --- sqlmap -----------------------------------------------------------------------------------
# Sign-in targets use addresses that have no account, one each, so neither the demo account nor
# the other target is locked (100 failures an hour per account, then 429); their
# 401 for a wrong password would otherwise stop sqlmap (--ignore-code 401).
SQLMAP_TARGETS=(
  "feed|-u|$BASE/api/feed?lat=12.97&lon=77.59&radiusKm=25&q=chai&category=Cafe|-p|lat,lon,radiusKm,q,category"
  "home|-u|$BASE/?q=chai&category=Cafe|-p|q,category"
  "places|-u|$BASE/api/places?q=pune|-p|q"
  "business|-u|$BASE/api/public/business/$BUSINESS_ID*"
  "business-page|-u|$BASE/business/$BUSINESS_ID*"
  "like|-u|$BASE/api/posts/$POST_ID/like|--data|{\"anonId\":\"scan-anon\",\"action\":\"like\"}|-p|anonId,action"
  "token|-u|$BASE/api/auth/token|--data|{\"email\":\"scan-token@isent.example.in\",\"password\":\"wrong-password\"}|-p|email,password"
  "login|-u|$BASE/auth|--data|intent=login&username=scan-login%40isent.example.in&password=wrong-password&redirectTo=%2Fapp|-p|username,password,redirectTo"
  "contacts|-u|$BASE/contacts?q=a&tag=family&page=1|--cookie|$COOKIE|-p|q,tag,page"
)
for target in "${SQLMAP_TARGETS[@]}"; do
  IFS='|' read -r -a parts <<<"$target"
  name="${parts[0]}"
  log "sqlmap $name (≤ ${SQLMAP_SECS}s)"
  status=0
  timeout "$SQLMAP_SECS" sqlmap --batch --level 2 --risk 1 --dbms PostgreSQL --flush-session --disable-coloring \
    --output-dir "$OUT/sqlmap" --timeout 10 --retries 1 --ignore-code 401 --tamper xforwardedfor --headers "Origin: $BASE" \
    "${parts[@]:1}" >"$OUT/sqlmap-$name.txt" 2>&1 || status=$?
  echo "$status" >"$OUT/sqlmap-$name.status"
done

# --- probes -----------------------------------------------------------------------------------
log "probes: redirect targets, CRLF, NUL bytes and broken UTF-8"
"$TSX" scripts/security-probes.ts --base "$BASE" --cookie "$COOKIE" --email "$DEMO_EMAIL" --password "$DEMO_PASSWORD" \
  >"$OUT/probes.txt" 2>&1 || true

# --- Summary ----------------------------------------------------------------------------------
sleep 1 # the last log lines
set +e
"$WAPITI_PY" scripts/security-scan-summary.py "$OUT" "$SESSION_SURVIVED" "$QUICK" | tee "$OUT/summary.txt"
verdict=${PIPESTATUS[0]}
log "summary: $OUT/summary.txt"
exit "$verdict"
