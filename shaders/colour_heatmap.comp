#version 430
// Colours a map kept on the GPU into the RGBA8 texture its heatmap draws: texel (col, row) of
// values[row · cols + col], as the GUI's heatmap_rgba does on the CPU (app/gui/plot_transform.cpp)
// and the cairo renderer for exports. t = (v - vmin) / (vmax - vmin), or under a log or power norm
// its position as core/figure/colour_norm.cpp computes it (matplotlib's LogNorm and PowerNorm;
// vmin > 0 for log, values ≤ 0 at the bottom); the colormap is given by its
// nodes (core/figure/colormap.h): listed, entry min(floor(t·n), n - 1), or interpolated linearly.
// NaN and ±inf take the theme's masked colour. One invocation per texel, 16×16 workgroups.
layout(local_size_x = 16, local_size_y = 16) in;

layout(std430, binding = 3) readonly buffer Values { float values[]; };
layout(std430, binding = 6) readonly buffer Nodes { vec4 nodes[]; };
layout(rgba8, binding = 0) writeonly uniform image2D picture;

uniform int rows;
uniform int cols;
uniform float vmin;
uniform float inverse_range;  // 1 / (vmax - vmin)
uniform int norm_kind;  // 0 linear, 1 log, 2 power (core/figure/colour_norm.h NormKind)
uniform float gamma;
uniform float log_vmin;
uniform float inverse_log_range;  // 1 / log(vmax / vmin)
uniform int node_count;
uniform bool interpolated;
uniform vec3 masked_colour;

vec3 colormap(float t) {
    t = clamp(t, 0.0, 1.0);
    if (!interpolated) return nodes[min(int(t * float(node_count)), node_count - 1)].rgb;
    float s = t * float(node_count - 1);
    int i = min(int(s), node_count - 2);
    return mix(nodes[i].rgb, nodes[i + 1].rgb, s - float(i));
}

void main() {
    int col = int(gl_GlobalInvocationID.x);
    int row = int(gl_GlobalInvocationID.y);
    if (row >= rows || col >= cols) return;
    float v = values[uint(row) * uint(cols) + uint(col)];
    float t = (v - vmin) * inverse_range;
    if (norm_kind == 1) t = v > 0.0 ? (log(v) - log_vmin) * inverse_log_range : 0.0;
    if (norm_kind == 2) t = pow(clamp(t, 0.0, 1.0), gamma);
    vec3 colour = isnan(v) || isinf(v) ? masked_colour : colormap(t);
    imageStore(picture, ivec2(col, row), vec4(colour, 1.0));
}
