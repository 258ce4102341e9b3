#include "core/cancellation.h"

#include <omp.h>

#include <algorithm>
#include <cmath>

namespace posviz {

namespace {
thread_local const CancellationToken* t_current = nullptr;
thread_local PauseHook t_pause = nullptr;
}  // namespace

void set_pause_hook(PauseHook hook) {
    t_pause = hook;
}

CancellationSuspension::CancellationSuspension() : token_(t_current), hook_(t_pause) {
    t_current = nullptr;
    t_pause = nullptr;
}

CancellationSuspension::~CancellationSuspension() {
    t_current = token_;
    t_pause = hook_;
}

CancellationScope::CancellationScope(const CancellationToken& token) : previous_(t_current) {
    t_current = &token;
}

CancellationScope::~CancellationScope() {
    t_current = previous_;
}

void throw_if_cancelled() {
    // omp_get_level, not omp_in_parallel: a region of one thread (the GUI's scheduler gives a
    // build one core while another runs) is inactive, and omp_in_parallel says false inside it,
    // but an exception must not leave it either.
    if (t_pause) t_pause();
    if (t_current && t_current->cancelled() && omp_get_level() == 0) throw Cancelled();
}

void add_product_with_transpose(Eigen::Ref<Matrix> out, const Eigen::Ref<const Matrix>& a,
                                const Eigen::Ref<const Matrix>& b) {
    // Without a token nothing can cancel (the command line, benchmarks): one product, which at
    // L = 4096 is a third faster than the tiles (measured: 340 against 490 ms for D = 64).
    if (!t_current) {
        out.noalias() += a * b.transpose();
        return;
    }
    const Eigen::Index side = std::max<Eigen::Index>(
        64,
        Eigen::Index(std::sqrt(double(1L << 27) / double(std::max<Eigen::Index>(1, a.cols())))));
    for (Eigen::Index r = 0; r < a.rows(); r += side)
        for (Eigen::Index c = 0; c < b.rows(); c += side) {
            throw_if_cancelled();
            const Eigen::Index rows = std::min(side, a.rows() - r),
                               cols = std::min(side, b.rows() - c);
            out.block(r, c, rows, cols).noalias() +=
                a.middleRows(r, rows) * b.middleRows(c, cols).transpose();
        }
}

Matrix product_with_transpose(const Eigen::Ref<const Matrix>& a,
                              const Eigen::Ref<const Matrix>& b) {
    // Eigen's own `out = a · bᵀ` zeroes out first too, so this costs no more.
    Matrix out = Matrix::Zero(a.rows(), b.rows());
    add_product_with_transpose(out, a, b);
    return out;
}

CancellationCheck::CancellationCheck() : token_(t_current) {}

bool CancellationCheck::stop() const {
    // Only the thread that set a hook pauses: a parallel loop's other threads have none.
    if (t_pause) t_pause();
    return token_ && token_->cancelled();
}

}  // namespace posviz
