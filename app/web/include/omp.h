// The browser build is single-threaded (no OpenMP for wasm in Debian, and threads need
// cross-origin isolation that static hosts rarely give): the OpenMP runtime calls core and the
// scheduler make, answered for one thread. Without -fopenmp the `#pragma omp` lines are ignored.
#pragma once

inline int omp_get_level() {
    return 0;
}
inline int omp_get_num_procs() {
    return 1;
}
inline int omp_get_max_threads() {
    return 1;
}
inline int omp_get_num_threads() {
    return 1;
}
inline int omp_get_thread_num() {
    return 0;
}
inline void omp_set_num_threads(int) {}
inline int omp_in_parallel() {
    return 0;
}
