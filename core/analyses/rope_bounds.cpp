// Liu et al. 2023 (arXiv:2310.05209) critical dimension; Men et al. 2024 (arXiv:2405.14591) base
// bound. See rope_bounds.h for the definitions and the scans.
#include "core/analyses/rope_bounds.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <string>
#include <vector>

#include "core/analyses/rope_extension.h"
#include "core/cancellation.h"
#include "core/figure/ticks.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz {

CriticalDimension critical_dimension(const Vector& inverse_frequencies, double training_length) {
    CriticalDimension c;
    for (Eigen::Index i = 0; i < inverse_frequencies.size(); ++i) {
        const double theta = inverse_frequencies[i];
        if (theta > 0.0 && 2.0 * M_PI / theta <= training_length) ++c.pair;
    }
    c.dims = 2 * c.pair;
    return c;
}

int critical_dimension_formula(double base, int rotary_dim, double training_length) {
    const double x = rotary_dim / 2.0 * std::log(training_length / (2.0 * M_PI)) / std::log(base);
    return std::clamp(2 * int(std::ceil(std::max(x, -1.0))), 0, rotary_dim);
}

CriticalDimension scene_critical_dimension(const Scene& scene) {
    Scene pretrained = scene;
    pretrained.rope_scaling = pretrained_scaling(scene.rope_scaling);
    return critical_dimension(scene_inverse_frequencies(pretrained), training_length(scene));
}

