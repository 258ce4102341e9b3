// The pixel density of a PNG: cairo's PNG writer records none, so a 300 dpi export would open at
// the viewer's default size (72 or 96 dpi) in a word processor or LaTeX. A pHYs chunk (PNG
// specification §11.3.5.3) after IHDR records it in pixels per metre.
#pragma once

#include <string>

namespace posviz {

// The PNG with a pHYs chunk of `dpi` (round(dpi / 0.0254) pixels per metre on both axes, unit
// metre) inserted after its IHDR chunk. std::logic_error if the bytes do not start with a PNG
// signature and IHDR.
std::string png_with_density(const std::string& png, int dpi);

}  // namespace posviz
