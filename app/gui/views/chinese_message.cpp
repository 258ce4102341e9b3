#include "app/gui/views/chinese_message.h"

#include <regex>
#include <vector>

#include "core/figures/figure_text.h"

namespace posviz::gui {

namespace {

struct Phrase {
    std::regex pattern;
    const char* chinese;  // std::regex_replace's format: $1 … for the groups
};

Phrase phrase(const char* pattern, const char* chinese) {
    return {std::regex(pattern), chinese};
}

// The sources the window itself names (window_message's names for the command line's options,
// the Scene window's file fields, the file chooser), as its zh controls call them.
const std::vector<Phrase>& source_names() {
    static const std::vector<Phrase> names = {
        phrase(R"(^model$)", "模型"),
        phrase(R"(^layer$)", "层"),
        phrase(R"(^queries$)", "查询"),
        phrase(R"(^keys$)", "键"),
        phrase(R"(^table$)", "位置表"),
        phrase(R"(^table rows$)", "位置表行数"),
        phrase(R"(^file$)", "文件"),
        phrase(R"(^folder$)", "文件夹"),
        phrase(R"(^memory budget$)", "内存预算"),
        phrase(R"(^compare$)", "对比"),
        phrase(R"(^dims shown$)", "显示的维度"),
        phrase(R"(^settings$)", "设置"),
    };
    return names;
}

// What was given: how the readers describe a value or a file beyond the value itself.
const std::vector<Phrase>& given_phrases() {
    static const std::vector<Phrase> phrases = {
        phrase(R"( ?\(not valid JSON at line (\d+), column (\d+)\))",
               "（第 $1 行第 $2 列不是有效的 JSON）"),
        phrase(R"( with shape (\([^)]*\)))", "，形状为 $1"),
        phrase(R"( containing a non-finite value)", "，含有非有限值"),
        phrase(R"( of (\d+) bytes$)", "，共 $1 字节"),
        phrase(R"( \((\d+) bytes\)$)", "（$1 字节）"),
        phrase(R"( \(a directory\))", "（是文件夹）"),
        phrase(R"( \(not a folder\))", "（不是文件夹）"),
        phrase(R"( \(it has no config\.json\))", "（其中没有 config.json）"),
        phrase(R"( \(a device, pipe or socket, not a regular file\))", "（不是普通文件）"),
        phrase(R"( \(No such file or directory\))", "（文件或文件夹不存在）"),
        phrase(R"( \(no such file\))", "（文件不存在）"),
        phrase(R"( \(Permission denied\))", "（没有权限）"),
        phrase(R"( \(Is a directory\))", "（是文件夹）"),
        phrase(R"( \(shorter than its size while read\))", "（读取时比其大小短）"),
        phrase(R"(^an unknown key$)", "未知的键"),
        phrase(R"(^an unknown view$)", "未知的视图"),
        phrase(R"(^nothing \(missing\)$)", "无（缺失）"),
        phrase(R"(^non-finite entries$)", "非有限值"),
        phrase(R"(^no \.npy magic$)", "没有 .npy 文件标记"),
        phrase(R"(^a truncated header$)", "不完整的文件头"),
        phrase(R"(^a malformed \.npy (header|shape)$)", "格式错误的 .npy 文件头"),
        phrase(R"(^a truncated file \((\d+) bytes, header promises (\d+)\)$)",
               "不完整的文件（$1 字节，文件头声明 $2 字节）"),
        phrase(R"(^rows that are all equal$)", "所有行都相同"),
        phrase(R"(^JSON that is not an object$)", "不是对象的 JSON"),
        phrase(R"(^(\d+) entries$)", "$1 项"),
        phrase(R"(^(\d+) values$)", "$1 个值"),
        phrase(R"(^(\d+) rows$)", "$1 行"),
        phrase(R"(^(\d+) columns$)", "$1 列"),
        phrase(R"(^(\d+) vectors$)", "$1 个向量"),
    };
    return phrases;
}

// What is allowed: the phrases the checks and readers use most, whole or as a lead.
const std::vector<Phrase>& allowed_phrases() {
    static const std::vector<Phrase> phrases = {
        phrase(R"(^an integer >= (-?[\d.]+)$)", "≥ $1 的整数"),
        phrase(R"(^an integer > (-?[\d.]+)(.*)$)", "> $1 的整数$2"),
        phrase(R"(^an integer from (\S+) to (\S+)$)", "$1 到 $2 的整数"),
        phrase(R"(^an even integer from (\S+) to (\S+)$)", "$1 到 $2 的偶数"),
        phrase(R"(^an integer in \[(\S+), (\S+)\]$)", "[$1, $2] 中的整数"),
        phrase(R"(^an integer in (\S+)\.\.(\S+)$)", "$1..$2 中的整数"),
        phrase(R"(^a number from (\S+) to (\S+)$)", "$1 到 $2 的数"),
        phrase(R"(^a number in ([(\[]\S+, \S+[)\]])$)", "$1 中的数"),
        phrase(R"(^a finite number >= (\S+)$)", "≥ $1 的有限数"),
        phrase(R"(^a finite number > (\S+)$)", "> $1 的有限数"),
        phrase(R"(^a finite number$)", "有限数"),
        phrase(R"(^a number >= (\S+)$)", "≥ $1 的数"),
        phrase(R"(^a number > (\S+)$)", "> $1 的数"),
        phrase(R"(^a number > 1 and at most (\S+)$)", "大于 1 且至多 $1 的数"),
        phrase(R"(^a number$)", "数"),
        phrase(R"(^finite numbers$)", "有限数"),
        phrase(R"(^a positive integer$)", "正整数"),
        phrase(R"(^a non-negative integer$)", "非负整数"),
        phrase(R"(^an even integer > 0 \(dims come in pairs\)$)", "> 0 的偶数（维度成对出现）"),
        phrase(R"(^a string$)", "字符串"),
        phrase(R"(^true or false$)", "true 或 false"),
        phrase(R"(^a JSON object$)", "JSON 对象"),
        phrase(R"(^a JSON object \{\.\.\.\} at the top level$)", "顶层为 JSON 对象 {...}"),
        phrase(R"(^an array of (strings|names)$)", "字符串数组"),
        phrase(R"(^an array of integers$)", "整数数组"),
        phrase(R"(^an array of numbers$|^a list of numbers$)", "数字列表"),
        phrase(R"(^a list of paths$)", "路径列表"),
        phrase(R"(^a path \(a non-empty string\)$)", "路径（非空字符串）"),
        phrase(R"(^a whole number >= (\S+)$)", "≥ $1 的整数"),
        phrase(R"(^one of (.*)$)", "以下之一：$1"),
        phrase(R"(^a preset among (.*)$)", "以下预设之一：$1"),
        phrase(R"(^keys (.*)$)", "以下键之一：$1"),
        phrase(R"(^at most (\S+) positions$)", "至多 $1 个位置"),
        phrase(R"(^at most (\S+) layers$)", "至多 $1 层"),
        phrase(R"(^at most (\S+) heads$)", "至多 $1 个头"),
        phrase(R"(^at most (\S+)$)", "至多 $1"),
        phrase(R"(^a sequence length from (\S+) to (\S+)$)", "$1 到 $2 的序列长度"),
        phrase(R"(^a dimension from (\S+) to (\S+)$)", "$1 到 $2 的维度"),
        phrase(R"(^a percentage from (\S+) to (\S+) \((\S+) % used\)$)",
               "$1 到 $2 的百分比（已用 $3 %）"),
        phrase(R"(^a config\.json( file)?$)", "config.json 文件"),
        phrase(R"(^a readable \.npy file$)", "可读取的 .npy 文件"),
        phrase(R"(^a NumPy \.npy file$)", "NumPy .npy 文件"),
        phrase(R"(^a complete \.npy file$)", "完整的 .npy 文件"),
        phrase(R"(^a readable little-endian C-order \.npy file$)", "可读取的小端 C 顺序 .npy 文件"),
        phrase(R"(^a 2-D array of (.*)$)", "二维数组，$1"),
        phrase(R"(^shape (.*)$)", "形状 $1"),
        phrase(R"(^an existing file$)", "已存在的文件"),
        phrase(R"(^a file ending in (.*)$)", "以 $1 结尾的文件"),
        phrase(R"(^a folder you can read$)", "可读取的文件夹"),
        phrase(R"(^a name in an existing folder \((.*) is not one\)$)",
               "已有文件夹中的文件名（$1 不是文件夹）"),
        phrase(R"(^a preset object$)", "预设对象"),
        phrase(R"(^a JSON object (of view settings|naming views)$)", "JSON 对象（视图设置）"),
        phrase(R"(^a Hugging Face model folder: .*$)",
               "Hugging Face 模型文件夹：含 config.json 与 model.safetensors（或 "
               "model.safetensors.index.json），或含 refs/main 与 snapshots/ 的缓存文件夹 "
               "models--org--name"),
        phrase(R"(^(\S+) (or) (\S+)$)", "$1 或 $3"),
        phrase(R"(^([\w.-]+(?:, [\w.-]+)+) or ([\w.-]+)$)", "$1 或 $2"),
        phrase(R"(^(\d+) entries, one per layer \(num_hidden_layers\)$)",
               "$1 项，每层一项（num_hidden_layers）"),
        phrase(R"(^(\d+) entries \(rotary_dim / 2\)$)", "$1 项（rotary_dim / 2）"),
        phrase(R"(^(.*) \(the shape of the queries\)$)", "$1（查询的形状）"),
    };
    return phrases;
}

// `text` with the first phrase that matches it replaced, or with `all`, each matching phrase in
// turn (the given value's phrases qualify one another: "path (…) with shape …"); `text` as it is
// when none does.
std::string translated(const std::string& text, const std::vector<Phrase>& phrases, bool all) {
    std::string out = text;
    for (const Phrase& p : phrases) {
        if (!std::regex_search(out, p.pattern)) continue;
        out = std::regex_replace(out, p.pattern, p.chinese);
        if (!all) break;
    }
    return out;
}

// `lead` then `text`, with a space between Chinese and what is not (a value, a path, a number):
// "收到 0", "应为至多 4096".
std::string then(const std::string& lead, const std::string& text) {
    return lead + (chinese_at(text, 0) || text.empty() ? "" : " ") + text;
}

}  // namespace

std::string chinese_message(const std::string& message) {
    // A settings file that could not be read (settings.cpp) leads with what was done about it.
    static const std::regex settings_ignored(
        R"(^settings file (.*) ignored \(defaults used(?:; kept as (.*))?\): (.*)$)");
    // "WHAT: got VALUE; expected ALLOWED", where WHAT may lead with the file ("f.json: key: got")
    // and VALUE may hold "; " of its own (a reader's message within the caller's): the last
    // "; expected " ends it.
    static const std::regex frame(R"(^(.*?): got (.*); expected (.*)$)");
    // A limit on the file's size after what is allowed ("a config.json of at most 100 MB").
    static const std::regex size_limit(R"(^(.*) of at most (\S+ \S*B)$)");
    std::smatch m;
    if (std::regex_match(message, m, settings_ignored))
        return "已忽略设置文件 " + m[1].str() + "（使用默认设置" +
               (m[2].matched ? "；原文件保存为 " + m[2].str() : std::string()) + "）：" +
               chinese_message(m[3].str());
    if (!std::regex_match(message, m, frame)) return message;
    std::string what = m[1].str();
    const size_t last_colon = what.rfind(": ");
    const std::string file = last_colon == std::string::npos ? "" : what.substr(0, last_colon);
    what = translated(what.substr(file.empty() ? 0 : last_colon + 2), source_names(), false);
    std::string given = m[2].str();
    given = std::regex_match(given, frame) ? chinese_message(given)
                                           : translated(given, given_phrases(), true);
    std::string allowed = m[3].str();
    std::smatch limit;
    if (std::regex_match(allowed, limit, size_limit))
        allowed = translated(limit[1].str(), allowed_phrases(), false) + "（至多 " +
                  limit[2].str() + "）";
    else
        allowed = translated(allowed, allowed_phrases(), false);
    return (file.empty() ? "" : file + "：") + what + then("：收到", given) +
           then("；应为", allowed);
}

}  // namespace posviz::gui
