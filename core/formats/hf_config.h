// Hugging Face config.json: what a real model does with positions, read the way transformers
// reads it (its configuration_*.py classes and modeling_rope_utils.py, 4.46 to 5.x) — RoPE with
// its head and rotary dims, θ, pairing and scaling, layer by layer (several RoPEs, NoPE layers,
// sliding windows), multimodal configs' text_config, and the models without RoPE: learned tables
// (GPT-2, BERT, OPT), T5 buckets and ALiBi (BLOOM, MPT, Falcon, Baichuan 13B). The pieces live in
// core/formats/hf_config/: families.h (the family rules), rope_scheme.h (one RoPE),
// layer_schedule.h (layers), describe_model.h (the description), model_folder.h (--model DIR).
#pragma once

#include <string>

#include "core/formats/hf_config/describe_model.h"
#include "core/formats/hf_config/model_positions.h"

namespace posviz {

// Throws InputError naming `what` (the option) for an unreadable file or malformed JSON, and the
// config.json field (e.g. "text_config.rope_scaling.low_freq_factor") for a missing, mistyped or
// invalid one.
ModelPositions read_hf_config(const std::string& path, const std::string& what = "--model-config");

}  // namespace posviz
