#include "gpu/heatmap_colouring.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "gpu/gl_program.h"

namespace posviz::gpu {

namespace {

// Mip levels down to 1×1, so that a 2048² map in a 500-pixel box is averaged, not aliased.
int mip_levels(int width, int height) {
    int levels = 1;
    for (int size = std::max(width, height); size > 1; size /= 2) ++levels;
    return levels;
}

// A texture of immutable RGBA8 storage of the map's size: kept when it already is one (the name
// may also be of a texture uploaded from the host, or of another size).
void ensure_texture(unsigned& texture, int width, int height) {
    if (texture != 0) {
        GLint w = 0, h = 0, immutable = GL_FALSE;
        glBindTexture(GL_TEXTURE_2D, texture);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
        glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
        if (w == width && h == height && immutable == GL_TRUE) return;
        glDeleteTextures(1, &texture);
    }
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexStorage2D(GL_TEXTURE_2D, mip_levels(width, height), GL_RGBA8, width, height);
    // As the GUI's uploaded heatmaps: magnified cells stay sharp, minified ones are averaged.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

}  // namespace

HeatmapColouring::HeatmapColouring() {
    program_ = compile_compute_program("colour_heatmap.comp");
    glGenBuffers(1, &nodes_);
    check_gl("creating the colouring shader");
}

HeatmapColouring::~HeatmapColouring() {
    glDeleteBuffers(1, &nodes_);
    glDeleteProgram(program_);
}

void HeatmapColouring::colour(const GpuMatrix& values, const Colormap& colormap, double vmin,
                              double vmax, Rgb masked, unsigned& texture, const ColourNorm& norm) {
    const Range range = norm_range(norm, {vmin, vmax});
    vmin = range.min;
    vmax = range.max;
    std::vector<float> nodes;
    for (const Rgb& c : colormap.nodes())
        nodes.insert(nodes.end(), {float(c.r), float(c.g), float(c.b), 1.0f});
    fill_buffer(nodes_, nodes.data(), nodes.size());
    ensure_texture(texture, values.cols(), values.rows());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, values.buffer());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, nodes_);
    glBindImageTexture(0, texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    set_int(program_, "rows", values.rows());
    set_int(program_, "cols", values.cols());
    set_float(program_, "vmin", float(vmin));
    set_float(program_, "inverse_range", float(1.0 / (vmax - vmin)));
    set_int(program_, "norm_kind", int(norm.kind));
    set_float(program_, "gamma", float(norm.gamma));
    if (norm.kind == NormKind::Log) {
        set_float(program_, "log_vmin", float(std::log(vmin)));
        set_float(program_, "inverse_log_range", float(1.0 / std::log(vmax / vmin)));
    }
    set_int(program_, "node_count", int(nodes.size() / 4));
    set_int(program_, "interpolated", colormap.interpolated ? 1 : 0);
    glProgramUniform3f(program_, glGetUniformLocation(program_, "masked_colour"), float(masked.r),
                       float(masked.g), float(masked.b));
    glUseProgram(program_);
    glDispatchCompute(GLuint((values.cols() + 15) / 16), GLuint((values.rows() + 15) / 16), 1);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    // Unbound, so that the image unit holds no reference to a texture deleted later.
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glBindTexture(GL_TEXTURE_2D, texture);
    glGenerateMipmap(GL_TEXTURE_2D);
    glUseProgram(0);
    check_gl("colouring a heatmap");
}

}  // namespace posviz::gpu
