// Lecture mode's screen: the slide's main figure gets the window. At the top the storyline bar
// spans the width — one line, the slide's number and title —; the rest is the stage, one
// undecorated view window whose figure fills it. Decision: what is there for the lecturer's hands
// or a reader up close — the storyline caption, the view's rows of controls, the figure's subtitle
// of parameters — waits behind C (App::show_lecture_tools), and the slide's other figures are not
// shrunk into tiles beside the main one: they wait behind Tab (Shift+Tab goes back), one figure
// on the stage at a time (lecture_pages.h). Plain arithmetic, tested without a window.
#pragma once

#include "app/gui/views/tiling.h"

namespace posviz::gui {

// The sizes the layout depends on, in pixels, as ImGui's style and fonts give them.
struct LectureMetrics {
    float padding_x = 8.0f, padding_y = 8.0f;  // a window's inner padding
    float spacing_y = 4.0f;                    // between rows of items
    float heading = 20.0f;                     // the storyline title's line
    float note_height = 17.0f;    // the caption, wrapped to the window's width; 0: none
    float tools_height = 23.0f;   // the view's rows of controls; 0: none
    float controls_width = 0.0f;  // the Scene window, when F9 shows it
};

struct LectureLayout {
    Tile story;   // the storyline bar
    Tile stage;   // the view window
    Tile figure;  // its figure: the stage less padding and controls
};

// `work` is the window below the menu bar.
LectureLayout lecture_layout(const Tile& work, const LectureMetrics& metrics);

// The storyline bar's height: padding, the title's line, the caption if any.
float story_bar_height(const LectureMetrics& metrics);

}  // namespace posviz::gui
