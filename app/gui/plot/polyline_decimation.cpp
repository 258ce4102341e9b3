#include "app/gui/plot/polyline_decimation.h"

#include <algorithm>
#include <cmath>

namespace posviz::gui {

PolylineDecimator::PolylineDecimator(float x_min, float x_max)
    : first_column_(std::floor(double(x_min)) - 1.0),
      last_column_(std::floor(double(x_max)) + 1.0) {}

double PolylineDecimator::column(float x) const {
    // NaN compares unequal to every column, so it makes a run of its own (and never an int).
    return std::clamp(std::floor(double(x)), first_column_, last_column_);
}

void PolylineDecimator::add(PixelPoint p) {
    const double c = column(p.x);
    if (run_count_ > 0 && c != run_column_) flush_run();
    if (run_count_ == 0) {
        run_column_ = c;
        run_low_ = run_high_ = p;
        run_low_at_ = run_high_at_ = 0;
    } else {
        if (p.y < run_low_.y) {
            run_low_ = p;
            run_low_at_ = run_count_;
        }
        if (p.y > run_high_.y) {
            run_high_ = p;
            run_high_at_ = run_count_;
        }
    }
    if (run_count_ < 4) run_head_[run_count_] = p;
    run_last_ = p;
    ++run_count_;
}

void PolylineDecimator::flush_run() {
    if (run_count_ <= 4) {
        kept_.insert(kept_.end(), run_head_, run_head_ + run_count_);
    } else {
        kept_.push_back(run_head_[0]);
        // The extremes in the order the line reaches them; the first or last point may be one.
        const bool low_first = run_low_at_ <= run_high_at_;
        const size_t at[2] = {low_first ? run_low_at_ : run_high_at_,
                              low_first ? run_high_at_ : run_low_at_};
        const PixelPoint extreme[2] = {low_first ? run_low_ : run_high_,
                                       low_first ? run_high_ : run_low_};
        for (int k = 0; k < 2; ++k)
            if (at[k] != 0 && at[k] != run_count_ - 1 && (k == 0 || at[1] != at[0]))
                kept_.push_back(extreme[k]);
        kept_.push_back(run_last_);
    }
    run_count_ = 0;
}

std::vector<PixelPoint> PolylineDecimator::finish() {
    if (run_count_ > 0) flush_run();
    std::vector<PixelPoint> kept;
    kept.swap(kept_);
    return kept;
}

}  // namespace posviz::gui
