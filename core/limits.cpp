#include "core/limits.h"

#include <unistd.h>

#include <algorithm>

#include "core/input_error.h"

namespace posviz::limits {

void check_table_budget(uint64_t elements, int64_t max_bytes, const std::string& what,
                        const std::string& source) {
    const double bytes = 8.0 * double(elements);
    if (bytes > double(max_bytes))
        throw InputError(what, source,
                         "a table whose " + std::to_string(elements) +
                             " doubles fit in --max-bytes = " + std::to_string(max_bytes) +
                             " bytes (they would take " + std::to_string(uint64_t(bytes)) +
                             " bytes)")
            .with_cause(InputErrorCause::Memory);
}

int64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page_size > 0 ? int64_t(pages) * int64_t(page_size) : 0;
}

int64_t default_max_bytes() {
    constexpr int64_t kTwoGiB = int64_t(2) << 30;
    const int64_t physical = physical_memory_bytes();
    return physical > 0 ? std::min(kTwoGiB, physical / 4) : kTwoGiB;
}

int64_t most_max_bytes() {
    const int64_t physical = physical_memory_bytes();
    return physical > 0 ? physical : INT64_MAX;
}

}  // namespace posviz::limits
