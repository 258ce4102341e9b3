#version 430
// Dense logits (or row-softmax probabilities) for the rows [row_offset, row_offset + rows) of the
// L×L matrix: one invocation per entry, 16×16 workgroups, edges masked for L not a multiple of 16.
// Probabilities use the row statistics of row_softmax_stats.comp: p = exp(l - max) / sum, and 0 for
// masked entries, as core's softmax_rows.
layout(local_size_x = 16, local_size_y = 16) in;

#include "attention_common.glsl"

layout(std430, binding = 3) writeonly buffer Output { float result[]; };
layout(std430, binding = 4) readonly buffer RowStats { vec2 row_stats[]; };

uniform int row_offset;
uniform int rows;
uniform bool probabilities;

void main() {
    int n = int(gl_GlobalInvocationID.x);
    int local_row = int(gl_GlobalInvocationID.y);
    if (n >= seq_len || local_row >= rows) return;
    int m = row_offset + local_row;
    float value = logit(m, n);
    if (probabilities) {
        vec2 stats = row_stats[m];
        value = value == NEG_INF ? 0.0 : exp(value - stats.x) / stats.y;
    }
    result[uint(local_row) * uint(seq_len) + uint(n)] = value;
}
