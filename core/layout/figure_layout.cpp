#include "core/layout/figure_layout.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "core/figure/label_lines.h"
#include "core/figure/outer_labels.h"
#include "core/input_error.h"
#include "core/layout/canvas.h"
#include "core/layout/colorbar_layout.h"
#include "core/layout/figure_grid.h"
#include "core/layout/legend_layout.h"
#include "core/layout/panel_drawing.h"
#include "core/layout/panel_layout.h"
#include "core/layout/panel_metrics.h"

namespace posviz {

namespace {

// Decision: a plot box should be at least 4 em on its shorter side; where the type set for the
// canvas leaves less (four matrices in a paper column), the type shrinks by k_type_step, down to
// 6 pt, before any box is squeezed further. --font-size is kept as given.
constexpr double k_smallest_box_em = 4.0;

// The figure's title and subtitle as they fit the width, and the area left under them for the
// panels and a shared colorbar.
struct Header {
    std::string title, subtitle;
    double title_y = 0.0, subtitle_y = 0.0;
    Rect key;  // the figure's key (Figure::key) under the subtitle; empty without one
    int key_columns = 1;
    Rect area;
};

// The figure's key as a legend draws it: a panel of its lines.
Panel key_panel(const Figure& figure) {
    Panel panel;
    panel.lines = figure.key;
    return panel;
}

// A title or subtitle that two lines would cut takes a third where `third_line` says
// (Pen::fit_title), else it is cut.
Header plan_header(const Pen& p, const Figure& figure, const FigureView& view, double width,
                   double height, bool third_line) {
    auto fit = [&](const std::string& text, const TextStyle& style, double across) {
        return third_line ? p.fit_title(text, style, across) : p.fit_text(text, style, across, 2);
    };
    const Theme& theme = p.theme;
    Header header;
    const double margin = 0.8 * theme.title_size;
    double top = 0.6 * margin;
    if (view.title && !figure.title.empty()) {
        const TextStyle title_style = p.text_style(theme.title_size, FontWeight::Bold);
        header.title = fit(figure.title, title_style, width - margin);
        header.title_y = top;
        top += p.text_box(header.title, title_style).h + 0.3 * theme.subtitle_size;
    }
    if (view.subtitle && !figure.subtitle.empty()) {
        const TextStyle subtitle_style = p.text_style(theme.subtitle_size);
        header.subtitle = fit(figure.subtitle, subtitle_style, width - margin);
        header.subtitle_y = top;
        top += p.text_box(header.subtitle, subtitle_style).h;
    }
    if (!figure.key.empty()) {
        const Panel key = key_panel(figure);
        header.key_columns = legend_columns(p, key, width - margin);
        const Rect size = legend_size(p, key, header.key_columns);
        const double pad = legend_pad(p);
        header.key = {0.5 * (width - size.w), top + 2.0 * pad, size.w, size.h};
        top += size.h + 3.0 * pad;
    }
    top += 0.4 * margin;
    header.area = {0.5 * margin, top, width - margin, height - top - 0.5 * margin};
    return header;
}

// What the panels are planned for: the view asked for, and whether to go without axis labels
// (the last resort of a canvas too small for its panels).
struct PlanFor {
    const FigureView& view;
    bool bare = false;
    PanelView panel(size_t i) const {
        return {i < view.zoom.size() ? view.zoom[i] : ZoomedLimits{}, view.map_stretch};
    }
};

// Where the panels go at one type size in one grid, before anything is drawn.
struct PanelPlan {
    Grid grid;
    double grid_width = 0.0;  // what the cells share, left of a shared colorbar
    std::vector<Rect> cells;
    std::vector<VerticalMargins> rows;
    std::vector<AxisLabels> labels;  // per panel
    std::vector<PanelLayout> layouts;
    Rect colorbar;                   // the shared colorbar's bar, if the figure has one
    double smallest_box = INFINITY;  // the shorter side of the smallest plot box
    double covered = 0.0;            // what the plot boxes cover (useful_area), for the grid
    int cut = 0;                     // panel titles and labels cut short with "…"
};

// Decision: what a plot box is worth to the grid's choice, its area, but a plot of free shape
// counted no wider than 3 times its height nor taller than it is wide (a curve stretched along
// a whole slide, or squeezed into a tall strip, shows no more than at those shapes); matrices
// and circles keep their own shape.
double useful_area(const Panel& panel, Rect box) {
    if (panel.equal_aspect) return box.w * box.h;
    return std::min(box.w, 3.0 * box.h) * std::min(box.h, box.w);
}

// How many of a panel's title, axis labels (those it draws) and colorbar label its layout cuts
// short or leaves out.
int cut_texts(const Pen& p, const Panel& panel, const PanelLayout& l, AxisLabels labels) {
    auto cut = [](const std::string& fitted, const std::string& text) {
        return fitted != text && (fitted.empty() || fitted.find("…") != std::string::npos) ? 1 : 0;
    };
    int n = cut(l.title, panel.title) + (labels.x ? cut(l.x_label.text, panel.x.label) : 0) +
            (labels.y ? cut(l.y_label.text, panel.y.label) : 0);
    if (l.colorbar) {
        const Colorbar colorbar = heatmap_colorbar(*panel.heatmap);
        n += cut(colorbar_label(p, colorbar, l.colorbar_box.h).text, colorbar.label);
    }
    return n;
}

// The widths of each row's cells (grid_cells); none: equal cells.
using CellWidths = std::vector<RowWidths>;

// The panels in `grid` over `area` (less a shared colorbar's strip `strip` wide on the right),
// cells as wide as `widths` says, for `asked`.
PanelPlan plan_grid(const Pen& p, const Figure& figure, Rect area, double strip, Grid grid,
                    const CellWidths& widths, const PlanFor& asked) {
    PanelPlan plan;
    plan.grid = grid;
    const int cols = grid.cols;
    const size_t count = std::min(figure.panels.size(), size_t(grid.rows * cols));
    plan.grid_width = area.w - strip;
    const Rect grid_area = {area.x, area.y, plan.grid_width, area.h};
    plan.cells = grid_cells(grid_area, grid, count, widths);
    plan.labels = asked.bare ? std::vector<AxisLabels>(count, {false, false})
                             : outer_axis_labels(figure, cols, count);
    // First the margins each panel needs, then the height of the row's equal-aspect boxes, then
    // every panel of a row with the row's largest margins.
    auto row_margins = [&] {
        plan.rows.assign(size_t(grid.rows), {});
        for (size_t i = 0; i < count; ++i) {
            const VerticalMargins need =
                layout_panel(p, figure.panels[i], plan.cells[i], {}, plan.labels[i], asked.panel(i))
                    .margins;
            VerticalMargins& row = plan.rows[i / size_t(cols)];
            row.top = std::max(row.top, need.top);
            row.bottom = std::max(row.bottom, need.bottom);
        }
    };
    row_margins();
    // Decision, as matplotlib's constrained layout sizes its rows: each row is as tall as its own
    // margins (a title on three lines, the x label only the bottom row has) plus an equal share
    // of what the margins leave, so that every row's plot boxes get the same height instead of
    // the rows with the most text setting every box's size (the permutation figure's six maps
    // stacked in a paper column).
    if (grid.rows > 1) {
        double margins = 0.0;
        for (const VerticalMargins& row : plan.rows) margins += row.top + row.bottom;
        const double share = (area.h - margins) / grid.rows;
        if (share > 0.0) {
            std::vector<double> heights;
            for (const VerticalMargins& row : plan.rows)
                heights.push_back(row.top + row.bottom + share);
            plan.cells = grid_cells(grid_area, grid, count, widths, heights);
            row_margins();
        }
    }
    for (size_t i = 0; i < count; ++i) {
        if (!figure.panels[i].equal_aspect) continue;
        VerticalMargins& row = plan.rows[i / size_t(cols)];
        const double h =
            layout_panel(p, figure.panels[i], plan.cells[i], row, plan.labels[i], asked.panel(i))
                .box.h;
        row.box_height = row.box_height > 0.0 ? std::min(row.box_height, h) : h;
    }
    // Matrices of every row come out the same size (the smallest row's), so that a grid of
    // them lines up.
    double smallest_row = 0.0;
    for (const VerticalMargins& row : plan.rows)
        if (row.box_height > 0.0)
            smallest_row =
                smallest_row > 0.0 ? std::min(smallest_row, row.box_height) : row.box_height;
    for (VerticalMargins& row : plan.rows)
        if (row.box_height > 0.0) row.box_height = smallest_row;
    double boxes_top = INFINITY, boxes_bottom = -INFINITY, cells_right = area.x;
    for (size_t i = 0; i < count; ++i) {
        plan.layouts.push_back(layout_panel(p, figure.panels[i], plan.cells[i],
                                            plan.rows[i / size_t(cols)], plan.labels[i],
                                            asked.panel(i)));
        const Rect box = plan.layouts.back().box;
        plan.smallest_box = std::min({plan.smallest_box, box.w, box.h});
        plan.covered += useful_area(figure.panels[i], box);
        plan.cut += cut_texts(p, figure.panels[i], plan.layouts.back(), plan.labels[i]);
        if (uses_shared_colorbar(figure.panels[i])) {
            boxes_top = std::min(boxes_top, box.y);
            boxes_bottom = std::max(boxes_bottom, box.y + box.h);
        }
        cells_right = std::max(cells_right, plan.cells[i].x + plan.cells[i].w);
    }
    // Empty cells count against a grid (a lone panel under a full row looks stray): what it
    // covers is weighted by the share of cells filled.
    if (!grid.wide_last_row) plan.covered *= double(count) / double(grid.rows * cols);
    // A shared colorbar right of the cells, as tall as the maps it serves (not beside a map of a
    // scale of its own, nor the plots under them: issue 22, defect 5).
    if (count > 0 && boxes_bottom > boxes_top)
        plan.colorbar = {cells_right + PanelMetrics(p.theme).colorbar_gap, boxes_top,
                         PanelMetrics(p.theme).colorbar_width, boxes_bottom - boxes_top};
    return plan;
}

// plan_grid with the shared colorbar's strip as wide as its label needs beside the bar it gets.
PanelPlan plan_panels(const Pen& p, const Figure& figure, Rect area, Grid grid,
                      const CellWidths& widths, const PlanFor& asked) {
    if (!figure.colorbar) return plan_grid(p, figure, area, 0.0, grid, widths, asked);
    // The bar's length depends on the strip (through the boxes), the strip on the label set for
    // that length (on one line or two): repeat until the label fits its strip.
    double strip = colorbar_space(p, *figure.colorbar, 0.8 * area.h);
    PanelPlan plan = plan_grid(p, figure, area, strip, grid, widths, asked);
    for (int pass = 0; pass < 3; ++pass) {
        const double need = colorbar_space(p, *figure.colorbar, plan.colorbar.h);
        if (need <= strip) break;
        strip = need;
        plan = plan_grid(p, figure, area, strip, grid, widths, asked);
    }
    return plan;
}

// The narrowest width in which a panel's title or x label is set whole: on the two lines it
// breaks onto (core/figure/label_lines.h), or on one where it does not break; a text of several
// lines already, on those.
double narrowest(const Pen& p, const std::string& text, const TextStyle& style) {
    if (text.find('\n') != std::string::npos) return p.text_box(text, style).w;
    auto width = [&](const std::string& line) { return p.width(line, style); };
    const std::optional<TwoLines> lines = break_in_two(text, width);
    return lines ? std::max(width(lines->first), width(lines->second)) : width(text);
}

// Decision, as matplotlib's constrained layout sizes its columns: the cells of matrices (panels
// that keep their shape) are as wide as each one needs for its margins (a y label, a colorbar)
// and its box at one common height, the tallest the cells allow, and for its title and x label
// (centred on the box): set whole on at most two lines, or (`texts_as_set`) as they were set in
// `plan`. So the matrices come out equally large, as large as the width allows, and sit together
// instead of across wide gaps. Cells of plots of free shape keep at least their equal share and
// take what their row leaves. Rows of equal cells share their columns' widths, so that the
// columns of matrices stay lined up; a wide last row goes its own way. Measured from `plan`,
// laid out in equal cells.
CellWidths fitted_widths(const Pen& p, const Figure& figure, const PanelPlan& plan,
                         bool texts_as_set) {
    const Grid grid = plan.grid;
    const size_t count = plan.layouts.size(), rows = size_t(grid.rows), cols = size_t(grid.cols);
    // Every matrix of the figure comes out one size (plan_grid): the height all of them allow.
    double height = INFINITY;
    for (size_t i = 0; i < count; ++i)
        if (figure.panels[i].equal_aspect) height = std::min(height, plan.layouts[i].free_box.h);
    CellWidths widths(rows);
    const size_t aligned = grid.wide_last_row ? rows - 1 : rows;
    auto fit = [&](size_t first_row, size_t last_row) {
        const size_t first = first_row * cols, last = std::min(count, last_row * cols);
        const size_t across = size_t(cells_across(grid, count, first));
        const double equal = plan.grid_width / double(across);
        // Per column of matrices: margins beside the box, box width per unit of height, and the
        // width its centred texts need.
        std::vector<double> margins(across, 0.0), aspect(across, 0.0), texts(across, 0.0);
        for (size_t i = first; i < last; ++i) {
            if (!figure.panels[i].equal_aspect) continue;
            const size_t c = i % cols;
            const PanelLayout& l = plan.layouts[i];
            const Rect cell = plan.cells[i];
            const double left = l.free_box.x - cell.x;
            const double right = cell.x + cell.w - (l.free_box.x + l.free_box.w);
            margins[c] = std::max(margins[c], left + right);
            aspect[c] = std::max(aspect[c], l.box.w / l.box.h);
            const TextStyle title_style = p.text_style(p.theme.panel_title_size);
            const TextStyle x_style =
                p.text_style(texts_as_set ? l.x_label.size : p.theme.label_size);
            const double centred =
                texts_as_set
                    ? std::max(p.text_box(l.title, title_style).w,
                               p.text_box(l.x_label.text, x_style).w)
                    : std::max(
                          narrowest(p, l.title.empty() ? "" : figure.panels[i].title, title_style),
                          narrowest(p, l.x_label.text.empty() ? "" : figure.panels[i].x.label,
                                    x_style));
            // A text centred on the box reaches as far as the nearer cell edge allows; half a
            // point more, so that rounding never wraps a text that fitted.
            texts[c] = std::max(texts[c], centred + std::abs(left - right) + 0.5);
        }
        auto width = [&](size_t c, double h) {
            return std::max(margins[c] + aspect[c] * h, texts[c]);
        };
        // Whether row r's cell in column c holds a plot (of free shape).
        auto plot = [&](size_t r, size_t c) {
            return r * cols + c < last && !figure.panels[r * cols + c].equal_aspect;
        };
        // Row r's cells at box height h: the matrices' as they need, the plots' sharing the rest;
        // the empty cells of a short last row as wide as the columns above them.
        auto row_at = [&](size_t r, double h) {
            std::vector<double> row;
            double taken = 0.0;
            size_t plots = 0;
            for (size_t c = 0; c < across; ++c) {
                row.push_back(plot(r, c) ? 0.0 : aspect[c] > 0.0 ? width(c, h) : equal);
                taken += row.back();
                plots += plot(r, c);
            }
            for (size_t c = 0; c < across; ++c)
                if (plot(r, c)) row[c] = (plan.grid_width - taken) / double(plots);
            return row;
        };
        auto fits = [&](double h) {
            for (size_t r = first_row; r < last_row; ++r) {
                const std::vector<double> row = row_at(r, h);
                double total = 0.0;
                for (size_t c = 0; c < across; ++c) {
                    total += row[c];
                    if (plot(r, c) && row[c] < equal) return false;
                }
                if (total > plan.grid_width + 1e-9) return false;
            }
            return true;
        };
        if (!std::isfinite(height) || !fits(0.0)) return;
        // The tallest box whose cells fit: the widths grow with the height.
        double lo = 0.0, hi = height;
        if (fits(hi))
            lo = hi;
        else
            for (int step = 0; step < 40; ++step) {
                const double mid = 0.5 * (lo + hi);
                (fits(mid) ? lo : hi) = mid;
            }
        // Rows with plots fill the width. A row of matrices alone is centred, unless a column of
        // it also holds a matrix beside plots, under or over which its own must line up.
        std::vector<bool> plots_in_row(rows, false), lined_up(across, false);
        for (size_t i = first; i < last; ++i)
            plots_in_row[i / cols] = plots_in_row[i / cols] || !figure.panels[i].equal_aspect;
        for (size_t i = first; i < last; ++i)
            if (figure.panels[i].equal_aspect && plots_in_row[i / cols]) lined_up[i % cols] = true;
        for (size_t r = first_row; r < last_row; ++r) {
            widths[r] = {row_at(r, lo), !plots_in_row[r]};
            for (size_t i = r * cols; i < std::min(last, (r + 1) * cols); ++i)
                if (lined_up[i % cols]) widths[r].centred = false;
        }
    };
    fit(0, aligned);
    if (aligned < rows) fit(aligned, rows);
    return widths;
}

bool legible(const PanelPlan& plan, const Theme& theme) {
    return plan.smallest_box >= k_smallest_box_em * theme.label_size;
}

// The candidate-grid order of arrange_panels (its comment says why).
bool better(const PanelPlan& plan, const PanelPlan& than, const Theme& theme) {
    if (legible(plan, theme) != legible(than, theme)) return legible(plan, theme);
    if (!legible(plan, theme)) {
        if (plan.smallest_box > 1.02 * than.smallest_box) return true;
        if (plan.smallest_box < 0.98 * than.smallest_box) return false;
    }
    if (plan.cut != than.cut) return plan.cut < than.cut;
    return plan.covered > 1.02 * than.covered;
}

// A plan that gives no plot box up, and cuts no more text short, for what it improves elsewhere.
bool no_worse(const PanelPlan& plan, const PanelPlan& than) {
    return plan.smallest_box >= 0.99 * than.smallest_box && plan.covered >= 0.99 * than.covered &&
           plan.cut <= than.cut;
}

// Decision: of the candidate grids, measured as laid out in equal cells, the one whose plot
// boxes are legible (k_smallest_box_em), that cuts the fewest titles and labels short, and whose
// boxes cover the most (useful_area); where none is legible, first the one whose smallest box is
// largest (no panel shrunk to a speck for a larger curve or a whole title). Another grid must do
// 2 % better to win, so that near ties keep the earlier candidate (fewer rows, columns that line
// up). Then its cells take the widths their panels need (fitted_widths), and where every panel
// still leaves part of its cell's height unused, the grid gives that up, centred between the
// title and the foot; each only where it costs no plot box any size and cuts no more text short
// (a title or label that wraps in a narrower cell).
PanelPlan arrange_panels(const Pen& p, const Figure& figure, int cols_asked, Rect area,
                         const PlanFor& asked) {
    PanelPlan best;
    bool first = true;
    for (const Grid grid : candidate_grids(figure, cols_asked)) {
        PanelPlan plan = plan_panels(p, figure, area, grid, {}, asked);
        if (first || better(plan, best, p.theme)) best = std::move(plan);
        first = false;
    }
    if (best.layouts.empty()) return best;
    CellWidths widths;
    PanelPlan fitted = best;
    bool texts_as_set = false;
    for (;; texts_as_set = true) {
        widths = fitted_widths(p, figure, best, texts_as_set);
        fitted = plan_panels(p, figure, area, best.grid, widths, asked);
        if (no_worse(fitted, best) || texts_as_set) break;
    }
    if (!no_worse(fitted, best)) return best;
    // The boxes' height the widths were fitted for is what the equal cells left them; in the
    // fitted cells the texts may need less height (a title on fewer lines in a wider cell), so
    // the widths are fitted once more from those, where that makes the boxes larger.
    const CellWidths again = fitted_widths(p, figure, fitted, texts_as_set);
    PanelPlan refitted = plan_panels(p, figure, area, fitted.grid, again, asked);
    if (no_worse(refitted, fitted) && refitted.smallest_box > fitted.smallest_box + 0.5)
        fitted = std::move(refitted), widths = again;
    double spare = INFINITY;
    for (const PanelLayout& l : fitted.layouts) spare = std::min(spare, l.free_box.h - l.box.h);
    if (spare <= 0.0) return fitted;
    const double trim = 0.5 * spare * fitted.grid.rows;
    PanelPlan trimmed = plan_panels(p, figure, {area.x, area.y + trim, area.w, area.h - 2.0 * trim},
                                    fitted.grid, widths, asked);
    return no_worse(trimmed, fitted) ? trimmed : fitted;
}

// The header and panels planned at one type size, before anything is drawn.
struct Plan {
    Header header;
    PanelPlan panels;
};

Plan plan_at(const Figure& figure, const Canvas& canvas, const TextMeasure& measure,
             const Theme& theme, const FigureView& view, bool bare) {
    const Pen measuring{measure, theme, canvas.lang, nullptr, -1, canvas.min_text_size};
    auto with_header = [&](bool third_line) {
        Plan plan;
        plan.header = plan_header(measuring, figure, view, canvas.width, canvas.height, third_line);
        plan.panels =
            arrange_panels(measuring, figure, canvas.cols, plan.header.area, PlanFor{view, bare});
        return plan;
    };
    Plan plan = with_header(false);
    auto cut = [](const std::string& fitted, const std::string& text) {
        return fitted.find("…") != std::string::npos && text.find("…") == std::string::npos;
    };
    if (!cut(plan.header.title, figure.title) && !cut(plan.header.subtitle, figure.subtitle))
        return plan;
    // Decision (issue 22, "What to build" 2): a title or subtitle that two lines cut takes a
    // third, where the room it takes from the panels cuts none of their texts short and leaves
    // their boxes legible at this type size (so that it never costs them smaller type); else a
    // paper page grows for it (page_fit.h).
    Plan whole = with_header(true);
    return whole.panels.cut == 0 && legible(whole.panels, theme) ? whole : plan;
}

// Decision (issue 22, defect 8): type asked for (--font-size) that leaves a plot box under one
// em of the axis labels even without them cannot be met on this canvas.
bool room_for_panels(const Plan& plan, const Theme& theme) {
    return plan.panels.layouts.empty() || plan.panels.smallest_box >= theme.label_size;
}

[[noreturn]] void too_large_type(const Figure& figure, const Canvas& canvas,
                                 const TextMeasure& measure, const FigureView& view,
                                 const Theme& base) {
    // The largest size in half points that leaves the panels room, if any does.
    double lo = k_min_text_size, hi = canvas.font_size;
    auto fits = [&](double size) {
        const Theme theme = theme_at_font_size(base, size);
        return room_for_panels(plan_at(figure, canvas, measure, theme, view, true), theme);
    };
    std::string allowed;
    if (!fits(lo)) {
        allowed =
            "a larger canvas (--size, --width, --height): even 6 pt type leaves the panels "
            "no room";
    } else {
        while (hi - lo > k_type_step) {
            const double mid = std::floor((lo + hi) / (2.0 * k_type_step)) * k_type_step;
            if (mid <= lo) break;
            (fits(mid) ? lo : hi) = mid;
        }
        allowed = "at most " + format_number(lo) + " pt on a " +
                  format_number(canvas.width / 72.0) + " × " + format_number(canvas.height / 72.0) +
                  " in canvas (--size, --width, --height), or a larger canvas";
    }
    throw InputError("--font-size", format_number(canvas.font_size) + " pt", allowed);
}

}  // namespace

double data_value(const AxisMap& map, double at) {
    const double f = (at - map.page_lo) / (map.page_hi - map.page_lo);
    if (map.log) return std::pow(10.0, std::log10(map.lo) + f * std::log10(map.hi / map.lo));
    return map.lo + f * (map.hi - map.lo);
}

LaidOutFigure lay_out_figure(const Figure& figure, const Canvas& canvas, const TextMeasure& measure,
                             const FigureView& view) {
    const Theme& base = view.theme ? *view.theme : find_theme(canvas.theme);
    double size = canvas.font_size > 0.0 ? canvas.font_size
                                         : automatic_font_size(canvas.width, canvas.height);
    Theme theme = theme_at_font_size(base, size);
    Plan plan = plan_at(figure, canvas, measure, theme, view, false);
    const bool shrinks = canvas.font_size <= 0.0 || canvas.font_size_shrinks;
    while (shrinks && size > k_min_text_size && !legible(plan.panels, theme)) {
        size = std::max(k_min_text_size, size - k_type_step);
        theme = theme_at_font_size(base, size);
        plan = plan_at(figure, canvas, measure, theme, view, false);
    }
    // Decision: where even 6 pt type leaves a plot box under 1 em (nine panels in a paper
    // column), the axis labels go; the tick labels and titles stay.
    if (plan.panels.smallest_box < theme.label_size)
        plan = plan_at(figure, canvas, measure, theme, view, true);
    // Decision: a screen's tile (type that shrinks with it, Canvas::font_size_shrinks) where even
    // that leaves a plot box under 1 em is too small for the figure: the plot widget says so
    // rather than drawing the titles and ticks of boxes a few points wide in a heap (a large UI
    // scale on a small screen). An export keeps what it was asked for.
    if (canvas.font_size_shrinks && plan.panels.smallest_box < theme.label_size)
        throw InputError(
            "view",
            format_number(canvas.width, 3) + " × " + format_number(canvas.height, 3) + " pt",
            "a view with room for the figure's panels");
    if (!shrinks && !room_for_panels(plan, theme))
        too_large_type(figure, canvas, measure, view, base);
    const Header& header = plan.header;
    const PanelPlan& panels = plan.panels;

    LaidOutFigure out;
    out.grid = panels.grid;
    out.label_size = theme.label_size;
    DisplayList& display = out.display;
    display.width = canvas.width;
    display.height = canvas.height;
    if (!canvas.transparent) display.background = theme.background;
    Pen p{measure, theme, canvas.lang, &display, -1, canvas.min_text_size};
    if (!header.title.empty())
        p.text(header.title, p.text_style(theme.title_size, FontWeight::Bold), 0.5 * canvas.width,
               header.title_y, {0.5, 0.0}, theme.foreground, TextRole::Title);
    if (!header.subtitle.empty())
        p.text(header.subtitle, p.text_style(theme.subtitle_size), 0.5 * canvas.width,
               header.subtitle_y, {0.5, 0.0}, theme.muted, TextRole::Subtitle);
    if (header.key.h > 0.0)
        draw_legend(p, key_panel(figure),
                    {LegendSlot::Below, header.key, header.key_columns, LegendPosition::None});
    for (size_t i = 0; i < panels.layouts.size(); ++i) {
        const PanelLayout& l = panels.layouts[i];
        p.panel = int(i);
        draw_panel(p, figure.panels[i], l, canvas.annotate, view.heatmap_pixels);
        PanelPlacement placed{panels.cells[i], l.box, l.x,           l.y,         l.x_ticks,
                              l.y_ticks,       {},    l.legend.slot, l.legend.box};
        if (l.colorbar) placed.colorbar = l.colorbar_box;
        out.panels.push_back(std::move(placed));
    }
    p.panel = -1;
    if (figure.colorbar && panels.colorbar.h > 0.0) {
        draw_colorbar(p, *figure.colorbar, panels.colorbar);
        out.colorbar = panels.colorbar;
    }
    return out;
}

}  // namespace posviz
