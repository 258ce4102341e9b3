#include "app/gui/window/key_commands.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only: this file links no GLFW

#include <algorithm>

namespace posviz::gui {

KeyCommand key_command(int key, int mods) {
    if (key == GLFW_KEY_O && mods == GLFW_MOD_CONTROL) return KeyCommand::OpenPreset;
    // Ctrl, Alt or Super with any other key is a shortcut for someone else (Ctrl+A in a text
    // field).
    if (mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) return KeyCommand::None;
    switch (key) {
        case GLFW_KEY_PAGE_DOWN:
        case GLFW_KEY_RIGHT:
        case GLFW_KEY_DOWN:
            return KeyCommand::NextSlide;
        case GLFW_KEY_PAGE_UP:
        case GLFW_KEY_LEFT:
        case GLFW_KEY_UP:
            return KeyCommand::PreviousSlide;
        case GLFW_KEY_HOME:
            return KeyCommand::FirstSlide;
        case GLFW_KEY_END:
            return KeyCommand::LastSlide;
        case GLFW_KEY_SPACE:
            return KeyCommand::TogglePlay;
        case GLFW_KEY_F11:
            return KeyCommand::ToggleLecture;
        case GLFW_KEY_ESCAPE:
            return KeyCommand::LeaveLecture;
        case GLFW_KEY_F9:
            return KeyCommand::ToggleControls;
        case GLFW_KEY_B:
        case GLFW_KEY_PERIOD:
            return KeyCommand::BlackScreen;
        case GLFW_KEY_TAB:
            return (mods & GLFW_MOD_SHIFT) ? KeyCommand::PreviousFigure : KeyCommand::NextFigure;
        case GLFW_KEY_N:
            return KeyCommand::ToggleNotes;
        case GLFW_KEY_C:
            return KeyCommand::ToggleViewTools;
        case GLFW_KEY_F5:
            return (mods & GLFW_MOD_SHIFT) ? KeyCommand::LectureFromHere
                                           : KeyCommand::LectureFromFirst;
        default:
            return KeyCommand::None;
    }
}

int slide_after(KeyCommand command, int current, int count) {
    if (count <= 0) return -1;
    switch (command) {
        case KeyCommand::NextSlide:
            // From no slide (the user's own scene), the storyline starts at its first.
            return current < 0 ? 0 : std::min(current + 1, count - 1);
        case KeyCommand::PreviousSlide:
            return std::max(current - 1, 0);
        case KeyCommand::FirstSlide:
        case KeyCommand::LectureFromFirst:
            return 0;
        case KeyCommand::LastSlide:
            return count - 1;
        default:
            return current;
    }
}

}  // namespace posviz::gui
