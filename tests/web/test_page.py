#!/usr/bin/python3
"""posviz's page (build-web/site, made by .ci/web) in a real browser: headless Chromium, driven
through the DevTools protocol (devtools.py), the site served from 127.0.0.1.

Checks: the first picture's time; a build of seconds leaving the page drawing frames (it runs in
slices); every shipped preset reached through a link fragment (the
document title says its step) with a figure drawn (pixels that are not background) and no console
error; PageDown / PageUp moving the title one step per tap; F11's lecture mode taking the
browser's full screen, and leaving it when the browser leaves full screen; a preset opened
through the page's file input; a model's config.json loaded through
the page's file input (its name in the page); an SVG export downloaded that parses and holds the
figure's title as text, a PNG export, and the figure's data as .npy and .csv; a queries and a
keys .npy dropped on the page together loading as the content; bad input (a config that is not
JSON, a 200 MB file, dropped keys whose shape does not fit the queries, an unknown preset and
L = 10^9 in the fragment, in Chinese with lang=zh) said in the page while the app keeps running.
Ends with "web: N passed, M failed"; exit status 1 on any failure.
Usage: test_page.py SITE_DIR [SHOTS_DIR]   (SHOTS_DIR: screenshots of every preset, en and zh,
at 1280x720 and 1920x1080, to look at)
"""
import base64
import json
import os
import struct
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Browser, SiteServer, png_pixels  # noqa: E402

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PRESETS = sorted(f for f in os.listdir(os.path.join(SOURCE, "assets/presets"))
                 if f.endswith(".json"))
CONFIG = os.path.join(SOURCE, "tests/data/hf-configs/llama-3.1-8b.json")
results = []


START = time.time()


def check(name, ok, detail=""):
    results.append(bool(ok))
    print("%s %s%s [%.0f s]" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail else "",
                               time.time() - START), flush=True)
    return ok


def drawn(png):
    """Whether a screenshot shows a figure: a fifth of its pixels off the most common colour (the
    background) and many colours (a heatmap's ramp, antialiased curves)."""
    width, height, bpp, rows = png_pixels(png)
    counts = {}
    for row in rows[::4]:  # every fourth row and column: enough to judge, quick in Python
        for x in range(0, width * bpp, 4 * bpp):
            pixel = row[x:x + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    total = sum(counts.values())
    off_background = 1.0 - max(counts.values()) / total
    return off_background >= 0.2 and len(counts) >= 50, "%.0f%% not background, %d colours" % (
        100 * off_background, len(counts))


def title_step(step):
    return "posviz — %d/%d " % (step, len(PRESETS))


def go(browser, fragment, step=None):
    """Sets the fragment; with `step`, waits for the title to name it and the figures to settle."""
    browser.evaluate("location.hash = %r" % fragment)
    if step is None:
        return True
    return (browser.wait_for("document.title.startsWith(%r)" % title_step(step), 20) and
            browser.wait_for("document.body.dataset.settled == '1'", 60))


def status(browser):
    return browser.evaluate("[document.getElementById('status').dataset.kind, "
                            "document.getElementById('status').textContent]")


def set_file(browser, path):
    root = browser.call("DOM.getDocument")["root"]["nodeId"]
    node = browser.call("DOM.querySelector", nodeId=root, selector="#file")["nodeId"]
    browser.call("DOM.setFileInputFiles", files=[path], nodeId=node)


def npy_bytes(rows, cols):
    """A float64 (rows, cols) .npy of 0.01·(row + col), as NumPy's format 1.0 writes it."""
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, cols)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"  # the data starts 64-byte aligned
    values = [0.01 * (r + c) for r in range(rows) for c in range(cols)]
    return (b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("ascii") +
            struct.pack("<%dd" % len(values), *values))


def drop_files(browser, files):
    """Drops {name: bytes} on the page at once, as a user drags them from a file manager."""
    browser.evaluate(
        "(function () { var dt = new DataTransfer(); %s"
        "window.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, cancelable: true})); })()"
        % "".join("dt.items.add(new File([Uint8Array.from(atob(%s), c => c.charCodeAt(0))], %s));"
                  % (json.dumps(base64.b64encode(data).decode("ascii")), json.dumps(name))
                  for name, data in files.items()))


