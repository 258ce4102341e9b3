// A window of a fixed size on the only monitor, for tests that draw the app's own frame
// (draw_frame) offscreen: it answers what the frame asks a window, opens nothing beside it and
// has no compute context of its own; and the settled frame those tests measure.
#pragma once

#include <imgui.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/app.h"
#include "app/gui/gui_session.h"
#include "app/gui/plot/plot_widget.h"
#include "app/gui/screenshot.h"
#include "app/gui/window/window.h"
#include "tests/gpu_test_context.h"

namespace posviz::testing {

class ScreenWindow : public gui::Window {
  public:
    ScreenWindow(int width, int height) : width_(width), height_(height) {}
    void new_frame() override {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(width_), float(height_));
        io.DeltaTime = 1.0f / 60.0f;
    }
    void present() override {}
    bool should_close() const override { return false; }
    void framebuffer_size(int& width, int& height) const override {
        width = width_;
        height = height_;
    }
    float content_scale() const override { return 1.0f; }
    void set_fullscreen(bool) override {}
    int monitor_count() const override { return 1; }
    gui::WindowOptions placement() const override {
        return {width_, height_, 0, 0, true, "posviz"};
    }
    void poll_events() override {}
    void wait_events() override {}
    void wait_events_timeout(double) override {}
    std::vector<gui::KeyPress> take_key_presses() override { return {}; }
    uint64_t input_events() const override { return 0; }
    void set_title(const std::string&) override {}
    std::unique_ptr<gpu::GpuContext> make_shared_compute_context(std::string& error) override {
        error = "none in this test";
        return nullptr;
    }
    std::unique_ptr<gui::SecondWindow> open_second_window(const gui::WindowOptions&,
                                                          std::string& error) override {
        error = "none in this test";
        return nullptr;
    }

  private:
    int width_, height_;
};

// Settles the app's frame (screenshot.h's settle), then draws one more into `target` and returns
// what its plot widgets logged: the boxes the screen tests measure.
inline gui::PlacedTextLog settled_frame(gui::App& app, const gui::OffscreenTarget& target) {
    gui::settle(app, target);
    gui::PlacedTextLog log;
    gui::set_placed_text_log(&log);
    target.bind();
    gui::draw_frame(app);
    gui::set_placed_text_log(nullptr);
    return log;
}

// The app in a window of width × height on the only monitor, its frames drawn offscreen in the
// GPU tests' headless context: what the tests of the app's own frame set up. A fixture calls
// open() from SetUp after POSVIZ_REQUIRE_GPU() and close() from TearDown.
class ScreenApp {
  public:
    // Whether the window and its frames' target could be made (ASSERT_TRUE it).
    bool open(int width, int height) {
        if (!gpu_test_context().context->make_current()) return false;
        session_ = std::make_unique<gui::GuiSession>();
        if (!session_->attach(std::make_unique<ScreenWindow>(width, height))) return false;
        target_ = std::make_unique<gui::OffscreenTarget>(width, height);
        app.window = session_->window();
        app.animate = false;  // a rotation stays where its preset or test put it
        return true;
    }
    void close() {
        if (session_)
            gui::stop_background_work(app,
                                      std::chrono::steady_clock::now() + std::chrono::seconds(10));
    }
    gui::PlacedTextLog settled() { return settled_frame(app, *target_); }
    // Draws `n` frames of the app, as the main loop would.
    void frames(int n) {
        for (int i = 0; i < n; ++i) {
            target_->bind();
            gui::draw_frame(app);
        }
    }
    void settle() { gui::settle(app, *target_); }
    const gui::OffscreenTarget& target() const { return *target_; }

  private:
    // Destroyed in reverse: the app before the ImGui context and the frames' target.
    MesaAllocationsNotLeaks mesa_;
    std::unique_ptr<gui::GuiSession> session_;
    std::unique_ptr<gui::OffscreenTarget> target_;

  public:
    gui::App app;
};

}  // namespace posviz::testing
