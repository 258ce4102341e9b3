#version 430
// The L×L logits reduced straight to an R×R picture without storing them: texel (i, j) covers
// rows [floor(i·L/R), floor((i+1)·L/R)) and the same columns, and holds the largest |logit| over
// its unmasked entries (-inf when all are masked). With `probabilities` the entries are the row
// softmax p = exp(l - max) / sum from row_softmax_stats.comp's exact statistics, 0 where masked
// (as core's softmax_rows), so the texel is the largest probability of its block. One invocation per texel, 8×8 workgroups. A
// dispatch covers row row_in_block of every block, columns [col_first, col_first + col_count) of
// it, and folds them into the texel (llvmpipe ends an invocation's loops after 65535 iterations).
layout(local_size_x = 8, local_size_y = 8) in;

#include "attention_common.glsl"

layout(std430, binding = 3) buffer Output { float result[]; };
layout(std430, binding = 4) readonly buffer RowStats { vec2 row_stats[]; };

uniform int resolution;
uniform int row_in_block;
uniform int col_first;
uniform int col_count;
uniform bool probabilities;

// floor(i·L/R); i·L <= R·L < 2^32 (checked on the host).
int block_start(int i) { return int(uint(i) * uint(seq_len) / uint(resolution)); }

void main() {
    int j = int(gl_GlobalInvocationID.x);
    int i = int(gl_GlobalInvocationID.y);
    if (i >= resolution || j >= resolution) return;
    int m = block_start(i) + row_in_block;
    if (m >= block_start(i + 1)) return;
    uint texel = uint(i) * uint(resolution) + uint(j);
    float largest = row_in_block == 0 && col_first == 0 ? NEG_INF : result[texel];
    int col_end = min(block_start(j + 1), block_start(j) + col_first + col_count);
    vec2 stats = probabilities ? row_stats[m] : vec2(0.0);
    for (int n = block_start(j) + col_first; n < col_end; ++n) {
        float value = logit(m, n);
        if (probabilities) value = value == NEG_INF ? 0.0 : exp(value - stats.x) / stats.y;
        if (value != NEG_INF) largest = max(largest, abs(value));
    }
    result[texel] = largest;
}
