#!/usr/bin/env python3
"""First paint of the web app's library page in headless Chromium, from the browser's own
performance timing (first-contentful-paint), on loopback: the median of 15 loads.

Usage: scripts/measure-web-first-paint.py SITE NAME PASSWORD
  SITE      a running `bookstrack serve`, for example http://127.0.0.1:18330
  NAME, PASSWORD   an account of it (measure-web-library.sh makes one with a large library)
"""
import json, shutil, socket, statistics, subprocess, sys, time, urllib.request

site, name, password = sys.argv[1], sys.argv[2], sys.argv[3]

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def call(base, method, path, body=None):
    data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read() or b"{}")

port = free_port()
driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
base = f"http://127.0.0.1:{port}"
try:
    for _ in range(100):
        try:
            call(base, "GET", "/status")
            break
        except Exception:
            time.sleep(0.1)
    session = call(base, "POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
        "binary": shutil.which("chromium") or "/usr/bin/chromium",
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"]}}}})["value"]["sessionId"]
    s = f"/session/{session}"
    def element(selector):
        return list(call(base, "POST", s + "/element", {"using": "css selector", "value": selector})["value"].values())[0]
    def run(script):
        return call(base, "POST", s + "/execute/sync", {"script": script, "args": []})["value"]
    call(base, "POST", s + "/url", {"url": site + "/signin"})
    call(base, "POST", s + f"/element/{element('#name')}/value", {"text": name})
    call(base, "POST", s + f"/element/{element('#password')}/value", {"text": password})
    call(base, "POST", s + f"/element/{element('main form button[type=submit]')}/click")
    paints, loads = [], []
    for attempt in range(16):
        call(base, "POST", s + "/url", {"url": site + "/library"})
        for _ in range(50):
            timing = run("""
                const paint = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint');
                const navigation = performance.getEntriesByType('navigation')[0];
                return paint && navigation && navigation.loadEventEnd > 0 ? [paint.startTime, navigation.loadEventEnd] : null;
                """)
            if timing:
                break
            time.sleep(0.05)
        if attempt > 0 and timing:  # the first load warms the browser's caches of app.css and app.js
            paints.append(timing[0])
            loads.append(timing[1])
    books = run("return (document.querySelector('[role=status]') || {}).textContent || ''")
    call(base, "DELETE", s)
    print(f"library page in Chromium ({books.strip()}): first contentful paint median {statistics.median(paints):.1f} ms "
          f"(min {min(paints):.1f}, max {max(paints):.1f}, {len(paints)} loads); load event median {statistics.median(loads):.1f} ms")
finally:
    driver.kill()
