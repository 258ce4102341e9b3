// Words and numbers shared by the figure builders: the two languages, encoding names as papers
// write them, the scene line under a title, Unicode sub/superscripts for formulas (θ₃, 10⁴).
#pragma once

#include <string>

#include "core/bilingual.h"
#include "core/figure/ticks.h"
#include "core/scene.h"

namespace posviz {

// An encoding's name as papers write it ("rope" → "RoPE", "xl" → "Transformer-XL"); the two that
// are descriptions rather than names in the reader's language ("sinusoidal" → "Sinusoidal" /
// "正弦", "learned" → "Learned" / "可学习").
std::string encoding_title(const std::string& name, const Text& t);
// Whether the UTF-8 character that starts at byte `at` of `text` is Chinese: U+3000–U+9FFF (CJK
// punctuation and ideographs, lead bytes E3–E9) or a full-width form (lead byte EF).
bool chinese_at(const std::string& text, size_t at);
// `name` then `rest`, without the space that leads `rest` where both sides of it are Chinese:
// "正弦" + " 位置编码矩阵" → "正弦位置编码矩阵", while "RoPE" + " 位置编码矩阵" keeps it.
std::string name_then(const std::string& name, const std::string& rest);

// "L = 128 · D = 64 · base = 10000": the sizes every figure depends on.
std::string scene_sizes(const Scene& scene);
// "llama-3.1-8b (llama)", and " [unknown type, read as Llama-like]" where the model_type was
// not in posviz's family table (Scene::model_type_assumed); empty without a model.
std::string model_title(const Scene& scene, const Text& t);
// "llama-3.1-8b (llama) · llama3 ×8, trained on 8192": the model a scene was read from, its
// RoPE scaling and training length; empty without a model.
std::string model_summary(const Scene& scene, const Text& t);
// "random content (seed 0)", "all-ones content", or the .npy files: what the logits are of.
std::string scene_content(const Scene& scene, const Text& t);
// The frequency of pair i as the scene's encoding defines it: RoPE's "θᵢ = base^(−2i/D)",
// Vaswani's "ωᵢ = base^(−2i/D)", or for the halves layout Tensor2Tensor's
// "ωᵢ = base^(−i/(D/2 − 1))" (core/encodings/sinusoidal.h).
std::string frequency_formula(const Scene& scene);
// The symbol of that frequency, one per concept across figures: ωᵢ for Vaswani's sinusoidal PE,
// θᵢ for RoPE (RoFormer's) and for comparisons of several encodings.
std::string frequency_symbol(const Scene& scene);
// Liu et al.'s critical dimension in words: "critical dim. d_extra = 92: pairs from 46 never turn
// once in 4096" (core/analyses/rope_bounds.h), or that all `pairs` turn within the length.
struct CriticalDimension;
std::string critical_dimension_text(const CriticalDimension& critical, int pairs,
                                    int training_length, const Text& t);
// Pairs with θ = 0 do not turn at all (proportional RoPE, Gemma 4): "pairs 32-127 do not turn
// (θ = 0)"; "" when every pair turns. Their wavelength is infinite, so log axes leave them out.
std::string still_pairs_text(const Vector& inverse_frequencies, const Text& t);
// " · " between non-empty parts.
std::string join_parts(std::initializer_list<std::string> parts);

}  // namespace posviz
