#include "core/formats/cleanup_on_signal.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include "core/input_error.h"

namespace posviz::cleanup_on_signal {

namespace {

// A slot is free, being filled or emptied by its owner, or live (its path complete): the handler
// touches live slots only, and reads nothing but lock-free atomics and the finished path.
enum SlotState : int { Free, Busy, Live };

struct Slot {
    std::atomic<int> state{Free};
    std::atomic<pid_t> writer{0};
    char path[4096] = {};
};

constexpr int k_slots = 16;
Slot g_slots[k_slots];

const int k_signals[] = {SIGINT, SIGTERM, SIGHUP};

void on_signal(int signal_number) {
    remove_all_now();
    // The default action is taken when the handler returns and the signal is unblocked.
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void install_handler() {
    static_assert(std::atomic<int>::is_always_lock_free && std::atomic<pid_t>::is_always_lock_free);
    for (int signal_number : k_signals) {
        struct sigaction current {};
        sigaction(signal_number, nullptr, &current);
        if (current.sa_handler != SIG_DFL) continue;  // ignored, or someone else's handler
        struct sigaction handler {};
        handler.sa_handler = on_signal;
        sigemptyset(&handler.sa_mask);
        for (int other : k_signals) sigaddset(&handler.sa_mask, other);
        sigaction(signal_number, &handler, nullptr);
    }
}

}  // namespace

void remove_all_now() {
    for (Slot& slot : g_slots) {
        if (slot.state.load(std::memory_order_acquire) != Live) continue;
        if (const pid_t writer = slot.writer.load(); writer > 0) {
            kill(writer, SIGKILL);
            waitpid(writer, nullptr, 0);
        }
        unlink(slot.path);
    }
}

int add_file(const std::string& path) {
    static std::once_flag installed;
    std::call_once(installed, install_handler);
    if (path.size() >= sizeof(Slot::path))
        throw InputError("-o", path, "a path shorter than 4096 bytes");
    for (int i = 0; i < k_slots; ++i) {
        int expected = Free;
        if (!g_slots[i].state.compare_exchange_strong(expected, Busy)) continue;
        std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
        g_slots[i].state.store(Live, std::memory_order_release);
        return i;
    }
    throw std::length_error("more than 16 files being written at once");
}

void remove_file(int slot) {
    g_slots[slot].state.store(Busy);
    g_slots[slot].writer.store(0);
    g_slots[slot].state.store(Free, std::memory_order_release);
}

void set_writer(int slot, pid_t pid) {
    g_slots[slot].writer.store(pid);
}

}  // namespace posviz::cleanup_on_signal
