#!/usr/bin/env python3
"""The connection flood of issue 43 against a scratch `bookstrack serve`, as a pentester would send it.

    python3 scripts/flood-connections.py [BOOKSTRACK_BINARY]

Starts the server under `ulimit -n 1024` on a loopback port with a scratch data folder, opens 1,100
sockets from ten loopback addresses (127.0.2.1 to 127.0.11.1; half silent, half stopping inside a
request head), asks /health five times from another address while they are held, then checks 12 s
later how many the server closed, that /health answers and that the process lives. Every socket
goes to 127.0.0.1; nothing leaves the machine.
"""
import shutil
import tempfile
import os
import socket
import subprocess
import sys
import time
import urllib.request
binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/bookstrack"
port = 18777
work = tempfile.mkdtemp(prefix="bookstrack-flood-")
data = os.path.join(work, "data")
env = dict(os.environ, BOOKSTRACK_OFFLINE="1", BOOKSTRACK_DATA_DIR=data)
server = subprocess.Popen(["/bin/sh", "-c", f"ulimit -n 1024 && exec {binary} serve --port {port}"], env=env, stdout=open(os.path.join(work, "serve.log"), "w"), stderr=subprocess.STDOUT)
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2); break
    except Exception: time.sleep(0.2)
def health(src):
    s = socket.socket(); s.settimeout(5); s.bind((src, 0)); s.connect(("127.0.0.1", port))
    s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    data = b""
    try:
        while True:
            chunk = s.recv(4096)
            if not chunk: break
            data += chunk
    except Exception as e:
        pass
    s.close()
    return data.split(b"\r\n")[0].decode() if data else "no answer"
socks = []
opened = 0
t0 = time.time()
for i in range(1100):
    src = f"127.0.{i % 10 + 2}.1"
    try:
        s = socket.socket(); s.bind((src, 0)); s.setblocking(True); s.settimeout(2); s.connect(("127.0.0.1", port))
        if i % 2: s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        socks.append(s); opened += 1
    except Exception as e:
        pass
print(f"opened {opened} sockets from 10 addresses (half silent, half inside a head) against ulimit -n 1024 in {time.time()-t0:.1f} s")
answers = [health("127.0.0.200") for _ in range(5)]
print("health from another address while held:", answers)
time.sleep(12)
closed = 0
for s in socks:
    try:
        s.settimeout(0.5)
        if s.recv(10) == b"": closed += 1
    except ConnectionResetError: closed += 1
    except Exception: pass
print(f"closed by the server 12 s later: {closed} of {len(socks)}")
print("health after:", health("127.0.0.200"), "| server alive:", server.poll() is None)
server.kill()
server.wait()
shutil.rmtree(work, ignore_errors=True)
