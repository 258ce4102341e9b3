// Lecture mode's screen (app/gui/views/lecture_layout.h, lecture_pages.h): the main figure gets
// most of a projector's 1920×1080, with the type a back row can read, and Tab walks the slide's
// other figures instead of shrinking them beside it.
#include <gtest/gtest.h>

#include "app/gui/storyline_names.h"
#include "app/gui/views/lecture_layout.h"
#include "app/storyline/lecture_pages.h"
#include "app/storyline/preset.h"

namespace posviz::gui {
namespace {

// ImGui's default style scaled as lecture mode scales it at 1080 px (app.cpp: body text a 38th
// of the height, 28 px; sizes × 28/17), with the worst the slides bring: a caption of two lines
// and controls wrapped onto two rows.
LectureMetrics metrics_at_1080p() {
    const float font = 28.0f, scale = font / 17.0f;
    const float frame = font + 2.0f * 3.0f * scale;  // a slider's frame: text and FramePadding
    LectureMetrics m;
    m.padding_x = m.padding_y = 8.0f * scale;
    m.spacing_y = 4.0f * scale;
    m.heading = 1.2f * font;
    m.note_height = 2.0f * font;
    m.tools_height = 2.0f * frame + m.spacing_y;
    return m;
}

// Lecture mode has no menu bar: the work area is the whole window.
TEST(GuiLectureLayout, TheMainFigureCoversMostOfA1080pScreen) {
    const Tile work{0.0f, 0.0f, 1920.0f, 1080.0f};
    const LectureLayout l = lecture_layout(work, metrics_at_1080p());
    const float share = l.figure.width * l.figure.height / (1920.0f * 1080.0f);
    EXPECT_GE(share, 0.60f) << l.figure.width << " × " << l.figure.height;
    // One figure, nothing beside it: it spans the width but for the padding.
    EXPECT_GE(l.figure.width, 1920.0f - 2.0f * 14.0f);
}

// As projected (C not pressed): no caption and no controls, the storyline bar one line high and
// the figure right under it, larger than with them.
TEST(GuiLectureLayout, WithoutTheSmallPrintTheStoryBarIsOneLine) {
    const Tile work{0.0f, 0.0f, 1920.0f, 1080.0f};
    const LectureMetrics with = metrics_at_1080p();
    LectureMetrics without = with;
    without.note_height = without.tools_height = 0.0f;
    const LectureLayout l = lecture_layout(work, without);
    EXPECT_FLOAT_EQ(l.story.height, 2.0f * without.padding_y + without.heading);
    EXPECT_FLOAT_EQ(l.figure.y, l.stage.y);  // the bar's own padding is the gap
    EXPECT_FLOAT_EQ(l.figure.y + l.figure.height, work.y + work.height);
    EXPECT_GT(l.figure.height,
              lecture_layout(work, with).figure.height + with.note_height + with.tools_height);
}

TEST(GuiLectureLayout, StoryStageAndFigureNestWithoutOverlap) {
    for (const Tile& work :
         {Tile{0, 30, 1920, 1050}, Tile{0, 25, 1024, 743}, Tile{0, 60, 3840, 2100}}) {
        LectureMetrics m = metrics_at_1080p();
        for (float controls : {0.0f, 400.0f}) {
            m.controls_width = controls;
            const LectureLayout l = lecture_layout(work, m);
            EXPECT_FLOAT_EQ(l.story.y, work.y);
            EXPECT_FLOAT_EQ(l.story.height, story_bar_height(m));
            EXPECT_FLOAT_EQ(l.stage.y, l.story.y + l.story.height);  // just below the story bar
            EXPECT_FLOAT_EQ(l.stage.x, work.x + controls);           // right of the Scene window
            EXPECT_FLOAT_EQ(l.stage.y + l.stage.height, work.y + work.height);
            EXPECT_FLOAT_EQ(l.stage.x + l.stage.width, work.x + work.width);
            EXPECT_GE(l.figure.x, l.stage.x);
            EXPECT_GE(l.figure.y, l.stage.y + m.tools_height);  // below the controls
            EXPECT_LE(l.figure.x + l.figure.width, l.stage.x + l.stage.width);
            EXPECT_LE(l.figure.y + l.figure.height, l.stage.y + l.stage.height);
            EXPECT_GT(l.figure.height, 0.4f * work.height) << work.width;
        }
    }
}

TEST(GuiLectureLayout, TinyWindowsGiveNoNegativeSizes) {
    const LectureLayout l = lecture_layout({0, 0, 100, 60}, metrics_at_1080p());
    EXPECT_GE(l.figure.width, 0.0f);
    EXPECT_GE(l.figure.height, 0.0f);
    EXPECT_GE(l.stage.height, 0.0f);
}

TEST(GuiLecturePages, EveryFigureOfEveryOpenViewIsAPage) {
    // Waves (curves, wavelengths) and Matrices (PE, similarity) of a sinusoidal scene, opened in
    // either order: pages in the views' order.
    ViewSet views{};
    settings_of(views, ViewId::Matrices).open = true;
    settings_of(views, ViewId::Wavelengths).open = true;
    Scene scene;
    scene.encoding = "sinusoidal";
    const std::vector<LecturePage> pages = lecture_pages(views, std::nullopt, scene, "en");
    ASSERT_EQ(pages.size(), 4u);
    EXPECT_EQ(pages[0], (LecturePage{ViewId::Wavelengths, 0}));
    EXPECT_EQ(pages[1], (LecturePage{ViewId::Wavelengths, 1}));
    EXPECT_EQ(pages[2], (LecturePage{ViewId::Matrices, 0}));
    EXPECT_EQ(pages[3], (LecturePage{ViewId::Matrices, 1}));
    // A view that draws nothing for the encoding is the page that says so.
    settings_of(views, ViewId::Rotation).open = true;
    EXPECT_EQ(lecture_pages(views, std::nullopt, scene, "en").back(),
              (LecturePage{ViewId::Rotation, 0}));
    // Every shipped slide has at least one page.
    for (const std::string& f : preset_files(presets_dir())) {
        const Preset q = read_preset(f);
        EXPECT_FALSE(lecture_pages(q.views, q.lead_view, q.scene, "zh").empty()) << f;
    }
}

TEST(GuiLecturePages, TheLeadViewComesFirstWhenItDraws) {
    ViewSet views{};
    settings_of(views, ViewId::Wavelengths).open = true;
    settings_of(views, ViewId::Rotation).open = true;
    Scene scene;
    scene.encoding = "rope";
    // Without a lead, the views' order: Waves first.
    EXPECT_EQ(lecture_pages(views, std::nullopt, scene, "en").front().view, ViewId::Wavelengths);
    // Led by the rotation: its figures first, then the others in their order.
    const std::vector<LecturePage> led = lecture_pages(views, ViewId::Rotation, scene, "en");
    ASSERT_EQ(led.size(), 2u);  // under RoPE Waves shows its wavelengths only
    EXPECT_EQ(led[0], (LecturePage{ViewId::Rotation, 0}));
    EXPECT_EQ(led[1].view, ViewId::Wavelengths);
    // A lead that draws nothing for the encoding (no rotation without RoPE) does not open the
    // slide on its "nothing to show" page.
    scene.encoding = "sinusoidal";
    EXPECT_EQ(lecture_pages(views, ViewId::Rotation, scene, "en").front().view,
              ViewId::Wavelengths);
    // The shipped RoPE slide names its rotation as the lead.
    const Preset rope = read_preset(resolve_preset("rope-rotation", presets_dir()));
    EXPECT_EQ(lecture_pages(rope.views, rope.lead_view, rope.scene, "en").front().view,
              ViewId::Rotation);
}

TEST(GuiLecturePages, TabWrapsBothWays) {
    EXPECT_EQ(page_after(0, 1, 3), 1);
    EXPECT_EQ(page_after(2, 1, 3), 0);
    EXPECT_EQ(page_after(0, -1, 3), 2);
    EXPECT_EQ(page_after(5, 0, 3), 2);  // a page left from a slide with more figures
    EXPECT_EQ(page_after(0, 1, 0), 0);
}

}  // namespace
}  // namespace posviz::gui
