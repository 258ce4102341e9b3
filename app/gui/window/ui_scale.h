// How large the desk UI is drawn: the user's View → UI scale when set, else the screen's — its
// content scale (glfwGetWindowContentScale: 2 on a HiDPI screen the desktop scales) or, on a
// screen the desktop does not scale, its height against a 1080-line one, so that a 3840 × 2160
// monitor at scale 1 does not get 1080p's 17 px text at half the size. GL-free, for the tests.
#pragma once

namespace posviz::gui {

// percent: the user's choice (settings.h, 100–300), 0 for automatic. monitor_height: the
// monitor's height in pixels (0: unknown). The automatic scale steps by quarters, so that a
// screen a little taller than 1080 lines keeps 17 px text, and is never below 1.
float ui_scale_factor(int percent, float content_scale, int monitor_height);

}  // namespace posviz::gui
