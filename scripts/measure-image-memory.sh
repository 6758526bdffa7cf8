#!/usr/bin/env bash
# The server's memory under image uploads: starts a scratch `bookstrack serve`, sends PARALLEL
# uploads at once of a 10,000 × 10,000 16-bit RGBA PNG (778 KB: a few bytes that decode to
# 800 MB) to /v1/search/barcode, and prints the process's memory before, at its peak (VmHWM) and
# once they are answered, with the answers' statuses.
#
#   scripts/measure-image-memory.sh [BOOKSTRACK_BINARY [PARALLEL]]
#
# BOOKSTRACK_BINARY defaults to .build/debug/bookstrack, PARALLEL to 8. Needs python3 and curl.
set -euo pipefail

BIN=${1:-.build/debug/bookstrack}
PARALLEL=${2:-8}
[[ -x $BIN ]] || { echo "no bookstrack binary at $BIN" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT

python3 - "$WORK/big16.png" <<'PY'
import struct, sys, zlib
width = height = 10_000
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
compressor = zlib.compressobj(9)
row = b"\x00" * (1 + width * 8)
idat = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
header = struct.pack(">IIBBBBB", width, height, 16, 6, 0, 0, 0)
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
PY

export BOOKSTRACK_DATA_DIR=$WORK/data BOOKSTRACK_OFFLINE=1 BOOKSTRACK_PASSWORD="measure images"
"$BIN" user add reader >/dev/null
TOKEN=$("$BIN" token create measure --user reader 2>/dev/null)
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$BIN" serve --port "$PORT" >"$WORK/serve.log" 2>&1 &
PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.2; done

kb() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$PID/status"; }
before=$(kb VmRSS)
started=$(date +%s.%N)
for i in $(seq "$PARALLEL"); do
    curl -s -o /dev/null -w '%{http_code}\n' -H "Authorization: Bearer $TOKEN" --data-binary @"$WORK/big16.png" \
        "http://127.0.0.1:$PORT/v1/search/barcode" >"$WORK/status-$i" &
done
wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
elapsed=$(echo "$(date +%s.%N) - $started" | bc)
sleep 2
after=$(kb VmRSS)
peak=$(kb VmHWM)
echo "statuses: $(sort "$WORK"/status-* | uniq -c | awk '{ printf "%s×%s ", $1, $2 }')"
printf 'uploads: %d at once, all answered in %.1f s\n' "$PARALLEL" "$elapsed"
printf 'memory (MB of 1,000 KB): before %d, peak %d, 2 s after the last answer %d (%+d)\n' \
    $((before / 1000)) $((peak / 1000)) $((after / 1000)) $(((after - before) / 1000))
