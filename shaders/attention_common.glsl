// Shared by the attention compute shaders: one logit [m, n] = q_m · k_n / sqrt(D) + b(m, n), with
// q and k already encoded on the host (gpu/gpu_problem.h) and b evaluated here. The formulas are
// those of core/attention.cpp and core/encodings/*.cpp; a causal mask gives -inf where n > m.
// Position-independent content (BIAS_OFFSET_LOGITS) brings the whole logit per offset n - m.

layout(std430, binding = 0) readonly buffer Queries { float queries[]; };
layout(std430, binding = 1) readonly buffer Keys { float keys[]; };
layout(std430, binding = 2) readonly buffer BiasTable { float bias_table[]; };

uniform int seq_len;
uniform int dim;
uniform float scale;  // 1 / sqrt(D)
uniform int bias_kind;
uniform vec3 bias_params;
uniform int bias_int_param;
uniform bool causal;

// Must match gpu::BiasKind (gpu/gpu_problem.h).
const int BIAS_NONE = 0;
const int BIAS_ALIBI = 1;
const int BIAS_KERPLE_LOG = 2;
const int BIAS_KERPLE_POWER = 3;
const int BIAS_OFFSET_TABLE = 4;
const int BIAS_FIRE = 5;
const int BIAS_SHAW = 6;
const int BIAS_OFFSET_LOGITS = 7;

const float NEG_INF = uintBitsToFloat(0xff800000u);

float dot_rows(uint q_row, uint k_row, bool k_from_table) {
    uint q = q_row * uint(dim);
    uint k = k_row * uint(dim);
    float sum = 0.0;
    if (k_from_table)
        for (int d = 0; d < dim; ++d) sum += queries[q + d] * bias_table[k + d];
    else
        for (int d = 0; d < dim; ++d) sum += queries[q + d] * keys[k + d];
    return sum;
}

// FIRE (core/encodings/fire.cpp): f(psi(|m-n|) / psi(max(L_thr, m))), psi(x) = log(c·x + 1),
// f = b2 + sum_k w2_k · relu(w1_k · x + b1_k); bias_table holds w1, b1, w2 (hidden each).
float fire_bias(int m, int distance) {
    float c = bias_params.x;
    float x = log(c * float(distance) + 1.0) / log(c * max(bias_params.y, float(m)) + 1.0);
    int hidden = bias_int_param;
    float out_value = bias_params.z;
    for (int k = 0; k < hidden; ++k)
        out_value += bias_table[2 * hidden + k] * max(0.0, bias_table[k] * x + bias_table[hidden + k]);
    return out_value;
}

float relative_bias(int m, int n) {
    int distance = abs(m - n);
    switch (bias_kind) {
        case BIAS_ALIBI:  // core/encodings/alibi.cpp: -slope·|m - n|
            return -bias_params.x * float(distance);
        case BIAS_KERPLE_LOG:  // core/encodings/kerple.cpp: -r1·log(1 + r2·|m - n|)
            return -bias_params.x * log(1.0 + bias_params.y * float(distance));
        case BIAS_KERPLE_POWER:  // -r1·|m - n|^r2 (0^r2 = 0 for r2 > 0)
            return distance == 0 ? 0.0 : -bias_params.x * pow(float(distance), bias_params.y);
        case BIAS_OFFSET_TABLE:  // T5: the bucket bias of n - m
            return bias_table[n - m + seq_len - 1];
        case BIAS_FIRE:
            return fire_bias(m, distance);
        case BIAS_SHAW: {  // core/encodings/shaw.cpp: q_m · R[clip(m - n) + L - 1] / sqrt(D)
            int offset = m - n;
            if (bias_int_param > 0) offset = clamp(offset, -bias_int_param, bias_int_param);
            return dot_rows(uint(m), uint(offset + seq_len - 1), true) * scale;
        }
    }
    return 0.0;
}

float logit(int m, int n) {
    if (causal && n > m) return NEG_INF;
    // core's offset_logits (core/toeplitz.h), bias and 1/sqrt(D) included.
    if (bias_kind == BIAS_OFFSET_LOGITS) return bias_table[n - m + seq_len - 1];
    return dot_rows(uint(m), uint(n), false) * scale + relative_bias(m, n);
}
