// The File menu and the windows it opens. Open preset (and recent presets), Save preset: a
// preset file through the file chooser. Export: the figure of the view the user sees (the one
// last clicked, else the largest: views.h) as PNG/SVG/PDF (or the rotation as GIF/MP4) through the
// command line's exporter, its numbers as .npy/.csv, or the whole window as a PNG; Export
// storyline: the PDF handout (app/handout/handout_pdf.h). Every file is named in the file chooser,
// which proposes a new name in the Pictures folder; every write is atomic and reports back in the
// status line, never by stopping the app.
#pragma once

#include "app/gui/app.h"

namespace posviz::gui {

// File → Open preset… (Ctrl+O): the chooser, in the folder of the newest recent preset, else the
// shipped presets.
void open_preset_chooser(App& app);
// The File menu's items, drawn inside its BeginMenu.
void file_menu_items(App& app);
// The Export, Save-preset and chooser windows, and what the chooser hands back: once a frame.
void draw_file_windows(App& app);

// What the Export window's "Export figure" button does: the focused view's figure written to
// `path` on a worker thread; its outcome reaches the status line on a later frame. `screenshot
// --export-figure` calls it too.
void export_focused_figure(App& app, const std::string& path);
// What its "Export data" button does: the focused view's figure's data as .npy or .csv (by the
// extension of `path`), the same way.
void export_focused_data(App& app, const std::string& path);

// Writes the window screenshot asked for in the Export window, if any: call after drawing the
// frame (which then leaves the Export window out) and before presenting it.
void save_pending_window_shot(App& app);

}  // namespace posviz::gui
