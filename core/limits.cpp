#include "core/limits.h"

#include <unistd.h>

#include <algorithm>

namespace posviz::limits {

int64_t default_max_bytes() {
    constexpr int64_t kTwoGiB = int64_t(2) << 30;
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return kTwoGiB;
    return std::min(kTwoGiB, int64_t(pages) * int64_t(page_size) / 4);
}

}  // namespace posviz::limits
