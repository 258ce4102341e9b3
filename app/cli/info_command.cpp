#include "app/cli/info_command.h"

#include <cstdio>
#include <memory>
#include <string>

#include "app/gui/window/window.h"
#include "gpu/egl_context.h"

namespace posviz {

namespace {

// The context the desktop window would draw with (the GPU backend computes in its own headless
// one, below).
void print_window_context() {
    gpu::GpuInfo info;
    std::string error;
    if (!gui::probe_window_context(info, error)) {
        std::printf("  window  unavailable: %s\n", error.c_str());
        return;
    }
    std::printf("  window  OpenGL for the desktop GUI\n");
    std::printf("       vendor:          %s\n", info.vendor.c_str());
    std::printf("       renderer:        %s\n", info.renderer.c_str());
    std::printf("       version:         %s\n", info.version.c_str());
    std::printf("       compute shaders: %s\n", info.compute_shaders ? "yes" : "no");
}

void print_backends() {
    std::printf("backends:\n");
    std::printf("  cpu  available (double precision, Eigen)\n");
    std::string error;
    std::unique_ptr<gpu::EglContext> context = gpu::EglContext::create(error);
    if (!context) {
        std::printf("  gpu  unavailable: %s\n", error.c_str());
        return;
    }
    const gpu::GpuInfo& info = context->info();
    std::printf("  gpu  available (float32 compute shaders%s)\n",
                info.software ? "; a software renderer, slower than the cpu backend" : "");
    std::printf("       egl platform:    %s\n", info.platform.c_str());
    std::printf("       vendor:          %s\n", info.vendor.c_str());
    std::printf("       renderer:        %s\n", info.renderer.c_str());
    std::printf("       version:         %s\n", info.version.c_str());
    std::printf("       compute shaders: %s\n", info.compute_shaders ? "yes" : "no");
}

void print_info() {
    print_backends();
    print_window_context();
}

}  // namespace

void add_info_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("info", "print the compute backends this machine offers");
    cmd->callback(print_info);
}

}  // namespace posviz
