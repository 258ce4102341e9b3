// What the lecturer's keys do, keyboard and presenter remote alike. Remotes ("clickers") send
// PageDown/PageUp for next/previous, F5 / Shift+F5 to start the show and Esc to end it, and B or
// '.' for a black screen — as PowerPoint and Impress understand them. posviz's own keys (Tab, C,
// N, F9, Space) are none of those, so a remote never presses them by accident.
#pragma once

namespace posviz::gui {

enum class KeyCommand {
    None,
    NextSlide,         // PageDown, →, ↓
    PreviousSlide,     // PageUp, ←, ↑
    FirstSlide,        // Home
    LastSlide,         // End
    TogglePlay,        // Space: the rotation plays or pauses
    ToggleLecture,     // F11
    LeaveLecture,      // Esc
    ToggleControls,    // F9: the Scene window
    BlackScreen,       // B or '.'
    LectureFromFirst,  // F5
    LectureFromHere,   // Shift+F5
    OpenPreset,        // Ctrl+O: the file chooser, for a preset file
    NextFigure,        // Tab: lecture mode's next figure of the slide (lecture_pages.h)
    PreviousFigure,    // Shift+Tab
    ToggleNotes,       // N: the speaker notes window
    ToggleViewTools,   // C: lecture mode's caption, views' controls and figures' subtitles
};

// `key` and `mods` as GLFW's key callback gives them.
KeyCommand key_command(int key, int mods);

// The storyline slide a command leads to from `current` among `count` (0-based); `current`
// unchanged for commands that do not move, and at either end (PageDown on the last slide stays
// there: a clicker pressed once too often must not jump back to the start). -1 when there are
// no slides.
int slide_after(KeyCommand command, int current, int count);

}  // namespace posviz::gui