def wait_download(browser, name, timeout=20):
    path = os.path.join(browser.downloads, name)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(path) and os.path.getsize(path) > 0:
            time.sleep(0.2)  # Chromium renames its .crdownload into place when done
            return open(path, "rb").read()
        time.sleep(0.1)
    return None


def test_presets(browser, shots, size, lang):
    for step, name in enumerate(PRESETS, 1):
        preset = name[:-len(".json")].split("-", 1)[1]  # "07-rope-rotation" -> "rope-rotation"
        reached = go(browser, "#preset=%s&lang=%s" % (preset, lang))
        reached = browser.wait_for("document.title.startsWith(%r)" % title_step(step), 20)
        # The figures computed, as far as a slide can be: a playing rotation computes its next
        # frame for ever, so this wait is bounded and the pixels below are what is checked.
        browser.wait_for("document.body.dataset.settled == '1'", 15)
        time.sleep(0.2)  # a frame after the last figure arrived
        png = browser.screenshot()
        if shots:
            open(os.path.join(shots, "%s-%s-%dx%d.png" % (name[:-5], lang, *size)), "wb").write(png)
        if size != (1280, 720):
            continue  # the larger size is only for looking at
        ok, detail = drawn(png)
        title = browser.evaluate("document.title")
        check("preset %s (%s) reached and drawn" % (preset, lang), reached and ok,
              "%s; %s" % (title, detail))
        errors = browser.console_errors()
        check("preset %s (%s): no console error" % (preset, lang), not errors, "; ".join(errors))


# Records the longest wait between two animation frames the page's main thread gave (from the
# moment it is installed): a build that blocks the thread shows up as one long gap.
FRAME_GAPS = """
window.posvizFrameGaps = {last: performance.now(), longest: 0, frames: 0};
(function tick(now) {
  var g = window.posvizFrameGaps;
  g.longest = Math.max(g.longest, now - g.last);
  g.last = now;
  g.frames += 1;
  requestAnimationFrame(tick);
})(performance.now());
"""


def test_sliced_build(browser):
    """A build of seconds runs in slices (app/web/web_scheduler.cpp): the page keeps drawing
    frames while it computes. Unsliced, one gap between two frames is the whole build; sliced,
    the longest is a slice and a frame (about 0.1 s here alone; up to 0.3 s with the machine's
    two cores busy elsewhere), so it must be under 0.6 s and a fifth of the build."""
    go(browser, "#slide=8&L=256", 8)
    browser.evaluate(FRAME_GAPS)
    start = time.time()
    browser.evaluate("location.hash = '#slide=8&L=16384'")
    began = browser.wait_for("document.body.dataset.settled == '0'", 10)
    done = browser.wait_for("document.body.dataset.settled == '1'", 180)
    seconds = time.time() - start
    gaps = browser.evaluate("[posvizFrameGaps.longest, posvizFrameGaps.frames]")
    # The build must last several gaps' worth, or the check could not fail.
    check("a long build leaves the page drawing (slices): longest gap between frames < 0.6 s",
          began and done and seconds >= 1.5 and gaps[0] < min(600, 200 * seconds),
          "build %.1f s, %d frames, longest gap %.0f ms" % (seconds, gaps[1], gaps[0]))
    go(browser, "#slide=8&L=256", 8)


