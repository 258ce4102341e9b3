#!/usr/bin/python3
"""`posviz bench latency` in the browser: the page (build-web/site) in headless Chromium runs the
desktop benchmark's scene and scripted changes (posviz.benchLatency, app/web/web_bench.h) and this
prints each change's first picture and full map in ms, then the medians and p95.
Usage: bench_latency.py SITE_DIR [L [D]]   (default L = 1024, D = 64)"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Browser, SiteServer  # noqa: E402


def main():
    site = sys.argv[1]
    seq_len = int(sys.argv[2]) if len(sys.argv) > 2 else 1024
    dim = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    server = SiteServer(site)
    browser = Browser(1600, 900, timeout=300)
    try:
        browser.call("Page.navigate", url=server.url + "index.html")
        browser.wait_for("document.body.dataset.settled == '1'", 60)
        browser.evaluate("posviz.benchLatency(%d, %d)" % (seq_len, dim))
        result = browser.wait_for("document.body.dataset.bench", 300)
        if not result:
            print("bench: no result within 5 minutes")
            return 1
        result = json.loads(result)
        for change in result["changes"]:
            print("change %-10s first picture %8.1f ms, full map %8.1f ms" %
                  (change["change"], change["first_ms"], change["full_ms"]))
        print("browser (Chromium %s, SwiftShader WebGL), L=%d D=%d, sinusoidal and RoPE: "
              "first picture median %.1f ms; full map median %.1f ms, p95 %.1f ms" %
              (browser.call("Browser.getVersion", session=False)["product"].split("/")[-1],
               seq_len, dim, result["first_median_ms"], result["full_median_ms"],
               result["full_p95_ms"]))
        print("median_ms=%.1f" % result["full_median_ms"])
        print("p95_ms=%.1f" % result["full_p95_ms"])
    finally:
        browser.close()
        server.stop()
    return 0


sys.exit(main())
