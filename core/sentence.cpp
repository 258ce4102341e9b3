#include "core/sentence.h"

#include <utility>

#include "core/input_error.h"
#include "core/limits.h"
#include "core/random.h"

namespace posviz {
namespace {

bool is_space(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

// Scripts written without spaces between words, where one character is one token.
bool is_cjk(char32_t c) {
    return (c >= 0x2E80 && c <= 0x2FDF) ||  // CJK and Kangxi radicals
           (c >= 0x3001 && c <= 0x30FF) ||  // CJK symbols and punctuation, hiragana, katakana
           (c >= 0x3100 && c <= 0x312F) ||  // bopomofo
           (c >= 0x31A0 && c <= 0x31FF) ||  // bopomofo extended, CJK strokes, katakana ext.
           (c >= 0x3400 && c <= 0x4DBF) ||  // CJK extension A
           (c >= 0x4E00 && c <= 0x9FFF) ||  // CJK unified ideographs
           (c >= 0xF900 && c <= 0xFAFF) ||  // CJK compatibility ideographs
           (c >= 0xFE30 && c <= 0xFE4F) ||  // CJK compatibility forms
           (c >= 0xFF00 && c <= 0xFFEF) ||  // half-width and full-width forms (，！？)
           (c >= 0x20000 && c <= 0x3134F);  // CJK extensions B to G
}

std::string hex_byte(unsigned char b) {
    const char* digits = "0123456789ABCDEF";
    return std::string("0x") + digits[b >> 4] + digits[b & 15];
}

// Decodes the code point at text[at], advancing `at`; InputError for malformed, overlong or
// surrogate sequences, naming the byte offset.
char32_t next_code_point(const std::string& text, size_t& at, const std::string& source) {
    const size_t start = at;
    auto fail = [&]() -> char32_t {
        throw InputError(source,
                         "byte " + hex_byte(static_cast<unsigned char>(text[start])) +
                             " at offset " + std::to_string(start),
                         "text in UTF-8");
    };
    const auto lead = static_cast<unsigned char>(text[at++]);
    if (lead < 0x80) return lead;
    int extra = 0;
    char32_t c = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        extra = 1;
        c = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        extra = 2;
        c = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        extra = 3;
        c = lead & 0x07;
    } else {
        return fail();
    }
    for (int i = 0; i < extra; ++i) {
        if (at >= text.size()) return fail();
        const auto b = static_cast<unsigned char>(text[at++]);
        if ((b & 0xC0) != 0x80) return fail();
        c = (c << 6) | (b & 0x3F);
    }
    const char32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (c < smallest[extra] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return fail();
    return c;
}

bool is_right_to_left(char32_t c) {
    return (c >= 0x0590 && c <= 0x08FF) ||  // Hebrew, Arabic, Syriac, Thaana, N'Ko, … Arabic ext.
           (c >= 0xFB1D && c <= 0xFDFF) ||  // Hebrew and Arabic presentation forms A
           (c >= 0xFE70 && c <= 0xFEFC) ||  // Arabic presentation forms B (not the BOM)
           (c >= 0x10800 && c <= 0x10FFF) ||  // historic right-to-left scripts
           (c >= 0x1E800 && c <= 0x1EFFF);    // Mende Kikakui, Adlam, Arabic mathematical
}

}  // namespace

void check_left_to_right(const std::string& text, const std::string& source) {
    for (size_t at = 0; at < text.size();)
        if (is_right_to_left(next_code_point(text, at, source)))
            throw InputError(source, text,
                             "left-to-right text: right-to-left scripts (Arabic, Hebrew) are not "
                             "drawn, as posviz neither shapes nor reorders them");
}

std::vector<std::string> sentence_tokens(const std::string& text, const std::string& source) {
    check_left_to_right(text, source);
    std::vector<std::string> tokens;
    std::string word;  // the run of non-space, non-CJK characters being read
    auto push = [&](std::string token) {
        if (tokens.size() == size_t(limits::kMaxSentenceTokens))
            throw InputError(
                source, "more than " + std::to_string(limits::kMaxSentenceTokens) + " tokens",
                "a sentence of at most " + std::to_string(limits::kMaxSentenceTokens) + " tokens");
        tokens.push_back(std::move(token));
    };
    for (size_t at = 0; at < text.size();) {
        const size_t start = at;
        const char32_t c = next_code_point(text, at, source);
        if (is_space(c) || is_cjk(c)) {
            if (!word.empty()) push(std::exchange(word, {}));
            if (is_cjk(c)) push(text.substr(start, at - start));
        } else {
            word.append(text, start, at - start);
        }
    }
    if (!word.empty()) push(std::move(word));
    if (tokens.empty())
        throw InputError(source, text.empty() ? "(empty)" : "only spaces",
                         "a sentence of at least one word");
    return tokens;
}

uint64_t token_hash(const std::string& token) {
    uint64_t h = 14695981039346656037ULL;
    for (const char byte : token) {
        h ^= static_cast<unsigned char>(byte);
        h *= 1099511628211ULL;
    }
    return h;
}

Matrix token_vectors(const std::vector<std::string>& tokens, int dim, TokenRole role) {
    const SeedStream stream =
        role == TokenRole::Query ? SeedStream::SentenceQueries : SeedStream::SentenceKeys;
    Matrix vectors(Eigen::Index(tokens.size()), dim);
    for (size_t r = 0; r < tokens.size(); ++r)
        vectors.row(Eigen::Index(r)) =
            NormalSampler(table_seed(token_hash(tokens[r]), stream)).vector(dim, 1.0).transpose();
    return vectors;
}

}  // namespace posviz
