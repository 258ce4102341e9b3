// The GPU tests' shared headless context and attention kernels, made once per test binary. Mesa's
// shader cache goes to a fresh temporary directory. Without EGL or compute shaders (no GPU and no
// llvmpipe) the tests skip with the reason instead of failing.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#include "gpu/egl_context.h"
#include "gpu/gpu_attention.h"
#include "tests/run_posviz.h"

namespace posviz::testing {

struct GpuTestContext {
    std::unique_ptr<gpu::EglContext> context;
    std::unique_ptr<gpu::GpuAttention> attention;
    std::string error;
};

// Made on first use and never destroyed: destroying it at exit terminates EGL, which unloads
// Mesa's driver (swrast_dri.so) before LeakSanitizer's check runs, and the driver's own
// allocations, no longer reachable from its unloaded globals, are then reported as leaks from an
// unknown module that no suppression can name. Kept alive, they stay reachable and nothing leaks.
inline GpuTestContext& gpu_test_context() {
    static GpuTestContext& shared = *[] {
        setenv("MESA_SHADER_CACHE_DIR", make_temp_dir().c_str(), 1);
        auto* made = new GpuTestContext;
        made->context = gpu::EglContext::create(made->error);
        if (made->context) made->attention = std::make_unique<gpu::GpuAttention>(*made->context);
        return made;
    }();
    return shared;
}

// Mesa's llvmpipe keeps an allocation made by the process's first glGenerateMipmap until exit,
// where LeakSanitizer reports it with its frames in a module already unloaded, so no suppression
// can name it. Code that mipmaps runs with one of these alive in the tests.
#if defined(__SANITIZE_ADDRESS__)
using MesaAllocationsNotLeaks = __lsan::ScopedDisabler;
#else
struct MesaAllocationsNotLeaks {};
#endif

// In a test body: skips the test when there is no GPU context.
#define POSVIZ_REQUIRE_GPU()                              \
    if (!::posviz::testing::gpu_test_context().attention) \
    GTEST_SKIP() << "no headless OpenGL 4.3 context: "    \
                 << ::posviz::testing::gpu_test_context().error

}  // namespace posviz::testing
