#include "core/encodings/angle_table.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <vector>

namespace posviz {

namespace {

// Rows [from, table rows) of `table`, the evaluations shared between the cores.
void evaluate_rows(AngleTable& table, const Vector& thetas, long from) {
    const long rows = long(table.cos.rows()), count = long(thetas.size());
    // Every core, whatever the calling build was given: the builds that want this table wait.
#pragma omp parallel for schedule(static) \
    num_threads(omp_get_num_procs()) if ((rows - from) * count > (1 << 14))
    for (long m = from; m < rows; ++m)
        for (long i = 0; i < count; ++i) {
            const double angle = double(m) * thetas[i];
            table.cos(m, i) = std::cos(angle);
            table.sin(m, i) = std::sin(angle);
        }
}

struct Entry {
    Vector thetas;
    std::shared_ptr<const AngleTable> table;
};

}  // namespace

std::shared_ptr<const AngleTable> angle_table(const Vector& thetas, long positions) {
    // Two entries: the sinusoidal and RoPE frequencies of a comparison when they differ.
    constexpr size_t k_entries = 2;
    static std::mutex mutex;
    static std::vector<Entry> entries;  // the most recently used last
    const std::lock_guard lock(mutex);
    // A long table (over 4096 rows: 4 MB at D = 128) is let go when a length under half of it is
    // asked for, whatever its frequencies: the user has moved on from a long sequence (16 MB at
    // L = 16384), and its rows are evaluated again if that length comes back.
    constexpr long k_kept_rows = 4096;
    std::erase_if(entries, [&](const Entry& e) {
        const long rows = long(e.table->cos.rows());
        return rows > k_kept_rows && rows > 2 * positions;
    });
    const auto found = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) {
        return e.thetas.size() == thetas.size() && e.thetas == thetas;
    });
    std::shared_ptr<const AngleTable> old;
    if (found != entries.end()) {
        old = found->table;
        entries.erase(found);
    }
    if (old && old->cos.rows() >= positions) {
        entries.push_back({thetas, old});
        return old;
    }
    // Grown: the rows made before are copied, the new ones evaluated. A table being read
    // elsewhere is never written: the grown one is a new table.
    auto table = std::make_shared<AngleTable>();
    table->cos.resize(positions, thetas.size());
    table->sin.resize(positions, thetas.size());
    const long had = old ? long(old->cos.rows()) : 0;
    if (had > 0) {
        table->cos.topRows(had) = old->cos;
        table->sin.topRows(had) = old->sin;
    }
    evaluate_rows(*table, thetas, had);
    entries.push_back({thetas, table});
    if (entries.size() > k_entries) entries.erase(entries.begin());
    return table;
}

}  // namespace posviz
