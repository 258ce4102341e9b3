#version 430
// What the colour scale needs of a map kept on the GPU: the largest |v| over its finite entries
// and whether any entry is NaN or ±inf (core's max_abs_finite and !allFinite). Workgroups of 256
// invocations; each invocation folds a strided share of the values (few enough iterations for
// llvmpipe's loop guard of 65535 per invocation), then each workgroup folds its 256 partial results
// in shared memory into partial[workgroup] = (largest, 1 if any masked else 0), and the host folds
// the workgroups'.
layout(local_size_x = 256) in;

layout(std430, binding = 3) readonly buffer Values { float values[]; };
layout(std430, binding = 5) writeonly buffer Partial { vec2 partial[]; };

uniform uint count;

shared float largest[256];
shared uint masked[256];

void main() {
    uint i = gl_LocalInvocationID.x;
    uint stride = gl_NumWorkGroups.x * 256u;
    float local_largest = 0.0;
    uint local_masked = 0u;
    for (uint k = gl_GlobalInvocationID.x; k < count; k += stride) {
        float v = values[k];
        if (isnan(v) || isinf(v))
            local_masked = 1u;
        else
            local_largest = max(local_largest, abs(v));
    }
    largest[i] = local_largest;
    masked[i] = local_masked;
    barrier();
    for (uint half_size = 128u; half_size > 0u; half_size /= 2u) {
        if (i < half_size) {
            largest[i] = max(largest[i], largest[i + half_size]);
            masked[i] = max(masked[i], masked[i + half_size]);
        }
        barrier();
    }
    if (i == 0u) partial[gl_WorkGroupID.x] = vec2(largest[0], float(masked[0]));
}
