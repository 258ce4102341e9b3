#include "core/layout/colorbar_layout.h"

#include <algorithm>

#include "core/figure/colormap.h"
#include "core/layout/heatmap_image.h"
#include "core/layout/panel_metrics.h"
#include "core/layout/tick_rule.h"

namespace posviz {

Pen::Label colorbar_label(const Pen& pen, const Colorbar& colorbar, double bar_height) {
    // Below the bar, level with the x tick labels, lies nothing but the masked swatch, if any: the
    // label may reach down into that band, as the y label does (draw_colorbar then lowers it).
    const PanelMetrics m(pen.theme);
    const double band =
        colorbar.masked_label.empty()
            ? m.tick_length + m.pad + pen.text_box("0", pen.text_style(pen.theme.tick_size)).h
            : 0.0;
    return pen.fit_label(colorbar.label, pen.theme.label_size, bar_height + band);
}

double colorbar_space(const Pen& pen, const Colorbar& colorbar, double bar_height) {
    const Theme& theme = pen.theme;
    const PanelMetrics m(theme);
    const TextStyle tick_style = pen.text_style(theme.tick_size);
    double labels = 0.0;
    for (const std::string& label : colorbar_ticks(theme, colorbar, bar_height).labels)
        labels = std::max(labels, pen.width(label, tick_style));
    double space = m.colorbar_gap + m.colorbar_width + m.tick_length + m.pad + labels + m.pad;
    // The label's lines, turned, stand side by side.
    const Pen::Label label = colorbar_label(pen, colorbar, bar_height);
    if (!label.text.empty())
        space += pen.text_box(label.text, pen.text_style(label.size)).h + m.pad;
    if (!colorbar.masked_label.empty()) {
        const double swatch = m.colorbar_gap + m.colorbar_width + m.pad +
                              pen.width(colorbar.masked_label, tick_style) + m.pad;
        space = std::max(space, swatch);
    }
    return space;
}

void draw_colorbar(const Pen& pen, const Colorbar& colorbar, Rect bar) {
    const Theme& theme = pen.theme;
    const PanelMetrics m(theme);
    ImageItem ramp = colorbar_ramp(colorbar, bar);
    ramp.panel = pen.panel;
    pen.add(std::move(ramp));
    StrokeStyle frame;
    frame.width = 0.8 * theme.line_scale;
    pen.box(bar, std::nullopt, Paint{theme.foreground, 1.0}, frame);
    const TextStyle tick_style = pen.text_style(theme.tick_size);
    const Range range = colorbar.range;
    const Ticks ticks = colorbar_ticks(theme, colorbar, bar.h);
    double label_right = bar.x + bar.w;
    std::vector<Polyline> marks;
    for (const double v : ticks.values) {
        const double y = bar.y + bar.h * (1.0 - colour_position(colorbar.norm, range, v));
        marks.push_back({{{bar.x + bar.w, y}, {bar.x + bar.w + m.tick_length, y}}});
    }
    pen.lines(std::move(marks), theme.foreground, frame);
    for (size_t i = 0; i < ticks.values.size(); ++i) {
        const double y =
            bar.y + bar.h * (1.0 - colour_position(colorbar.norm, range, ticks.values[i]));
        const Rect r = pen.text(ticks.labels[i], tick_style, bar.x + bar.w + m.tick_length + m.pad,
                                y, {0.0, 0.5}, theme.foreground, TextRole::ColorbarTick, true);
        label_right = std::max(label_right, r.x + r.w);
    }
    const Pen::Label label = colorbar_label(pen, colorbar, bar.h);
    if (!label.text.empty()) {
        const TextStyle label_style = pen.text_style(label.size);
        const Rect r = pen.text_box(label.text, label_style);
        // Centred on the bar, or from its top down when longer (see colorbar_label).
        const double centre = r.w <= bar.h ? bar.y + 0.5 * bar.h : bar.y + 0.5 * r.w;
        pen.vertical_text(label.text, label_style, label_right + m.pad + 0.5 * r.h, centre,
                          theme.foreground, TextRole::ColorbarLabel);
    }
    if (!colorbar.masked_label.empty()) {
        // A swatch of the masked colour under the bar, level with the x tick labels, and its key
        // clear of the lowest tick label, which reaches half its height below the bar (more in
        // Chinese, whose font's lines are taller).
        const double size = 0.9 * theme.tick_size;
        const double tick_half = 0.5 * pen.text_box("0", tick_style).h;
        const double top =
            bar.y + bar.h +
            std::max(m.tick_length + m.pad, 2.0 * tick_half - 0.5 * size + 0.25 * theme.tick_size);
        pen.box({bar.x, top, bar.w, size},
                Paint{masked_colour(theme, find_colormap(colorbar.colormap)), 1.0},
                Paint{theme.foreground, 1.0}, frame);
        pen.text(colorbar.masked_label, tick_style, bar.x + bar.w + m.pad, top + 0.5 * size,
                 {0.0, 0.5}, theme.foreground, TextRole::MaskedKey);
    }
}

}  // namespace posviz
