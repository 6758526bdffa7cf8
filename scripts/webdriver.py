"""What the web app's scripts share: a free loopback port, a W3C WebDriver call, and a headless
Chromium session through Debian's chromedriver."""
import json, shutil, socket, subprocess, time, urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None):
    data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read() or b"{}")


def start_driver():
    """chromedriver on a free port, once it answers: (process, base URL)."""
    port = free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            call(base, "GET", "/status")
            break
        except Exception:
            time.sleep(0.1)
    return driver, base


def new_session(base, extra_args=()):
    """A headless Chromium session; answers its path ("/session/ID")."""
    options = {"binary": shutil.which("chromium") or "/usr/bin/chromium",
               "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", *extra_args]}
    session = call(base, "POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}})
    return "/session/" + session["value"]["sessionId"]
