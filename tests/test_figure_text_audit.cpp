// The figure-text audit of paper figures (issue 22, Checks), read from the display list the
// layout hands every painter (core/layout/display_list.h), not from pixels: every figure `posviz
// list` names, and the variants issue 22's defects name (scores --compare of four, --difference,
// bias --compare, --all-heads at small L, terms of Transformer-XL, rotation with pair 12,
// permutation, curves --split), at --size column, text, slide and poster, in English and Chinese,
// light and dark. Dark is audited in full: its type keeps other proportions (title 16 pt over
// 12 pt axis labels against light's 13 over 10, and thicker lines, core/figure/theme.cpp), so its
// titles wrap and its panels shrink differently (DarkIsLaidOutWithItsOwnProportions shows it). It
// asserts, per figure, size, language and theme:
//   overlap   no two blocks of text overlap, and no text lies on another panel's plot box;
//   canvas    no text leaves the canvas;
//   ellipsis  no text is cut short with "…";
//   ticks     every numeric axis labels at least three ticks, or two under the short-axis rule
//             (too_short_for_three below); every colour bar at least three; an axis of tokens
//             names at least three of them (all where it has fewer);
//   ends      every colour bar labels values at its two ends (within 5 % of its length);
//   type      no type under 6 pt;
//   map size  no heatmap box under 0.6 in on paper (column, text) or 1 in (slide, poster);
//   legend    a panel that draws more than one labelled line has a legend;
//   log style the labels of one log axis are all plain numbers or all powers 10ⁿ;
//   bar place a colour bar shared by maps stands beside them, no other map between.
// What still fails is listed in known_failures() with the defect of issue 22 that covers it, and
// must still fail (a fixed case is taken off the list): the checks are never weakened to pass.
//
// What main at 8de1aeb got wrong, and which check shows it here (the layout then lived in
// app/render, so the audit cannot run there; each defect is one of these checks failing):
// defect 1 (single tick "0" on the PE matrix, curves, pca, --split, --all-heads) → ticks;
// defect 2 (rotation: "m = 0" on the next panel and off the page, "dims (2…" cut) → overlap,
// canvas, ellipsis; defect 3 (terms "query positio…", bias --compare 0.15-in maps with no legend,
// "head 0: s…", scores --compare colour bars labelled "0", similarity's 0.5-in map, permutation's
// cut titles, "bites" missing) → ellipsis, map size, legend, ticks; defect 5 (the shared bar of A
// and B right of the Δ bar) → bar place; defect 8 (--font-size 96 --size column, blank picture) →
// test_export_failures; minors: colour-bar ticks short of the ends → ends, log ticks mixing 10 and
// 10⁰ → log style.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "app/render/render.h"
#include "app/render/text.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"
#include "core/input_error.h"
#include "core/layout/figure_layout.h"
#include "core/layout/page_fit.h"
#include "core/scene.h"

