#include "core/scene.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>

#include "core/encodings/checks.h"
#include "core/formats/npy.h"
#include "core/formats/safetensors.h"
#include "core/input_error.h"
#include "core/limits.h"
#include "core/random.h"
#include "core/sentence.h"

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

// A scene's checks name the value as its source spells it: the command-line option, or the field of
// a preset or settings file ("scene.seq_len") when `where` is given.
struct FieldNames {
    std::string where;
    std::string operator()(const char* option, const char* field) const {
        return where.empty() ? option : where + "." + field;
    }
};

void require_int_in(const std::string& name, long long value, long long lo, long long hi,
                    const std::string& meaning) {
    if (value < lo || value > hi)
        throw InputError(name, std::to_string(value),
                         meaning + " from " + std::to_string(lo) + " to " + std::to_string(hi));
}

void require_finite(const std::string& name, double value) {
    if (!std::isfinite(value)) throw InputError(name, format_number(value), "a finite number");
}

bool pairs_dims(const std::string& encoding) {
    return encoding == "rope" || encoding == "xpos" || encoding == "sinusoidal";
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

void validate_scene(const Scene& s, const std::string& where) {
    const FieldNames name{where};
    require_int_in(name("--seq-len", "seq_len"), s.seq_len, 1, limits::kMaxSeqLen,
                   "a sequence length");
    require_int_in(name("--dim", "dim"), s.dim, 1, limits::kMaxDim, "a dimension");
    const std::string base = name("--base", "base");
    if (!std::isfinite(s.base) || s.base <= 1.0 || s.base > limits::kMaxBase)
        throw InputError(base, format_number(s.base),
                         "a number greater than 1 and at most " + format_number(limits::kMaxBase));
    const std::string fraction = name("--rotary-fraction", "rotary_fraction");
    if (!(s.rotary_fraction > 0.0 && s.rotary_fraction <= 1.0))
        throw InputError(fraction, format_number(s.rotary_fraction), "a number in (0, 1]");
    require_one_of(name("--encoding", "encoding"), s.encoding, encoding_names());
    // --compare lists encodings, or (wavelengths, decay) bases such as 10000,500000.
    const std::string compare = name("--compare", "compare");
    if (s.compare.size() > size_t(limits::kMaxCompared))
        throw InputError(compare, std::to_string(s.compare.size()) + " entries",
                         "at most " + std::to_string(limits::kMaxCompared));
    bool pairs = pairs_dims(s.encoding);
    for (const auto& e : s.compare) {
        char* end = nullptr;
        const double value = std::strtod(e.c_str(), &end);
        const bool is_base = !e.empty() && end == e.c_str() + e.size();
        if (is_base && !(std::isfinite(value) && value > 1.0 && value <= limits::kMaxBase))
            throw InputError(compare, e,
                             "an encoding name or a base greater than 1 and at most " +
                                 format_number(limits::kMaxBase));
        if (!is_base) require_one_of(compare, e, encoding_names());
        pairs = pairs || is_base || pairs_dims(e);
    }
    // Sinusoidal and rotary encodings pair dims (2i, 2i+1): an odd D has a dim without a partner.
    if (pairs && s.dim % 2 != 0)
        throw InputError(name("--dim", "dim"), std::to_string(s.dim),
                         "an even dimension for " + s.encoding +
                             (s.compare.empty() ? "" : " and the compared encodings") +
                             " (dims come in pairs)");
    require_one_of(name("--content", "content"), s.content,
                   {"ones", "random", "zeros", "sentence"});
    if (s.content == "sentence") {
        const size_t tokens = sentence_tokens(s.sentence, name("--sentence", "sentence")).size();
        if (size_t(s.seq_len) != tokens)
            throw InputError(name("--seq-len", "seq_len"), std::to_string(s.seq_len),
                             std::to_string(tokens) +
                                 ", the sentence's token count (with sentence content L is the "
                                 "number of tokens)");
    }
    require_one_of(name("--rope-style", "rope_style"), s.rope_style, {"interleaved", "half"});
    require_one_of(name("--sinusoidal-layout", "sinusoidal_layout"), s.sinusoidal_layout,
                   {"interleaved", "halves"});
    require_int_in(name("--shaw-clip", "shaw_clip"), s.shaw_clip, 0, limits::kMaxSeqLen,
                   "a clipping distance (0: none)");
    require_int_in(name("--max-len", "max_len"), s.max_len, 0, limits::kMaxSeqLen,
                   "the seeded learned table's length (0: L)");
    require_int_in(name("--model", "table_row_offset"), s.table_row_offset, 0, limits::kMaxSeqLen,
                   "the table row of position 0");
    require_int_in(name("--heads", "heads"), s.heads, 1, limits::kMaxHeads, "a head count");
    require_int_in(name("--head", "head"), s.head, 0, s.heads - 1,
                   "a head index (--heads - 1 at most)");
    require_int_in(name("--num-buckets", "num_buckets"), s.num_buckets, 1, limits::kMaxBuckets,
                   "a bucket count");
    require_int_in(name("--max-distance", "max_distance"), s.max_distance, 1, limits::kMaxSeqLen,
                   "a distance");
    require_one_of(name("--kerple", "kerple_kind"), s.kerple_kind, {"log", "power"});
    require_finite(name("--kerple-r1", "kerple_r1"), s.kerple_r1);
    require_finite(name("--kerple-r2", "kerple_r2"), s.kerple_r2);
    require_finite(name("--xpos-gamma", "xpos_gamma"), s.xpos_gamma);
    require_finite(name("--xpos-scale-base", "xpos_scale_base"), s.xpos_scale_base);
    const std::string dims = name("--dims", "dims");
    if (s.dims.size() > size_t(limits::kMaxDimsShown))
        throw InputError(dims, std::to_string(s.dims.size()) + " dims",
                         "at most " + std::to_string(limits::kMaxDimsShown));
    if (s.max_bytes <= 0 || s.max_bytes > limits::most_max_bytes())
        throw InputError(name("--max-bytes", "max_bytes"), std::to_string(s.max_bytes),
                         "a positive byte count of at most " +
                             std::to_string(limits::most_max_bytes()) +
                             " (this machine's physical memory)");
    require_int_in(name("--resolution", "resolution"), s.resolution, limits::kMinResolution,
                   limits::kMaxResolution, "texels per side of a reduced scores picture");
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
            return LearnedEncoding::seeded(s.max_len > 0 ? s.max_len : s.seq_len, s.dim,
                                           table_seed(s.seed, SeedStream::LearnedPe));
        Matrix table =
            s.table_path.ends_with(".safetensors")
                ? read_safetensors_matrix(s.table_path, s.table_tensor, "--table", s.max_bytes)
                : read_npy_matrix(s.table_path, "--table", -1, s.dim, s.max_bytes);
        if (s.table_row_offset > 0) {
            if (s.table_row_offset >= table.rows())
                throw InputError("--table",
                                 s.table_path + " with " + std::to_string(table.rows()) + " rows",
                                 "more rows than the row offset of position 0 (" +
                                     std::to_string(s.table_row_offset) + ")");
            table = Matrix(table.bottomRows(table.rows() - s.table_row_offset));
        }
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
            read_npy_matrix(s.rel_table_path, "--rel-table", 2 * s.seq_len - 1, s.dim, s.max_bytes),
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

void fit_length_to_sentence(Scene& s, const std::string& where) {
    if (s.content != "sentence") return;
    const std::string source = where.empty() ? "--sentence" : where + ".sentence";
    s.seq_len = int(sentence_tokens(s.sentence, source).size());
}

std::vector<std::string> scene_tokens(const Scene& s) {
    if (s.content != "sentence" || !s.queries_path.empty() || s.content_arrays) return {};
    return sentence_tokens(s.sentence, "--sentence");
}

namespace {

// Random content depends on (L, D, seed) alone, and at L = 2048, D = 128 it is 5·10⁵ samples
// (~10 ms). The queries' and keys' streams of the last (D, seed) asked for are kept with the rows
// made so far: the preview and the full build of one picture and every figure of a scene take
// their rows from them (a build asking while they are being made waits, then copies), an L slider
// dragged up draws only the new rows (NormalRows), one dragged down draws none. A length under
// half of what was made starts again, so a long sequence's rows are not kept once the user has
// moved on.
Content random_content(int seq_len, int dim, uint64_t seed) {
    struct Streams {
        uint64_t seed;
        NormalRows queries, keys;
    };
    static std::mutex mutex;
    static std::optional<Streams> streams;
    const std::lock_guard lock(mutex);
    if (!streams || streams->seed != seed || streams->queries.cols() != dim ||
        2L * seq_len < streams->queries.rows_made())
        // Independent standard normal queries and keys; the keys use the next seed.
        streams.emplace(Streams{seed, NormalRows(dim, 1.0, seed), NormalRows(dim, 1.0, seed + 1)});
    Content content;
    content.queries = streams->queries.first(seq_len);
    content.keys = streams->keys.first(seq_len);
    return content;
}

// An in-memory content array, checked as read_npy_matrix checks a file (core/formats/npy.cpp).
void check_content_array(const Eigen::Map<const Matrix>& m, const char* what, const Scene& s) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "(" + to_string.
    std::string shape = "an array of shape (";
    shape += std::to_string(m.rows());
    shape += ", ";
    shape += std::to_string(m.cols());
    shape += ")";
    std::string wanted = "shape (";
    wanted += std::to_string(s.seq_len);
    wanted += ", ";
    wanted += std::to_string(s.dim);
    wanted += ") (--seq-len, --dim)";
    if (m.rows() != s.seq_len || m.cols() != s.dim) throw InputError(what, shape, wanted);
    limits::check_table_budget(uint64_t(m.size()), s.max_bytes, what, shape);
    if (!m.allFinite())
        throw InputError(what, "an array containing a non-finite value", "finite numbers");
}

}  // namespace

Content make_content(const Scene& s) {
    Content c;
    if (s.content_arrays) {
        check_content_array(s.content_arrays->queries, "--queries", s);
        check_content_array(s.content_arrays->keys, "--keys", s);
        c.queries = s.content_arrays->queries;
        c.keys = s.content_arrays->keys;
        return c;
    }
    if (!s.queries_path.empty() || !s.keys_path.empty()) {
        if (s.queries_path.empty() || s.keys_path.empty())
            throw InputError(s.queries_path.empty() ? "--queries" : "--keys", "(missing)",
                             "--queries and --keys given together");
        c.queries = read_npy_matrix(s.queries_path, "--queries", s.seq_len, s.dim, s.max_bytes);
        c.keys = read_npy_matrix(s.keys_path, "--keys", s.seq_len, s.dim, s.max_bytes);
        return c;
    }
    if (s.content == "sentence") {
        const std::vector<std::string> tokens = scene_tokens(s);
        if (tokens.size() != size_t(s.seq_len))
            throw InputError("--seq-len", std::to_string(s.seq_len),
                             std::to_string(tokens.size()) + ", the sentence's token count");
        c.queries = token_vectors(tokens, s.dim, TokenRole::Query);
        c.keys = token_vectors(tokens, s.dim, TokenRole::Key);
    } else if (s.content == "ones") {
        c.queries = c.keys = Matrix::Ones(s.seq_len, s.dim);
    } else if (s.content == "zeros") {
        c.queries = c.keys = Matrix::Zero(s.seq_len, s.dim);
    } else {
        c = random_content(s.seq_len, s.dim, s.seed);
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

Matrix absolute_pe_table(const Scene& s) {
    const Encoding e = make_encoding(s);
    if (const auto* learned = std::get_if<LearnedEncoding>(&e))
        return learned->positions(std::min<int>(s.seq_len, int(learned->table.rows())));
    return absolute_pe(s);
}

Matrix absolute_pe_drawn(const Scene& s) {
    const Matrix table = absolute_pe_table(s);
    Matrix drawn = Matrix::Constant(s.seq_len, table.cols(), std::nan(""));
    drawn.topRows(table.rows()) = table;
    return drawn;
}

int missing_rows_from(const Scene& s) {
    if (s.encoding != "learned") return 0;
    const auto rows = std::get<LearnedEncoding>(make_encoding(s)).table.rows();
    return rows < s.seq_len ? int(rows) : 0;
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
