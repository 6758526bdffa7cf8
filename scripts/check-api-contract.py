#!/usr/bin/env python3
"""Helpers of scripts/check-api-contract.sh (standard library only).

  free-port                 print a free TCP port on 127.0.0.1
  wait-health URL SECONDS   wait until URL/health answers 200; exit 1 if it does not in time
  seed URL TOKEN            give the scratch account an import job with its report (prints the job's ID)
  rule-refusals URL         print schemathesis configuration from the document's x-rule-refusals
  summary REPORT SECONDS    print one line from schemathesis's NDJSON events file

Imported by schemathesis (SCHEMATHESIS_HOOKS), it adds the check rule_refusal_codes.
"""
import json
import socket
import sys
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        print(s.getsockname()[1])


def wait_health(base, seconds):
    deadline = time.monotonic() + float(seconds)
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/health", timeout=2) as answer:
                if answer.status == 200:
                    return 0
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    print(f"check-api-contract: {base}/health did not answer within {seconds} s", file=sys.stderr)
    return 1


def call(base, token, method, path, body=None, content_type="application/json"):
    headers = {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers["Content-Type"] = content_type
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def seed(base, token):
    """An import job that has finished with a report, so the job routes answer a real one."""
    status, answer = call(base, token, "POST", "/v1/imports?format=generic&dryRun=true",
                          b"Title,Author,Pages\nThe Left Hand of Darkness,Ursula K. Le Guin,304\n", "text/csv")
    if status != 202:
        print(f"check-api-contract: seeding: POST /v1/imports answered {status}: {answer}", file=sys.stderr)
        return 1
    job = answer["data"]["id"]
    for _ in range(100):
        status, answer = call(base, token, "GET", f"/v1/jobs/{job}")
        if status == 200 and answer["data"]["status"] in ("succeeded", "failed", "cancelled"):
            print(job)
            return 0
        time.sleep(0.1)
    print(f"check-api-contract: seeding: job {job} did not finish", file=sys.stderr)
    return 1


# schemathesis's own default for positive_data_acceptance.
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]


def rule_refusals(base):
    """One [[operations]] table per operation whose document lists `x-rule-refusals`: positive_data_acceptance
    also takes those statuses from it (the check rule_refusal_codes then holds them to the codes listed)."""
    with urllib.request.urlopen(base + "/openapi.json", timeout=10) as answer:
        document = json.loads(answer.read())
    for item in document["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict) or not operation.get("x-rule-refusals"):
                continue
            statuses = ACCEPTED + sorted(operation["x-rule-refusals"])
            print(f'\n[[operations]]\ninclude-operation-id = "{operation["operationId"]}"\n'
                  f'checks.positive_data_acceptance.expected-statuses = {json.dumps(statuses)}')
    return 0


def rule_refusal_code(operation, case_is_positive, status, body):
    """Why an answer breaks the operation's `x-rule-refusals`, or None: a request the schema allows that is
    refused with a status the operation lists must carry one of the codes listed for it."""
    codes = (operation.get("x-rule-refusals") or {}).get(str(status))
    if not case_is_positive or codes is None:
        return None
    try:
        code = json.loads(body)["error"]["code"]
    except (ValueError, KeyError, TypeError):
        code = None
    if code in codes:
        return None
    return (f"A schema-valid request was refused with {status} {code or '(no error code)'}; the document's "
            f"x-rule-refusals allow {status} only as {', '.join(codes)}")


def summary(report, seconds):
    """One line from the NDJSON events: cases generated, unique failures by code (one per operation
    and code, as schemathesis counts them), errors, time, seed."""
    cases = errors = 0
    seed_value = None
    operations = 0
    failures = {}
    try:
        lines = open(report, encoding="utf-8").readlines()
    except OSError:
        print(f"API contract: no report from schemathesis ({report}), {float(seconds):.0f} s")
        return 0
    for line in lines:
        event = json.loads(line)
        for kind, body in event.items():
            if kind == "Initialize":
                seed_value = body.get("seed")
            elif kind == "LoadingFinished":
                operations = ((body.get("statistic") or {}).get("operations") or {}).get("selected", 0)
            elif kind == "ScenarioFinished":
                recorder = body.get("recorder") or {}
                cases += len(recorder.get("cases") or {})
                for checks in (recorder.get("checks") or {}).values():
                    for check in checks:
                        if check.get("status") == "failure":
                            failure = (check.get("failure_info") or {}).get("failure") or {}
                            key = (failure.get("operation"), failure.get("code") or check.get("name"))
                            failures[key] = failure.get("code") or check.get("name")
            elif kind == "NonFatalError":
                errors += 1
    by_code = {}
    for code in failures.values():
        by_code[code] = by_code.get(code, 0) + 1
    codes = f" ({', '.join(f'{code} {count}' for code, count in sorted(by_code.items()))})" if by_code else ""
    print(f"API contract: {cases} cases, {operations} operations, {len(failures)} unique failures{codes}, "
          f"{errors} errors, {float(seconds):.0f} s, seed {seed_value}")
    return 0


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    sys.exit({"free-port": free_port, "wait-health": wait_health, "seed": seed, "rule-refusals": rule_refusals,
              "summary": summary}[command](*arguments) or 0)
else:
    import schemathesis

    @schemathesis.check
    def rule_refusal_codes(ctx, response, case):
        """A refusal that positive_data_acceptance lets pass by the operation's x-rule-refusals has a code listed there."""
        meta = case.meta
        positive = meta is not None and meta.generation.mode.is_positive
        problem = rule_refusal_code(case.operation.definition.raw, positive, response.status_code, response.content)
        if problem:
            raise AssertionError(problem)
        return None
