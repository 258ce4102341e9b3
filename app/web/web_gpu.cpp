// The GPU compute backend (gpu/) in a page: there is none — WebGL 2 has no compute shaders — so
// the classes the GUI names say so and leave every computation to the CPU, as the desktop does
// on a GPU without compute (gpu/gpu_scores_backend.h). Choosing "GPU" in the page therefore
// computes on the CPU, and the control's tooltip says why. No thread is started (GlThread).
#include "gpu/gpu_error.h"
#include "gpu/gpu_scores_backend.h"
#include "gpu/heatmap_colouring.h"

namespace posviz::gpu {

namespace {
constexpr const char* k_no_compute =
    "the browser's WebGL 2 has no compute shaders: the CPU computes";
}  // namespace

GlThread::GlThread() = default;
GlThread::~GlThread() = default;

GpuAttention::~GpuAttention() = default;

GpuScoresBackend::GpuScoresBackend(std::unique_ptr<GpuContext>, std::string error)
    : error_(error.empty() ? k_no_compute : error), status_(error_) {}
GpuScoresBackend::~GpuScoresBackend() = default;
std::optional<Matrix> GpuScoresBackend::dense_scores(const Encoding&, const Content&, bool, bool) {
    return std::nullopt;
}
std::optional<Matrix> GpuScoresBackend::max_abs_scores(const Encoding&, const Content&, bool, bool,
                                                       int) {
    return std::nullopt;
}
std::shared_ptr<const DeviceMatrix> GpuScoresBackend::device_scores(const Encoding&, const Content&,
                                                                    bool, bool, int) {
    return nullptr;
}
std::string GpuScoresBackend::status() const {
    return status_;
}

// No GpuMatrix is ever made in a page; its type exists for heatmap_texture.cpp's dynamic_cast.
GpuMatrix::~GpuMatrix() = default;
double GpuMatrix::at(int, int) const {
    return 0.0;
}
Matrix GpuMatrix::download() const {
    return {};
}

HeatmapColouring::HeatmapColouring() {
    throw GpuError(k_no_compute);
}
HeatmapColouring::~HeatmapColouring() = default;
void HeatmapColouring::colour(const GpuMatrix&, const Colormap&, double, double, Rgb, unsigned&,
                              const ColourNorm&) {}

}  // namespace posviz::gpu
