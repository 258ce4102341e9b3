#include "app/gui/views/lecture_layout.h"

#include <algorithm>

namespace posviz::gui {

float story_bar_height(const LectureMetrics& m) {
    return 2.0f * m.padding_y + m.heading +
           (m.note_height > 0.0f ? m.spacing_y + m.note_height : 0.0f);
}

LectureLayout lecture_layout(const Tile& work, const LectureMetrics& m) {
    LectureLayout l;
    l.story = {work.x, work.y, work.width, std::min(story_bar_height(m), work.height)};
    const float top = l.story.y + l.story.height;
    const float controls = std::clamp(m.controls_width, 0.0f, work.width);
    l.stage = {work.x + controls, top, work.width - controls, work.y + work.height - top};
    // Inside the stage: padding at the sides; with the controls' rows shown, padding above them
    // and below the figure and a row gap between. Without them the figure comes right under the
    // storyline bar, whose own padding separates the two, and reaches the screen's bottom edge
    // (its panels keep a margin of their own): a second and third padding took ~30 px of height
    // from the figure at 1080p.
    const bool tools_shown = m.tools_height > 0.0f;
    const float padding_y = tools_shown ? m.padding_y : 0.0f;
    const float tools = tools_shown ? m.tools_height + m.spacing_y : 0.0f;
    const float figure_top = l.stage.y + padding_y + tools;
    l.figure = {l.stage.x + m.padding_x, figure_top,
                std::max(0.0f, l.stage.width - 2.0f * m.padding_x),
                std::max(0.0f, l.stage.y + l.stage.height - padding_y - figure_top)};
    return l;
}

}  // namespace posviz::gui
