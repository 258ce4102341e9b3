#include "app/cli/scene_options.h"

#include <algorithm>
#include <string>

namespace posviz {

namespace {

// CLI11 reads unsigned options with strtoull, which turns "-1" into 2^64 - 1 and clamps numbers
// past 2^64 - 1 to it without a word; a seed is only taken when it is written as it will be used.
std::string check_seed(std::string& text) {
    const std::string max = "18446744073709551615";
    const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    const std::string trimmed =
        digits ? text.substr(std::min(text.find_first_not_of('0'), text.size() - 1)) : text;
    if (digits && (trimmed.size() < max.size() || (trimmed.size() == max.size() && trimmed <= max)))
        return {};
    return "got " + text + "; expected a whole number from 0 to " + max;
}

// Each --dims entry is a whole number (an empty list item would otherwise read as dim 0).
std::string check_dim_index(std::string& text) {
    const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    return digits ? std::string()
                  : "got \"" + text + "\"; expected dimension indices such as 2,6,12";
}

}  // namespace

void add_scene_options(CLI::App& cmd, Scene& s) {
    cmd.add_option("--encoding", s.encoding,
                   "nope|sinusoidal|learned|shaw|xl|t5|rope|alibi|kerple|fire|xpos")
        ->capture_default_str();
    CLI::Option* seq_len =
        cmd.add_option("--seq-len,-L", s.seq_len, "sequence length L")->capture_default_str();
    cmd.add_option("--dim,-D", s.dim, "model/head dimension D")->capture_default_str();
    cmd.add_option("--base", s.base, "frequency base (sinusoidal, rope, xpos)")
        ->capture_default_str();
    cmd.add_option("--sinusoidal-layout", s.sinusoidal_layout,
                   "interleaved (sin, cos, ...) | halves (Tensor2Tensor [sin | cos])")
        ->capture_default_str();
    cmd.add_option("--rope-style", s.rope_style,
                   "interleaved pairs (2i, 2i+1) | half pairs (i, i+D/2), GPT-NeoX/Llama")
        ->capture_default_str();
    cmd.add_option("--rotary-fraction", s.rotary_fraction, "fraction of dims rotated, in (0, 1]")
        ->capture_default_str();
    cmd.add_option("--queries", s.queries_path, "query content (L x D .npy)");
    cmd.add_option("--keys", s.keys_path, "key content (L x D .npy)");
    cmd.add_option("--content", s.content, "ones|random|zeros|sentence when no --queries/--keys")
        ->capture_default_str();
    cmd.add_option("--sentence", s.sentence,
                   "--content sentence: the text; its tokens (words, each CJK character) are the "
                   "positions, so L is their count");
    // With a sentence, L is its token count; an explicit --seq-len must agree (validate_scene).
    cmd.parse_complete_callback([&s, seq_len] {
        if (seq_len->count() == 0) fit_length_to_sentence(s);
    });
    cmd.add_option("--seed", s.seed, "seed for random content and seeded tables")
        ->check(CLI::Validator(check_seed, "SEED"))
        ->capture_default_str();
    cmd.add_option("--table", s.table_path, "learned PE table: max_len x D .npy, or .safetensors");
    cmd.add_option("--table-tensor", s.table_tensor,
                   "tensor name in a .safetensors --table (e.g. wpe.weight)")
        ->capture_default_str();
    cmd.add_option("--max-len", s.max_len,
                   "rows of the seeded learned table (0: L); below L, figures mask the rest")
        ->capture_default_str();
    cmd.add_option("--rel-table", s.rel_table_path, "Shaw relative table ((2L-1) x D .npy)");
    cmd.add_option("--shaw-clip", s.shaw_clip, "Shaw clipping distance k (0: none)")
        ->capture_default_str();
    cmd.add_option("--heads", s.heads, "number of heads (ALiBi slopes)")->capture_default_str();
    cmd.add_option("--head", s.head, "head index, from 0 (largest ALiBi slope)")
        ->capture_default_str();
    cmd.add_option("--num-buckets", s.num_buckets, "T5 buckets")->capture_default_str();
    cmd.add_option("--max-distance", s.max_distance, "T5 max distance")->capture_default_str();
    cmd.add_flag("--bidirectional", s.bidirectional, "T5 bidirectional buckets (default: causal)");
    cmd.add_option("--kerple", s.kerple_kind, "KERPLE kernel: log|power")->capture_default_str();
    cmd.add_option("--kerple-r1", s.kerple_r1, "KERPLE r1 > 0")->capture_default_str();
    cmd.add_option("--kerple-r2", s.kerple_r2, "KERPLE r2 > 0 (power: at most 2)")
        ->capture_default_str();
    cmd.add_option("--xpos-gamma", s.xpos_gamma, "xPos gamma")->capture_default_str();
    cmd.add_option("--xpos-scale-base", s.xpos_scale_base, "xPos scale base")
        ->capture_default_str();
    cmd.add_flag("--softmax", s.softmax, "scores: row probabilities instead of logits");
    cmd.add_flag("--causal", s.causal, "mask n > m (logit -inf, probability 0)");
    cmd.add_option("--dims", s.dims, "curves: dimensions to plot")
        ->delimiter(',')
        ->check(CLI::Validator(check_dim_index, "DIMS"))
        ->capture_default_str();
    cmd.add_option("--compare", s.compare, "figures: encodings side by side")->delimiter(',');
    cmd.add_option("--max-bytes", s.max_bytes,
                   "memory budget of one computation in bytes (outputs and intermediates)")
        ->capture_default_str();
    cmd.add_option("--resolution", s.resolution,
                   "scores pictures of L > N show N x N texels, each the max |logit| of its block")
        ->capture_default_str();
}

}  // namespace posviz
