// The views: one ImGui window each, holding rows of the controls that matter to it and one or
// two figures drawn by the plot widget. Their windows are placed on their tiles whenever
// app.layout_dirty is set; between re-tilings the user may move and resize them.
#pragma once

#include <imgui.h>

#include "app/gui/app.h"
#include "app/gui/plot/plot_widget.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/tiling.h"
#include "app/storyline/lecture_pages.h"

namespace posviz::gui {

// The open views, in the menu's order: the order draw_views gives them the desk's tiles
// (tiling.h); views that share a tile are drawn one at a time, under tabs that name them all.
std::vector<ViewId> open_views(const App& app);
// The least side of a plot box the desk lets a view's figure have before showing it alone (a
// view's one figure of two, or a view under tabs): 120 px at the UI's scale (issue 23).
float readable_plot(const App& app);
void draw_views(App& app, const Desk& desk);
// Lecture mode: the one figure `page` names, in an undecorated window filling `stage`
// (lecture_layout.h); the slide's other views are not drawn.
void draw_lecture_stage(App& app, const LecturePage& page, const Tile& stage);

// The plot widget's style for the app's theme, lecture mode and fonts.
PlotStyle plot_style(const App& app);

// The view Export writes: the one last clicked while on screen, else the largest on screen
// (files/export_target.h); none when no view is open.
std::optional<ViewId> export_target(const App& app);
// The request behind the figure Export writes: that view's focused figure (none before any
// figure was requested).
const ViewRequest* focused_request(const App& app);

}  // namespace posviz::gui
