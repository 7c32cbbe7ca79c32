#!/usr/bin/env bash
# Debian's Chromium for the e2e tests, without the two omnibox-popup WebUI pages (a renderer process
# each) that Chromium 156 loads with every new context, headless too, though a test's browser has no
# address bar. Chromium keeps only the last --disable-features it is given, so Playwright's own list
# and ours become one.
set -euo pipefail
disabled=(WebUIOmniboxPopup WebUIOmniboxAimPopup)
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
IFS=,
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}" "--disable-features=${disabled[*]}"
