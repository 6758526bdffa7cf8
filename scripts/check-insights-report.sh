#!/usr/bin/env bash
# Renders the sample insights report (a year, all time, an empty library) and screenshots it in headless
# Chromium at a desktop and a phone width, to look at before changing the report's layout.
# Usage: scripts/check-insights-report.sh [OUTPUT_DIR]   (default /tmp)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(cd "${1:-/tmp}" && pwd)

command -v chromium >/dev/null || { apt-get update && apt-get install -y chromium; }

swift build --build-tests
BOOKSTRACK_REPORT_SAMPLE="$out/insights.html" \
  swift test --skip-build --filter InsightsSampleReportTests

shoot() { # page, screenshot, width, height
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --screenshot="$2" --window-size="$3,$4" "file://$1" 2>/dev/null
}
shoot "$out/insights.html" "$out/insights.png" 1280 2400
shoot "$out/insights.html" "$out/insights-phone.png" 420 6400
shoot "$out/insights-all-time.html" "$out/insights-all-time.png" 1280 2400
shoot "$out/insights-empty.html" "$out/insights-empty.png" 1280 1400

echo "Pages:       $out/insights.html $out/insights-all-time.html $out/insights-empty.html"
echo "Screenshots: $out/insights.png $out/insights-phone.png $out/insights-all-time.png $out/insights-empty.png"
