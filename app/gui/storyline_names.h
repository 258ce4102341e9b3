// The GUI shows the storyline model (app/storyline/: presets, views and what each view draws):
// its names are the GUI's own.
#pragma once

namespace posviz::storyline {}

namespace posviz::gui {
using namespace posviz::storyline;
}  // namespace posviz::gui
