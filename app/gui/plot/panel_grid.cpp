#include "app/gui/plot/panel_grid.h"

#include <algorithm>
#include <cfloat>

#include "app/gui/plot/plot_text.h"

namespace posviz::gui {

PlotStyle panel_title_style(const Figure& figure, const PlotStyle& s,
                            const std::vector<ImRect>& cells) {
    PlotStyle titled = s;
    for (size_t i = 0; i < cells.size() && i < figure.panels.size(); ++i)
        if (text_size(s.heading, figure.panels[i].title).x > 0.94f * cells[i].GetWidth())
            titled.heading = s.body;
    return titled;
}

namespace {

// How many cells share the width of panel i's row.
int cells_across(const PanelGrid& grid, int count, int i) {
    const int last_row_start = (grid.rows - 1) * grid.cols;
    if (!grid.wide_last_row || i < last_row_start) return grid.cols;
    return std::clamp(count - last_row_start, 1, grid.cols);
}

// The n + 1 edges of n bands over `length` from `from`: each band its `text` and an equal part of
// the rest, or equal bands where `text` does not give one for each.
std::vector<float> band_edges(float from, float length, int n, const std::vector<float>& text) {
    const bool fitted = text.size() == size_t(n);
    float rest = length;
    if (fitted)
        for (const float t : text) rest -= t;
    std::vector<float> edges{from};
    for (int k = 0; k < n; ++k)
        edges.push_back(edges.back() + (fitted ? text[size_t(k)] : 0.0f) + rest / float(n));
    return edges;
}

}  // namespace

float row_share(const PanelGrid& grid, int r) {
    if (grid.first_row_share <= 0.0f || grid.rows < 2) return 1.0f / float(grid.rows);
    return r == 0 ? grid.first_row_share : (1.0f - grid.first_row_share) / float(grid.rows - 1);
}

std::vector<ImRect> grid_cells(const ImRect& area, const PanelGrid& grid, int count) {
    std::vector<float> row_tops{area.Min.y};
    if (grid.first_row_share > 0.0f) {
        for (int r = 0; r < grid.rows; ++r)
            row_tops.push_back(row_tops.back() + row_share(grid, r) * area.GetHeight());
    } else {
        row_tops = band_edges(area.Min.y, area.GetHeight(), grid.rows, grid.row_text);
    }
    const std::vector<float> columns =
        band_edges(area.Min.x, area.GetWidth(), grid.cols, grid.col_text);
    std::vector<ImRect> cells;
    for (int i = 0; i < count; ++i) {
        const int across = cells_across(grid, count, i);
        const int r = i / grid.cols, c = i % grid.cols;
        const float width = area.GetWidth() / float(across);
        const float left = across == grid.cols ? columns[size_t(c)] : area.Min.x + float(c) * width;
        const float right = across == grid.cols ? columns[size_t(c) + 1] : left + width;
        cells.emplace_back(ImVec2(left, row_tops[size_t(r)]),
                           ImVec2(right, row_tops[size_t(r) + 1]));
    }
    return cells;
}

std::vector<BoxSpan> box_spans(const std::vector<Layout>& layouts, const PanelGrid& grid) {
    const int count = int(layouts.size());
    const size_t rows = size_t(grid.rows), cols = size_t(grid.cols);
    std::vector<float> tops(rows, -FLT_MAX), heights(rows, FLT_MAX), bottoms(rows, FLT_MAX);
    std::vector<float> lefts(cols, -FLT_MAX), rights(cols, FLT_MAX);
    // A column of panels showing one x axis: two or more, in rows of `cols`, at the same limits
    // (a curve under a map keeps its own width, which its legend may need).
    std::vector<int> stacked(cols, 0);
    std::vector<bool> one_axis(cols, true);
    auto in_row_of_cols = [&](int i) { return cells_across(grid, count, i) == grid.cols; };
    for (int i = 0; i < count; ++i) {
        if (!in_row_of_cols(i)) continue;
        const size_t c = size_t(i) % cols;
        ++stacked[c];
        one_axis[c] = one_axis[c] && layouts[size_t(i)].x.range == layouts[c].x.range;
    }
    auto in_column = [&](int i) {
        const size_t c = size_t(i) % cols;
        return in_row_of_cols(i) && stacked[c] > 1 && one_axis[c];
    };
    for (int i = 0; i < count; ++i) {
        const Layout& l = layouts[size_t(i)];
        const size_t r = size_t(i) / cols, c = size_t(i) % cols;
        tops[r] = std::max(tops[r], l.free_box.Min.y);
        heights[r] = std::min(heights[r], l.box.GetHeight());
        bottoms[r] = std::min(bottoms[r], l.free_box.Max.y);
        if (!in_column(i)) continue;
        lefts[c] = std::max(lefts[c], l.free_box.Min.x);
        rights[c] = std::min(rights[c], l.free_box.Max.x);
    }
    std::vector<BoxSpan> spans;
    for (int i = 0; i < count; ++i) {
        const size_t r = size_t(i) / cols, c = size_t(i) % cols;
        BoxSpan span{tops[r], std::max(1.0f, std::min(heights[r], bottoms[r] - tops[r]))};
        if (in_column(i)) {
            span.left = lefts[c];
            span.width = std::max(1.0f, rights[c] - lefts[c]);
        }
        spans.push_back(span);
    }
    return spans;
}

std::vector<AxisLabels> grid_axis_labels(const Figure& figure, const PlotStyle& s,
                                         const std::vector<ImRect>& cells, const PanelGrid& grid,
                                         const std::vector<AxisRange>& x,
                                         const std::vector<AxisRange>& y,
                                         const std::vector<bool>& has_masked, SharedTicks judge) {
    const std::vector<AxisLabels> outer = outer_axis_labels(figure, grid.cols, cells.size());
    // `outer` less the tick labels that repeat a neighbour's, the panels laid out with `labels` as
    // the widget draws them: in their spans, which give a row's maps one height (and so one set of
    // y ticks) even where the first one's labels leave it less width, and a column's one width.
    // Without `lengths`, axes of any lengths agree.
    auto repeated = [&](const std::vector<AxisLabels>& labels, bool lengths) {
        auto lay_out = [&](size_t i, const BoxSpan* span) {
            return layout_panel(figure.panels[i], s, cells[i], x[i], y[i], has_masked[i], span,
                                labels[i]);
        };
        auto shown = [&](const AxisRange& r, const Ticks& ticks, float length) {
            return ShownAxis{r.lo, r.hi, r.log, ticks.labels, lengths ? double(length) : 0.0};
        };
        std::vector<Layout> free;
        for (size_t i = 0; i < cells.size(); ++i) free.push_back(lay_out(i, nullptr));
        const std::vector<BoxSpan> spans = box_spans(free, grid);
        std::vector<ShownAxis> shown_x, shown_y;
        for (size_t i = 0; i < cells.size(); ++i) {
            const Layout l = lay_out(i, &spans[i]);
            shown_x.push_back(shown(x[i], l.x_ticks, l.box.GetWidth()));
            shown_y.push_back(shown(y[i], l.y_ticks, l.box.GetHeight()));
        }
        std::vector<AxisLabels> left = outer;
        hide_repeated_tick_labels(left, shown_x, shown_y, grid.cols);
        return left;
    };
    std::vector<AxisLabels> labels = repeated(outer, false);
    if (judge == SharedTicks::Shareable) return labels;
    // Showing a panel's tick labels again changes its box, and so maybe a neighbour's length:
    // until none changes (each round shows some again, none is hidden again).
    for (bool changed = true; changed;) {
        const std::vector<AxisLabels> judged = repeated(labels, true);
        changed = false;
        for (size_t i = 0; i < labels.size(); ++i) {
            AxisLabels& l = labels[i];
            changed =
                changed || (judged[i].x_ticks && !l.x_ticks) || (judged[i].y_ticks && !l.y_ticks);
            l.x_ticks = l.x_ticks || judged[i].x_ticks;
            l.y_ticks = l.y_ticks || judged[i].y_ticks;
        }
    }
    return labels;
}

namespace {

// A box's width in its span (within its column's, if it has one).
float drawn_width(const Layout& l, const BoxSpan& span) {
    return span.width > 0.0f ? std::min(l.box.GetWidth(), span.width) : l.box.GetWidth();
}

// The figure's panels in the cells of `grid` over `area`, at their default limits.
// `judge`: which tick labels they leave out.
std::vector<Layout> default_layouts(const Figure& figure, const PlotStyle& s, const ImRect& area,
                                    const PanelGrid& grid, const std::vector<bool>& has_masked,
                                    SharedTicks judge = SharedTicks::Drawn) {
    const int count = std::min(int(figure.panels.size()), grid.rows * grid.cols);
    const std::vector<ImRect> cells = grid_cells(area, grid, count);
    const PlotStyle titled = panel_title_style(figure, s, cells);
    std::vector<AxisRange> x, y;
    for (int i = 0; i < count; ++i) {
        x.push_back(panel_axis_range(figure.panels[size_t(i)], true));
        y.push_back(panel_axis_range(figure.panels[size_t(i)], false));
    }
    const std::vector<AxisLabels> labels =
        grid_axis_labels(figure, titled, cells, grid, x, y, has_masked, judge);
    std::vector<Layout> layouts;
    for (int i = 0; i < count; ++i)
        layouts.push_back(layout_panel(figure.panels[size_t(i)], titled, cells[size_t(i)],
                                       x[size_t(i)], y[size_t(i)], has_masked[size_t(i)], nullptr,
                                       labels[size_t(i)]));
    return layouts;
}

// The plot boxes' total area, each cut to its span as the widget draws it.
double covered_area(const std::vector<Layout>& layouts, const PanelGrid& grid) {
    const std::vector<BoxSpan> spans = box_spans(layouts, grid);
    double area = 0.0;
    for (size_t i = 0; i < layouts.size(); ++i)
        area += double(drawn_width(layouts[i], spans[i])) *
                double(std::min(layouts[i].box.GetHeight(), spans[i].height));
    return area;
}

// Whether every plot box is large enough for its ticks and marks to stay apart: more data in
// all does not pay for a panel shrunk to a thumbnail (three circles over a wide curve in a small
// window). 7 lines of text on the shorter side: three labelled ticks at vertical_ticks' 2.6
// lines apart (RoPE's qₘ·k₀ curve under circles given the larger part of the height).
bool legible(const std::vector<Layout>& layouts, const PlotStyle& s) {
    const float least = 7.0f * s.body->FontSize;
    for (const Layout& l : layouts)
        if (l.box.GetWidth() < least || l.box.GetHeight() < least) return false;
    return true;
}

// `grid` with each column and row given the text its panels, laid out in its cells without the
// tick labels they could share (SharedTicks::Shareable), take (PanelGrid::col_text, row_text): the
// cell less the box its panel could take. Where that leaves the boxes no room, the cells stay
// equal.
PanelGrid fitted_to_text(PanelGrid grid, const ImRect& area, const std::vector<Layout>& layouts) {
    const int count = int(layouts.size());
    const std::vector<ImRect> cells = grid_cells(area, grid, count);
    std::vector<float> col_text(size_t(grid.cols), 0.0f), row_text(size_t(grid.rows), 0.0f);
    for (int i = 0; i < count; ++i) {
        const ImRect& free = layouts[size_t(i)].free_box;
        float& column = col_text[size_t(i % grid.cols)];
        if (cells_across(grid, count, i) == grid.cols)
            column = std::max(column, cells[size_t(i)].GetWidth() - free.GetWidth());
        float& row = row_text[size_t(i / grid.cols)];
        row = std::max(row, cells[size_t(i)].GetHeight() - free.GetHeight());
    }
    auto room = [](const std::vector<float>& text, float length) {
        float rest = length;
        for (const float t : text) rest -= t;
        return rest > 0.0f ? text : std::vector<float>{};
    };
    grid.col_text = room(col_text, area.GetWidth());
    grid.row_text =
        grid.first_row_share > 0.0f ? std::vector<float>{} : room(row_text, area.GetHeight());
    return grid;
}

// `area` trimmed, centred, by what every panel of `grid` leaves unused beside or below its box, as
// far as every title keeps the width it takes.
ImRect trimmed(const Figure& figure, const PlotStyle& s, const ImRect& area, const PanelGrid& grid,
               const std::vector<bool>& has_masked) {
    const std::vector<Layout> layouts = default_layouts(figure, s, area, grid, has_masked);
    const std::vector<BoxSpan> spans = box_spans(layouts, grid);
    const std::vector<ImRect> cells = grid_cells(area, grid, int(layouts.size()));
    const PlotStyle titled = panel_title_style(figure, s, cells);
    // What the area can lose across and down, so that no panel loses more than it leaves unused:
    // a cell loses its part of the row's width (1 / across) or of the grid's height. Nor may a
    // cell lose the width its title takes (layout_box gives a title 94 % of its cell): a title cut
    // shorter, or in another font, would be worse than the band beside a map that keeps its shape.
    float spare_x = FLT_MAX, spare_y = FLT_MAX;
    for (size_t i = 0; i < layouts.size(); ++i) {
        const int r = int(i) / grid.cols;
        const BoxSpan& span = spans[i];
        const float across = float(cells_across(grid, int(layouts.size()), int(i)));
        const float title = text_size(titled.heading, figure.panels[i].title).x / 0.94f;
        spare_x = std::min(
            {spare_x, (layouts[i].free_box.GetWidth() - drawn_width(layouts[i], span)) * across,
             (cells[i].GetWidth() - title) * across});
        spare_y = std::min(
            spare_y, (layouts[i].free_box.Max.y - (span.top + span.height)) / row_share(grid, r));
    }
    const ImVec2 trim(0.5f * std::max(0.0f, spare_x), 0.5f * std::max(0.0f, spare_y));
    return ImRect(ImVec2(area.Min.x + trim.x, area.Min.y + trim.y),
                  ImVec2(area.Max.x - trim.x, area.Max.y - trim.y));
}

}  // namespace

GridPlacement place_panels(const Figure& figure, const PlotStyle& s, const ImRect& area,
                           const std::vector<bool>& has_masked) {
    const int count = int(figure.panels.size());
    auto lay_out = [&](const PanelGrid& grid) {
        return default_layouts(figure, s, area, grid, has_masked);
    };
    PanelGrid grid{std::max(1, figure.rows), std::max(1, figure.cols)};
    if (count > 0 && (grid.rows == 1 || count <= 4)) {
        // Another grid must clearly win: near ties keep the one the figure was designed with, and
        // a window resized by a few pixels does not flip between two. The grid is chosen for the
        // panels at their own shapes, maps with square cells: lecture mode's stretch fills the
        // grid chosen and does not choose it, since a grid chosen because it stretches the maps
        // further shows them more distorted (ALiBi's three maps 2:1 in a 2 × 2 rather than
        // nearly square side by side, over their curves).
        PlotStyle square = s;
        square.map_stretch = 1.0f;
        auto lay_out_square = [&](const PanelGrid& candidate) {
            return default_layouts(figure, square, area, candidate, has_masked);
        };
        double best = covered_area(lay_out_square(grid), grid);
        for (int cols = count; cols >= 1; --cols) {
            const int rows = (count + cols - 1) / cols;
            // A short last row: as cells of the others' width, or sharing the whole width.
            for (const bool wide : {false, true}) {
                if (wide && rows * cols == count) continue;
                const PanelGrid candidate{rows, cols, wide};
                const std::vector<Layout> layouts = lay_out_square(candidate);
                const double covered = covered_area(layouts, candidate);
                if (covered > 1.1 * best && legible(layouts, s)) {
                    best = covered;
                    grid = candidate;
                }
            }
        }
    }
    if (count > 0 && grid.rows == 2 && grid.wide_last_row && count < 2 * grid.cols) {
        // Panels of another kind over a wide last row (circles or maps over curves) may take a
        // taller first row where that covers 2 % more than equal rows (near ties keep them): in
        // twentieths, then in hundredths above the best of those, since the most is usually just
        // short of where the curve under them would no longer be legible (RoPE's circles). Never
        // a shorter one: those panels are what the slide is about, the curve sums them up. Rows
        // of one kind keep boxes of one height (row_text), which says that their panels compare.
        const double equal = covered_area(lay_out(grid), grid);
        double best = equal;
        PanelGrid shaped = grid;
        auto try_share = [&](float share) {
            const PanelGrid candidate{grid.rows, grid.cols, grid.wide_last_row, share};
            const std::vector<Layout> layouts = lay_out(candidate);
            const double covered = covered_area(layouts, candidate);
            if (covered > 1.02 * equal && covered > best && legible(layouts, s)) {
                best = covered;
                shaped = candidate;
            }
        };
        for (const float share : {0.55f, 0.6f, 0.65f, 0.7f}) try_share(share);
        const float coarse = shaped.first_row_share > 0.0f ? shaped.first_row_share : 0.5f;
        for (int k = 1; k < 5; ++k) try_share(coarse + 0.01f * float(k));
        grid = shaped;
    }
    if (count == 0) return {grid, area};
    // The columns and rows then take the room their text needs, so that the boxes come out equal
    // (PanelGrid::col_text, row_text); fitted twice, since the text a panel takes depends on its
    // cell (tick labels a neighbour of the same size shares, a colour-bar label on one line or
    // two).
    PanelGrid fitted = grid;
    for (int pass = 0; pass < 2; ++pass)
        fitted = fitted_to_text(
            fitted, area,
            default_layouts(figure, s, area, fitted, has_masked, SharedTicks::Shareable));
    const GridPlacement equal{grid, trimmed(figure, s, area, grid, has_masked)};
    const GridPlacement fit{fitted, trimmed(figure, s, area, fitted, has_masked)};
    const std::vector<Layout> fit_layouts =
        default_layouts(figure, s, fit.area, fit.grid, has_masked);
    const std::vector<Layout> equal_layouts =
        default_layouts(figure, s, equal.area, equal.grid, has_masked);
    // Unless that covers clearly less than equal cells: a square map beside a curve leaves the
    // width an equal box gives it unused, where the curve could have used it; and in a small
    // tile, where labels come and go with a few pixels (a cramped panel's axis labels, a colour
    // bar's label), the text fitted to need not be the text then drawn. Nor may a title come out
    // shorter or smaller than in equal cells — a title spans its cell, not its box, and a column
    // narrowed because its panels leave their tick labels to a neighbour narrows its titles too
    // (RoPE's circles in a small tile, whose boxes gain nothing) — unless the boxes gain clearly
    // (10 %, as another grid must to be chosen: the logit terms in a small tile).
    const double fit_area = covered_area(fit_layouts, fit.grid);
    const double equal_area = covered_area(equal_layouts, equal.grid);
    bool titles_kept = true;
    for (size_t i = 0; i < fit_layouts.size(); ++i) {
        const Layout &f = fit_layouts[i], &e = equal_layouts[i];
        const bool font_kept = f.title_font == e.title_font || f.title_font == s.heading;
        titles_kept =
            titles_kept && font_kept && (f.title == figure.panels[i].title || f.title == e.title);
    }
    return fit_area >= 0.98 * equal_area && (titles_kept || fit_area > 1.1 * equal_area) ? fit
                                                                                         : equal;
}

}  // namespace posviz::gui
