#include "app/gui/plot/plot_widget.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "app/gui/language.h"
#include "app/gui/plot/heatmap_texture.h"
#include "app/gui/plot/panel_grid.h"
#include "app/gui/plot/plot_layout.h"
#include "app/gui/plot/plot_paint.h"
#include "app/gui/plot/plot_text.h"

namespace posviz::gui {

namespace {

// The limits the user zoomed or panned to, kept for as long as the panel's own limits (that is,
// its data) stay the same. Panels of a figure with the same limits (compared maps of one size)
// share one state, kept under the first such panel's ID: one zoom for all of them.
struct ZoomState {
    AxisRange default_x, default_y, x, y;
};
std::unordered_map<ImGuiID, ZoomState> g_zoom;
// Figures whose zoom goes back to their own limits when next drawn (ResetPlotView).
std::unordered_set<ImGuiID> g_reset;

// A figure's placement (place_panels) and what it was made for, kept under the figure's ID: the
// grid search lays the panels out some hundreds of times (ALiBi's slide at 1080 p: a few ms), and
// a figure that stays on the screen is placed alike in every frame.
struct PlacementMemo {
    const Figure* figure = nullptr;  // compared, never followed
    uint64_t version = 0;
    PlotStyle style;
    float body_size = 0.0f, heading_size = 0.0f;  // the fonts' sizes, should fonts be rebuilt
    ImVec4 area;
    std::vector<bool> masked;
    GridPlacement placement;
};
std::unordered_map<ImGuiID, PlacementMemo> g_placements;

// place_panels, or the memo of the same call, under the ID stack's "grid".
const GridPlacement& placement_of(const Figure& figure, uint64_t version, const PlotStyle& s,
                                  const ImRect& area, const std::vector<bool>& masked) {
    PlacementMemo& memo = g_placements[ImGui::GetID("grid")];
    const ImVec4 corners(area.Min.x, area.Min.y, area.Max.x, area.Max.y);
    const bool same = memo.figure == &figure && memo.version == version && memo.style == s &&
                      memo.body_size == s.body->FontSize &&
                      memo.heading_size == s.heading->FontSize && memo.area.x == corners.x &&
                      memo.area.y == corners.y && memo.area.z == corners.z &&
                      memo.area.w == corners.w && memo.masked == masked;
    if (!same)
        memo = {&figure,
                version,
                s,
                s.body->FontSize,
                s.heading->FontSize,
                corners,
                masked,
                place_panels(figure, s, area, masked)};
    return memo.placement;
}

std::string cell_value_text(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v < 0 ? "−∞" : "∞";
    return format_number(v, 4);
}

// Outlines cell `cell` of the panel's heatmap, so that it is clear which one the numbers are
// about (and, in linked panels, where the same (m, n) lies).
void outline_cell(ImDrawList* draw, const PlotStyle& s, const Layout& l, const Heatmap& h,
                  const Cell& cell) {
    const double x = cell_centre_x(h, cell.col), y = cell_centre_y(h, cell.row);
    const float x0 = float(l.x.to_pixel(x - 0.5 * (h.x1 - h.x0) / double(heatmap_cols(h))));
    const float x1 = float(l.x.to_pixel(x + 0.5 * (h.x1 - h.x0) / double(heatmap_cols(h))));
    const float y0 = float(l.y.to_pixel(y - 0.5 * (h.y1 - h.y0) / double(heatmap_rows(h))));
    const float y1 = float(l.y.to_pixel(y + 0.5 * (h.y1 - h.y0) / double(heatmap_rows(h))));
    // The foreground colour inside the background's, so that it shows on any cell colour.
    const ImVec2 a(std::min(x0, x1), std::min(y0, y1)), b(std::max(x0, x1), std::max(y0, y1));
    draw->AddRect(ImVec2(a.x - 1.5f, a.y - 1.5f), ImVec2(b.x + 1.5f, b.y + 1.5f),
                  to_u32(s.theme->background), 0.0f, ImDrawFlags_None, 2.0f);
    draw->AddRect(a, b, to_u32(s.theme->foreground), 0.0f, ImDrawFlags_None, 2.0f);
}

// The cell's position and value; with linked panels, the value in each of them by its title;
// then the caller's note (a formula with the numbers of this cell).
void heatmap_tooltip(const Panel& panel, const Cell& cell, const std::vector<const Panel*>& linked,
                     const std::string& note) {
    const Heatmap& h = *panel.heatmap;
    const double x = cell_centre_x(h, cell.col), y = cell_centre_y(h, cell.row);
    const bool square = heatmap_rows(h) == heatmap_cols(h);
    const std::string row_name = panel.y.label.empty() ? "m" : panel.y.label;
    const std::string col_name = panel.x.label.empty() ? "n" : panel.x.label;
    std::string text = row_name + " = " + format_number(y, 6) + "\n" + col_name + " = " +
                       format_number(x, 6) + "\n";
    if (square) text += "m − n = " + format_number(y - x, 6) + "\n";
    if (linked.size() < 2) {
        text += (h.colorbar_label.empty() ? std::string("value") : h.colorbar_label) + " = " +
                cell_value_text(heatmap_value(h, cell.row, cell.col));
    } else {
        for (const Panel* p : linked)
            text += (p == &panel ? "▸ " : "   ") + p->title + " = " +
                    cell_value_text(heatmap_value(*p->heatmap, cell.row, cell.col)) +
                    (p == linked.back() ? "" : "\n");
    }
    if (!note.empty()) text += "\n\n" + note;
    ImGui::SetTooltip("%s", text.c_str());
}

// The point of any labelled or unlabelled curve nearest to the mouse, within a few pixels, then
// the caller's note for it (the formula with this point's numbers).
void line_tooltip(const Layout& l, int panel_index, const Panel& panel, ImVec2 mouse, float reach,
                  const CurveNote& curve_note) {
    const LineSeries* best_line = nullptr;
    size_t best = 0;
    float best_distance = reach * reach;
    for (const LineSeries& line : panel.lines)
        for (size_t i = 0; i < line.x.size() && i < line.y.size(); ++i) {
            if (!drawable(l, line.x[i], line.y[i])) continue;
            const float dx = float(l.x.to_pixel(line.x[i])) - mouse.x;
            const float dy = float(l.y.to_pixel(line.y[i])) - mouse.y;
            if (dx * dx + dy * dy < best_distance) {
                best_distance = dx * dx + dy * dy;
                best_line = &line;
                best = i;
            }
        }
    if (!best_line) return;
    std::string text = best_line->label.empty() ? "" : best_line->label + "\n";
    text += (panel.x.label.empty() ? std::string("x") : panel.x.label) + " = " +
            format_number(best_line->x[best], 5) + "\n" +
            (panel.y.label.empty() ? std::string("y") : panel.y.label) + " = " +
            format_number(best_line->y[best], 5);
    if (curve_note) {
        const std::string note =
            curve_note(panel_index, int(best_line - panel.lines.data()), best_line->x[best]);
        if (!note.empty()) text += "\n\n" + note;
    }
    ImGui::SetTooltip("%s", text.c_str());
}

// A panel's state kept between frames: its zoom (shared within its group), its heatmap texture;
// and the axis labels its place in the grid leaves it.
struct PanelState {
    ImGuiID id = 0;
    ZoomState* zoom = nullptr;
    AxisRange default_x, default_y;
    HeatmapTexture texture;
    AxisLabels labels;
};

ImGuiID panel_id(int index) {
    ImGui::PushID(index);
    const ImGuiID id = ImGui::GetID("panel");
    ImGui::PopID();
    return id;
}

// `leader`: the first panel of the figure with the same limits, whose zoom this panel shares.
PanelState panel_state(int index, int leader, const Panel& panel, uint64_t version,
                       const PlotStyle& s, const HeatmapPixels* pixels) {
    PanelState state;
    state.id = panel_id(index);
    state.default_x = panel_axis_range(panel, true);
    state.default_y = panel_axis_range(panel, false);
    state.zoom = &g_zoom[panel_id(leader)];
    if (!(state.zoom->default_x == state.default_x && state.zoom->default_y == state.default_y))
        *state.zoom = {state.default_x, state.default_y, state.default_x, state.default_y};
    if (panel.heatmap && heatmap_rows(*panel.heatmap) > 0)
        state.texture = heatmap_texture(state.id, *panel.heatmap, *s.theme, version, pixels);
    return state;
}

Layout current_layout(const Panel& panel, const PlotStyle& s, const ImRect& cell,
                      const PanelState& state, const BoxSpan* span) {
    return layout_panel(panel, s, cell, state.zoom->x, state.zoom->y, state.texture.has_masked,
                        span, state.labels);
}

// The mouse on one panel: wheel zooms about the pointer, a drag pans, a double click goes back to
// the figure's own limits — on the zoom the panel shares with its group.
struct Interaction {
    bool hovered = false;
    bool active = false;   // being dragged
    bool clicked = false;  // the left button went up without a drag
};

Interaction interact(int index, const Panel& panel, const PlotStyle& s, const ImRect& cell,
                     const PanelState& state, const BoxSpan& span) {
    ZoomState& zoom = *state.zoom;
    ImGui::PushID(index);
    const Layout l = current_layout(panel, s, cell, state, &span);
    ImGui::SetCursorScreenPos(l.box.Min);
    ImGui::InvisibleButton(
        "panel", ImVec2(std::max(1.0f, l.box.GetWidth()), std::max(1.0f, l.box.GetHeight())));
    ImGui::SetItemUsingMouseWheel();
    const ImGuiIO& io = ImGui::GetIO();
    Interaction result;
    result.hovered = ImGui::IsItemHovered();
    result.active = ImGui::IsItemActive();
    if (result.hovered && io.MouseWheel != 0.0f) {
        const double factor = std::pow(0.85, double(io.MouseWheel));
        zoom.x = zoom_range(l.x, io.MousePos.x, factor);
        zoom.y = zoom_range(l.y, io.MousePos.y, factor);
    }
    if (result.active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
        zoom.x = pan_range(l.x, io.MouseDelta.x);
        zoom.y = pan_range(l.y, io.MouseDelta.y);
    }
    if (result.hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        zoom.x = zoom.default_x;
        zoom.y = zoom.default_y;
    }
    result.clicked = result.hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
                     io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 16.0f;
    ImGui::PopID();
    return result;
}

// Draws one panel in its layout; `linked`, if given, is the cell hovered in this panel or in one
// of its group, outlined here too.
void draw_panel(const Panel& panel, const PlotStyle& s, const Layout& l, const ImRect& cell,
                const PanelState& state, const Panel* overlay, const Cell* linked) {
    const HeatmapTexture& texture = state.texture;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    if (panel.grid && !panel.heatmap) draw_grid(draw, s, l);
    draw->PushClipRect(l.box.Min, l.box.Max, true);
    if (texture.id) {
        const Heatmap& h = *panel.heatmap;
        const ImVec2 from(float(l.x.to_pixel(h.x0)), float(l.y.to_pixel(h.y0)));
        const ImVec2 to(float(l.x.to_pixel(h.x1)), float(l.y.to_pixel(h.y1)));
        add_opaque_image(draw, texture.id, from, to);
        heatmap_shown(state.id, std::abs(to.x - from.x), std::abs(to.y - from.y));
    }
    draw_marks(draw, s, l, panel);
    if (overlay) draw_marks(draw, s, l, *overlay);
    if (linked && panel.heatmap) outline_cell(draw, s, l, *panel.heatmap, *linked);
    draw->PopClipRect();
    draw->PushClipRect(cell.Min, cell.Max, true);
    draw_notes(draw, s, l, panel);
    if (overlay) draw_notes(draw, s, l, *overlay);
    draw->PopClipRect();
    draw_axes(draw, s, l, panel);
    if (l.colorbar)
        draw_colorbar(draw, s, l.bar, panel_colorbar(*panel.heatmap, texture.has_masked),
                      cell.Max.x);
    draw_legend(draw, s, l, panel);
}

}  // namespace

void ResetPlotView(const char* id) {
    g_reset.insert(ImGui::GetID(id));
}

PlotHover PlotFigure(const char* id, const Figure& figure, uint64_t version, const PlotStyle& style,
                     ImVec2 size, const std::vector<Panel>& overlays,
                     const std::vector<HeatmapPixels>& heatmap_pixels, const CellNote& cell_note,
                     const CurveNote& curve_note) {
    auto pixels_of = [&](int i) {
        return size_t(i) < heatmap_pixels.size() ? &heatmap_pixels[size_t(i)] : nullptr;
    };
    const bool reset = g_reset.erase(ImGui::GetID(id)) > 0;
    ImGui::PushID(id);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImRect area(origin,
                      ImVec2(origin.x + std::max(size.x, 1.0f), origin.y + std::max(size.y, 1.0f)));
    const Metrics m(style);
    const Theme& theme = *style.theme;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(area.Min, area.Max, true);
    // The plot's background, unless the window under it has that colour already: on a software
    // rasteriser (Mesa's llvmpipe) every filled pixel costs a shaded, blended fragment, and this
    // fill covered ~60 % of the screen in every frame for nothing.
    if (ImGui::GetColorU32(ImGuiCol_WindowBg) != to_u32(theme.background))
        draw->AddRectFilled(area.Min, area.Max, to_u32(theme.background));
    PlacedTextLog* const text_log = placed_text_log();
    if (text_log) text_log->within = area;

    float top = area.Min.y + m.pad;
    const float inner_width = area.GetWidth() - 2.0f * m.pad;
    if (style.title && !figure.title.empty()) {
        const TextBox t =
            add_text(draw, style.heading, ImVec2(area.GetCenter().x, top), ImVec2(0.5f, 0.0f),
                     to_u32(theme.foreground), fit_text(style.heading, figure.title, inner_width));
        top = t.max.y + 0.3f * m.pad;
    }
    if (style.subtitle && !figure.subtitle.empty()) {
        const TextBox t =
            add_text(draw, style.body, ImVec2(area.GetCenter().x, top), ImVec2(0.5f, 0.0f),
                     to_u32(theme.muted), fit_text(style.body, figure.subtitle, inner_width));
        top = t.max.y + m.pad;
    }

    ImRect grid(ImVec2(area.Min.x + m.pad, top), ImVec2(area.Max.x - m.pad, area.Max.y - m.pad));
    if (figure.colorbar) grid.Max.x -= colorbar_space(style, *figure.colorbar, grid.GetHeight());
    // The panels' states first: whether a map has masked cells (a wider colour bar) is known
    // from its texture, and the grid is chosen for the panels as they will be drawn.
    const std::vector<int> leaders = linked_panel_leaders(figure);
    std::vector<PanelState> states;
    std::vector<AxisRange> x_ranges, y_ranges;
    std::vector<bool> masked_cells;
    for (int i = 0; i < int(figure.panels.size()); ++i) {
        states.push_back(panel_state(i, leaders[size_t(i)], figure.panels[size_t(i)], version,
                                     style, pixels_of(i)));
        ZoomState& zoom = *states.back().zoom;
        if (reset) zoom = {zoom.default_x, zoom.default_y, zoom.default_x, zoom.default_y};
        x_ranges.push_back(zoom.x);
        y_ranges.push_back(zoom.y);
        masked_cells.push_back(states.back().texture.has_masked);
    }
    const GridPlacement placement = placement_of(figure, version, style, grid, masked_cells);
    grid = placement.area;
    const int rows = placement.grid.rows, cols = placement.grid.cols;
    const int count = std::min(int(figure.panels.size()), rows * cols);
    const std::vector<ImRect> cells = grid_cells(grid, placement.grid, count);
    const PlotStyle panel_style = panel_title_style(figure, style, cells);
    // Judged on this frame's limits, before this frame's mouse: a panel zoomed alone shows its
    // own tick labels from the next frame on.
    const std::vector<AxisLabels> labels = grid_axis_labels(
        figure, panel_style, cells, placement.grid, x_ranges, y_ranges, masked_cells);
    for (int i = 0; i < count; ++i) states[size_t(i)].labels = labels[size_t(i)];
    // Each row's boxes share the lowest top and the smallest height among them, each column's
    // the part of the width every one of them could take (box_spans).
    std::vector<Layout> free_layouts;
    for (int i = 0; i < count; ++i)
        free_layouts.push_back(current_layout(figure.panels[size_t(i)], panel_style,
                                              cells[size_t(i)], states[size_t(i)], nullptr));
    const std::vector<BoxSpan> spans = box_spans(free_layouts, placement.grid);

    // First every panel takes the mouse (so that a zoom shared by a group is final before any of
    // its panels is drawn), then the hovered cell is found, then every panel is drawn with it.
    int hovered = -1;
    Interaction hovered_interaction;
    for (int i = 0; i < count; ++i) {
        const Interaction in = interact(i, figure.panels[size_t(i)], panel_style, cells[size_t(i)],
                                        states[size_t(i)], spans[size_t(i)]);
        if (in.hovered) {
            hovered = i;
            hovered_interaction = in;
        }
    }
    std::vector<Layout> layouts;
    for (int i = 0; i < count; ++i)
        layouts.push_back(current_layout(figure.panels[size_t(i)], panel_style, cells[size_t(i)],
                                         states[size_t(i)], &spans[size_t(i)]));
    PlotHover hover;
    std::vector<const Panel*> linked;  // the hovered panel's group, heatmaps only
    if (hovered >= 0) {
        const Panel& panel = figure.panels[size_t(hovered)];
        const Layout& l = layouts[size_t(hovered)];
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        hover.panel = hovered;
        hover.x = l.x.to_data(mouse.x);
        hover.y = l.y.to_data(mouse.y);
        if (panel.heatmap) hover.cell = heatmap_cell_at(*panel.heatmap, hover.x, hover.y);
        hover.clicked = hovered_interaction.clicked;
        if (hover.cell)
            for (int i = 0; i < count; ++i)
                if (leaders[size_t(i)] == leaders[size_t(hovered)])
                    linked.push_back(&figure.panels[size_t(i)]);
    }

    ImRect boxes(ImVec2(FLT_MAX, FLT_MAX), ImVec2(-FLT_MAX, -FLT_MAX));
    bool masked = false;
    for (int i = 0; i < count; ++i) {
        const bool in_group = hover.cell && leaders[size_t(i)] == leaders[size_t(hovered)];
        if (text_log) text_log->within = cells[size_t(i)];
        draw_panel(figure.panels[size_t(i)], panel_style, layouts[size_t(i)], cells[size_t(i)],
                   states[size_t(i)], size_t(i) < overlays.size() ? &overlays[size_t(i)] : nullptr,
                   in_group ? &*hover.cell : nullptr);
        boxes.Add(layouts[size_t(i)].box);
        if (text_log) text_log->plot_boxes.push_back(layouts[size_t(i)].box);
        masked = masked || states[size_t(i)].texture.has_masked;
    }
    if (text_log) text_log->within = area;
    if (hover.cell) {
        const std::string note = cell_note ? cell_note(hover.panel, *hover.cell) : "";
        heatmap_tooltip(figure.panels[size_t(hovered)], *hover.cell, linked, note);
    } else if (hovered >= 0 && !hovered_interaction.active) {
        line_tooltip(layouts[size_t(hovered)], hovered, figure.panels[size_t(hovered)],
                     ImGui::GetIO().MousePos, 0.8f * style.body->FontSize, curve_note);
    }
    // Right click: the figure's menu.
    if (hovered >= 0 && ImGui::IsMouseReleased(ImGuiMouseButton_Right))
        ImGui::OpenPopup("plot menu");
    if (ImGui::BeginPopup("plot menu")) {
        if (ImGui::MenuItem(tr("Reset view", "重置视图")))
            for (PanelState& state : states) {
                state.zoom->x = state.zoom->default_x;
                state.zoom->y = state.zoom->default_y;
            }
        ImGui::EndPopup();
    }
    if (figure.colorbar && !figure.panels.empty()) {
        const ImRect bar(ImVec2(grid.Max.x + m.bar_gap, boxes.Min.y),
                         ImVec2(grid.Max.x + m.bar_gap + m.bar_width, boxes.Max.y));
        Colorbar shown = *figure.colorbar;
        if (!masked) shown.masked_label.clear();
        draw_colorbar(draw, style, bar, shown, area.Max.x);
    }
    draw->PopClipRect();
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(area.GetSize());
    ImGui::PopID();
    return hover;
}

}  // namespace posviz::gui
