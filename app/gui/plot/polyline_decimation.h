// A line of a million points (the decay bound at L = 10^6) crosses a plot a few hundred pixels
// wide: drawn point by point, ImGui's AddPolyline overflows the stack (it allocates its normals
// there) and the frame's vertex buffer holds millions of vertices for nothing. What a raster can
// show of consecutive points that fall into one pixel column is where the line enters and leaves
// the column and the lowest and highest point it reaches there: those four points per column
// (the "M4" reduction) draw the same pixels as all of them.
#pragma once

#include <cstddef>
#include <vector>

namespace posviz::gui {

struct PixelPoint {
    float x = 0.0f, y = 0.0f;
};

// Takes a polyline's points in order, in pixels, and keeps per run of consecutive points in one
// pixel column (floor(x)) its first, lowest, highest and last point, in their order along the
// line; runs of at most four points are kept whole, so a line with no more points than columns
// passes unchanged. Columns left of x_min (right of x_max) count as one: what is outside the box
// is clipped anyway. A line monotone in x thus keeps at most 4·(x_max − x_min + 3) points;
// any line keeps its first and last point.
class PolylineDecimator {
  public:
    PolylineDecimator(float x_min, float x_max);
    void add(PixelPoint p);
    // The points kept, in order; the decimator starts afresh.
    std::vector<PixelPoint> finish();

  private:
    double column(float x) const;
    void flush_run();

    double first_column_, last_column_;  // columns beyond these share one
    std::vector<PixelPoint> kept_;
    // The run of points in the current column.
    double run_column_ = 0.0;
    size_t run_count_ = 0;
    PixelPoint run_head_[4];  // its first points (all of them while it has at most four)
    PixelPoint run_low_, run_high_, run_last_;
    size_t run_low_at_ = 0, run_high_at_ = 0;  // their positions in the run
};

// Drawing libraries bound the points of one call (ImGui's 16-bit vertex indices: 4 vertices a
// point on a thick line): a polyline is drawn in pieces of at most this many points, each
// starting where the last ended.
constexpr size_t k_max_polyline_points = 4096;

}  // namespace posviz::gui
