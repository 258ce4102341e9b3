// The process's own memory, as the benchmarks report it.
#pragma once

namespace posviz {

// A field of /proc/self/status in KiB ("VmRSS" now, "VmHWM" the peak, "RssAnon", "RssFile",
// "RssShmem"), -1 where there is none. Not getrusage: its ru_maxrss survives exec, so a process
// started from a big parent would report the parent's peak.
long process_status_kib(const char* field);

}  // namespace posviz
