#include "core/process_memory.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace posviz {

long process_status_kib(const char* field) {
    std::FILE* f = std::fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long value = -1;
    const size_t n = std::strlen(field);
    while (std::fgets(line, sizeof line, f))
        if (std::strncmp(line, field, n) == 0 && line[n] == ':') {
            value = std::atol(line + n + 1);
            break;
        }
    std::fclose(f);
    return value;
}

}  // namespace posviz
