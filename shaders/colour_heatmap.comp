#version 430
// Colours a map kept on the GPU into the RGBA8 texture its heatmap draws: texel (col, row) of
// values[row · cols + col], as the GUI's heatmap_rgba does on the CPU (app/gui/plot_transform.cpp)
// and the cairo renderer for exports. t = (v - vmin) / (vmax - vmin); the colormap is given by its
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
    vec3 colour = isnan(v) || isinf(v) ? masked_colour : colormap((v - vmin) * inverse_range);
    imageStore(picture, ivec2(col, row), vec4(colour, 1.0));
}
