#include "tests/figure_text_checks.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/figure/colour_norm.h"
#include "core/figure/ticks.h"

namespace posviz::testing {

namespace {

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

}  // namespace

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

namespace {

struct Audit {
    const Figure& figure;
    const LaidOutFigure& l;
    double smallest_map_in;  // the shortest side a heatmap box may have on this canvas
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
                if (side < smallest_map_in - 1e-9)
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

}  // namespace

const std::vector<std::string> k_checks = {"overlap",   "canvas",   "ellipsis", "ticks",
                                           "ends",      "type",     "map size", "legend",
                                           "log style", "bar place"};

std::map<std::string, std::string> failed_checks(const Figure& figure, const LaidOutFigure& l,
                                                 double smallest_map_in) {
    Audit audit{figure, l, smallest_map_in, {}};
    audit.text_checks();
    audit.panel_checks();
    return audit.failed;
}

}  // namespace posviz::testing
