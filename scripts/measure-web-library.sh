#!/usr/bin/env bash
# The web app's library page on a large library: how long the server takes to answer it and
# how large its HTML is (median of 20 requests, signed in with a session cookie, on loopback),
# and its first paint in headless Chromium (scripts/measure-web-first-paint.py).
#
# Usage: scripts/measure-web-library.sh [BOOKSTRACK] [GOODREADS_CSV]
#   BOOKSTRACK     a release build (default .build/release/bookstrack)
#   GOODREADS_CSV  the export to import (for example 10,000 rows of one the server benchmark writes)
set -euo pipefail
bookstrack=${1:-.build/release/bookstrack}
csv=${2:?a Goodreads export to import}
work=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null || true; rm -rf "$work"' EXIT
export BOOKSTRACK_DATA_DIR="$work/data" BOOKSTRACK_OFFLINE=1
echo "web password" | "$bookstrack" user add reader --password-stdin >/dev/null
"$bookstrack" import "$csv" --user reader >/dev/null 2>&1
port=18330
"$bookstrack" serve --port "$port" >"$work/serve.log" 2>&1 & server_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
curl -s -c "$work/jar" -o /dev/null --data "name=reader&password=web+password&next=/library" "http://127.0.0.1:$port/signin"
total=$(curl -s -b "$work/jar" "http://127.0.0.1:$port/library" | grep -o '[0-9,]* books · page' | head -1)
echo "library: $total"
for _ in $(seq 20); do
  curl -s -b "$work/jar" -o /dev/null -w "%{time_total} %{size_download}\n" "http://127.0.0.1:$port/library"
done | sort -n | sed -n 10p | awk '{ printf "GET /library: median %.1f ms, %d bytes of HTML\n", $1 * 1000, $2 }'
python3 "$(dirname "$0")/measure-web-first-paint.py" "http://127.0.0.1:$port" reader "web password"
