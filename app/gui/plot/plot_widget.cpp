#include "app/gui/plot/plot_widget.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "app/gui/language.h"
#include "app/gui/plot/heatmap_texture.h"
#include "app/gui/plot/imgui_painter.h"
#include "app/gui/plot/imgui_text_measure.h"
#include "core/figure/ticks.h"
#include "core/input_error.h"
#include "core/layout/panel_drawing.h"

namespace posviz::gui {

namespace {

PlacedTextLog* g_placed_text = nullptr;

// The limits the user zoomed or panned to, kept for as long as the panel's own limits (that is,
// its data) stay the same. Panels of a figure with the same limits (compared maps of one size)
// share one state, kept under the first such panel's ID: one zoom for all of them.
struct ZoomState {
    AxisRange default_x, default_y, x, y;
    bool zoomed() const { return !(x == default_x && y == default_y); }
};
std::unordered_map<ImGuiID, ZoomState> g_zoom;
// Figures whose zoom goes back to their own limits when next drawn (ResetPlotView).
std::unordered_set<ImGuiID> g_reset;

// A figure's layout and what it was made for, kept under the figure's ID: a figure that stays on
// the screen, unzoomed, is laid out once, not in every frame (the grid search lays its panels out
// some hundreds of times).
struct LayoutMemo {
    const Figure* figure = nullptr;  // compared, never followed
    uint64_t version = 0;
    Canvas canvas;
    FigureView view;
    ImFont* body = nullptr;
    ImFont* heading = nullptr;
    float body_size = 0.0f, heading_size = 0.0f;  // should fonts be rebuilt
    LaidOutFigure laid_out;
    bool too_small = false;  // lay_out_figure found no room for the panels (its InputError)
};
std::unordered_map<ImGuiID, LayoutMemo> g_layouts;

bool same_canvas(const Canvas& a, const Canvas& b) {
    return a.width == b.width && a.height == b.height && a.theme == b.theme && a.lang == b.lang &&
           a.font_size == b.font_size;
}

// The figure laid out for `canvas`, or null where the canvas has no room for its panels; either
// is remembered until something it depends on changes.
const LaidOutFigure* laid_out(const Figure& figure, uint64_t version, const Canvas& canvas,
                              const FigureView& view, const ImGuiTextMeasure& measure,
                              const PlotStyle& s) {
    LayoutMemo& memo = g_layouts[ImGui::GetID("layout")];
    const bool same =
        memo.figure == &figure && memo.version == version && same_canvas(memo.canvas, canvas) &&
        memo.view == view && memo.body == s.body && memo.heading == s.heading &&
        memo.body_size == s.body->FontSize && memo.heading_size == s.heading->FontSize;
    if (!same) {
        memo = {&figure,         version,   canvas,           view,
                s.body,          s.heading, s.body->FontSize, s.heading->FontSize,
                LaidOutFigure{}, false};
        try {
            memo.laid_out = lay_out_figure(figure, canvas, measure, view);
        } catch (const InputError&) {
            memo.too_small = true;
        }
    }
    return memo.too_small ? nullptr : &memo.laid_out;
}

std::string cell_value_text(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v < 0 ? "−∞" : "∞";
    return format_number(v, 4);
}

// One axis of a laid-out panel in screen pixels.
AxisTransform screen_axis(const AxisMap& map, const ScreenPlacement& at, bool is_x) {
    const float origin = is_x ? at.origin.x : at.origin.y;
    return {{map.lo, map.hi, map.log},
            origin + map.page_lo * at.pixels_per_point,
            origin + map.page_hi * at.pixels_per_point};
}

struct PanelAxes {
    AxisTransform x, y;
};

// Outlines cell `cell` of the panel's heatmap, so that it is clear which one the numbers are
// about (and, in linked panels, where the same (m, n) lies).
void outline_cell(ImDrawList* draw, const Theme& theme, const PanelAxes& l, const Heatmap& h,
                  const Cell& cell) {
    const double x = cell_centre_x(h, cell.col), y = cell_centre_y(h, cell.row);
    const double half_w = 0.5 * (h.x1 - h.x0) / double(heatmap_cols(h));
    const double half_h = 0.5 * (h.y1 - h.y0) / double(heatmap_rows(h));
    const float x0 = float(l.x.to_pixel(x - half_w)), x1 = float(l.x.to_pixel(x + half_w));
    const float y0 = float(l.y.to_pixel(y - half_h)), y1 = float(l.y.to_pixel(y + half_h));
    // The foreground colour inside the background's, so that it shows on any cell colour.
    const ImVec2 a(std::min(x0, x1), std::min(y0, y1)), b(std::max(x0, x1), std::max(y0, y1));
    draw->AddRect(ImVec2(a.x - 1.5f, a.y - 1.5f), ImVec2(b.x + 1.5f, b.y + 1.5f),
                  to_u32(theme.background), 0.0f, ImDrawFlags_None, 2.0f);
    draw->AddRect(a, b, to_u32(theme.foreground), 0.0f, ImDrawFlags_None, 2.0f);
}

// The cell's position and value; with linked panels, the value in each of them by its title;
// then the caller's note (a formula with the numbers of this cell).
// A coordinate as its axis names it: a token axis (one label per tick, as the permutation maps'
// words) gives the word at that tick with its index, any other the number.
std::string axis_value_text(const Axis& axis, double value) {
    if (axis.tick_labels.size() == axis.ticks.size())
        for (size_t i = 0; i < axis.ticks.size(); ++i)
            if (std::abs(axis.ticks[i] - value) < 1e-9)
                return axis.tick_labels[i] + " (" + format_number(value, 6) + ")";
    return format_number(value, 6);
}

}  // namespace

std::string heatmap_cell_text(const Panel& panel, const Cell& cell,
                              const std::vector<const Panel*>& linked) {
    const Heatmap& h = *panel.heatmap;
    const double x = cell_centre_x(h, cell.col), y = cell_centre_y(h, cell.row);
    const bool square = heatmap_rows(h) == heatmap_cols(h);
    const std::string row_name = panel.y.label.empty() ? "m" : panel.y.label;
    const std::string col_name = panel.x.label.empty() ? "n" : panel.x.label;
    std::string text = row_name + " = " + axis_value_text(panel.y, y) + "\n" + col_name + " = " +
                       axis_value_text(panel.x, x) + "\n";
    if (square) text += "m − n = " + format_number(y - x, 6) + "\n";
    auto value_name = [](const Heatmap& map) {
        return map.colorbar_label.empty() ? std::string("value") : map.colorbar_label;
    };
    if (linked.size() < 2) {
        text += value_name(h) + " = " + cell_value_text(heatmap_value(h, cell.row, cell.col));
    } else {
        // Each map by its title's first line (a later line is a note such as "largest: 0.14",
        // which reads as a label if it is the last word before " = "), then what its values are.
        for (const Panel* p : linked)
            text += (p == &panel ? "▸ " : "   ") + p->title.substr(0, p->title.find('\n')) + ": " +
                    value_name(*p->heatmap) + " = " +
                    cell_value_text(heatmap_value(*p->heatmap, cell.row, cell.col)) +
                    (p == linked.back() ? "" : "\n");
    }
    return text;
}

namespace {

void heatmap_tooltip(const Panel& panel, const Cell& cell, const std::vector<const Panel*>& linked,
                     const std::string& note) {
    std::string text = heatmap_cell_text(panel, cell, linked);
    if (!note.empty()) text += "\n\n" + note;
    ImGui::SetTooltip("%s", text.c_str());
}

// A point a line can be drawn through: finite, and positive on log axes.
bool drawable(const PanelAxes& l, double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (!l.x.range.log || x > 0.0) &&
           (!l.y.range.log || y > 0.0);
}

// The point of any labelled or unlabelled curve nearest to the mouse, within a few pixels, then
// the caller's note for it (the formula with this point's numbers).
void line_tooltip(const PanelAxes& l, int panel_index, const Panel& panel, ImVec2 mouse,
                  float reach, const CurveNote& curve_note) {
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

ImGuiID panel_id(int index) {
    ImGui::PushID(index);
    const ImGuiID id = ImGui::GetID("panel");
    ImGui::PopID();
    return id;
}

// The zoom panel `index` shares with its group (`leader`: the first panel of the figure with the
// same limits), reset when the panel's own limits change.
ZoomState& panel_zoom(int leader, const Panel& panel) {
    ZoomState& zoom = g_zoom[panel_id(leader)];
    const AxisRange x = panel_axis_range(panel, true), y = panel_axis_range(panel, false);
    if (!(zoom.default_x == x && zoom.default_y == y)) zoom = {x, y, x, y};
    return zoom;
}

// The mouse on one panel: wheel zooms about the pointer, a drag pans, a double click goes back to
// the figure's own limits — on the zoom the panel shares with its group.
struct Interaction {
    bool hovered = false;
    bool active = false;   // being dragged
    bool clicked = false;  // the left button went up without a drag
};

Interaction interact(int index, const ImRect& box, const PanelAxes& axes, ZoomState& zoom) {
    ImGui::PushID(index);
    ImGui::SetCursorScreenPos(box.Min);
    ImGui::InvisibleButton("panel",
                           ImVec2(std::max(1.0f, box.GetWidth()), std::max(1.0f, box.GetHeight())));
    ImGui::SetItemUsingMouseWheel();
    const ImGuiIO& io = ImGui::GetIO();
    Interaction result;
    result.hovered = ImGui::IsItemHovered();
    result.active = ImGui::IsItemActive();
    if (result.hovered && io.MouseWheel != 0.0f) {
        const double factor = std::pow(0.85, double(io.MouseWheel));
        zoom.x = zoom_range(axes.x, io.MousePos.x, factor);
        zoom.y = zoom_range(axes.y, io.MousePos.y, factor);
    }
    if (result.active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
        zoom.x = pan_range(axes.x, io.MouseDelta.x);
        zoom.y = pan_range(axes.y, io.MouseDelta.y);
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

// What a layout test reads: each text block and plot box in pixels, with the rectangle it must
// stay in (its panel's cell; the figure's area for the figure's own title, subtitle and shared
// colour bar).
void log_placed_text(const Figure& figure, const LaidOutFigure& l, const ScreenPlacement& at,
                     const ImRect& area, const Canvas& canvas, const FigureView& view) {
    if (!g_placed_text) return;
    for (const TextBlock& block : l.display.blocks) {
        const bool in_panel = block.panel >= 0 && size_t(block.panel) < l.panels.size();
        g_placed_text->boxes.push_back(
            {block.text, at.pixels(block.box),
             in_panel ? at.pixels(l.panels[size_t(block.panel)].cell) : area});
    }
    for (const PanelPlacement& panel : l.panels)
        g_placed_text->plot_boxes.push_back(at.pixels(panel.box));
    g_placed_text->figures.push_back({&figure, l, at, canvas, view});
}

// Overlay marks (a linked cursor) in a panel's axes, clipped to its box.
DisplayList overlay_display(const Panel& overlay, const PanelPlacement& placed,
                            const ImGuiTextMeasure& measure, const Theme& theme) {
    DisplayList display;
    const Pen pen{measure, theme, language(), &display};
    PanelLayout axes;
    axes.box = placed.box;
    axes.x = placed.x;
    axes.y = placed.y;
    draw_marks(pen, overlay, axes);
    return display;
}

}  // namespace

void set_placed_text_log(PlacedTextLog* log) {
    g_placed_text = log;
}

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
    const Theme& theme = *style.theme;
    const ImGuiTextMeasure measure(style.body, style.heading, style.pixels_per_point);
    const ScreenPlacement at{origin, style.pixels_per_point};
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(area.Min, area.Max, true);
    // The plot's background, unless the window under it has that colour already: on a software
    // rasteriser (Mesa's llvmpipe) every filled pixel costs a shaded, blended fragment, and this
    // fill covered ~60 % of the screen in every frame for nothing.
    if (ImGui::GetColorU32(ImGuiCol_WindowBg) != to_u32(theme.background))
        draw->AddRectFilled(area.Min, area.Max, to_u32(theme.background));

    // The figure laid out as an export of this size would be (core/layout/figure_layout.h), in
    // the UI's type, with the panels' zoom.
    Canvas canvas;
    canvas.width = double(area.GetWidth()) / style.pixels_per_point;
    canvas.height = double(area.GetHeight()) / style.pixels_per_point;
    canvas.lang = language();
    canvas.font_size = double(style.body->FontSize) / k_font_size_per_em / style.pixels_per_point;
    canvas.font_size_shrinks = true;
    FigureView view;
    view.title = style.title;
    view.subtitle = style.subtitle;
    view.heatmap_pixels = false;
    view.theme = &theme;
    view.map_stretch = style.map_stretch;
    const std::vector<int> leaders = linked_panel_leaders(figure);
    std::vector<ZoomState*> zooms;
    for (int i = 0; i < int(figure.panels.size()); ++i) {
        ZoomState& zoom = panel_zoom(leaders[size_t(i)], figure.panels[size_t(i)]);
        if (reset) zoom.x = zoom.default_x, zoom.y = zoom.default_y;
        zooms.push_back(&zoom);
        view.zoom.push_back(zoom.zoomed() ? ZoomedLimits{DataLimits{zoom.x.lo, zoom.x.hi},
                                                         DataLimits{zoom.y.lo, zoom.y.hi}}
                                          : ZoomedLimits{});
    }
    const LaidOutFigure* l = laid_out(figure, version, canvas, view, measure, style);
    if (!l) {
        // No room for the panels, even in the smallest type (core/layout/figure_layout.h).
        const char* text =
            tr("Too small to draw this figure: make the view larger, or the UI "
               "scale smaller (View → UI scale).",
               "视图太小，无法绘制此图：请放大视图，或调小界面缩放（视图 → 界面缩放）。");
        const float wrap = area.GetWidth();
        const ImVec2 size_of = ImGui::CalcTextSize(text, nullptr, false, wrap);
        draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(),
                      ImVec2(area.Min.x + std::max(0.0f, 0.5f * (area.GetWidth() - size_of.x)),
                             area.GetCenter().y - 0.5f * size_of.y),
                      to_u32(theme.muted), text, nullptr, wrap);
    }
    PlotHover hover;
    if (l) {
        const int count = int(l->panels.size());
        std::vector<PanelAxes> axes;
        std::vector<HeatmapTexture> textures;
        for (int i = 0; i < count; ++i) {
            const PanelPlacement& placed = l->panels[size_t(i)];
            axes.push_back({screen_axis(placed.x, at, true), screen_axis(placed.y, at, false)});
            const ImRect box = at.pixels(placed.box);
            hover.smallest_plot = std::min(i == 0 ? INFINITY : hover.smallest_plot,
                                           std::min(box.GetWidth(), box.GetHeight()));
            const Panel& panel = figure.panels[size_t(i)];
            textures.push_back(
                panel.heatmap && heatmap_rows(*panel.heatmap) > 0
                    ? heatmap_texture(panel_id(i), *panel.heatmap, theme, version, pixels_of(i))
                    : HeatmapTexture{});
        }
        // The mouse first (a zoom changes the layout from the next frame on), then the picture.
        int hovered = -1;
        Interaction hovered_interaction;
        for (int i = 0; i < count; ++i) {
            const Interaction in = interact(i, at.pixels(l->panels[size_t(i)].box), axes[size_t(i)],
                                            *zooms[size_t(i)]);
            if (in.hovered) {
                hovered = i;
                hovered_interaction = in;
            }
        }
        paint_display_list(draw, l->display, at, measure, [&](const ImageItem& image) {
            if (image.panel < 0 || image.panel >= count) return ImTextureID{};
            const ImRect r = at.pixels(image.target);
            heatmap_shown(panel_id(image.panel), r.GetWidth(), r.GetHeight());
            return textures[size_t(image.panel)].id;
        });
        for (int i = 0; i < count && size_t(i) < overlays.size(); ++i)
            paint_display_list(
                draw, overlay_display(overlays[size_t(i)], l->panels[size_t(i)], measure, theme),
                at, measure, {});
        log_placed_text(figure, *l, at, area, canvas, view);

        std::vector<const Panel*> linked;  // the hovered panel's group, heatmaps only
        if (hovered >= 0) {
            const Panel& panel = figure.panels[size_t(hovered)];
            const ImVec2 mouse = ImGui::GetIO().MousePos;
            hover.panel = hovered;
            hover.x = axes[size_t(hovered)].x.to_data(mouse.x);
            hover.y = axes[size_t(hovered)].y.to_data(mouse.y);
            if (panel.heatmap) hover.cell = heatmap_cell_at(*panel.heatmap, hover.x, hover.y);
            hover.clicked = hovered_interaction.clicked;
            if (hover.cell)
                for (int i = 0; i < count; ++i)
                    if (leaders[size_t(i)] == leaders[size_t(hovered)]) {
                        linked.push_back(&figure.panels[size_t(i)]);
                        const ImRect box = at.pixels(l->panels[size_t(i)].box);
                        draw->PushClipRect(box.Min, box.Max, true);
                        outline_cell(draw, theme, axes[size_t(i)],
                                     *figure.panels[size_t(i)].heatmap, *hover.cell);
                        draw->PopClipRect();
                    }
        }
        if (hover.cell) {
            const std::string note = cell_note ? cell_note(hover.panel, *hover.cell) : "";
            heatmap_tooltip(figure.panels[size_t(hovered)], *hover.cell, linked, note);
        } else if (hovered >= 0 && !hovered_interaction.active) {
            line_tooltip(axes[size_t(hovered)], hovered, figure.panels[size_t(hovered)],
                         ImGui::GetIO().MousePos, 0.8f * style.body->FontSize, curve_note);
        }
        // Right click: the figure's menu.
        if (hovered >= 0 && ImGui::IsMouseReleased(ImGuiMouseButton_Right))
            ImGui::OpenPopup("plot menu");
        if (ImGui::BeginPopup("plot menu")) {
            if (ImGui::MenuItem(tr("Reset view", "重置视图")))
                for (ZoomState* zoom : zooms) zoom->x = zoom->default_x, zoom->y = zoom->default_y;
            ImGui::EndPopup();
        }
    }
    draw->PopClipRect();
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(area.GetSize());
    ImGui::PopID();
    return hover;
}

}  // namespace posviz::gui
