// What a signal that ends posviz must not leave behind: the temporary files being written (see
// TempFile in atomic_file.h) and the child process writing one (ffmpeg). On the first registration
// posviz catches SIGINT, SIGTERM and SIGHUP where they would otherwise end it (a signal the caller
// ignores stays ignored); the handler kills and reaps each registered writer, unlinks each live
// temporary file, and re-raises the signal with its default action, so the process still ends the
// way the signal says. Thread-safe and async-signal-safe: a fixed table of slots, atomics only.
#pragma once

#include <sys/types.h>

#include <string>

namespace posviz::cleanup_on_signal {

// Registers a path to unlink; returns its slot. Throws InputError("-o", path, ...) for a path
// longer than the table holds (4095 bytes), std::length_error when every slot is taken (a few are
// ever live at once: one export, a settings or preset file).
int add_file(const std::string& path);
void remove_file(int slot);
// The process writing the slot's file (0: none): killed (SIGKILL) and reaped before the file is
// unlinked, so that it cannot write the file again after the unlink.
void set_writer(int slot, pid_t pid);

// What the handler does before re-raising: kills and reaps every registered writer and unlinks
// every live file. For a process that ends another way while writing, without running the
// writers' own cleanup: the GUI, whose own SIGINT/SIGTERM handler keeps this one from being
// installed, calls it before _Exit when an export does not stop in time. Async-signal-safe.
void remove_all_now();

}  // namespace posviz::cleanup_on_signal
