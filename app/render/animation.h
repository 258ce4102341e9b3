// Animations of figure frames: .gif through giflib, .mp4 by piping raw RGB frames into the
// ffmpeg command (libx264, yuv420p; needs `ffmpeg` on PATH). Frames are rendered one at a time,
// so memory stays at one frame whatever the length.
#pragma once

#include <functional>
#include <string>

#include "app/render/export.h"
#include "core/figure/figure.h"

namespace posviz {

struct AnimationOptions {
    ExportOptions frame;  // size, dpi, theme, lang of every frame (transparent is ignored)
    int frames = 48;
    int fps = 12;
};

// frame(i) builds frame i of options.frames. Throws InputError("--fps") above 50 for .gif (its
// delays are whole 1/100 s; see animation.cpp), InputError("-o", ...) for an extension
// other than .gif/.mp4, an unwritable path, or for .mp4 when ffmpeg is missing or fails (with its
// message), and raster_size's InputError for a frame too large, before anything is drawn. The
// file is written through a TempFile (core/formats/atomic_file.h): complete or not at all.
void export_animation(const std::function<Figure(int)>& frame, const AnimationOptions& options,
                      const std::string& path);

}  // namespace posviz
