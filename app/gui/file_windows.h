// The two windows that write files, opened from the File menu. Export: the focused figure as
// PNG/SVG/PDF (or the rotation as GIF/MP4) through the command line's exporter, its numbers as
// .npy/.csv, or the whole window as a PNG. Save preset: the current scene and views as a preset
// file. Paths are typed into text fields; every write is atomic and reports back in the status
// line, never by stopping the app.
#pragma once

#include "app/gui/app.h"

namespace posviz::gui {

void draw_file_windows(App& app);

// What the Export window's "Export figure" button does: the focused view's figure written to
// `path` on a worker thread; its outcome reaches the status line on a later frame. `screenshot
// --export-figure` calls it too.
void export_focused_figure(App& app, const std::string& path);

// Writes the window screenshot asked for in the Export window, if any: call after drawing the
// frame (which then leaves the Export window out) and before presenting it.
void save_pending_window_shot(App& app);

}  // namespace posviz::gui
