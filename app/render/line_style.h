// Stroke settings and the note box shared by panels and legends.
#pragma once

#include "app/render/painter.h"

namespace posviz {

// width in points before the theme's line_scale; dashed: long dashes proportional to the width.
void set_line_style(const Painter& painter, double width, bool dashed);
// A light box behind text (boxed notes, legends): r grown by pad on every side.
void note_background(const Painter& painter, Rect r, double pad);

}  // namespace posviz
