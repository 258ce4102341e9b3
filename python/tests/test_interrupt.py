"""A long computation releases the GIL and stops on Ctrl-C with KeyboardInterrupt, and the
interpreter goes on."""

import signal
import subprocess
import sys
import time

from conftest import run_python
import os

# L = 16384, D = 512 logits: about 1.4·10¹¹ multiply-adds, seconds to minutes on two cores.
LONG = "posviz.scores(seq_len=16384, dim=512, max_bytes=8 << 30)"

CHILD = f"""
import sys, time, threading
import posviz
ticks = []
threading.Thread(target=lambda: [ticks.append(time.sleep(0.01)) for _ in range(100000)],
                 daemon=True).start()
print("start", flush=True)
t0 = time.monotonic()
try:
    {LONG}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted after %.2f s" % (time.monotonic() - t0), flush=True)
print("ticks", len(ticks) > 10, flush=True)
print("after", posviz.scores(seq_len=4, dim=2).shape, flush=True)
"""


def test_ctrl_c_interrupts_a_long_computation():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    assert child.stdout.readline().strip() == "start"
    time.sleep(1.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    waited = time.monotonic() - sent
    assert child.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out
    assert "ticks True" in lines  # other Python threads ran while it computed (GIL released)
    assert "after (4, 4)" in lines
    assert waited < 10, f"{waited:.1f} s from SIGINT to the end"
