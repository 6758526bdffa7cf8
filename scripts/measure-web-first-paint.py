#!/usr/bin/env python3
"""First paint of the web app's library page in headless Chromium, from the browser's own
performance timing (first-contentful-paint), on loopback: the median of 15 loads.

Usage: scripts/measure-web-first-paint.py SITE NAME PASSWORD
  SITE      a running `bookstrack serve`, for example http://127.0.0.1:18330
  NAME, PASSWORD   an account of it (measure-web-library.sh makes one with a large library)
"""
import os, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import call, new_session, start_driver

site, name, password = sys.argv[1], sys.argv[2], sys.argv[3]

driver, base = start_driver()
try:
    s = new_session(base, ["--window-size=390,844"])
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
