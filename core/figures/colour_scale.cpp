#include "core/figures/colour_scale.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "core/figure/colormap.h"
#include "core/figure/ticks.h"
#include "core/figures/figure_text.h"
#include "core/input_error.h"

namespace posviz {

namespace {

// The maps the rules apply to: not those that keep their own scale (a difference A − B is centred
// on 0 whatever the options say of the maps it compares).
std::vector<Heatmap*> heatmaps_of(Figure& figure) {
    std::vector<Heatmap*> maps;
    for (Panel& panel : figure.panels)
        if (panel.heatmap && !panel.heatmap->own_scale) maps.push_back(&*panel.heatmap);
    return maps;
}

// Rule 1: diverging for signed data, sequential for one-signed data. A negative part smaller
// than 10⁻⁹ of the largest |value| is rounding, not a sign.
void choose_colormap(Heatmap& h) {
    if (h.limits == ColourLimits::Fixed || h.device || h.values.size() == 0) return;
    const ValueSummary summary = heatmap_summary(h);
    const double lo = summary.min, hi = summary.max;
    if (lo > hi) return;  // nothing finite
    const double tiny = 1e-9 * std::max(std::abs(lo), std::abs(hi));
    const bool signed_values = lo < -tiny && hi > tiny;
    h.colormap = signed_values ? "RdBu_r" : "viridis";
    h.limits = signed_values ? ColourLimits::Symmetric : ColourLimits::Data;
}

// Rule 3: a given limit replaces the map's own; the other stays the map's.
void fix_limits(Heatmap& h, const FigureOptions& options) {
    const Range own = heatmap_range(h);
    const double vmin = options.vmin.value_or(own.min), vmax = options.vmax.value_or(own.max);
    if (!(vmin < vmax)) {
        const bool blame_min = options.vmin.has_value();
        throw InputError(blame_min ? "--vmin" : "--vmax", format_number(blame_min ? vmin : vmax),
                         blame_min ? "a value below --vmax (" + format_number(vmax) + ")"
                                   : "a value above --vmin (" + format_number(vmin) + ")");
    }
    h.limits = ColourLimits::Fixed;
    h.vmin = vmin;
    h.vmax = vmax;
}

double largest_abs(const Heatmap& h) {
    const Range r = heatmap_range(h);
    return std::max(std::abs(r.min), std::abs(r.max));
}

bool share_scale(const Figure& figure, const std::vector<Heatmap*>& maps, ColourScale scale) {
    if (scale != ColourScale::Auto) return scale == ColourScale::Shared;
    if (figure.prefer_shared_scale) return true;
    double smallest = INFINITY, largest = 0.0;
    for (const Heatmap* h : maps) {
        smallest = std::min(smallest, largest_abs(*h));
        largest = std::max(largest, largest_abs(*h));
    }
    return smallest > 0.0 && largest <= k_shared_scale_ratio * smallest;
}

// Rule 4, shared: one range over every map ([−a, a] where any map is diverging), one bar.
void share(Figure& figure, const std::vector<Heatmap*>& maps) {
    // Maps that are all one value (all-zero content: logits of 0 under every encoding) share a
    // bar of that one colour (Colorbar::constant), not a scale none of them spans.
    std::optional<double> constant = heatmap_colorbar(*maps.front()).constant;
    for (const Heatmap* h : maps)
        if (heatmap_colorbar(*h).constant != constant) constant.reset();
    Range range{INFINITY, -INFINITY};
    bool diverging = false, masked = false;
    for (const Heatmap* h : maps) {
        const Range r = heatmap_range(*h);
        range = {std::min(range.min, r.min), std::max(range.max, r.max)};
        diverging = diverging || find_colormap(h->colormap).diverging;
        masked = masked || heatmap_has_masked(*h);
    }
    if (diverging) {
        const double a = std::max(std::abs(range.min), std::abs(range.max));
        range = {-a, a};
    }
    const Heatmap& first = *maps.front();
    Colorbar bar;
    bar.colormap = first.colormap;
    bar.norm = first.norm;
    bar.label = first.colorbar_label;
    if (masked) bar.masked_label = first.masked_label;
    for (Heatmap* h : maps) {
        h->limits = ColourLimits::Fixed;
        h->vmin = range.min;
        h->vmax = range.max;
        h->colormap = first.colormap;
        h->norm = first.norm;
        h->colorbar = false;
    }
    bar.range = heatmap_range(first);
    bar.constant = constant;
    figure.colorbar = bar;
}

}  // namespace

void check_colour_options(const FigureOptions& options) {
    for (const auto& [name, value] : {std::pair{"--vmin", options.vmin}, {"--vmax", options.vmax}})
        if (value && !std::isfinite(*value))
            throw InputError(name, format_number(*value), "a finite number");
    if (options.vmin && options.vmax && !(*options.vmin < *options.vmax))
        throw InputError("--vmin", format_number(*options.vmin),
                         "a value below --vmax (" + format_number(*options.vmax) + ")");
    if (options.norm && options.norm->kind == NormKind::Log && options.vmin && *options.vmin <= 0)
        throw InputError("--vmin", format_number(*options.vmin),
                         "a value above 0 with --norm log (or no --vmin: " +
                             format_number(k_log_norm_decades) + " decades below the top)");
}

void apply_colour_options(Figure& figure, const FigureOptions& options, bool compares) {
    const std::vector<Heatmap*> maps = heatmaps_of(figure);
    if (maps.empty()) return;
    if (options.colormap.empty())
        for (Heatmap* h : maps) choose_colormap(*h);
    if (options.norm)
        for (Heatmap* h : maps) h->norm = *options.norm;
    if (options.vmin || options.vmax)
        for (Heatmap* h : maps) fix_limits(*h, options);
    if (compares && maps.size() >= 2 && !figure.colorbar) {
        const Text t{options.lang};
        const bool shared = share_scale(figure, maps, options.scale);
        if (shared) share(figure, maps);
        figure.subtitle = join_parts(
            {figure.subtitle, shared ? t("shared colour scale", "统一色标")
                                     : t("each panel its own colour scale", "各图独立色标")});
    }
    if (!options.colormap.empty()) {
        for (Heatmap* h : maps) h->colormap = options.colormap;
        if (figure.colorbar) figure.colorbar->colormap = options.colormap;
    }
    if (figure.colorbar && options.norm) {
        figure.colorbar->norm = *options.norm;
        figure.colorbar->range = norm_range(*options.norm, figure.colorbar->range);
    }
}

ColourScale parse_colour_scale(const std::string& text, const std::string& source) {
    if (text == "auto") return ColourScale::Auto;
    if (text == "shared") return ColourScale::Shared;
    if (text == "per-panel") return ColourScale::PerPanel;
    throw InputError(source, text, "auto, shared or per-panel");
}

std::string colour_scale_name(ColourScale scale) {
    switch (scale) {
        case ColourScale::Shared:
            return "shared";
        case ColourScale::PerPanel:
            return "per-panel";
        case ColourScale::Auto:
            break;
    }
    return "auto";
}

}  // namespace posviz
