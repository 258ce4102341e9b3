// What a view asks to be built: a scene, the figure options, and for the rotation view the frame
// (m and the key's n) — the one description the GUI's figure jobs, the handout and the tests
// build from (view_figures.h says which requests each view makes).
#pragma once

#include "core/figure/figure.h"
#include "core/figure/theme.h"
#include "core/figures/figures.h"
#include "core/scene.h"

namespace posviz::storyline {

struct ViewRequest {
    Scene scene;  // scene.figure names the figure
    FigureOptions options;
    int rotation_frame = -1;  // >= 0: build_rotation_frame at this m (of rotation_frames)
    int rotation_frames = 0;
    int rotation_key = 0;  // the key's position n in that frame
    // When set, the GUI's worker also colours the heatmaps for this theme (app/gui/views/
    // figure_job.h): at L = 2048 that is a tenth of a second per panel the UI thread does not
    // spend. Builds ignore it.
    const Theme* theme = nullptr;
};

bool same_request(const ViewRequest& a, const ViewRequest& b);

// The figure the request asks for, built on the calling thread. Throws what build_figure and
// build_rotation_frame throw (InputError, Cancelled at the thread's cancellation token).
Figure build_view_figure(const ViewRequest& request);

}  // namespace posviz::storyline
