#!/usr/bin/env bash
# Times the import figures as whole processes: a first import of a generated 100,000-row Goodreads
# export into an empty library, the same import again, the first `insights` after it and a JSON
# export (wall time and peak memory), then one import of 300,000 rows, whose time is compared with
# the median of the 100,000-row ones.
#
# This machine's speed changes from minute to minute, so before each round the same 100,000-row
# file goes through `sqlite3 .import`, the yardstick the import's figures were first given beside
# (0.46 s then): the summary gives each import's time as a multiple of the yardstick of its round.
#
# Usage: scripts/benchmark-import.sh [ROUNDS]   (default 6; BOOKSTRACK=path uses a built binary)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-6}

missing=()
command -v sqlite3 >/dev/null || missing+=(sqlite3)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then apt-get update && apt-get install -y "${missing[@]}"; fi

if [ -z "${BOOKSTRACK:-}" ]; then
  swift build -c release --product bookstrack
  BOOKSTRACK=$PWD/.build/release/bookstrack
fi
(cd Benchmarks && swift build -c release --product make-library)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
Benchmarks/.build/release/make-library --goodreads-export "$work/goodreads-100k.csv" 100000 >/dev/null
Benchmarks/.build/release/make-library --goodreads-export "$work/goodreads-300k.csv" 300000 >/dev/null
results="$work/results.txt"

# One whole-process run: "<step> <wall s> <user s> <sys s> <peak KB>".
run() {
  local step=$1 library=$2; shift 2
  sync; sleep 2
  BOOKSTRACK_OFFLINE=1 BOOKSTRACK_DATA_DIR=$library /usr/bin/time -o "$work/time" -f "%e %U %S %M" \
    "$BOOKSTRACK" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  echo "$step $(tail -1 "$work/time")" | tee -a "$results"
}

yardstick() {
  rm -f "$work/yardstick.db"; sync; sleep 1
  /usr/bin/time -o "$work/time" -f "%e %U %S %M" sqlite3 "$work/yardstick.db" ".mode csv" ".import $work/goodreads-100k.csv t"
  echo "yardstick $(tail -1 "$work/time")" | tee -a "$results"
}

for _ in $(seq "$rounds"); do
  yardstick
  library=$(mktemp -d "$work/library.XXXX")
  run import "$library" import "$work/goodreads-100k.csv"
  run reimport "$library" import "$work/goodreads-100k.csv"
  run insights "$library" insights
  run export "$library" export --format json -o "$library/export.json"
  rm -rf "$library"
done
yardstick
library=$(mktemp -d "$work/library.XXXX")
run import300k "$library" import "$work/goodreads-300k.csv" --max-rows 300000 --max-bytes 70000000

python3 - "$results" <<'EOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
steps = {}
for step, wall, user, system, peak in rows:
    steps.setdefault(step, []).append((float(wall), int(peak) / 1000))
# Each import against the yardstick run just before it.
ratios, yard = [], None
for step, wall, *_ in rows:
    if step == "yardstick": yard = float(wall)
    elif step == "import" and yard: ratios.append(float(wall) / yard)
print("| step | runs | median | range | peak memory |")
print("|---|---|---|---|---|")
for step in ["yardstick", "import", "reimport", "insights", "export", "import300k"]:
    runs = steps.get(step, [])
    if not runs: continue
    walls = [wall for wall, _ in runs]
    peaks = [peak for _, peak in runs]
    print(f"| {step} | {len(runs)} | {statistics.median(walls):.2f} s | {min(walls):.2f}–{max(walls):.2f} s "
          f"| {min(peaks):.0f}–{max(peaks):.0f} MB |")
imports = [wall for wall, _ in steps["import"]]
print()
print(f"100,000-row import ÷ its round's yardstick: median {statistics.median(ratios):.1f}× "
      f"({min(ratios):.1f}–{max(ratios):.1f}×); 6 s at the yardstick's 0.46 s is 13.0×")
print(f"300,000-row import ÷ median 100,000-row import: {steps['import300k'][0][0] / statistics.median(imports):.2f}×")
EOF
