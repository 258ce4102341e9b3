#!/usr/bin/python3
"""The page's fonts, cut down to what it draws (python3-fonttools' subsetter).

The GUI (app/gui/window/fonts.cpp) reads DejaVu Sans and Noto Sans CJK (face 2 of the .ttc, its
Simplified Chinese) from Debian's paths; the page gets files at the same paths, holding:
- DejaVu Sans and Sans Bold: the ranges fonts.cpp asks for (Latin-1, Greek, arrows, maths...);
- Noto Sans CJK Regular: every character of posviz's own strings (app/, core/, the presets) plus
  the 2500 common Simplified Chinese characters and the ranges ImGui's
  GetGlyphRangesChineseSimplifiedCommon() lists — read from the ImGui sources being compiled, so
  the subset is exactly what the Chinese UI asks the atlas for;
- Noto Sans CJK Bold (headings): posviz's own strings only.
Each CJK subset is stored as a collection of three faces sharing every table (so face 2 is the
subset, and the file is the size of one face).
Usage: subset_fonts.py IMGUI_SOURCE_DIR POSVIZ_SOURCE_DIR OUT_DIR
"""
import os
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

DEJAVU = "/usr/share/fonts/truetype/dejavu"
NOTO = "/usr/share/fonts/opentype/noto"
# fonts.cpp's k_latin_ranges.
LATIN_RANGES = [(0x20, 0xFF), (0x370, 0x3FF), (0x1D00, 0x1DBF), (0x141F, 0x141F),
                (0x2000, 0x206F), (0x2070, 0x209F), (0x2190, 0x21FF), (0x2200, 0x22FF),
                (0x25A0, 0x25FF)]
# ImGui 1.86's GetGlyphRangesChineseSimplifiedCommon() ranges besides its character list.
CJK_RANGES = [(0x20, 0xFF), (0x2000, 0x206F), (0x3000, 0x30FF), (0x31F0, 0x31FF),
              (0xFF00, 0xFFEF), (0xFFFD, 0xFFFD)]


def imgui_common_chinese(imgui_dir):
    source = open(os.path.join(imgui_dir, "imgui_draw.cpp"), encoding="utf-8").read()
    table = re.search(r"accumulative_offsets_from_0x4E00\[\]\s*=\s*\{([^}]*)\}", source)
    code = 0x4E00
    chars = set()
    for offset in table.group(1).replace("\n", "").split(","):
        if offset.strip():
            code += int(offset)
            chars.add(code)
    return chars


def own_characters(source_dir):
    chars = set()
    for folder in ("app", "core", "assets/presets"):
        for root, _, files in os.walk(os.path.join(source_dir, folder)):
            for name in files:
                if name.endswith((".cpp", ".h", ".json")):
                    text = open(os.path.join(root, name), encoding="utf-8").read()
                    chars.update(ord(c) for c in text if ord(c) >= 0x80)
    return chars


def expand(ranges):
    return {c for low, high in ranges for c in range(low, high + 1)}


def subset_font(path, chars, font_number=0):
    options = subset.Options()
    options.font_number = font_number
    options.layout_features = []  # ImGui draws glyph by glyph: no shaping tables
    options.name_IDs = [1, 2, 4, 6]
    options.notdef_outline = True
    options.hinting = False
    font = subset.load_font(path, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=chars)
    subsetter.subset(font)
    return font


def save_collection(font, path, faces=3):
    collection = TTCollection()
    collection.fonts = [font] * faces
    collection.save(path, shareTables=True)


def main():
    imgui_dir, source_dir, out = sys.argv[1:4]
    own = own_characters(source_dir)
    os.makedirs(os.path.join(out, "truetype/dejavu"), exist_ok=True)
    os.makedirs(os.path.join(out, "opentype/noto"), exist_ok=True)
    latin = expand(LATIN_RANGES) | {c for c in own if c < 0x2E80}
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        subset_font(os.path.join(DEJAVU, name), latin).save(os.path.join(out, "truetype/dejavu", name))
    regular = own | imgui_common_chinese(imgui_dir) | expand(CJK_RANGES) | expand(LATIN_RANGES)
    bold = own | expand(LATIN_RANGES)
    for name, chars in (("NotoSansCJK-Regular.ttc", regular), ("NotoSansCJK-Bold.ttc", bold)):
        save_collection(subset_font(os.path.join(NOTO, name), chars, font_number=2),
                        os.path.join(out, "opentype/noto", name))
    for root, _, files in os.walk(out):
        for name in files:
            print("font %-28s %7d bytes" % (name, os.path.getsize(os.path.join(root, name))))


main()
