#include "app/gui/plot/panel_grid.h"

#include <algorithm>
#include <cfloat>

#include "app/gui/plot/plot_text.h"

namespace posviz::gui {

PlotStyle panel_title_style(const Figure& figure, const PlotStyle& s, float cell_width) {
    PlotStyle titled = s;
    for (const Panel& panel : figure.panels)
        if (text_size(s.heading, panel.title).x > 0.94f * cell_width) titled.heading = s.body;
    return titled;
}

namespace {

// How many cells share the width of panel i's row.
int cells_across(PanelGrid grid, int count, int i) {
    const int last_row_start = (grid.rows - 1) * grid.cols;
    if (!grid.wide_last_row || i < last_row_start) return grid.cols;
    return std::clamp(count - last_row_start, 1, grid.cols);
}

}  // namespace

float row_share(PanelGrid grid, int r) {
    if (grid.first_row_share <= 0.0f || grid.rows < 2) return 1.0f / float(grid.rows);
    return r == 0 ? grid.first_row_share : (1.0f - grid.first_row_share) / float(grid.rows - 1);
}

std::vector<ImRect> grid_cells(const ImRect& area, PanelGrid grid, int count) {
    std::vector<float> row_tops{area.Min.y};
    for (int r = 0; r < grid.rows; ++r)
        row_tops.push_back(row_tops.back() + row_share(grid, r) * area.GetHeight());
    std::vector<ImRect> cells;
    for (int i = 0; i < count; ++i) {
        const float width = area.GetWidth() / float(cells_across(grid, count, i));
        const int r = i / grid.cols;
        const ImVec2 min(area.Min.x + float(i % grid.cols) * width, row_tops[size_t(r)]);
        cells.emplace_back(min, ImVec2(min.x + width, row_tops[size_t(r) + 1]));
    }
    return cells;
}

std::vector<RowSpan> row_spans(const std::vector<Layout>& layouts, int cols) {
    const size_t rows = (layouts.size() + size_t(cols) - 1) / size_t(cols);
    std::vector<RowSpan> spans(rows, RowSpan{-FLT_MAX, FLT_MAX});
    std::vector<float> bottoms(rows, FLT_MAX);
    for (size_t i = 0; i < layouts.size(); ++i) {
        RowSpan& span = spans[i / size_t(cols)];
        span.top = std::max(span.top, layouts[i].free_box.Min.y);
        span.height = std::min(span.height, layouts[i].box.GetHeight());
        bottoms[i / size_t(cols)] = std::min(bottoms[i / size_t(cols)], layouts[i].free_box.Max.y);
    }
    for (size_t r = 0; r < rows; ++r)
        spans[r].height = std::max(1.0f, std::min(spans[r].height, bottoms[r] - spans[r].top));
    return spans;
}

std::vector<AxisLabels> grid_axis_labels(const Figure& figure, const PlotStyle& s,
                                         const std::vector<ImRect>& cells, int cols,
                                         const std::vector<AxisRange>& x,
                                         const std::vector<AxisRange>& y,
                                         const std::vector<bool>& has_masked) {
    std::vector<AxisLabels> labels = outer_axis_labels(figure, cols, cells.size());
    if (!s.shared_tick_labels) return labels;
    auto shown = [](const AxisRange& r, const Ticks& ticks, float length) {
        return ShownAxis{r.lo, r.hi, r.log, ticks.labels, double(length)};
    };
    // Laid out as the widget draws them with all their tick labels: in their rows' spans, which
    // give a row's maps one height (and so one set of y ticks) even where the first one's labels
    // leave it less width.
    auto lay_out = [&](size_t i, const RowSpan* row) {
        return layout_panel(figure.panels[i], s, cells[i], x[i], y[i], has_masked[i], row,
                            labels[i]);
    };
    std::vector<Layout> free;
    for (size_t i = 0; i < cells.size(); ++i) free.push_back(lay_out(i, nullptr));
    const std::vector<RowSpan> spans = row_spans(free, cols);
    std::vector<ShownAxis> shown_x, shown_y;
    for (size_t i = 0; i < cells.size(); ++i) {
        const Layout l = lay_out(i, &spans[i / size_t(cols)]);
        shown_x.push_back(shown(x[i], l.x_ticks, l.box.GetWidth()));
        shown_y.push_back(shown(y[i], l.y_ticks, l.box.GetHeight()));
    }
    hide_repeated_tick_labels(labels, shown_x, shown_y, cols);
    return labels;
}

namespace {

// The figure's panels in the cells of `grid` over `area`, at their default limits.
std::vector<Layout> default_layouts(const Figure& figure, const PlotStyle& s, const ImRect& area,
                                    PanelGrid grid) {
    const int count = std::min(int(figure.panels.size()), grid.rows * grid.cols);
    const std::vector<ImRect> cells = grid_cells(area, grid, count);
    const PlotStyle titled = panel_title_style(figure, s, area.GetWidth() / float(grid.cols));
    std::vector<AxisRange> x, y;
    for (int i = 0; i < count; ++i) {
        x.push_back(panel_axis_range(figure.panels[size_t(i)], true));
        y.push_back(panel_axis_range(figure.panels[size_t(i)], false));
    }
    const std::vector<AxisLabels> labels =
        grid_axis_labels(figure, titled, cells, grid.cols, x, y, std::vector<bool>(x.size()));
    std::vector<Layout> layouts;
    for (int i = 0; i < count; ++i)
        layouts.push_back(layout_panel(figure.panels[size_t(i)], titled, cells[size_t(i)],
                                       x[size_t(i)], y[size_t(i)], false, nullptr,
                                       labels[size_t(i)]));
    return layouts;
}

// The plot boxes' total area, each cut to its row's span as the widget draws it.
double covered_area(const std::vector<Layout>& layouts, int cols) {
    const std::vector<RowSpan> spans = row_spans(layouts, cols);
    double area = 0.0;
    for (size_t i = 0; i < layouts.size(); ++i)
        area += double(layouts[i].box.GetWidth()) *
                double(std::min(layouts[i].box.GetHeight(), spans[i / size_t(cols)].height));
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

}  // namespace

GridPlacement place_panels(const Figure& figure, const PlotStyle& s, const ImRect& area) {
    const int count = int(figure.panels.size());
    PanelGrid grid{std::max(1, figure.rows), std::max(1, figure.cols)};
    if (count > 0 && (grid.rows == 1 || count <= 4)) {
        // Another grid must clearly win: near ties keep the one the figure was designed with, and
        // a window resized by a few pixels does not flip between two.
        double best = covered_area(default_layouts(figure, s, area, grid), grid.cols);
        for (int cols = count; cols >= 1; --cols) {
            const int rows = (count + cols - 1) / cols;
            // A short last row: as cells of the others' width, or sharing the whole width.
            for (const bool wide : {false, true}) {
                if (wide && rows * cols == count) continue;
                const PanelGrid candidate{rows, cols, wide};
                const std::vector<Layout> layouts = default_layouts(figure, s, area, candidate);
                const double covered = covered_area(layouts, cols);
                if (covered > 1.1 * best && legible(layouts, s)) {
                    best = covered;
                    grid = candidate;
                }
            }
        }
    }
    if (count > 0 && grid.rows == 2 && grid.wide_last_row && count < 2 * grid.cols) {
        // Panels of another kind over a wide last row (circles or maps over curves) may take a
        // taller first row, in steps of a twentieth; near ties keep equal rows. Never a shorter
        // one: those panels are what the slide is about, the curve sums them up. Rows of one kind
        // keep equal heights, which say that their panels compare.
        double best = covered_area(default_layouts(figure, s, area, grid), grid.cols);
        PanelGrid shaped = grid;
        for (const float share : {0.55f, 0.6f, 0.65f, 0.7f}) {
            const PanelGrid candidate{grid.rows, grid.cols, grid.wide_last_row, share};
            const std::vector<Layout> layouts = default_layouts(figure, s, area, candidate);
            const double covered = covered_area(layouts, grid.cols);
            if (covered > 1.02 * best && legible(layouts, s)) {
                best = covered;
                shaped = candidate;
            }
        }
        grid = shaped;
    }
    const std::vector<Layout> layouts = default_layouts(figure, s, area, grid);
    const std::vector<RowSpan> spans = row_spans(layouts, grid.cols);
    // What the area can lose across and down, so that no panel loses more than it leaves unused:
    // a cell loses its part of the row's width (1 / across) or of the grid's height.
    float spare_x = FLT_MAX, spare_y = FLT_MAX;
    for (size_t i = 0; i < layouts.size(); ++i) {
        const int r = int(i) / grid.cols;
        const RowSpan& span = spans[size_t(r)];
        const float across = float(cells_across(grid, int(layouts.size()), int(i)));
        spare_x = std::min(spare_x,
                           (layouts[i].free_box.GetWidth() - layouts[i].box.GetWidth()) * across);
        spare_y = std::min(
            spare_y, (layouts[i].free_box.Max.y - (span.top + span.height)) / row_share(grid, r));
    }
    ImRect placed = area;
    if (!layouts.empty()) {
        ImVec2 trim(0.5f * std::max(0.0f, spare_x), 0.5f * std::max(0.0f, spare_y));
        // Titles in another font would change the boxes' heights, and so the square maps' widths.
        const float cell_width = area.GetWidth() / float(grid.cols);
        if (panel_title_style(figure, s, cell_width).heading !=
            panel_title_style(figure, s, cell_width - 2.0f * trim.x / float(grid.cols)).heading)
            trim.x = 0.0f;
        placed = ImRect(ImVec2(area.Min.x + trim.x, area.Min.y + trim.y),
                        ImVec2(area.Max.x - trim.x, area.Max.y - trim.y));
    }
    return {grid, placed};
}

}  // namespace posviz::gui
