// A model's positions for people and for machines: `posviz describe`, the command line's notes and
// the GUI's Scene window. One row per run of identical layers: attention (full, sliding with its
// window, chunked), position scheme (RoPE θ, rotary dims, pairing, scaling, attention factor;
// NoPE; ALiBi slopes; learned table size) and the model's training and maximum lengths.
#pragma once

#include <string>

#include "core/bilingual.h"
#include "core/formats/hf_config/model_positions.h"

namespace posviz {

// One line, e.g. "t5 uses T5 relative position buckets (32 buckets, max distance 128), not RoPE"
// or "llama uses RoPE: head_dim 128, rotary_dim 128, rope_theta 500000, rope_scaling llama3
// (factor 8)" (the scheme of the layer choose_layer picks by default).
std::string describe_positions(const ModelPositions& model);

// What one layer does with positions, e.g. "RoPE θ 10000, 256 of 256 dims, rotate_half pairs".
std::string describe_layer(const ModelPositions& model, int layer, const Text& text = {});

struct DescribeOptions {
    // Ends with the critical dimension and RoPE's base bound of the layer figures show (Liu et
    // al. 2023, Men et al. 2024; bounded in cost whatever the config says).
    bool analyses = true;
    // Says which layer the figures show unless --layer or --layer-type say otherwise: the command
    // line's words (the window has a layer picker instead).
    bool layer_options = true;
    Text text;  // the language: the command line's is English, the window's either
};

// The table `posviz describe` prints, ending in a newline.
std::string describe_model_text(const ModelPositions& model, const DescribeOptions& options = {});

// The same as a JSON document (`posviz describe --json`), ending in a newline.
std::string describe_model_json(const ModelPositions& model, bool analyses = true);

}  // namespace posviz
