// Curves that coincide must stay visible: a legend entry whose line lies on an earlier one (equal
// within a thousandth of the axis span at every point, over the same x) would hide it, as
// `scalings` drew "none" under dynamic NTK and Llama 3 at a length they do not change. Such a
// later line is drawn with a dash pattern, on top (a solid one becomes dashed), so the earlier
// one shows through its gaps, and its legend label says which line it equals: "Llama 3 (= none)".
#pragma once

#include "core/figure/figure.h"
#include "core/figures/figure_text.h"

namespace posviz {

void mark_coinciding_lines(Panel& panel, const Text& t);

}  // namespace posviz
