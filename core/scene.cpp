#include "core/scene.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "core/formats/npy.h"
#include "core/formats/safetensors.h"
#include "core/input_error.h"
#include "core/random.h"

namespace posviz {

namespace {

std::string join(const std::vector<std::string>& names) {
    std::string s;
    for (const auto& n : names) s += (s.empty() ? "" : "|") + n;
    return s;
}

void require_one_of(const std::string& option, const std::string& value,
                    const std::vector<std::string>& allowed) {
    for (const auto& a : allowed)
        if (a == value) return;
    throw InputError(option, value, "one of " + join(allowed));
}

void require_finite(const std::string& option, double value) {
    if (!std::isfinite(value)) throw InputError(option, std::to_string(value), "a finite number");
}

RopeEncoding make_rope(const Scene& s) {
    RopeEncoding rope;
    rope.dim = s.dim;
    rope.base = s.base;
    rope.style = s.rope_style == "half" ? RopeStyle::Half : RopeStyle::Interleaved;
    rope.rotary_fraction = s.rotary_fraction;
    rope.scaling = s.rope_scaling;
    rope.validate();
    return rope;
}

}  // namespace

std::vector<std::string> encoding_names() {
    return {"nope", "sinusoidal", "learned", "shaw", "xl",  "t5",
            "rope", "alibi",      "kerple",  "fire", "xpos"};
}

void validate_scene(const Scene& s) {
    if (s.seq_len <= 0)
        throw InputError("--seq-len", std::to_string(s.seq_len), "a positive integer");
    if (s.dim <= 0) throw InputError("--dim", std::to_string(s.dim), "a positive integer");
    require_finite("--base", s.base);
    if (s.base <= 1.0)
        throw InputError("--base", std::to_string(s.base), "a number greater than 1");
    require_finite("--rotary-fraction", s.rotary_fraction);
    if (!(s.rotary_fraction > 0.0 && s.rotary_fraction <= 1.0))
        throw InputError("--rotary-fraction", std::to_string(s.rotary_fraction),
                         "a number in (0, 1]");
    require_one_of("--encoding", s.encoding, encoding_names());
    // --compare lists encodings, or (wavelengths, decay) bases such as 10000,500000.
    for (const auto& e : s.compare) {
        char* end = nullptr;
        const double base = std::strtod(e.c_str(), &end);
        const bool is_base = !e.empty() && end == e.c_str() + e.size();
        if (is_base && !(std::isfinite(base) && base > 1.0))
            throw InputError("--compare", e, "an encoding name or a finite base greater than 1");
        if (!is_base) require_one_of("--compare", e, encoding_names());
    }
    require_one_of("--content", s.content, {"ones", "random", "zeros"});
    require_one_of("--rope-style", s.rope_style, {"interleaved", "half"});
    require_one_of("--sinusoidal-layout", s.sinusoidal_layout, {"interleaved", "halves"});
    require_one_of("--kerple", s.kerple_kind, {"log", "power"});
    require_finite("--kerple-r1", s.kerple_r1);
    require_finite("--kerple-r2", s.kerple_r2);
    require_finite("--xpos-gamma", s.xpos_gamma);
    require_finite("--xpos-scale-base", s.xpos_scale_base);
    if (s.max_bytes <= 0)
        throw InputError("--max-bytes", std::to_string(s.max_bytes), "a positive byte count");
    if (s.resolution < 16 || s.resolution > 8192)
        throw InputError("--resolution", std::to_string(s.resolution),
                         "texels per side of a reduced scores picture, 16 to 8192");
}

Encoding make_encoding(const Scene& s, const std::string& name) {
    require_one_of("--encoding", name, encoding_names());
    if (name == "nope") return NoPE{};
    if (name == "sinusoidal") {
        SinusoidalEncoding e{s.dim, s.base,
                             s.sinusoidal_layout == "halves" ? SinusoidalLayout::Halves
                                                             : SinusoidalLayout::Interleaved};
        e.validate();
        return e;
    }
    if (name == "learned") {
        if (s.table_path.empty())
            return LearnedEncoding::seeded(s.seq_len, s.dim,
                                           table_seed(s.seed, SeedStream::LearnedPe));
        Matrix table = s.table_path.ends_with(".safetensors")
                           ? read_safetensors_matrix(s.table_path, s.table_tensor, "--table")
                           : read_npy_matrix(s.table_path, "--table", -1, s.dim);
        if (table.cols() != s.dim)
            throw InputError("--table",
                             s.table_path + " with " + std::to_string(table.cols()) + " columns",
                             "a table with --dim = " + std::to_string(s.dim) + " columns");
        return LearnedEncoding{std::move(table)};
    }
    if (name == "shaw") {
        if (s.rel_table_path.empty())
            return ShawRelative::seeded(s.seq_len, s.dim, table_seed(s.seed, SeedStream::ShawTable),
                                        s.shaw_clip);
        return ShawRelative{
            read_npy_matrix(s.rel_table_path, "--rel-table", 2 * s.seq_len - 1, s.dim),
            s.shaw_clip};
    }
    if (name == "xl") return TransformerXL::seeded(s.dim, table_seed(s.seed, SeedStream::XLBiases));
    if (name == "t5") {
        T5Bias t5 = T5Bias::seeded(s.num_buckets, s.max_distance, s.bidirectional,
                                   table_seed(s.seed, SeedStream::T5Biases));
        t5.validate();
        return t5;
    }
    if (name == "rope") return make_rope(s);
    if (name == "alibi") {
        AlibiBias alibi{s.heads, s.head, s.causal};
        alibi.validate();
        return alibi;
    }
    if (name == "kerple") {
        KerpleBias k{s.kerple_kind == "power" ? KerpleKind::Power : KerpleKind::Log, s.kerple_r1,
                     s.kerple_r2};
        k.validate();
        return k;
    }
    if (name == "fire") return FireBias::seeded(32, table_seed(s.seed, SeedStream::FireMlp));
    XPosEncoding x{make_rope(s), s.xpos_gamma, s.xpos_scale_base};
    x.validate();
    return x;
}

Content make_content(const Scene& s) {
    Content c;
    if (!s.queries_path.empty() || !s.keys_path.empty()) {
        if (s.queries_path.empty() || s.keys_path.empty())
            throw InputError(s.queries_path.empty() ? "--queries" : "--keys", "(missing)",
                             "--queries and --keys given together");
        c.queries = read_npy_matrix(s.queries_path, "--queries", s.seq_len, s.dim);
        c.keys = read_npy_matrix(s.keys_path, "--keys", s.seq_len, s.dim);
        return c;
    }
    if (s.content == "ones") {
        c.queries = c.keys = Matrix::Ones(s.seq_len, s.dim);
    } else if (s.content == "zeros") {
        c.queries = c.keys = Matrix::Zero(s.seq_len, s.dim);
    } else {
        // Independent standard normal queries and keys; the keys use the next seed.
        c.queries = random_normal_matrix(s.seq_len, s.dim, 1.0, s.seed);
        c.keys = random_normal_matrix(s.seq_len, s.dim, 1.0, s.seed + 1);
    }
    return c;
}

Matrix absolute_pe(const Scene& s) {
    const Encoding e = make_encoding(s);
    if (const auto* sin = std::get_if<SinusoidalEncoding>(&e)) return sin->table(s.seq_len);
    if (const auto* learned = std::get_if<LearnedEncoding>(&e))
        return learned->positions(s.seq_len);
    throw InputError("--encoding", s.encoding,
                     "sinusoidal or learned (an absolute PE with a matrix)");
}

Vector scene_inverse_frequencies(const Scene& s) {
    const Encoding e = make_encoding(s);
    if (const auto* sin = std::get_if<SinusoidalEncoding>(&e)) return sin->frequencies();
    if (const auto* rope = std::get_if<RopeEncoding>(&e))
        return rope->frequencies(s.seq_len).inverse_frequencies;
    if (const auto* xpos = std::get_if<XPosEncoding>(&e))
        return xpos->rope.frequencies(s.seq_len).inverse_frequencies;
    throw InputError("--encoding", s.encoding,
                     "sinusoidal, rope or xpos (an encoding with frequencies)");
}

}  // namespace posviz