namespace posviz {
namespace {

struct NamedSize {
    const char* name;
    double width_in, height_in;
    double smallest_map_in;  // the shortest side a heatmap box may have at this size
    bool paper;              // its page may grow taller (core/layout/page_fit.h)
};
// The presets of --size (app/cli/figure_options.cpp); issue 22 asks at least 0.6 in of a map on
// paper and 1 in on a slide (and so on a poster, seen from further away).
constexpr NamedSize k_sizes[] = {{"column", 3.25, 2.4, 0.6, true},
                                 {"text", 6.75, 3.6, 0.6, true},
                                 {"slide", 13.33, 7.5, 1.0, false},
                                 {"poster", 33.11, 23.39, 1.0, false}};

// A figure as `posviz export` draws it: a name as written on the command line, and the scene and
// figure options that command sets.
struct Variant {
    std::string command;
    std::function<void(Scene&, FigureOptions&)> set;
};

Figure build(const Variant& v, const std::string& lang) {
    Scene s;
    FigureOptions o;
    o.lang = lang;
    v.set(s, o);
    try {
        return build_figure(s, o);
    } catch (const InputError& e) {
        ADD_FAILURE() << v.command << ": " << e.what();
        return {};
    }
}

// Every figure `posviz list` names with the first encoding (the default one first) it takes, then
// the variants the defects of issue 22 name.
std::vector<Variant> audited_figures() {
    std::vector<Variant> variants;
    for (const FigureInfo& info : data_figures()) {
        std::string encoding;
        for (const std::string e : {"", "sinusoidal", "rope", "alibi", "t5", "xl"}) {
            Scene s;
            s.figure = info.name;
            if (!e.empty()) s.encoding = e;
            try {
                build_figure(s, {"en", "", false});
            } catch (const InputError&) {
                continue;
            }
            encoding = e.empty() ? s.encoding : e;
            break;
        }
        const std::string name = info.name;
        variants.push_back({name + " --encoding " + encoding, [=](Scene& s, FigureOptions&) {
                                s.figure = name;
                                s.encoding = encoding;
                            }});
    }
    auto figure = [](const char* name) { return [=](Scene& s) { s.figure = name; }; };
    const auto rotation = figure("rotation"), scores = figure("scores"), bias = figure("bias");
    variants.push_back({"rotation", [=](Scene& s, FigureOptions&) { rotation(s); }});
    variants.push_back({"rotation --dims 0,24,63", [=](Scene& s, FigureOptions&) {
                            rotation(s);
                            s.dims = {0, 24, 63};  // pairs 0, 12 and 31
                        }});
    variants.push_back(
        {"permutation", [=](Scene& s, FigureOptions&) { s.figure = "permutation"; }});
    variants.push_back({"permutation --content sentence --sentence 'dog bites man'",
                        [=](Scene& s, FigureOptions&) {
                            s.figure = "permutation";
                            s.content = "sentence";
                            s.sentence = "dog bites man";
                            fit_length_to_sentence(s);
                        }});
    variants.push_back({"scores --compare sinusoidal,rope,alibi,t5", [=](Scene& s, FigureOptions&) {
                            scores(s);
                            s.compare = {"sinusoidal", "rope", "alibi", "t5"};
                        }});
    variants.push_back({"scores --compare rope,xpos --difference", [=](Scene& s, FigureOptions& o) {
                            scores(s);
                            s.compare = {"rope", "xpos"};
                            o.difference = true;
                        }});
    variants.push_back({"bias --compare alibi,t5", [=](Scene& s, FigureOptions&) {
                            bias(s);
                            s.encoding = "alibi";
                            s.compare = {"alibi", "t5"};
                        }});
    variants.push_back({"bias --encoding alibi --all-heads -L 16", [=](Scene& s, FigureOptions& o) {
                            bias(s);
                            s.encoding = "alibi";
                            s.seq_len = 16;
                            o.all_heads = true;
                        }});
    variants.push_back({"terms --encoding xl", [=](Scene& s, FigureOptions&) {
                            s.figure = "terms";
                            s.encoding = "xl";
                        }});
    variants.push_back({"curves --encoding sinusoidal --split", [=](Scene& s, FigureOptions& o) {
                            s.figure = "curves";
                            s.encoding = "sinusoidal";
                            o.split = true;
                        }});
    return variants;
}

// The figure laid out as `posviz export --size` draws it: on the page export_page_height
// settles (taller on paper where its panels need it).
LaidOutFigure laid_out(const Figure& figure, const NamedSize& size, const std::string& lang,
                       const std::string& theme) {
    RenderStyle style;
    style.lang = lang;
    style.theme = theme;
    const double width = 72.0 * size.width_in, height = 72.0 * size.height_in;
    const double page = export_page_height(figure, style, width, height,
                                           size.paper ? k_most_page_growth * height : 0.0);
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(surface);
    LaidOutFigure out = lay_out_for_cairo(cr, figure, style, width, page);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return out;
}

constexpr double k_slack = 0.01;  // points: boxes that merely touch do not overlap

bool overlap(const Rect& a, const Rect& b) {
    return std::min(a.x + a.w, b.x + b.w) - std::max(a.x, b.x) > k_slack &&
           std::min(a.y + a.h, b.y + b.h) - std::max(a.y, b.y) > k_slack;
}

std::string quoted(const TextBlock& b) {
    return "\"" + b.text + "\"";
}

// Every text of the figure as given, before the layout fits it.
std::vector<std::string> source_texts(const Figure& figure) {
    std::vector<std::string> texts = {figure.title, figure.subtitle};
    for (const Panel& panel : figure.panels) {
        texts.insert(texts.end(), {panel.title, panel.x.label, panel.y.label});
        texts.insert(texts.end(), panel.x.tick_labels.begin(), panel.x.tick_labels.end());
        texts.insert(texts.end(), panel.y.tick_labels.begin(), panel.y.tick_labels.end());
        if (panel.heatmap) texts.push_back(panel.heatmap->colorbar_label);
        for (const LineSeries& line : panel.lines) texts.push_back(line.label);
        for (const Annotation& note : panel.annotations) texts.push_back(note.text);
        for (const Arrow& arrow : panel.arrows) texts.push_back(arrow.label);
    }
    if (figure.colorbar) texts.push_back(figure.colorbar->label);
    return texts;
}

// A block whose "…" the layout added: it is no text of the figure, whole or wrapped (a line
// break where a space was, or between Chinese characters).
bool cut_short(const std::string& block, const std::vector<std::string>& sources) {
    if (block.find("…") == std::string::npos) return false;
    std::string spaced = block, joined;
    std::replace(spaced.begin(), spaced.end(), '\n', ' ');
    for (const char c : block)
        if (c != '\n') joined += c;
    for (const std::string& source : sources)
        if (source == block || source == spaced || source == joined) return false;
    return true;
}

// The value a tick label names, read as a reader would: "−2.5", "0.001", "1e5", "2.5e−4", "10⁻²",
// "2×10³"; none for a label that is no number.
std::optional<double> tick_value(std::string label) {
    auto replace = [&](const std::string& from, const std::string& to) {
        for (size_t at = label.find(from); at != std::string::npos; at = label.find(from, at))
            label.replace(at, from.size(), to);
    };
    static const char* const k_superscripts[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    const bool power = label.find("10⁰") != std::string::npos || label.find("10¹") != label.npos ||
                       label.find("10²") != label.npos || label.find("10³") != label.npos ||
                       label.find("10⁴") != label.npos || label.find("10⁵") != label.npos ||
                       label.find("10⁶") != label.npos || label.find("10⁷") != label.npos ||
                       label.find("10⁸") != label.npos || label.find("10⁹") != label.npos ||
                       label.find("10⁻") != label.npos;
    replace("−", "-");
    replace("⁻", "-");
    for (int d = 0; d < 10; ++d) replace(k_superscripts[d], std::to_string(d));
    if (power) {
        // m×10ᵏ or 10ᵏ: what follows "10" is the exponent.
        replace("×10", "e");
        if (label.rfind("10", 0) == 0) label = "1e" + label.substr(2);
    }
    try {
        size_t used = 0;
        const double v = std::stod(label, &used);
        if (used != label.size()) return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

bool power_label(const std::string& label) {
    return label.find("10⁰") != std::string::npos || label.find("×10") != std::string::npos ||
           label.find("10⁻") != std::string::npos ||
           (label.rfind("10", 0) == 0 && label.size() > 2 &&
            !std::isdigit(static_cast<unsigned char>(label[2])) && label[2] != '.');
}

// The short-axis rule (core/layout/tick_rule.h: "where the box is too short for three, the axis's
// two ends"): an axis may label only two ticks where three labels as long along it as the shorter
// of those two, spaced evenly with half an em of tick type between neighbours, do not fit on its
// box: box length < 2 × (label extent + 0.5 em). Longer axes must label three.
bool too_short_for_three(double box_length, double shorter_label, double tick_size) {
    return box_length < 2.0 * (shorter_label + 0.5 * tick_size);
}

struct Audit {
    const Figure& figure;
    const LaidOutFigure& l;
    const NamedSize& size;
    std::map<std::string, std::string> failed;  // check → what failed first

    void fail(const std::string& check, const std::string& what) { failed.emplace(check, what); }

    std::string panel_name(int p) const {
        return p < 0 ? "the figure"
                     : "panel " + std::to_string(p) + " \"" + figure.panels[size_t(p)].title + "\"";
    }

    void text_checks() {
        const std::vector<TextBlock>& blocks = l.display.blocks;
        const std::vector<std::string> sources = source_texts(figure);
        for (size_t i = 0; i < blocks.size(); ++i) {
            const Rect& r = blocks[i].box;
            if (r.x < -k_slack || r.y < -k_slack || r.x + r.w > l.display.width + k_slack ||
                r.y + r.h > l.display.height + k_slack)
                fail("canvas", quoted(blocks[i]) + " leaves the canvas");
            if (cut_short(blocks[i].text, sources))
                fail("ellipsis", quoted(blocks[i]) + " is cut short");
            if (blocks[i].size < 6.0 - 1e-9)
                fail("type",
                     quoted(blocks[i]) + " is set in " + std::to_string(blocks[i].size) + " pt");
            for (size_t j = i + 1; j < blocks.size(); ++j)
                if (overlap(r, blocks[j].box))
                    fail("overlap", quoted(blocks[i]) + " overlaps " + quoted(blocks[j]));
            for (size_t q = 0; q < l.panels.size(); ++q)
                if (blocks[i].panel >= 0 && size_t(blocks[i].panel) != q &&
                    overlap(r, l.panels[q].box))
                    fail("overlap", quoted(blocks[i]) + " of panel " +
                                        std::to_string(blocks[i].panel) + " lies on " +
                                        panel_name(int(q)));
        }
    }

    // The numeric tick labels of one axis or colour bar, in drawing order.
    std::vector<const TextBlock*> labels(int panel, TextRole role) const {
        std::vector<const TextBlock*> out;
        for (const TextBlock& b : l.display.blocks)
            if (b.numeric && b.panel == panel && b.role == role) out.push_back(&b);
        return out;
    }

    void axis_ticks(int p, TextRole role, double box_length) {
        const std::vector<const TextBlock*> ticks = labels(p, role);
        const char* axis = role == TextRole::XTick ? "x" : "y";
        bool short_axis = false;
        if (ticks.size() == 2) {
            const auto extent = [&](const TextBlock* b) {
                return role == TextRole::XTick ? b->box.w : b->box.h;
            };
            short_axis = too_short_for_three(
                box_length, std::min(extent(ticks[0]), extent(ticks[1])), ticks[0]->size);
        }
        if (ticks.size() < 3 && !short_axis)
            fail("ticks", panel_name(p) + ": " + axis + " axis " +
                              std::to_string(box_length / 72.0) + " in long has " +
                              std::to_string(ticks.size()) + " tick labels");
        log_style(p, ticks, axis);
    }

    void log_style(int p, const std::vector<const TextBlock*>& ticks, const std::string& axis) {
        int powers = 0;
        for (const TextBlock* b : ticks) powers += power_label(b->text);
        if (powers > 0 && powers < int(ticks.size()))
            fail("log style",
                 panel_name(p) + ": the " + axis + " labels mix 10ⁿ with plain numbers");
    }

    void colorbar_ticks(int p, const Colorbar& bar) {
        const std::vector<const TextBlock*> ticks = labels(p, TextRole::ColorbarTick);
        if (ticks.size() < 3)
            fail("ticks", panel_name(p) + ": colour bar has " + std::to_string(ticks.size()) +
                              " tick labels");
        log_style(p, ticks, "colour bar");
        double lowest = INFINITY, highest = -INFINITY;
        for (const TextBlock* b : ticks)
            if (const std::optional<double> v = tick_value(b->text)) {
                const double at = colour_position(bar.norm, bar.range, *v);
                lowest = std::min(lowest, at);
                highest = std::max(highest, at);
            }
        if (!ticks.empty() && (lowest > 0.05 || highest < 0.95))
            fail("ends", panel_name(p) + ": colour bar over " + format_number(bar.range.min) +
                             " … " + format_number(bar.range.max) + " labelled from " +
                             ticks.front()->text + " to " + ticks.back()->text);
    }

    void panel_checks() {
        for (size_t i = 0; i < l.panels.size(); ++i) {
            const Panel& panel = figure.panels[i];
            const int p = int(i);
            if (panel.x.ticks.empty()) axis_ticks(p, TextRole::XTick, l.panels[i].box.w);
            if (panel.y.ticks.empty()) axis_ticks(p, TextRole::YTick, l.panels[i].box.h);
            token_ticks(p, TextRole::XTick, panel.x);
            token_ticks(p, TextRole::YTick, panel.y);
            if (l.panels[i].colorbar) colorbar_ticks(p, heatmap_colorbar(*panel.heatmap));
            int labelled = 0;
            for (const LineSeries& line : panel.lines) labelled += !line.label.empty();
            if (labelled > 1 && labels_of(p, TextRole::Legend) == 0)
                fail("legend", panel_name(p) + " draws " + std::to_string(labelled) +
                                   " labelled lines and no legend");
        }
        if (l.colorbar) {
            colorbar_ticks(-1, *figure.colorbar);
            shared_bar_beside_its_maps(*l.colorbar);
        }
        for (const DisplayItem& item : l.display.items)
            if (const auto* image = std::get_if<ImageItem>(&item);
                image && image->kind == ImageItem::Kind::Heatmap) {
                const double side = std::min(image->target.w, image->target.h) / 72.0;
                if (side < size.smallest_map_in - 1e-9)
                    fail("map size", panel_name(image->panel) + ": its map is " +
                                         format_number(side) + " in on its shorter side");
            }
    }

    // An axis of the figure's own ticks (tokens, categories) names at least three of them, or
    // all where it has fewer: a sentence of three tokens shows all three.
    void token_ticks(int p, TextRole role, const Axis& axis) {
        if (axis.ticks.empty()) return;
        int shown = 0;
        for (const TextBlock& b : l.display.blocks) shown += b.panel == p && b.role == role;
        const int wanted = std::min<int>(3, int(axis.ticks.size()));
        if (shown < wanted)
            fail("ticks", panel_name(p) + ": " + (role == TextRole::XTick ? "x" : "y") +
                              " axis names " + std::to_string(shown) + " of its " +
                              std::to_string(axis.ticks.size()) + " labels");
    }

    // The shared colour bar stands beside the maps it colours: no map with a scale of its own
    // (a difference A − B) lies left of it within its height (issue 22, defect 5).
    void shared_bar_beside_its_maps(const Rect& bar) {
        for (size_t i = 0; i < l.panels.size(); ++i) {
            const Rect b = l.panels[i].box;
            if (figure.panels[i].heatmap && l.panels[i].colorbar && b.x + b.w <= bar.x + k_slack &&
                std::min(b.y + b.h, bar.y + bar.h) - std::max(b.y, bar.y) > k_slack)
                fail("bar place", "the shared colour bar stands beside " + panel_name(int(i)) +
                                      ", which has a scale of its own");
        }
    }

    int labels_of(int panel, TextRole role) const {
        int n = 0;
        for (const TextBlock& b : l.display.blocks) n += b.panel == panel && b.role == role;
        return n;
    }
};

const std::vector<std::string> k_checks = {"overlap",   "canvas",   "ellipsis", "ticks",
                                           "ends",      "type",     "map size", "legend",
                                           "log style", "bar place"};

std::map<std::string, std::string> failed_checks(const Figure& figure, const LaidOutFigure& l,
                                                 const NamedSize& size) {
    Audit audit{figure, l, size, {}};
    audit.text_checks();
    audit.panel_checks();
    return audit.failed;
}

// Figure (as its command), size, language, check: what still fails, with the defect of issue 22
// that covers it.
using Case = std::tuple<std::string, std::string, std::string, std::string, std::string>;
struct Known {
    std::string figure, size, check;
    std::vector<std::string> langs, themes;  // each of these fails, in each of these
    const char* defect;                      // issue 22's number, or the minor's words
};
const std::vector<Known>& known_failures() {
    // Defect 2: the rotation frame's labels run into the next panel and its titles are cut.
    // Defect 3: in a paper column a figure of several panels, even on a page grown to twice the
    // column's height (core/layout/page_fit.h), keeps maps under 0.6 in or axes with two labels,
    // and titles and subtitles are cut, where it should change its arrangement further. Defect 7:
    // extrapolation's panels of several scalings draw their lines without a legend.
    static const std::vector<Known> known = {
        {"wavelengths --encoding rope", "column", "ellipsis", {"en"}, {"dark", "light"}, "3"},
        {"wavelengths --encoding rope", "column", "ticks", {"zh"}, {"dark", "light"}, "3"},
        {"curves --encoding sinusoidal", "column", "ticks", {"zh"}, {"dark"}, "3"},
        {"terms --encoding sinusoidal", "column", "map size", {"en", "zh"}, {"dark", "light"}, "3"},
        {"terms --encoding sinusoidal", "column", "ticks", {"en"}, {"dark"}, "3"},
        {"turns --encoding rope", "column", "legend", {"zh"}, {"dark"}, "3"},
        {"scalings --encoding rope", "column", "ticks", {"zh"}, {"dark", "light"}, "3"},
        {"extrapolation --encoding rope",
         "column",
         "ellipsis",
         {"en", "zh"},
         {"dark", "light"},
         "7"},
        {"extrapolation --encoding rope", "column", "legend", {"en", "zh"}, {"dark", "light"}, "7"},
        {"pca --encoding sinusoidal", "column", "legend", {"zh"}, {"dark"}, "3"},
        {"base-bound --encoding rope", "column", "canvas", {"en"}, {"dark", "light"}, "3"},
        {"base-bound --encoding rope", "column", "ellipsis", {"en"}, {"dark", "light"}, "3"},
        {"base-bound --encoding rope", "column", "ticks", {"zh"}, {"dark"}, "3"},
        {"rotation", "column", "ellipsis", {"en", "zh"}, {"dark", "light"}, "2"},
        {"rotation --dims 0,24,63", "column", "ellipsis", {"en", "zh"}, {"dark", "light"}, "2"},
        {"rotation --dims 0,24,63", "column", "overlap", {"en"}, {"dark"}, "2"},
        {"rotation --dims 0,24,63", "column", "canvas", {"en"}, {"dark"}, "2"},
        {"permutation", "column", "ellipsis", {"en", "zh"}, {"dark", "light"}, "3"},
        {"permutation", "column", "map size", {"en", "zh"}, {"dark", "light"}, "3"},
        {"permutation", "column", "ticks", {"en"}, {"dark"}, "3"},
        {"scores --compare sinusoidal,rope,alibi,t5",
         "column",
         "map size",
         {"en", "zh"},
         {"dark", "light"},
         "3"},
        {"bias --encoding alibi --all-heads -L 16",
         "column",
         "map size",
         {"en", "zh"},
         {"dark", "light"},
         "3"},
        {"bias --encoding alibi --all-heads -L 16", "column", "ticks", {"zh"}, {"dark"}, "3"},
        {"terms --encoding xl", "column", "map size", {"en", "zh"}, {"dark", "light"}, "3"},
        {"terms --encoding xl", "column", "ticks", {"en"}, {"dark"}, "3"},
        {"extrapolation --encoding rope", "text", "legend", {"en", "zh"}, {"dark", "light"}, "7"},
        {"extrapolation --encoding rope", "text", "ticks", {"zh"}, {"dark"}, "7"},
        {"rotation --dims 0,24,63", "text", "overlap", {"zh"}, {"dark"}, "2"},
        {"rotation --dims 0,24,63", "text", "ellipsis", {"zh"}, {"dark"}, "2"},
        {"bias --encoding alibi --all-heads -L 16", "text", "ticks", {"en"}, {"dark"}, "3"},
        {"extrapolation --encoding rope", "slide", "legend", {"en", "zh"}, {"dark", "light"}, "7"},
        {"permutation", "slide", "ticks", {"zh"}, {"dark"}, "3"},
        {"extrapolation --encoding rope", "poster", "legend", {"en", "zh"}, {"dark", "light"}, "7"},
        {"permutation", "poster", "ellipsis", {"en"}, {"dark", "light"}, "3"},
        // "bites" dropped from the 3-token x axes at every size: a word is wider than its cell's
        // column (105 pt at a poster's 38-pt ticks under a 260-pt map), and x tick labels are
        // only thinned, never turned or set smaller.
        {"permutation --content sentence --sentence 'dog bites man'",
         "column",
         "ellipsis",
         {"en", "zh"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "column",
         "ticks",
         {"en", "zh"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "column",
         "map size",
         {"en", "zh"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "text",
         "ellipsis",
         {"en"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "text",
         "ticks",
         {"en", "zh"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "slide",
         "ellipsis",
         {"en"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "slide",
         "ticks",
         {"en", "zh"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "poster",
         "ellipsis",
         {"en"},
         {"dark", "light"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "poster",
         "ticks",
         {"en", "zh"},
         {"dark"},
         "3"},
        {"permutation --content sentence --sentence 'dog bites man'",
         "poster",
         "ticks",
         {"en"},
         {"light"},
         "3"},
    };
    return known;
}

std::map<Case, std::string> known_cases() {
    std::map<Case, std::string> cases;
    for (const Known& k : known_failures())
        for (const std::string& lang : k.langs)
            for (const std::string& theme : k.themes)
                cases[{k.figure, k.size, lang, theme, k.check}] = k.defect;
    return cases;
}

// Every audited figure at one named size, in both languages and both themes, against the known
// failures of that size.
void audit_size(const NamedSize& size) {
    const std::map<Case, std::string> known = known_cases();
    std::set<Case> seen;
    for (const Variant& variant : audited_figures())
        for (const std::string lang : {"en", "zh"}) {
            const Figure figure = build(variant, lang);
            if (figure.panels.empty()) continue;
            for (const std::string theme : {"light", "dark"}) {
                const std::map<std::string, std::string> failed =
                    failed_checks(figure, laid_out(figure, size, lang, theme), size);
                for (const std::string& check : k_checks) {
                    const Case c{variant.command, size.name, lang, theme, check};
                    const auto k = known.find(c);
                    const auto fails = failed.find(check);
                    const std::string command = "posviz export " + variant.command + " --size " +
                                                size.name + " --lang " + lang + " --theme " +
                                                theme + ": " + check;
                    if (k == known.end()) {
                        EXPECT_TRUE(fails == failed.end()) << command << ": " << fails->second;
                    } else {
                        seen.insert(c);
                        EXPECT_TRUE(fails != failed.end())
                            << command << " passes now: take it off the known failures (defect "
                            << k->second << ")";
                    }
                }
            }
        }
    for (const auto& [c, defect] : known)
        EXPECT_TRUE(std::get<1>(c) != size.name || seen.count(c))
            << std::get<0>(c) << " " << std::get<1>(c) << " " << std::get<2>(c) << " "
            << std::get<3>(c) << " " << std::get<4>(c) << ": listed but not audited";
}

// One test per size, so that CTest runs them side by side.
TEST(FigureTextAudit, EveryFigureAndVariantInAPaperColumn) {
    audit_size(k_sizes[0]);
}
TEST(FigureTextAudit, EveryFigureAndVariantOnTheTextWidth) {
    audit_size(k_sizes[1]);
}
TEST(FigureTextAudit, EveryFigureAndVariantOnASlide) {
    audit_size(k_sizes[2]);
}
TEST(FigureTextAudit, EveryFigureAndVariantOnAPoster) {
    audit_size(k_sizes[3]);
}

// Why dark is audited in full: at the same size its title is set in other proportions to its
// axis labels than light's, so the text of a figure does not stand where light's does.
TEST(FigureTextAudit, DarkIsLaidOutWithItsOwnProportions) {
    const Variant pe = audited_figures().front();
    const Figure figure = build(pe, "en");
    const LaidOutFigure light = laid_out(figure, k_sizes[0], "en", "light");
    const LaidOutFigure dark = laid_out(figure, k_sizes[0], "en", "dark");
    ASSERT_FALSE(light.display.blocks.empty());
    ASSERT_FALSE(dark.display.blocks.empty());
    const TextBlock &a = light.display.blocks.front(), &b = dark.display.blocks.front();
    ASSERT_EQ(a.role, TextRole::Title);
    ASSERT_EQ(b.role, TextRole::Title);
    // Title over axis labels: 13/10 in light, 16/12 in dark (core/figure/theme.cpp).
    EXPECT_NEAR(a.size / light.label_size, 13.0 / 10.0, 0.01);
    EXPECT_NEAR(b.size / dark.label_size, 16.0 / 12.0, 0.01);
}

// The audit's own readers, on labels worked out by hand.
TEST(FigureTextAudit, ReadsTickLabelsAsAReaderWould) {
    EXPECT_EQ(tick_value("−2.5"), -2.5);
    EXPECT_EQ(tick_value("0.001"), 0.001);
    EXPECT_EQ(tick_value("10⁻²"), 0.01);
    EXPECT_EQ(tick_value("10³"), 1000.0);
    EXPECT_EQ(tick_value("2×10³"), 2000.0);
    EXPECT_EQ(tick_value("2.5e−4"), 2.5e-4);
    EXPECT_FALSE(tick_value("bites").has_value());
    EXPECT_TRUE(power_label("10⁰"));
    EXPECT_TRUE(power_label("2×10³"));
    EXPECT_FALSE(power_label("10"));
    EXPECT_FALSE(power_label("1000"));
    EXPECT_FALSE(power_label("100.5"));
    // Two labels 20 pt long at 8 pt type: three fit from 2 × (20 + 4) = 48 pt on.
    EXPECT_TRUE(too_short_for_three(47.9, 20.0, 8.0));
    EXPECT_FALSE(too_short_for_three(48.0, 20.0, 8.0));
}

}  // namespace
}  // namespace posviz
