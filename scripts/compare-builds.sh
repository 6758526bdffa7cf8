#!/usr/bin/env bash
# Two release builds of bookstrack side by side on one file, in one sitting, each step run by one
# and then the other (so the machine's slower minutes fall on both):
#   - whole processes on a 100,000-row Goodreads export: a first import into an empty library, the
#     same import again, `insights`, a JSON export, `list --status reading` (wall time and peak
#     memory, median of ROUNDS);
#   - `bookstrack serve` under wrk -t2 -c64 -d10s: GET /v1/books?limit=50 every request another of
#     2,000 pages, the same page again and again (the page cache), a cached ISBN search (median of
#     three runs each).
# Before and after a change that should cost nothing, every ratio should be within a few percent.
#
# Usage: scripts/compare-builds.sh BEFORE AFTER GOODREADS_CSV [ROUNDS]
#   BEFORE, AFTER   two bookstrack executables (swift build -c release --product bookstrack, in two
#                   worktrees: git worktree add ../before REV)
#   GOODREADS_CSV   a Goodreads export of 100,000 rows, e.g. from the benchmarks' generator:
#                   (cd Benchmarks && swift build -c release --product make-library) &&
#                   Benchmarks/.build/release/make-library --goodreads-export goodreads.csv 100000
set -euo pipefail
before=$1; after=$2; csv=$3; rounds=${4:-5}
missing=()
[ -x /usr/bin/time ] || missing+=(time)
command -v wrk >/dev/null || missing+=(wrk)
if [ ${#missing[@]} -gt 0 ]; then apt-get update && apt-get install -y "${missing[@]}"; fi

work=$(mktemp -d); pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export BOOKSTRACK_OFFLINE=1
binary() { if [ "$1" = before ]; then echo "$before"; else echo "$after"; fi; }

# "<build> <step> <seconds> <peak KB>" for one whole process.
step() {
  local build=$1 name=$2; shift 2
  sync; sleep 1
  BOOKSTRACK_DATA_DIR=$work/cli-$build /usr/bin/time -o "$work/time" -f "%e %M" "$(binary "$build")" "$@" >/dev/null 2>"$work/stderr" \
    || { cat "$work/stderr" >&2; exit 1; }
  echo "$build $name $(cat "$work/time")" >> "$work/processes"
}
for _ in $(seq "$rounds"); do
  for build in before after; do
    rm -rf "$work/cli-$build"
    step "$build" import import "$csv"
    step "$build" reimport import "$csv"
    step "$build" insights insights
    step "$build" export export --format json -o "$work/export.json"
    step "$build" list list --status reading
    rm -f "$work/export.json"
  done
done

# One library for the servers, copied for each build.
BOOKSTRACK_DATA_DIR=$work/seed bash -c "echo 'benchmark password' | '$after' user add reader --password-stdin >/dev/null"
token=$(BOOKSTRACK_DATA_DIR=$work/seed "$after" token create wrk --user reader 2>/dev/null)
BOOKSTRACK_DATA_DIR=$work/seed "$after" import "$csv" --user reader >/dev/null 2>&1
cp -r "$work/seed" "$work/server-before"; cp -r "$work/seed" "$work/server-after"
cat > "$work/pages.lua" <<LUA
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "/v1/books?limit=50&offset=" .. (n % 2000) * 50, {["Authorization"] = "Bearer $token"})
end
LUA
# "<requests/s> <p99 ms>" of one 10-second run.
measure() {
  wrk -t2 -c64 -d10s --latency "$@" 2>/dev/null | awk '
    /Requests\/sec/ { rps = $2 }
    / 99%/ { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 }; p99 = v }
    END { printf "%.0f %.2f\n", rps, p99 }'
}
port=18500
for _ in 1 2 3; do
  for build in before after; do
    port=$((port + 1))
    BOOKSTRACK_DATA_DIR=$work/server-$build "$(binary "$build")" serve --port $port >"$work/serve-$build.log" 2>&1 & pid=$!; pids+=($pid)
    for _ in $(seq 200); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
    isbn="http://127.0.0.1:$port/v1/search/isbn?isbn=9780441172719"
    curl -sf "$isbn" >/dev/null || true
    echo "$build every-page $(measure -s "$work/pages.lua" "http://127.0.0.1:$port")" >> "$work/requests"
    echo "$build same-page $(measure -H "Authorization: Bearer $token" "http://127.0.0.1:$port/v1/books?limit=50")" >> "$work/requests"
    echo "$build isbn-cached $(measure "$isbn")" >> "$work/requests"
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
done

python3 - "$work/processes" "$work/requests" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    build, name, seconds, kilobytes = line.split()
    runs[(name, build)].append((float(seconds), int(kilobytes)))
print("whole processes (median s, peak MB)")
for name in ["import", "reimport", "insights", "export", "list"]:
    b, a = runs[(name, "before")], runs[(name, "after")]
    mb, ma = statistics.median(s for s, _ in b), statistics.median(s for s, _ in a)
    print(f"  {name:9s} before {mb:6.2f} s {max(k for _, k in b) // 1024:4d} MB   after {ma:6.2f} s {max(k for _, k in a) // 1024:4d} MB   after/before {ma / mb:.3f}")
requests = collections.defaultdict(list)
for line in open(sys.argv[2]):
    build, name, rps, p99 = line.split()
    requests[(name, build)].append((float(rps), float(p99)))
print("serve, wrk -t2 -c64 -d10s (median of 3)")
for name in ["every-page", "same-page", "isbn-cached"]:
    b, a = requests[(name, "before")], requests[(name, "after")]
    rb, ra = statistics.median(r for r, _ in b), statistics.median(r for r, _ in a)
    pb, pa = statistics.median(p for _, p in b), statistics.median(p for _, p in a)
    print(f"  {name:11s} before {rb:7.0f} req/s p99 {pb:6.1f} ms   after {ra:7.0f} req/s p99 {pa:6.1f} ms   after/before {ra / rb:.3f}")
PY
