#version 430
// Exact row-softmax statistics without the L×L matrix: one invocation per query row streams over
// the keys with a running max and a running sum rescaled whenever the max grows (FlashAttention's
// online softmax, Dao et al. 2022 §3.1): stats[m] = (max_n l[m, n], sum_n exp(l[m, n] - max)).
// The sum accumulates in double. A row with no finite logit gets (-inf, 0). Each dispatch covers
// the keys [key_first, key_first + key_count) and carries on from the previous one's statistics:
// Mesa's llvmpipe ends any invocation's loops after 65535 iterations in all, so one invocation
// must not loop over a whole long row.
layout(local_size_x = 64) in;

#include "attention_common.glsl"

layout(std430, binding = 4) buffer RowStats { vec2 row_stats[]; };

uniform int key_first;
uniform int key_count;

void main() {
    int m = int(gl_GlobalInvocationID.x);
    if (m >= seq_len) return;
    vec2 previous = key_first == 0 ? vec2(NEG_INF, 0.0) : row_stats[m];
    float running_max = previous.x;
    double running_sum = double(previous.y);
    int key_end = min(seq_len, key_first + key_count);
    for (int n = key_first; n < key_end; ++n) {
        float value = logit(m, n);
        if (value == NEG_INF) continue;
        if (value > running_max) {
            running_sum = running_sum * double(exp(running_max - value)) + 1.0;
            running_max = value;
        } else {
            running_sum += double(exp(value - running_max));
        }
    }
    row_stats[m] = vec2(running_max, float(running_sum));
}
