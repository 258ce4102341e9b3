// Which figures each view shows for a scene — the one place that decides it, used by the views
// and by the tests that build every shipped preset's figures.
#pragma once

#include <string>
#include <vector>

#include "app/gui/figure_job.h"
#include "app/gui/view_settings.h"
#include "core/scene.h"

namespace posviz::gui {

struct ViewFigure {
    int slot = 0;  // which of the view's two figure jobs computes it
    FigureRequest request;
};

// Empty when the scene's encoding is not one the view draws (see view_encodings).
std::vector<ViewFigure> view_figures(ViewId view, const Scene& scene, const ViewSettings& settings,
                                     const std::string& lang);

// The encodings a view draws; empty: every one.
std::vector<std::string> view_encodings(ViewId view);

// The rotation animation's length: one frame per position, up to 256.
int rotation_frames(const Scene& scene);

}  // namespace posviz::gui
