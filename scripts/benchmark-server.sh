#!/usr/bin/env bash
# Measures `bookstrack serve` with wrk on loopback, next to a plain Hummingbird "hello" route
# measured in the same run:
#   - GET /hello (hello-server, the baseline)
#   - GET /v1/search/isbn, answered from the search cache
#   - GET /v1/books?limit=50 on a 100,000-book library, with an API token (the same page, then
#     every request another page, which the server has not kept)
#   - 2 × 60 s of 64 connections mixing book pages and progress writes: errors, and resident memory after each minute
# Each throughput figure is the median of three 10-second runs at 64 connections.
#
# Usage: scripts/benchmark-server.sh [BOOKSTRACK] [HELLO_SERVER] [GOODREADS_CSV]
#   BOOKSTRACK     a release build (default .build/release/bookstrack)
#   HELLO_SERVER   default Benchmarks/.build/release/hello-server
#                  (cd Benchmarks && swift build -c release --product hello-server)
#   GOODREADS_CSV  a 100,000-row Goodreads export (default: written by make-library
#                  --goodreads-export, built in Benchmarks the same way)
set -euo pipefail
cd "$(dirname "$0")/.."

bookstrack=${1:-.build/release/bookstrack}
hello=${2:-Benchmarks/.build/release/hello-server}
csv=${3:-}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

if [ -z "$csv" ]; then
  csv="$work/goodreads-100k.csv"
  Benchmarks/.build/release/make-library --goodreads-export "$csv" 100000
fi

export BOOKSTRACK_DATA_DIR="$work/data" BOOKSTRACK_OFFLINE=1
echo "benchmark password" | "$bookstrack" user add reader --password-stdin >/dev/null
token=$("$bookstrack" token create wrk --user reader 2>/dev/null)
"$bookstrack" import "$csv" --user reader >/dev/null 2>&1

port_hello=18301
port_server=18302
"$hello" "$port_hello" >/dev/null 2>&1 & pids+=($!)
"$bookstrack" serve --port "$port_server" >"$work/serve.log" 2>&1 & server_pid=$!; pids+=($server_pid)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port_server/health" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$port_hello/hello" >/dev/null

isbn_url="http://127.0.0.1:$port_server/v1/search/isbn?isbn=9780441172719"
books_url="http://127.0.0.1:$port_server/v1/books?limit=50"
total=$(curl -sf -H "Authorization: Bearer $token" "$books_url" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["total"])')
echo "library: $total books"
[ "$total" -ge 90000 ] || { echo "the library should hold the imported books" >&2; exit 1; }
curl -sf "$isbn_url" >/dev/null   # the first answer fills the cache
curl -sf "$isbn_url" | grep -q '"cached":true' || echo "note: the ISBN answer is not served from the cache" >&2

# "requests/s p99-ms" of one 10-second run.
run() {
  wrk -t2 -c64 -d10s --latency "$@" 2>/dev/null | awk '
    /Requests\/sec/ { rps = $2 }
    / 99%/ { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 }; p99 = v }
    / Non-2xx/ { errors = $NF }
    END { printf "%.0f %.2f %d\n", rps, p99, errors }'
}
median3() { sort -n -k1 | sed -n 2p; }

measure() {
  local name=$1; shift
  local result
  result=$( { run "$@"; run "$@"; run "$@"; } | median3 )
  printf "%-40s %8s req/s  p99 %7s ms  non-2xx %s\n" "$name" $result
  echo "$result" > "$work/$name.result"
}

echo "wrk -t2 -c64 -d10s, median of 3 runs"
measure hello "http://127.0.0.1:$port_hello/hello"
measure isbn-cached "$isbn_url"
measure books-page -H "Authorization: Bearer $token" "$books_url"
# Every request another page (2,000 pages in turn): what a page costs when it is not kept.
cat > "$work/pages.lua" <<LUA
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/v1/books?limit=50&offset=" .. (n % 2000) * 50, {["Authorization"] = "Bearer $token"})
end
LUA
measure books-page-each-once -s "$work/pages.lua" "http://127.0.0.1:$port_server"
hello_rps=$(cut -d' ' -f1 "$work/hello.result")
for name in isbn-cached books-page books-page-each-once; do
  rps=$(cut -d' ' -f1 "$work/$name.result")
  awk -v a="$rps" -v b="$hello_rps" -v n="$name" 'BEGIN { printf "%-40s %.2f of hello\n", n, a / b }'
done

# 60 s of reads and progress writes: one request in four moves a book's progress.
ids=$(curl -sf -H "Authorization: Bearer $token" "http://127.0.0.1:$port_server/v1/books?limit=200&sort=title" \
  | python3 -c 'import json,sys; print(" ".join(b["id"] for b in json.load(sys.stdin)["data"]["books"] if (b.get("edition") or {}).get("pageCount")))')
[ -n "$ids" ] || { echo "no books with a page count to move" >&2; exit 1; }
cat > "$work/mixed.lua" <<LUA
local ids = {}
for id in string.gmatch("$ids", "%S+") do ids[#ids + 1] = id end
local n = 0
request = function()
  n = n + 1
  if n % 4 == 0 then
    local body = '{"page": ' .. (n % 50 + 1) .. '}'
    return wrk.format("POST", "/v1/books/" .. ids[(n % #ids) + 1] .. "/progress",
      {["Authorization"] = "Bearer $token", ["Content-Type"] = "application/json"}, body)
  end
  return wrk.format("GET", "/v1/books?limit=50&offset=" .. (n % 1000) * 50, {["Authorization"] = "Bearer $token"})
end
LUA
# Two minutes in a row: the first fills the connections' page caches; memory is flat when the
# second adds (next to) nothing.
rss_start=$(ps -o rss= -p "$server_pid")
for minute in 1 2; do
  wrk -t2 -c64 -d60s --latency -s "$work/mixed.lua" "http://127.0.0.1:$port_server" > "$work/mixed.txt" 2>&1
  rss[$minute]=$(ps -o rss= -p "$server_pid")
  awk -v m="$minute" '/Requests\/sec/ { print "mixed minute " m ":  " $2 " req/s" } / 99%/ { print "mixed minute " m ":  p99 " $2 } /Non-2xx|Socket errors/ { print "mixed minute " m ":  " $0 }' "$work/mixed.txt"
  grep -q "Non-2xx\|Socket errors" "$work/mixed.txt" || echo "mixed minute $minute:  0 errors"
done
echo "resident memory: ${rss_start} KB before, ${rss[1]} KB after the first mixed minute, ${rss[2]} KB after the second"
