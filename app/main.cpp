// posviz: the command line and the GUI over the core library. No command opens the GUI.
// Exit status: 0 success, 2 bad input (any InputError or command-line parse error), 1 internal
// error or no display for the GUI.
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <new>

#include "app/cli/bench_command.h"
#include "app/cli/describe_command.h"
#include "app/cli/export_command.h"
#include "app/cli/info_command.h"
#include "app/cli/list_command.h"
#include "app/gui/gui_command.h"
#include "core/input_error.h"

int main(int argc, char** argv) {
    // posviz allocates and frees L×L matrices over and over (every slider move, every bench run).
    // glibc serves blocks above 32 MiB with mmap and unmaps them on free, so each new matrix
    // faults in all its pages again; at L = 4096 (128 MiB) that costs several times the product
    // itself. Served from the heap and kept there once freed, later matrices reuse warm pages.
    // The price: memory freed by a large computation stays with the process until the GUI's
    // scheduler trims the heap after a short idle (app/gui/views/figure_scheduler.h).
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    // One arena for every thread: figure builds run on the scheduler's workers, and each
    // thread's own arena is made of 64 MiB heaps that are unmapped when emptied, so an L×L map
    // built on a worker faulted its pages in afresh every time (a third of a 2048² build in this
    // project's VM). In one heap the freed maps coalesce and the next, slightly larger one reuses
    // their pages. The locking this adds is per allocation, and builds allocate few, large blocks.
    mallopt(M_ARENA_MAX, 1);
    CLI::App app{
        "posviz: see how Transformers know word order — positional encodings, computed and drawn"};
    app.set_version_flag("--version", std::string("posviz ") + POSVIZ_VERSION);
    app.require_subcommand(0, 1);
    // Parse errors (a bad --dims entry, an unknown option) say who is speaking, as InputErrors do.
    app.failure_message([](const CLI::App* failed, const CLI::Error& e) {
        return "posviz: error: " + CLI::FailureMessage::simple(failed, e);
    });
    int exit_status = 0;
    posviz::add_export_command(app);
    posviz::add_bench_command(app, exit_status);
    posviz::add_describe_command(app);
    posviz::add_list_command(app);
    posviz::add_info_command(app);
    posviz::add_gui_commands(app, exit_status);
    // `posviz FILE.json` opens a preset, as a file manager or a desktop shortcut calls it.
    posviz::GuiArgs opened;
    app.add_option("preset", opened.preset, "a preset (.json) to open in the desktop visualizer");
    try {
        app.parse(argc, argv);
        if (app.get_subcommands().empty()) exit_status = posviz::run_gui(opened);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    } catch (const posviz::InputError& e) {
        std::fprintf(stderr, "posviz: error: %s\n", e.what());
        return 2;
    } catch (const std::bad_alloc&) {
        // The budget checks (core/figure_data.h) stop what cannot fit in --max-bytes before it
        // starts; this is what is left: a budget larger than the memory this machine has free.
        std::fprintf(stderr,
                     "posviz: error: out of memory: the computation does not fit in the memory "
                     "this machine has free; lower --seq-len or --dim, or --max-bytes\n");
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "posviz: internal error: %s\n", e.what());
        return 1;
    }
    return exit_status;
}
