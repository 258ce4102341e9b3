// posviz: the command line (and, later, the GUI) over the core library.
// Exit status: 0 success, 2 bad input (any InputError or command-line parse error), 1 internal error.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "app/cli/bench_command.h"
#include "app/cli/export_command.h"
#include "app/cli/list_command.h"
#include "core/input_error.h"

int main(int argc, char** argv) {
    CLI::App app{"posviz: see how Transformers know word order — positional encodings, computed and drawn"};
    app.set_version_flag("--version", std::string("posviz ") + POSVIZ_VERSION);
    app.require_subcommand(1);
    posviz::add_export_command(app);
    posviz::add_bench_command(app);
    posviz::add_list_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    } catch (const posviz::InputError& e) {
        std::fprintf(stderr, "posviz: error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "posviz: internal error: %s\n", e.what());
        return 1;
    }
    return 0;
}
