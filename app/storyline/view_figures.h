// Which figures each view shows for a scene — the one place that decides it, used by the views
// and by the tests that build every shipped preset's figures.
#pragma once

#include <string>
#include <vector>

#include "app/storyline/preset.h"
#include "app/storyline/view_request.h"
#include "app/storyline/view_settings.h"
#include "core/scene.h"

namespace posviz::storyline {

struct ViewFigure {
    int slot = 0;  // which of the view's two figure jobs computes it
    ViewRequest request;
};

// Empty when the scene's encoding is not one the view draws (see view_encodings).
std::vector<ViewFigure> view_figures(ViewId view, const Scene& scene, const ViewSettings& settings,
                                     const std::string& lang);

// The encodings a view draws; empty: every one.
std::vector<std::string> view_encodings(ViewId view);

// The rotation animation's length: one frame per position, up to k_max_rotation_frames.
int rotation_frames(const Scene& scene);

// Moves the rotation view's m by `steps` (negative: back), wrapping within [0, frames); with
// `together`, n moves by as much, so that m − n — and with it qₘ·kₙ — stays as it is.
void step_rotation(ViewSettings& settings, int steps, int frames);

// `speed` within the slider's range (view_settings.h); the default speed for a non-finite one.
double playable_speed(double speed);
// Advances the rotation's clock (fractional positions played) by `seconds` at `speed` and returns
// the whole positions to step now: at most 4, so that a slow frame (a long computation) makes the
// animation skip ahead a little rather than race through positions, and never loop.
int rotation_steps(double& clock, double seconds, double speed);

// The preset's figures in the order of the Views menu, as its open views show them: the
// handout's pages. InputError naming `path` where one cannot be built.
std::vector<Figure> preset_figures(const Preset& preset, const std::string& path,
                                   const std::string& lang);

}  // namespace posviz::storyline