namespace {

void check_rotary_dim(int rotary_dim, int least) {
    if (rotary_dim < least || rotary_dim % 2 != 0 || rotary_dim > limits::kMaxDim)
        throw InputError("--dim", std::to_string(rotary_dim),
                         "an even rotary dimension " + std::to_string(least) + " … " +
                             std::to_string(limits::kMaxDim) +
                             (least > 2 ? " (with one pair the base changes nothing)" : ""));
}

void check_length(long length, long most) {
    if (length < 1 || length > most)
        throw InputError("--seq-len", std::to_string(length),
                         "a length 1 … " + std::to_string(most));
}

void check_base(double base) {
    if (!std::isfinite(base) || base <= 1.0 || base > limits::kMaxBase)
        throw InputError("--base", format_number(base), "a finite base > 1 and ≤ 1e12");
}

// The pairs at one base b = e^u: θᵢ = e^(−u·xᵢ), xᵢ = 2i/d, the rotation by θᵢ, and the weights of
// the slope and curvature bounds (rope_bounds.h).
struct Pairs {
    std::vector<double> theta, cos_step, sin_step, weight;  // weight θᵢ·xᵢ
    double sum_weight_squared = 0.0;                        // Σ (θᵢxᵢ)²
    double sum_weight_x = 0.0;                              // Σ θᵢxᵢ²
};

// θᵢ as RoPE computes it (rope_inverse_frequencies: std::pow), so that f_b matches the encoding's
// angles to the last bit that matters (m·θᵢ reaches 2^20 rad).
Pairs pairs_of(double base, int rotary_dim) {
    const int n = rotary_dim / 2;
    Pairs p;
    p.theta.resize(size_t(n));
    p.cos_step.resize(p.theta.size());
    p.sin_step.resize(p.theta.size());
    p.weight.resize(p.theta.size());
    for (int i = 0; i < n; ++i) {
        const double x = 2.0 * i / rotary_dim;
        const double theta = std::pow(base, -x);
        p.theta[size_t(i)] = theta;
        p.cos_step[size_t(i)] = std::cos(theta);
        p.sin_step[size_t(i)] = std::sin(theta);
        p.weight[size_t(i)] = theta * x;
        p.sum_weight_squared += theta * x * theta * x;
        p.sum_weight_x += theta * x * x;
    }
    return p;
}

// The pairs at b = e^u, for the scans.
Pairs pairs_at(double log_base, int rotary_dim) {
    const double base = std::exp(log_base);
    return pairs_of(base, rotary_dim);
}

// Positions between exact recomputations of cos(m·θᵢ), sin(m·θᵢ): the rotation's rounding grows
// by ~1e-16 a step, so the values stay within ~1e-13 of the direct ones.
constexpr long kAnchorEvery = 256;

// Walks m = begin … end − 1 at one base, calling visit(m, f, s) with f = f_b(m) and
// s = Σ sin(mθᵢ)·θᵢxᵢ (the slope df/d(ln b) is m·s); visit returns false to stop.
template <class Visit>
void sweep(const Pairs& p, long begin, long end, bool with_slope, Visit&& visit) {
    const int n = int(p.theta.size());
    std::vector<double> c(static_cast<size_t>(n)), s(static_cast<size_t>(n));
    const double* cs = p.cos_step.data();
    const double* sn = p.sin_step.data();
    const double* w = p.weight.data();
    double* cc = c.data();
    double* ss = s.data();
    for (long m = begin; m < end; ++m) {
        if ((m - begin) % kAnchorEvery == 0)
            for (int i = 0; i < n; ++i) {
                const double angle = double(m) * p.theta[size_t(i)];
                cc[i] = std::cos(angle);
                ss[i] = std::sin(angle);
            }
        double f = 0.0, slope = 0.0;
        // Clang, as the fuzzers' Debug build runs it, does not vectorise these loops and would
        // warn (as an error) that it did not.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif
        if (with_slope) {
#pragma omp simd reduction(+ : f, slope)
            for (int i = 0; i < n; ++i) {
                const double ci = cc[i], si = ss[i];
                f += ci;
                slope += si * w[i];
                cc[i] = ci * cs[i] - si * sn[i];
                ss[i] = si * cs[i] + ci * sn[i];
            }
        } else {
#pragma omp simd reduction(+ : f)
            for (int i = 0; i < n; ++i) {
                const double ci = cc[i], si = ss[i];
                f += ci;
                cc[i] = ci * cs[i] - si * sn[i];
                ss[i] = si * cs[i] + ci * sn[i];
            }
        }
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
        if (!visit(m, f, slope)) return;
    }
}

// The step in ln b over which f, now v away from 0 on its side, cannot reach 0 when it moves
// toward 0 at most at `slope` + curvature·δ: the positive root of ½·curvature·δ² + slope·δ − v.
double safe_step(double v, double slope, double curvature) {
    const double root = std::sqrt(slope * slope + 2.0 * curvature * v);
    const double denominator = slope + root;
    return denominator > 0.0 ? 2.0 * v / denominator : std::numeric_limits<double>::infinity();
}

double curvature(const Pairs& p, long m) {
    const double md = double(m);
    return md * md * p.sum_weight_squared + md * p.sum_weight_x;
}

// ln b above which every base passes: Σ_{i:(L−1)θᵢ ≤ π} cos((L−1)θᵢ) − #{others} ≥ 0 (pairs whose
// angles stay within [0, π] only turn less, so their cosines only grow, as b grows). The sum
// grows with b, so bisection finds the least such u.
double certified_top(int rotary_dim, long length) {
    const int n = rotary_dim / 2;
    const double last = double(length - 1);
    auto holds = [&](double u) {
        double sum = 0.0;
        for (int i = 0; i < n; ++i) {
            const double angle = last * std::exp(-u * 2.0 * i / rotary_dim);
            sum += angle <= M_PI ? std::cos(angle) : -1.0;
        }
        return sum >= 0.0;
    };
    double low = 0.0, high = 1.0;
    while (!holds(high)) {
        low = high;
        high *= 2.0;
    }
    for (int k = 0; k < 60; ++k) {
        const double mid = 0.5 * (low + high);
        (holds(mid) ? high : low) = mid;
    }
    return high;
}

constexpr long kBlock = 1024;
constexpr double kLargestStep = 0.05;

// The upward scan from just above 1 to the first base that passes (rope_bounds.h).
double scan_up(int rotary_dim, long length, double top, const CancellationCheck& check) {
    double u = 1e-6;
    while (u < top) {
        if (check.stop()) return 0.0;
        const Pairs p = pairs_at(u, rotary_dim);
        long first = -1;
        double step = 0.0;
        for (long begin = 0; begin < length; begin += kBlock) {
            sweep(p, begin, std::min(length, begin + kBlock), true,
                  [&](long m, double f, double s) {
                      if (f < 0.0) {
                          if (first < 0) first = m;
                          step = std::max(step, safe_step(-f, double(m) * s, curvature(p, m)));
                      }
                      return true;
                  });
            if (first >= 0 && begin + kBlock > 2 * first) break;
        }
        if (first < 0) return std::exp(u);
        u += std::clamp(step, kBaseBoundStep, kLargestStep);
    }
    return std::exp(top);
}

// The downward scan from the certified top (rope_bounds.h), block by block: each block of
// kAnchorEvery positions holds a certificate down to the ln b where its own bound runs out, and
// only the block whose certificate runs out first is evaluated again, at that ln b (the global
// shortest step would re-evaluate all L positions each time). Returns a base from which every
// larger base passes, within kBaseBoundStep above the first failure met.
double scan_down(int rotary_dim, long length, double top, const CancellationCheck& check) {
    const double grown = std::exp(2.0 * kLargestStep);
    const long blocks = (length + kAnchorEvery - 1) / kAnchorEvery;
    // The ln b down to which block b is known to pass; < 0 is "failed".
    auto evaluate = [&](const Pairs& p, double u, long b) {
        double step = kLargestStep;
        bool fails = false;
        sweep(p, b * kAnchorEvery, std::min(length, (b + 1) * kAnchorEvery), true,
              [&](long m, double f, double s) {
                  if (f < 0.0) {
                      fails = true;
                      return false;
                  }
                  step = std::min(step, safe_step(f, double(m) * s, grown * curvature(p, m)));
                  return true;
              });
        return fails ? -1.0 : u - std::max(step, kBaseBoundStep);
    };
    std::priority_queue<std::pair<double, long>> expiries;
    {
        const Pairs p = pairs_at(top, rotary_dim);
        for (long b = 0; b < blocks; ++b) expiries.push({evaluate(p, top, b), b});
    }
    long events = 0;
    while (!expiries.empty()) {
        if (++events % 1024 == 0 && check.stop()) return 0.0;
        const auto [u, b] = expiries.top();
        if (u <= 0.0) return 1.0;  // every base above 1 passes
        expiries.pop();
        const double next = evaluate(pairs_at(u, rotary_dim), u, b);
        if (next < 0.0) return std::exp(u + kBaseBoundStep);
        expiries.push({next, b});
    }
    return 1.0;
}

}  // namespace

