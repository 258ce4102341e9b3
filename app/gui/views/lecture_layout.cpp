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
    // Inside the stage: padding all round, and the controls' rows and a row gap above the figure
    // when they are shown.
    const float tools = m.tools_height > 0.0f ? m.tools_height + m.spacing_y : 0.0f;
    const float figure_top = l.stage.y + m.padding_y + tools;
    l.figure = {l.stage.x + m.padding_x, figure_top,
                std::max(0.0f, l.stage.width - 2.0f * m.padding_x),
                std::max(0.0f, l.stage.y + l.stage.height - m.padding_y - figure_top)};
    return l;
}

}  // namespace posviz::gui
