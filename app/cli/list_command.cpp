#include "app/cli/list_command.h"

#include <cstdio>

#include "app/storyline/preset.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"

namespace posviz {

namespace {

struct EncodingInfo {
    const char* name;
    const char* description;
};

constexpr EncodingInfo kEncodings[] = {
    {"nope", "no positional encoding (causal mask only)"},
    {"sinusoidal", "Vaswani et al. 2017 absolute sin/cos"},
    {"learned", "absolute table (.npy via --table, else seeded)"},
    {"shaw", "Shaw et al. 2018 relative key vectors"},
    {"xl", "Transformer-XL four-term relative attention"},
    {"t5", "T5 bucketed relative bias"},
    {"rope", "rotary position embedding (RoFormer)"},
    {"alibi", "attention with linear biases"},
    {"kerple", "KERPLE log/power kernel bias"},
    {"fire", "FIRE functional interpolation bias"},
    {"xpos", "RoPE with xPos decay scale"},
};

void print_options(const CLI::App& cmd) {
    for (const CLI::Option* opt : cmd.get_options()) {
        if (opt->get_name() == "--help") continue;
        const std::string def = opt->get_default_str();
        std::printf("  %-22s %s%s\n", opt->get_name().c_str(), opt->get_description().c_str(),
                    def.empty() ? "" : (" [" + def + "]").c_str());
    }
}

}  // namespace

void add_list_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("list", "list figures, encodings and options with defaults");
    cmd->callback([&app] {
        std::printf("figures (posviz export FIGURE -o FILE.npy|.csv):\n");
        for (const FigureInfo& f : data_figures())
            std::printf("  %-13s %-10s %s\n", f.name.c_str(), f.shape.c_str(),
                        f.description.c_str());
        // Figures that are pictures only (rotation, permutation) have no table to export.
        std::printf("\npicture-only figures (posviz export FIGURE -o FILE.png|.svg|.pdf):\n");
        for (const std::string& name : figure_names()) {
            bool data = false;
            for (const FigureInfo& f : data_figures()) data = data || f.name == name;
            if (!data) std::printf("  %s\n", name.c_str());
        }
        std::printf("\nencodings (--encoding):\n");
        for (const EncodingInfo& e : kEncodings) std::printf("  %-13s %s\n", e.name, e.description);
        std::printf("\npresets (posviz screenshot --preset NAME; PageDown/PageUp in the GUI):\n");
        for (const std::string& f : storyline::preset_files(storyline::presets_dir()))
            std::printf("  %s\n", storyline::preset_name(f).c_str());
        std::printf("\noptions of export and bench:\n");
        print_options(*app.get_subcommand("export"));
    });
}

}  // namespace posviz
