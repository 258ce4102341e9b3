#include "tests/figure_text_checks.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/figure/colour_norm.h"
#include "core/figure/ticks.h"
#include "core/layout/layout_shortfalls.h"

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
        for (size_t i = 0; i < blocks.size(); ++i) {
            const Rect& r = blocks[i].box;
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

    void log_style(int p, const std::vector<const TextBlock*>& ticks, const std::string& axis) {
        int powers = 0;
        for (const TextBlock* b : ticks) powers += power_label(b->text);
        if (powers > 0 && powers < int(ticks.size()))
            fail("log style",
                 panel_name(p) + ": the " + axis + " labels mix 10ⁿ with plain numbers");
    }

    void colorbar_ticks(int p, const Colorbar& bar) {
        const std::vector<const TextBlock*> ticks = labels(p, TextRole::ColorbarTick);
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

    // The checks the layout's own measure of shortfalls makes (core/layout/layout_shortfalls.h):
    // canvas, ellipsis, ticks, map size, legend.
    void shortfalls() {
        for (const Shortfall& s : layout_shortfalls(figure, l, 72.0 * smallest_map_in))
            if (s.check != "plot size") fail(s.check, s.what);
    }

    void panel_checks() {
        for (size_t i = 0; i < l.panels.size(); ++i) {
            const Panel& panel = figure.panels[i];
            const int p = int(i);
            if (panel.x.ticks.empty()) log_style(p, labels(p, TextRole::XTick), "x");
            if (panel.y.ticks.empty()) log_style(p, labels(p, TextRole::YTick), "y");
            if (l.panels[i].colorbar) colorbar_ticks(p, heatmap_colorbar(*panel.heatmap));
        }
        if (l.colorbar) {
            colorbar_ticks(-1, *figure.colorbar);
            shared_bar_beside_its_maps(*l.colorbar);
        }
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
};

}  // namespace

const std::vector<std::string> k_checks = {"overlap",   "canvas",   "ellipsis", "ticks",
                                           "ends",      "type",     "map size", "legend",
                                           "log style", "bar place"};

std::map<std::string, std::string> failed_checks(const Figure& figure, const LaidOutFigure& l,
                                                 double smallest_map_in) {
    Audit audit{figure, l, smallest_map_in, {}};
    audit.text_checks();
    audit.shortfalls();
    audit.panel_checks();
    return audit.failed;
}

}  // namespace posviz::testing