def main():
    site = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="posviz-web-test-")
    server = SiteServer(site)
    browser = Browser(1280, 720)
    try:
        start = time.time()
        browser.call("Page.navigate", url=server.url + "index.html")
        first = (browser.wait_for("document.title.startsWith(%r)" % title_step(1), 20) and
                 browser.wait_for("document.body.dataset.settled == '1'", 20))
        seconds = time.time() - start
        check("first picture within 10 s of opening the page", first and seconds <= 10,
              "%.2f s" % seconds)

        test_sliced_build(browser)
        test_presets(browser, shots, (1280, 720), "en")
        test_presets(browser, shots, (1280, 720), "zh")
        check("the title is in Chinese with lang=zh",
              any(ord(c) > 0x4E00 for c in browser.evaluate("document.title")),
              browser.evaluate("document.title"))

        go(browser, "#slide=1&lang=en", 1)
        moved = True
        for step in range(2, len(PRESETS) + 1):
            browser.key("PageDown", "PageDown", 34)
            moved = moved and browser.wait_for(
                "document.title.startsWith(%r)" % title_step(step), 10)
        browser.key("PageUp", "PageUp", 33)
        back = browser.wait_for("document.title.startsWith(%r)" % title_step(len(PRESETS) - 1), 10)
        check("PageDown moves one step per tap, PageUp one back", moved and back,
              browser.evaluate("document.title"))

        browser.key("F11", "F11", 122)
        full = browser.wait_for("!!document.fullscreenElement", 10)
        browser.evaluate("document.exitFullscreen()")  # as the browser's own Esc
        left = browser.wait_for("!document.fullscreenElement && !posvizFullscreenWanted", 10)
        check("F11: lecture mode in the browser's full screen; leaving full screen leaves it",
              full and left, "full screen %s, left %s" % (full, left))

        preset_file = os.path.join(SOURCE, "assets/presets", PRESETS[4])
        preset_title = json.load(open(preset_file, encoding="utf-8"))["title"]["en"]
        set_file(browser, preset_file)
        # The title names the slide, then the view on show ("posviz — TITLE — PE matrix, L = 96").
        opened = browser.wait_for("document.title.startsWith(%s)" % json.dumps(
            "posviz — " + preset_title), 20)
        check("a preset through the file input opens", opened, browser.evaluate("document.title"))

        set_file(browser, CONFIG)
        model = browser.wait_for("document.body.dataset.model", 20)
        check("a config.json through the file input: its model's name in the page",
              model and "llama-3.1-8b" in model, str(model))

        go(browser, "#slide=3", 3)
        browser.console_errors()
        browser.evaluate("posviz.exportFigure('figure.svg')")
        svg = wait_download(browser, "figure.svg")
        ok, detail = False, "no download"
        if svg:
            root = ElementTree.fromstring(svg)
            ns = "{http://www.w3.org/2000/svg}"
            title = root.findtext(ns + "title") or ""
            texts = ["".join(t.itertext()) for t in root.iter(ns + "text")]
            ok = bool(title) and any(title in text for text in texts)
            detail = "title %r, %d text elements" % (title, len(texts))
        check("an SVG export downloads, parses and holds the figure's title as text", ok, detail)
        browser.evaluate("posviz.exportFigure('figure.png')")
        png = wait_download(browser, "figure.png")
        ok, detail = (drawn(png) if png else (False, "no download"))
        check("a PNG export downloads and shows a figure", ok, detail)
        browser.evaluate("posviz.exportFigure('figure.npy')")
        npy = wait_download(browser, "figure.npy")
        browser.evaluate("posviz.exportFigure('figure.csv')")
        csv = wait_download(browser, "figure.csv")
        # Slide 3's PE matrix, L = 100 rows of D = 64: a NumPy header, and CSV rows of 64 values.
        rows = csv.decode("utf-8").strip().splitlines() if csv else []
        check("the figure's data downloads as .npy and .csv",
              npy is not None and npy.startswith(b"\x93NUMPY") and len(rows) >= 100 and
              all(len(row.split(",")) >= 64 for row in rows[1:]),
              "npy %s bytes, csv %d rows" % (len(npy) if npy else "no", len(rows)))
        browser.evaluate("posviz.exportWindow('window.png')")
        png = wait_download(browser, "window.png")
        ok, detail = False, "no download"
        if png:
            width, height = png_pixels(png)[:2]
            ok, detail = drawn(png)
            ok = ok and (width, height) == (1280, 720)
            detail += ", %dx%d" % (width, height)
        check("the window as PNG (posviz's own encoder) decodes and shows the page", ok, detail)

        bad = os.path.join(work, "not-json.json")
        open(bad, "w").write("this is { not JSON\n")
        set_file(browser, bad)
        said = browser.wait_for("document.getElementById('status').dataset.kind == 'problem' && "
                                "document.getElementById('status').textContent.includes('not-json') && "
                                "document.getElementById('status').textContent", 20)
        check("a config that is not JSON is said in the page", said and "not-json" in said,
              str(said))
        big = os.path.join(work, "big.npy")
        with open(big, "wb") as f:
            f.truncate(200 * 1024 * 1024)  # sparse: no 200 MB written
        set_file(browser, big)
        said = browser.wait_for("document.getElementById('status').textContent.indexOf('big.npy')"
                                " >= 0 && document.getElementById('status').textContent", 10)
        check("a 200 MB file is refused with a message in the page", said and "MB" in said,
              str(said))
        # Content dropped on the page: the queries, then the keys, as two files at once.
        drop_files(browser, {"q.npy": npy_bytes(12, 8), "k-short.npy": npy_bytes(10, 8)})
        said = browser.wait_for("document.getElementById('status').dataset.kind == 'problem' && "
                                "document.getElementById('status').textContent.includes('k-short')"
                                " && document.getElementById('status').textContent", 20)
        check("keys that do not fit the dropped queries are said in the page", said, str(said))
        drop_files(browser, {"q.npy": npy_bytes(12, 8), "k.npy": npy_bytes(12, 8)})
        said = browser.wait_for("document.getElementById('status').dataset.kind != 'problem' && "
                                "document.getElementById('status').textContent.includes("
                                "'L = 12, D = 8') && "
                                "document.getElementById('status').textContent", 20)
        check("a queries and a keys .npy dropped together load as the content", said, str(said))
        go(browser, "#preset=no-such-preset")
        said = browser.wait_for("document.getElementById('status').textContent.indexOf("
                                "'no-such-preset') >= 0 && "
                                "document.getElementById('status').textContent", 10)
        check("an unknown preset in the fragment is said in the page", said, str(said))
        go(browser, "#slide=2&L=1000000000")
        said = browser.wait_for("document.getElementById('status').textContent.indexOf("
                                "'#L: got 1000000000') >= 0 && "
                                "document.getElementById('status').textContent", 10)
        check("L = 10^9 in the fragment is said in the page", said, str(said))
        go(browser, "#slide=2&L=2000000000&lang=zh")
        said = browser.wait_for("document.getElementById('status').textContent.indexOf("
                                "'#L：收到 2000000000') >= 0 && "
                                "document.getElementById('status').textContent", 10)
        big_zh = os.path.join(work, "big-zh.npy")
        with open(big_zh, "wb") as f:
            f.truncate(200 * 1024 * 1024)
        set_file(browser, big_zh)
        refused = browser.wait_for("document.getElementById('status').textContent.indexOf("
                                   "'big-zh.npy') >= 0 && "
                                   "document.getElementById('status').textContent", 10)
        check("in Chinese, the page says bad input in Chinese (its own messages too)",
              said and refused and "本页面" in refused, "%s | %s" % (said, refused))
        reached = go(browser, "#slide=4&lang=en", 4)
        ok, detail = drawn(browser.screenshot())
        check("after all that the app keeps running (slide 4 drawn)", reached and ok,
              "%s; %s" % (browser.evaluate("document.title"), detail))
        errors = browser.console_errors()
        check("no console error in the whole session", not errors, "; ".join(errors))

        if shots:
            browser.call("Emulation.setDeviceMetricsOverride", width=1920, height=1080,
                         deviceScaleFactor=1, mobile=False)
            for lang in ("en", "zh"):
                test_presets(browser, shots, (1920, 1080), lang)
    finally:
        browser.close()
        server.stop()
    failed = results.count(False)
    print("web: %d passed, %d failed" % (len(results) - failed, failed))
    return 1 if failed else 0


sys.exit(main())
