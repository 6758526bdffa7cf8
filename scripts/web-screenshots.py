#!/usr/bin/env python3
"""Screenshots of the web app's pages at 390 px and 1280 px wide, in the light and dark system
themes and in one of the other colour themes, written as PNG files to look at; and a contrast
check of every text on every page in all five themes, light and dark (failures are printed).

Usage: scripts/web-screenshots.py BOOKSTRACK OUTPUT_FOLDER
It starts `bookstrack serve` over a scratch data folder (offline), makes an account, imports a
sample Goodreads export, and drives Debian's chromium through chromedriver (W3C WebDriver).
"""
import base64, os, shutil, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import call, free_port, new_session, start_driver

bookstrack, output = sys.argv[1], sys.argv[2]
os.makedirs(output, exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))
sample = os.path.join(here, "..", "..", "shared", "samples", "exports", "goodreads-31col.csv")

work = tempfile.mkdtemp(prefix="bookstrack-screens")
environment = dict(os.environ, BOOKSTRACK_DATA_DIR=work, BOOKSTRACK_OFFLINE="1", BOOKSTRACK_PASSWORD="password-reader")
subprocess.run([bookstrack, "user", "add", "reader", "--password-stdin"], input=b"password-reader\n", env=environment, check=True,
               stdout=subprocess.DEVNULL)
if os.path.exists(sample):
    subprocess.run([bookstrack, "import", sample, "--user", "reader"], env=environment, check=True, stdout=subprocess.DEVNULL)
port = free_port()
server = subprocess.Popen([bookstrack, "serve", "--port", str(port)], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
driver, base = start_driver()
site = f"http://127.0.0.1:{port}"
try:
    for _ in range(100):
        try:
            urllib.request.urlopen(site + "/health", timeout=1)
            break
        except Exception:
            time.sleep(0.1)
    s = new_session(base, ["--hide-scrollbars"])
    def element(selector):
        return list(call(base, "POST", s + "/element", {"using": "css selector", "value": selector})["value"].values())[0]
    call(base, "POST", s + "/url", {"url": site + "/signin"})
    shots = [("signin", "/signin")]
    call(base, "POST", s + f"/element/{element('#name')}/value", {"text": "reader"})
    call(base, "POST", s + f"/element/{element('#password')}/value", {"text": "password-reader"})
    call(base, "POST", s + f"/element/{element('main form button[type=submit]')}/click")
    call(base, "POST", s + "/url", {"url": site + "/library?view=list"})
    book = call(base, "POST", s + "/execute/sync", {"script": "return document.querySelector('.list a').getAttribute('href')", "args": []})["value"]
    author = call(base, "POST", s + "/execute/sync", {"script": "return fetch('/authors').then(r => r.text()).then(t => (t.match(/href=\"(\\/authors\\/[0-9a-f-]{36})\"/) || [])[1])", "args": []})["value"]
    shots += [("library", "/library"), ("library-list", "/library?view=list"), ("book", book), ("search", "/search?q=Kindred"),
              ("import", "/import"), ("insights", "/insights"), ("insights-year", "/insights?year=2024"), ("authors", "/authors"),
              ("author", author or "/authors"), ("settings", "/settings"), ("delete", "/settings/delete"), ("join", "/join"), ("review", "/review"),
              ("not-found", "/books/00000000-0000-0000-0000-000000000000")]
    # Every text on the page against the background it is drawn on (WCAG 2 contrast): what is
    # below 4.5:1 (3:1 for large text) is printed.
    contrast = """
        const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null; const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
        const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
        const background = el => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c && c.a > 0.5) return c; } return parse(getComputedStyle(document.documentElement).backgroundColor) || {r: 255, g: 255, b: 255}; };
        const failures = [];
        for (const el of document.querySelectorAll('body *')) {
          if (!Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) continue;
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[hidden]') || el.getClientRects().length === 0) continue;
          if (el.closest('.sr-only') || el.closest('svg')) continue;
          const fg = parse(style.color), bg = background(el);
          const a = lum(fg), b = lum(bg), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
          const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
          if (ratio < needed) failures.push(el.tagName.toLowerCase() + '.' + el.className + ' "' + el.textContent.trim().slice(0, 30) + '" ' + ratio.toFixed(2));
        }
        return failures;
    """
    for theme in ["liquid-blue", "cosmic-purple", "forest-green", "sunset-orange", "moonlight-silver"]:
        call(base, "POST", s + "/cookie", {"cookie": {"name": "bt_theme", "value": theme, "path": "/"}})
        for scheme in ["light", "dark"]:
            call(base, "POST", s + "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia",
                                                         "params": {"features": [{"name": "prefers-color-scheme", "value": scheme}]}})
            # Every theme is checked for contrast; screenshots of all widths for two of them.
            for width in ([390, 1280] if theme in ["liquid-blue", "sunset-orange"] else [390]):
                call(base, "POST", s + "/window/rect", {"width": width, "height": 900})
                for name, path in shots:
                    call(base, "POST", s + "/url", {"url": site + path})
                    if width == 390:
                        for failure in call(base, "POST", s + "/execute/sync", {"script": contrast, "args": []})["value"]:
                            print(f"contrast below the WCAG minimum: {name} {theme} {scheme}: {failure}")
                    png = base64.b64decode(call(base, "GET", s + "/screenshot")["value"])
                    file = os.path.join(output, f"{name}-{width}-{theme}-{scheme}.png")
                    with open(file, "wb") as f:
                        f.write(png)
    call(base, "DELETE", s)
    print(f"{len(os.listdir(output))} screenshots in {output}")
finally:
    driver.kill()
    server.kill()
    shutil.rmtree(work, ignore_errors=True)
