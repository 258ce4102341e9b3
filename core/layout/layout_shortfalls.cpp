#include "core/layout/layout_shortfalls.h"

#include <algorithm>
#include <variant>

#include "core/figure/ticks.h"
#include "core/layout/figure_layout.h"

namespace posviz {

namespace {

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

struct Reader {
    const Figure& figure;
    const LaidOutFigure& l;
    std::vector<Shortfall> found;

    void add(const char* check, std::string what) { found.push_back({check, std::move(what)}); }

    std::string panel_name(int p) const {
        return p < 0 ? "the figure"
                     : "panel " + std::to_string(p) + " \"" + figure.panels[size_t(p)].title + "\"";
    }

    // The text blocks of one panel (-1: the figure's own) in one role, numeric ones only where
    // `numeric`, in drawing order.
    std::vector<const TextBlock*> blocks(int panel, TextRole role, bool numeric) const {
        std::vector<const TextBlock*> out;
        for (const TextBlock& b : l.display.blocks)
            if (b.panel == panel && b.role == role && (!numeric || b.numeric)) out.push_back(&b);
        return out;
    }

    void lost_texts() {
        const std::vector<std::string> sources = source_texts(figure);
        constexpr double slack = 0.01;  // points: a box that touches the edge is on the canvas
        for (const TextBlock& b : l.display.blocks) {
            const Rect& r = b.box;
            if (r.x < -slack || r.y < -slack || r.x + r.w > l.display.width + slack ||
                r.y + r.h > l.display.height + slack)
                add("canvas", "\"" + b.text + "\" leaves the canvas");
            if (cut_short(b.text, sources)) add("ellipsis", "\"" + b.text + "\" is cut short");
        }
    }

    void numeric_axis(int p, TextRole role, double box_length) {
        const std::vector<const TextBlock*> ticks = blocks(p, role, true);
        const bool x = role == TextRole::XTick;
        if (ticks.size() == 2) {
            auto extent = [&](const TextBlock* b) { return x ? b->box.w : b->box.h; };
            if (too_short_for_three(box_length, std::min(extent(ticks[0]), extent(ticks[1])),
                                    ticks[0]->size))
                return;
        }
        if (ticks.size() < 3)
            add("ticks", panel_name(p) + ": " + (x ? "x" : "y") + " axis " +
                             format_number(box_length / 72.0) + " in long has " +
                             std::to_string(ticks.size()) + " tick labels");
    }

    // An axis of the figure's own ticks (tokens, categories) names at least three of them, or
    // all where it has fewer: a sentence of three tokens shows all three.
    void token_axis(int p, TextRole role, const Axis& axis) {
        if (axis.ticks.empty()) return;
        const size_t shown = blocks(p, role, false).size();
        if (shown < std::min<size_t>(3, axis.ticks.size()))
            add("ticks", panel_name(p) + ": " + (role == TextRole::XTick ? "x" : "y") +
                             " axis names " + std::to_string(shown) + " of its " +
                             std::to_string(axis.ticks.size()) + " labels");
    }

    // A constant map's bar names its one value (Colorbar::constant): one label is its scale.
    void colorbar(int p, const Colorbar& bar) {
        const size_t n = blocks(p, TextRole::ColorbarTick, true).size();
        if (n < 3 && !bar.constant)
            add("ticks", panel_name(p) + ": colour bar has " + std::to_string(n) + " tick labels");
    }

    void panels(double smallest_box) {
        for (size_t i = 0; i < l.panels.size(); ++i) {
            const Panel& panel = figure.panels[i];
            const PanelPlacement& placed = l.panels[i];
            const int p = int(i);
            if (panel.x.ticks.empty()) numeric_axis(p, TextRole::XTick, placed.box.w);
            if (panel.y.ticks.empty()) numeric_axis(p, TextRole::YTick, placed.box.h);
            token_axis(p, TextRole::XTick, panel.x);
            token_axis(p, TextRole::YTick, panel.y);
            if (placed.colorbar) colorbar(p, heatmap_colorbar(*panel.heatmap));
            // Lines the figure's key names (Figure::key) are keyed once for every panel.
            const auto keyed = [&](const LineSeries& s) {
                return std::any_of(figure.key.begin(), figure.key.end(),
                                   [&](const LineSeries& k) { return k.label == s.label; });
            };
            const auto labelled =
                std::count_if(panel.lines.begin(), panel.lines.end(),
                              [&](const LineSeries& s) { return !s.label.empty() && !keyed(s); });
            if (labelled > 1 && blocks(p, TextRole::Legend, false).empty())
                add("legend", panel_name(p) + " draws " + std::to_string(labelled) +
                                  " labelled lines and no legend");
            if (!panel.heatmap && std::min(placed.box.w, placed.box.h) < smallest_box - 1e-9)
                add("plot size", panel_name(p) + ": its plot box is " +
                                     format_number(std::min(placed.box.w, placed.box.h) / 72.0) +
                                     " in on its shorter side");
        }
        if (l.colorbar && figure.colorbar) colorbar(-1, *figure.colorbar);
        for (const DisplayItem& item : l.display.items)
            if (const auto* image = std::get_if<ImageItem>(&item);
                image && image->kind == ImageItem::Kind::Heatmap) {
                const double side = std::min(image->target.w, image->target.h);
                if (side < smallest_box - 1e-9)
                    add("map size", panel_name(image->panel) + ": its map is " +
                                        format_number(side / 72.0) + " in on its shorter side");
            }
    }
};

}  // namespace

bool too_short_for_three(double box_length, double shorter_label, double tick_size) {
    return box_length < 2.0 * (shorter_label + 0.5 * tick_size);
}

std::vector<Shortfall> layout_shortfalls(const Figure& figure, const LaidOutFigure& laid_out,
                                         double smallest_box) {
    Reader reader{figure, laid_out, {}};
    reader.lost_texts();
    reader.panels(smallest_box);
    return reader.found;
}

}  // namespace posviz
