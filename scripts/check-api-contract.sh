#!/usr/bin/env bash
# The API against its OpenAPI document: starts a scratch `bookstrack serve` (offline, a fresh data
# folder, an account with a token and a few books) and runs schemathesis against the document the
# server serves at /openapi.json, with a fixed seed so a CI run is repeatable. Every schemathesis check
# runs, and one of the helper's own: rule_refusal_codes (see x-rule-refusals below).
#
#   scripts/check-api-contract.sh [BOOKSTRACK_BINARY [EXAMPLES_PER_OPERATION]]
#
# BOOKSTRACK_BINARY defaults to .build/debug/bookstrack, EXAMPLES_PER_OPERATION to 20 (about 30 s
# on 2 cores; the first run also installs schemathesis, about 10 s more). The server serves the
# openapi.json copied into its build: build again after changing the document.
#
# Environment (all optional):
#   BOOKSTRACK_CONTRACT_SEED            the seed (default 20261125); a failure is replayed with it
#   BOOKSTRACK_CONTRACT_VENV            where schemathesis is installed (default: a cache folder)
#   BOOKSTRACK_CONTRACT_REPORT_DIR      keep schemathesis's NDJSON and JUnit reports there
#   BOOKSTRACK_CONTRACT_EXCLUDE_CHECKS  checks to skip, comma-separated (by hand only; CI runs them all)
#
# Prints one line of figures at the end. Exits 0 when every check passes, 1 when schemathesis reports
# a failure (the failures are printed above, each with a curl command that reproduces it), 2 when
# the check could not run.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
BIN=${1:-.build/debug/bookstrack}
EXAMPLES=${2:-20}
SEED=${BOOKSTRACK_CONTRACT_SEED:-20261125}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
HELPER="$HERE/check-api-contract.py"

say() { printf 'check-api-contract: %s\n' "$*" >&2; }
fail() { say "$*"; exit 2; }

[[ -x $BIN ]] || fail "no bookstrack binary at $BIN (swift build --product bookstrack, or pass its path)"
[[ $EXAMPLES =~ ^[1-9][0-9]*$ ]] || fail "the number of examples per operation is a positive integer, not '$EXAMPLES'"
[[ $SEED =~ ^[0-9]+$ ]] || fail "BOOKSTRACK_CONTRACT_SEED is a number, not '$SEED'"
command -v python3 >/dev/null || fail "python3 (3.11 or later, for schemathesis) is needed"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || fail "schemathesis $SCHEMATHESIS_VERSION needs python3 3.11 or later; this one is $(python3 -V 2>&1)"
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

# --- schemathesis in a virtualenv of its own, made once --------------------------------------
VENV=${BOOKSTRACK_CONTRACT_VENV:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/bookstrack/schemathesis-$SCHEMATHESIS_VERSION}
if [[ -z ${BOOKSTRACK_CONTRACT_VENV:-} ]] && ! mkdir -p "$(dirname "$VENV")" 2>/dev/null; then
    VENV=${TMPDIR:-/tmp}/bookstrack-schemathesis-$SCHEMATHESIS_VERSION
fi
if ! "$VENV/bin/st" --version 2>/dev/null | grep -qF "$SCHEMATHESIS_VERSION"; then
    if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
        if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
            say "python3 cannot make a virtualenv; installing python3-venv"
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null ||
                { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null; } ||
                fail "apt-get could not install python3-venv"
            python3 -c 'import ensurepip, venv' 2>/dev/null ||
                fail "python3-venv is installed but $(command -v python3) still cannot make a virtualenv (not Debian's python3?)"
        else
            fail "python3 cannot make a virtualenv (the venv module or ensurepip is missing): install python3-venv (sudo apt-get install python3-venv) and run again"
        fi
    fi
    say "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
    rm -rf "$VENV"
    mkdir -p "$(dirname "$VENV")"
    python3 -m venv "$VENV" || fail "python3 -m venv $VENV failed"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" ||
        { rm -rf "$VENV"; fail "pip could not install schemathesis $SCHEMATHESIS_VERSION"; }
fi

