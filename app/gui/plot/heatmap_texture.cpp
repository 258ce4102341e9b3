#include "app/gui/plot/heatmap_texture.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <unordered_map>

#include "app/gui/plot/plot_transform.h"
#include "core/figure/colormap.h"
#include "core/stage_times.h"
#include "gpu/gpu_error.h"
#include "gpu/heatmap_colouring.h"

namespace posviz::gui {

namespace {

struct Entry {
    GLuint texture = 0;
    bool has_masked = false;
    int width = 0, height = 0;  // of a texture uploaded from the host; 0: none (GPU-coloured)
    int base_level = 0;         // the finest mipmap level uploaded
    float shown_width = 0.0f, shown_height = 0.0f;  // the whole map's pixels when last drawn
    uint64_t version = 0;
    std::string theme, colormap;
    int last_frame = 0;
};

std::unordered_map<ImGuiID, Entry> g_textures;
std::unique_ptr<gpu::HeatmapColouring> g_colouring;  // made in the window's context on first use

// The GL calls return before the work is done: a timed upload waits for it, so that the latency
// benchmark's breakdown sees what the upload costs.
void finish_if_timed() {
    if (stage_times::enabled()) glFinish();
}

// The picture's mipmap levels from `base` down (made where it was coloured: heatmap_mipmaps.h;
// level 0 is the picture).
void upload(Entry& e, const Heatmap& heatmap, const HeatmapPixels& pixels, int base) {
    const stage_times::Scope timed(stage_times::Stage::Upload);
    const int width = int(heatmap.values.cols()), height = int(heatmap.values.rows());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    // The panel's last picture had this size and levels (a seed, D or colour change): its texels
    // are overwritten in place, with no new storage to allocate and clear. A new name otherwise:
    // the panel's previous texture may have immutable storage (coloured on the GPU), which
    // glTexImage2D cannot respecify.
    const bool in_place =
        e.texture != 0 && e.width == width && e.height == height && e.base_level == base;
    if (!in_place) {
        if (e.texture != 0) glDeleteTextures(1, &e.texture);
        glGenTextures(1, &e.texture);
    }
    glBindTexture(GL_TEXTURE_2D, e.texture);
    auto level = [&](int index, int w, int h, const std::vector<uint8_t>& rgba) {
        if (in_place)
            glTexSubImage2D(GL_TEXTURE_2D, index, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE,
                            rgba.data());
        else
            glTexImage2D(GL_TEXTURE_2D, index, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                         rgba.data());
    };
    if (base == 0) level(0, width, height, pixels.rgba);
    for (size_t i = size_t(std::max(base, 1)) - 1; i < pixels.mips.size(); ++i)
        level(int(i) + 1, pixels.mips[i].width, pixels.mips[i].height, pixels.mips[i].rgba);
    if (!in_place) {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, base);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, int(pixels.mips.size()));
        // Minified: bilinear within the nearest level (each level a box average of the one
        // above), not trilinear: on llvmpipe that is half the texel reads per pixel, ~2 of an
        // idle frame's 6 ms at L = 2048, and the picture is the same to the eye.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        e.width = width;
        e.height = height;
        e.base_level = base;
    }
    finish_if_timed();
    e.has_masked = pixels.has_masked;
}

void upload_coloured_here(Entry& e, const Heatmap& heatmap, const Theme& theme) {
    upload(e, heatmap, heatmap_pixels(heatmap, theme), 0);
}

// The values are a GpuMatrix in the window's share group: colour them where they are. Should the
// colouring shader fail, the values come to the host once and are coloured there instead.
void colour_on_gpu(Entry& e, const Heatmap& heatmap, const Theme& theme) {
    const auto* values = dynamic_cast<const gpu::GpuMatrix*>(heatmap.device.get());
    if (!values) return;
    const stage_times::Scope timed(stage_times::Stage::Upload);
    try {
        if (!g_colouring) g_colouring = std::make_unique<gpu::HeatmapColouring>();
        const Range range = heatmap_range(heatmap);
        const Colormap& colormap = find_colormap(heatmap.colormap);
        g_colouring->colour(*values, colormap, range.min, range.max,
                            masked_colour(theme, colormap), e.texture, heatmap.norm);
        e.width = e.height = 0;  // the GPU's texture: never overwritten from the host
        finish_if_timed();
    } catch (const gpu::GpuError& error) {
        std::fprintf(stderr, "posviz: colouring on the CPU instead of the GPU: %s\n", error.what());
        Heatmap host = heatmap;
        host.device.reset();
        try {
            host.values = values->download();
        } catch (const gpu::GpuError&) {
            return;  // no values to show: the panel stays empty, the message is on stderr
        }
        upload_coloured_here(e, host, theme);
    }
    e.has_masked = values->any_masked();
}

// Panels not drawn for this many frames (closed views, older figures) give their texture back.
constexpr int k_frames_kept = 3;

void delete_stale(int frame) {
    for (auto it = g_textures.begin(); it != g_textures.end();) {
        if (frame - it->second.last_frame > k_frames_kept) {
            glDeleteTextures(1, &it->second.texture);
            it = g_textures.erase(it);
        } else {
            ++it;
        }
    }
}

}  // namespace

HeatmapTexture heatmap_texture(ImGuiID key, const Heatmap& heatmap, const Theme& theme,
                               uint64_t version, const HeatmapPixels* pixels) {
    const int frame = ImGui::GetFrameCount();
    delete_stale(frame);
    Entry& e = g_textures[key];
    // Coloured on the host ahead of time (a device heatmap has no values here, nor pixels).
    const bool coloured =
        !heatmap.device && pixels && pixels->rgba.size() == size_t(heatmap.values.size()) * 4;
    // The finest level the panel needs, judged by its size when last drawn (0 for a panel not
    // drawn before): a 2048² map in a 600-pixel box is drawn from level 2, and its levels 0 and
    // 1 — 20 of the 21 MB, ~4 ms of the UI thread a change on llvmpipe — wait until a zoom or a
    // larger window needs them.
    const int needed =
        coloured
            ? std::min(finest_level_needed(int(heatmap.values.cols()), int(heatmap.values.rows()),
                                           e.shown_width, e.shown_height),
                       int(pixels->mips.size()))
            : 0;
    if (e.texture == 0 || e.version != version || e.theme != theme.name ||
        e.colormap != heatmap.colormap) {
        if (heatmap.device)
            colour_on_gpu(e, heatmap, theme);
        else if (coloured)
            upload(e, heatmap, *pixels, needed);
        else
            upload_coloured_here(e, heatmap, theme);
        e.version = version;
        e.theme = theme.name;
        e.colormap = heatmap.colormap;
    } else if (coloured && e.width > 0 && needed < e.base_level) {
        upload(e, heatmap, *pixels, needed);  // zoomed in: the finer levels now
    }
    e.last_frame = frame;
    return {ImTextureID(intptr_t(e.texture)), e.has_masked};
}

void heatmap_shown(ImGuiID key, float width, float height) {
    const auto it = g_textures.find(key);
    if (it == g_textures.end()) return;
    it->second.shown_width = width;
    it->second.shown_height = height;
}

void add_opaque_image(ImDrawList* draw, ImTextureID id, ImVec2 from, ImVec2 to) {
    draw->AddCallback([](const ImDrawList*, const ImDrawCmd*) { glDisable(GL_BLEND); }, nullptr);
    draw->AddImage(id, from, to);
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void release_heatmap_textures() {
    for (auto& [key, e] : g_textures) glDeleteTextures(1, &e.texture);
    g_textures.clear();
    g_colouring.reset();
}

}  // namespace posviz::gui