Vector base_bound_curve(double base, int rotary_dim, long length) {
    check_base(base);
    check_rotary_dim(rotary_dim, 2);
    check_length(length, limits::kMaxSeqLen);
    const Pairs p = pairs_of(base, rotary_dim);
    Vector f(length);
    const long blocks = (length + kBlock - 1) / kBlock;
    const CancellationCheck check;
#pragma omp parallel for schedule(static) if (length * rotary_dim > (1L << 16))
    for (long b = 0; b < blocks; ++b) {
        if (check.stop()) continue;
        sweep(p, b * kBlock, std::min(length, (b + 1) * kBlock), false,
              [&](long m, double v, double) {
                  f[m] = v;
                  return true;
              });
    }
    throw_if_cancelled();
    return f;
}

long first_negative(double base, int rotary_dim, long limit) {
    check_base(base);
    check_rotary_dim(rotary_dim, 2);
    check_length(limit, limits::kMaxSeqLen);
    const Pairs p = pairs_of(base, rotary_dim);
    long first = -1;
    for (long begin = 0; begin < limit && first < 0; begin += kBlock) {
        throw_if_cancelled();
        sweep(p, begin, std::min(limit, begin + kBlock), false, [&](long m, double f, double) {
            if (f < 0.0) first = m;
            return first < 0;
        });
    }
    return first;
}

BaseBound base_bound(int rotary_dim, long length) {
    check_rotary_dim(rotary_dim, 4);
    check_length(length, kMaxBaseBoundLength);
    if (length <= 2) return {1.0, 1.0};  // f_b(0) = d/2 and f_b(1) = Σ cos θᵢ > 0 for every b
    const double top = certified_top(rotary_dim, length);
    const CancellationCheck check;
    BaseBound bound;
#pragma omp parallel sections num_threads(2)
    {
#pragma omp section
        bound.smallest = scan_up(rotary_dim, length, top, check);
#pragma omp section
        bound.all_from = scan_down(rotary_dim, length, top, check);
    }
    throw_if_cancelled();
    // Both are within kBaseBoundStep of their boundaries; where the two boundaries are one (all
    // bases from the smallest pass), the scans may land either side of each other.
    bound.all_from = std::max(bound.all_from, bound.smallest);
    return bound;
}

double smallest_passing_base(int rotary_dim, long length) {
    check_rotary_dim(rotary_dim, 4);
    check_length(length, kMaxBaseBoundLength);
    if (length <= 2) return 1.0;
    const CancellationCheck check;
    const double smallest = scan_up(rotary_dim, length, certified_top(rotary_dim, length), check);
    throw_if_cancelled();
    return smallest;
}

}  // namespace posviz
