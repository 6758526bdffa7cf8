#!/usr/bin/env bash
# Times `bookstrack list --status reading` and `bookstrack insights` as whole processes on a
# 100,000-book library.
# Usage: scripts/benchmark-cli.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}

command -v hyperfine >/dev/null || { apt-get update && apt-get install -y hyperfine; }

swift build -c release --product bookstrack
(cd Benchmarks && swift build -c release --product make-library)

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
Benchmarks/.build/release/make-library "$data" "$count"

export BOOKSTRACK_DATA_DIR="$data"
hyperfine --warmup 5 --runs 50 --export-markdown /dev/stdout \
  ".build/release/bookstrack list --status reading" \
  ".build/release/bookstrack list" \
  ".build/release/bookstrack insights --year 2025" \
  ".build/release/bookstrack insights"