# --- a scratch server, stopped and removed on every exit ---------------------------------------
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bookstrack-contract.XXXXXX")
SERVER_PID=
ST_PID=
cleanup() {
    local status=$?
    if [[ -n $ST_PID ]]; then
        kill "$ST_PID" 2>/dev/null || true
        wait "$ST_PID" 2>/dev/null || true
    fi
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

export BOOKSTRACK_DATA_DIR="$WORK/data" BOOKSTRACK_OFFLINE=1
unset BOOKSTRACK_PUBLIC_URL BOOKSTRACK_HOST BOOKSTRACK_PORT BOOKSTRACK_SIGN_UP BOOKSTRACK_PROVIDERS
NAME=contract
printf 'contract-check-password\n' | "$BIN" user add "$NAME" --admin --password-stdin >/dev/null
TOKEN=$("$BIN" token create contract-check --user "$NAME" 2>/dev/null)
TOKEN=${TOKEN%%$'\n'*}
[[ $TOKEN == bt_* ]] || fail "bookstrack token create did not print a token"
"$BIN" add --user "$NAME" "The Dispossessed" --author "Ursula K. Le Guin" --pages 387 --status reading --owned --tag sf >/dev/null
"$BIN" add --user "$NAME" "Piranesi" --author "Susanna Clarke" --pages 272 --status wishlist >/dev/null
"$BIN" add --user "$NAME" "Middlemarch" --author "George Eliot" --pages 880 --status read >/dev/null

PORT=$(python3 "$HELPER" free-port)
BASE="http://127.0.0.1:$PORT"
# Sign-up open, so POST /v1/accounts is tested past its 403.
"$BIN" serve --host 127.0.0.1 --port "$PORT" --sign-up open >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
python3 "$HELPER" wait-health "$BASE" 30 || { tail -n 20 "$WORK/server.log" >&2; exit 2; }
JOB=$(python3 "$HELPER" seed "$BASE" "$TOKEN") || exit 2

# --- schemathesis ------------------------------------------------------------------------------
# 413 is a correct refusal of a schema-violating body too large for the server's body limit. The
# job routes get the seeded job's ID (random ones only find 404): its report, 409 JOB_FINISHED and
# 426 UPGRADE_REQUIRED are then tested too.
cat >"$WORK/schemathesis.toml" <<TOML
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]

[[operations]]
include-operation-id = "getJob"
parameters = { id = "$JOB" }

[[operations]]
include-operation-id = "cancelJob"
parameters = { id = "$JOB" }

[[operations]]
include-operation-id = "followJobProgress"
parameters = { jobId = "$JOB" }
TOML

# A request the schema allows may still be refused by a rule a schema cannot state (an ISBN's check
# digit, a page past the book's last page, an acquire of a book that is not on the wishlist, a plain
# GET of the WebSocket route): the document lists those refusals, status and codes, as each
# operation's x-rule-refusals. positive_data_acceptance takes those statuses, and the helper's check
# rule_refusal_codes (loaded as schemathesis's hooks) holds them to the codes listed.
python3 "$HELPER" rule-refusals "$BASE" >>"$WORK/schemathesis.toml" || fail "could not read the document's x-rule-refusals"
mkdir -p "$WORK/hooks"
cp "$HELPER" "$WORK/hooks/check_api_contract.py"

# Every check runs, positive_data_acceptance included.
EXCLUDE_CHECKS=${BOOKSTRACK_CONTRACT_EXCLUDE_CHECKS:-}
REPORT_DIR=${BOOKSTRACK_CONTRACT_REPORT_DIR:-$WORK/reports}
mkdir -p "$REPORT_DIR"
REPORT_DIR=$(cd "$REPORT_DIR" && pwd)
NDJSON="$REPORT_DIR/schemathesis.ndjson"

say "schemathesis $SCHEMATHESIS_VERSION against $BASE: $EXAMPLES examples per operation, seed $SEED"
STARTED=$SECONDS
set +e
# Not tested: DELETE /v1/tokens/{id} would revoke the run's own token (GET /v1/tokens lists it).
# Run from the scratch folder (schemathesis keeps a .schemathesis cache in its working directory),
# in the background so that a signal stops the run at once (bash runs traps only between commands).
(cd "$WORK" && PYTHONPATH="$WORK/hooks" SCHEMATHESIS_HOOKS=check_api_contract exec "$VENV/bin/st" --config-file "$WORK/schemathesis.toml" run "$BASE/openapi.json" \
    --header "Authorization: Bearer $TOKEN" \
    --exclude-operation-id revokeToken \
    --checks all ${EXCLUDE_CHECKS:+--exclude-checks "$EXCLUDE_CHECKS"} \
    --max-examples "$EXAMPLES" --seed "$SEED" --generation-database none --continue-on-failure \
    --generation-with-security-parameters false \
    --workers 1 --request-timeout 5 --no-color \
    --report ndjson,junit --report-ndjson-path "$NDJSON" --report-junit-path "$REPORT_DIR/junit.xml") &
ST_PID=$!
wait "$ST_PID"
STATUS=$?
ST_PID=
set -e
python3 "$HELPER" summary "$NDJSON" "$((SECONDS - STARTED))" || true
if [[ $STATUS -ne 0 ]]; then
    say "schemathesis reported failures (exit $STATUS); server log: last lines follow"
    tail -n 20 "$WORK/server.log" >&2
fi
exit "$STATUS"
