#include "app/gui/views/scene_controls.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <sstream>

#include "app/gui/files/scene_files.h"
#include "app/gui/language.h"
#include "app/gui/views/view_settings.h"
#include "core/figures/figure_text.h"
#include "core/formats/hf_config.h"
#include "core/formats/hf_config/model_scene.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz::gui {

namespace {

// One parameter per line: its name in a fixed column, the widget filling the rest.
void row(const char* name) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(name);
    ImGui::SameLine(7.0f * ImGui::GetFontSize());
    ImGui::SetNextItemWidth(-FLT_MIN);
}

// A heading between groups of parameters.
void section(const char* title) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", title);
    ImGui::Separator();
}

// Picks one of `choices`; `names`, if given, are what the user reads for each.
bool choice_combo(const char* label, std::string& value, const std::vector<std::string>& choices,
                  const std::vector<const char*>& names = {}) {
    auto name_of = [&](size_t i) { return i < names.size() ? names[i] : choices[i].c_str(); };
    const auto current = std::find(choices.begin(), choices.end(), value);
    const char* preview =
        current == choices.end() ? value.c_str() : name_of(size_t(current - choices.begin()));
    bool changed = false;
    if (ImGui::BeginCombo(label, preview)) {
        for (size_t i = 0; i < choices.size(); ++i)
            if (ImGui::Selectable(name_of(i), choices[i] == value)) {
                changed = choices[i] != value;
                value = choices[i];
            }
        ImGui::EndCombo();
    }
    return changed;
}

bool double_slider(const char* label, double& value, double lo, double hi, const char* format,
                   bool logarithmic = false) {
    return ImGui::SliderScalar(
        label, ImGuiDataType_Double, &value, &lo, &hi, format,
        ImGuiSliderFlags_AlwaysClamp | (logarithmic ? ImGuiSliderFlags_Logarithmic : 0));
}

std::string dims_text(const std::vector<int>& dims) {
    std::string s;
    for (int d : dims) s += (s.empty() ? "" : ", ") + std::to_string(d);
    return s;
}

// "2, 6, 12" → {2, 6, 12}; false (and dims untouched) while the text is not such a list of at
// most limits::kMaxDimsShown dims in [0, dim).
bool parse_dims(const std::string& text, int dim, std::vector<int>& dims) {
    std::vector<int> parsed;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        try {
            size_t used = 0;
            const int d = std::stoi(item, &used);
            if (item.find_first_not_of(" \t", used) != std::string::npos || d < 0 || d >= dim ||
                int(parsed.size()) == limits::kMaxDimsShown)
                return false;
            parsed.push_back(d);
        } catch (const std::exception&) {
            return false;
        }
    }
    if (parsed.empty()) return false;
    dims = parsed;
    return true;
}

// Loads the files typed into the Scene window; a wrong one is reported, the scene unchanged.
template <class Use>
void load(App& app, Use&& use, const char* what_en, const char* what_zh) {
    try {
        use();
        app.status = std::string(tr(what_en, what_zh)) +
                     ": L = " + std::to_string(app.scene.seq_len) +
                     ", D = " + std::to_string(app.scene.dim);
        app.problem.clear();
    } catch (const InputError& e) {
        app.problem = e.what();
    }
}

void rope_controls(Scene& s) {
    row(tr("pairs", "维度配对"));
    choice_combo("##rope_style", s.rope_style, {"interleaved", "half"});
    row(tr("rotary part", "旋转比例"));
    double_slider("##rotary_fraction", s.rotary_fraction, 0.05, 1.0, "%.2f");
    row(tr("scaling", "缩放"));
    std::string scaling = rope_scaling_name(s.rope_scaling.type);
    if (choice_combo("##scaling", scaling,
                     {"none", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope"}))
        s.rope_scaling.type = parse_rope_scaling_type(scaling, "scaling");
    if (s.rope_scaling.type == RopeScalingType::None) return;
    row(tr("factor", "缩放因子"));
    double_slider("##factor", s.rope_scaling.factor, 1.0, 64.0, "%.2f", true);
    row(tr("trained L", "训练长度"));
    int& trained = s.rope_scaling.original_max_position_embeddings;
    if (ImGui::InputInt("##original", &trained))
        trained = std::clamp(trained, 1, limits::kMaxSeqLen);
}

void encoding_parameters(App& app) {
    Scene& s = app.scene;
    const std::string& e = s.encoding;
    if (e == "sinusoidal") {
        row(tr("layout", "排列"));
        choice_combo("##layout", s.sinusoidal_layout, {"interleaved", "halves"});
    } else if (e == "learned") {
        ImGui::TextDisabled("%s",
                            tr("Empty path: a seeded random table.", "路径为空：随机初始化的表。"));
        row(tr("table", "位置表"));
        // A file chosen in the chooser is loaded at once; a typed one on "Load table".
        bool chosen = path_field("table", app.files.table_path, ".npy / .safetensors",
                                 app.files.chooser, tr("Open a position table", "打开位置表"),
                                 {ChooserPurpose::OpenFile, {".npy", ".safetensors"}, "", ""});
        row(tr("tensor", "张量名"));
        ImGui::InputText("##tensor", &s.table_tensor);
        if (ImGui::Button(tr("Load table", "载入位置表")) || chosen)
            load(
                app, [&] { use_position_table(s, app.files.table_path); }, "table loaded",
                "已载入位置表");
        ImGui::SameLine();
        if (ImGui::Button(tr("Seeded table", "随机表"))) s.table_path.clear();
    } else if (e == "shaw") {
        row(tr("clip k", "截断 k"));
        int_slider("##clip", s.shaw_clip, 0, 64);
    } else if (e == "t5") {
        row(tr("buckets", "桶数"));
        int_slider("##buckets", s.num_buckets, 2, 128);
        row(tr("max distance", "最大距离"));
        int_slider("##max_distance", s.max_distance, 2, 4096, true);
        row("");
        ImGui::Checkbox(tr("bidirectional", "双向"), &s.bidirectional);
    } else if (e == "rope" || e == "xpos") {
        rope_controls(s);
        if (e == "xpos") {
            row("γ");
            double_slider("##gamma", s.xpos_gamma, 0.0, 1.0, "%.2f");
            row(tr("scale base", "尺度基数"));
            double_slider("##scale_base", s.xpos_scale_base, 1.0, 4096.0, "%.0f", true);
        }
    } else if (e == "alibi") {
        row(tr("heads", "头数"));
        int_slider("##heads", s.heads, 1, 64);
        row(tr("head", "第几个头"));
        head_slider("##head", s);
    } else if (e == "kerple") {
        row(tr("kernel", "核"));
        choice_combo("##kerple", s.kerple_kind, {"log", "power"});
        row("r₁");
        double_slider("##r1", s.kerple_r1, 0.01, 10.0, "%.2f", true);
        row("r₂");
        double_slider("##r2", s.kerple_r2, 0.01, 10.0, "%.2f", true);
    } else {
        ImGui::TextDisabled("%s", tr("No parameters.", "无参数。"));
    }
}

}  // namespace

bool int_slider(const char* label, int& value, int lo, int hi, bool logarithmic) {
    // ImGui asserts on a range wider than INT_MAX / 2; the limits keep every range far below.
    return ImGui::SliderInt(
        label, &value, lo, hi, "%d",
        ImGuiSliderFlags_AlwaysClamp | (logarithmic ? ImGuiSliderFlags_Logarithmic : 0));
}

bool seq_len_slider(const char* label, Scene& s, int max) {
    // With a sentence, L is its token count: shown here, set by the sentence.
    ImGui::BeginDisabled(s.content == "sentence");
    const bool changed = int_slider(label, s.seq_len, 2, std::min(max, limits::kMaxSeqLen), true);
    ImGui::EndDisabled();
    return changed;
}

bool dim_slider(const char* label, Scene& s) {
    // Sinusoidal and rotary encodings pair dims up: D moved by the slider stays even (an odd D
    // from a preset stays as it is, and a view that cannot draw it says so).
    const bool changed = int_slider(label, s.dim, 2, 1024, true);
    if (changed) s.dim += s.dim % 2;
    return changed;
}

bool head_slider(const char* label, Scene& s) {
    return int_slider(label, s.head, 0, std::clamp(s.heads, 1, limits::kMaxHeads) - 1);
}

bool base_slider(const char* label, Scene& s) {
    return double_slider(label, s.base, 10.0, 1e7, "%.0f", true);
}

bool encoding_combo(const char* label, std::string& encoding) {
    bool changed = false;
    if (ImGui::BeginCombo(label, encoding_title(encoding).c_str())) {
        for (const std::string& name : encoding_names())
            if (ImGui::Selectable(encoding_title(name).c_str(), name == encoding)) {
                changed = name != encoding;
                encoding = name;
            }
        ImGui::EndCombo();
    }
    return changed;
}

bool content_combo(const char* label, Scene& s) {
    bool changed = choice_combo(label, s.content, {"random", "ones", "zeros", "sentence"},
                                {tr("random", "随机"), tr("all ones", "全 1"),
                                 tr("all zeros", "全 0"), tr("a sentence", "句子")});
    if (s.content != "sentence") return changed;
    // A sentence to start from whose repeated word shows order blindness at once.
    if (s.sentence.empty()) s.sentence = tr("the dog bites the man", "狗咬了人，人咬了狗");
    ImGui::PushID(label);
    changed = ImGui::InputTextWithHint("##sentence", tr("type a sentence", "输入一个句子"),
                                       &s.sentence) ||
              changed;
    ImGui::PopID();
    if (changed) {
        // A sentence without tokens keeps the last L; the view then shows the message.
        try {
            fit_length_to_sentence(s);
        } catch (const InputError&) {
        }
    }
    return changed;
}

bool beside_content_combo(const char* label, std::string& beside) {
    const bool changed = choice_combo(
        label, beside, beside_contents(),
        {tr("none", "无"), tr("all ones", "全 1"), tr("random", "随机"), tr("all zeros", "全 0")});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s",
                          tr("The same maps again on this content, e.g. random content "
                             "beside position-free content (all ones)",
                             "在这种内容上再画一遍同样的图，例如把随机内容与全 1 内容并排对照"));
    return changed;
}

bool encodings_combo(const char* label, std::vector<std::string>& encodings,
                     const std::string& fallback, const std::vector<std::string>& choices) {
    std::string preview;
    for (const std::string& e : encodings.empty() ? std::vector{fallback} : encodings)
        preview += (preview.empty() ? "" : ", ") + encoding_title(e);
    bool changed = false;
    if (ImGui::BeginCombo(label, preview.c_str())) {
        for (const std::string& name : choices.empty() ? encoding_names() : choices) {
            auto it = std::find(encodings.begin(), encodings.end(), name);
            bool on = it != encodings.end() || (encodings.empty() && name == fallback);
            if (ImGui::Checkbox(encoding_title(name).c_str(), &on)) {
                const bool offered = choices.empty() || std::find(choices.begin(), choices.end(),
                                                                  fallback) != choices.end();
                if (encodings.empty() && offered) encodings = {fallback};
                if (on) {
                    encodings.push_back(name);
                } else {
                    encodings.erase(std::find(encodings.begin(), encodings.end(), name));
                }
                // Keep the order of encoding_names(): the storyline's order.
                const std::vector<std::string> all = encoding_names();
                std::sort(encodings.begin(), encodings.end(), [&](auto& a, auto& b) {
                    return std::find(all.begin(), all.end(), a) <
                           std::find(all.begin(), all.end(), b);
                });
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

void scene_controls(App& app) {
    Scene& s = app.scene;
    row(tr("encoding", "位置编码"));
    encoding_combo("##encoding", s.encoding);
    row(tr("length L", "长度 L"));
    seq_len_slider("##L", s);
    row(tr("dims D", "维度 D"));
    dim_slider("##D", s);
    row(tr("base", "基数 base"));
    base_slider("##base", s);
    row(tr("dims shown", "显示的维度"));
    std::string dims = dims_text(s.dims);
    if (ImGui::InputText("##dims", &dims)) parse_dims(dims, s.dim, s.dims);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr("Dimensions for the curves and the rotation, e.g. 2, 6, 12 (at most "
                             "%d, each below D)",
                             "曲线与旋转视图显示的维度，例如 2, 6, 12（至多 %d 个，均小于 D）"),
                          limits::kMaxDimsShown);

    section(tr("Model", "模型"));
    row(tr("path", "路径"));
    const bool model_chosen =
        path_field("model", app.files.model_path, "config.json / model folder", app.files.chooser,
                   tr("Open a model folder or config.json", "打开模型文件夹或 config.json"),
                   {ChooserPurpose::OpenFileOrFolder, {".json"}, "", ""});
    if (ImGui::Button(tr("Load model", "载入模型")) || model_chosen)
        load(
            app,
            [&] {
                const AppliedModel m =
                    apply_model_to_scene(model_choice_from_path(app.files.model_path), s);
                app.files.model_description = describe_model_text(m.model);
                for (const std::string& note : m.notes) app.files.model_description += note + "\n";
            },
            "model loaded", "已载入模型");
    if (!app.files.model_description.empty()) {
        ImGui::BeginChild("##model_description",
                          ImVec2(0, 10 * ImGui::GetTextLineHeightWithSpacing()), true,
                          ImGuiWindowFlags_HorizontalScrollbar);
        ImGui::TextUnformatted(app.files.model_description.c_str());
        ImGui::EndChild();
    }

    section(tr("Content", "内容"));
    row(tr("q and k", "q 与 k"));
    content_combo("##content", s);
    row(tr("seed", "随机种子"));
    const uint64_t step = 1;
    ImGui::InputScalar("##seed", ImGuiDataType_U64, &s.seed, &step);
    const ChooserSetup npy{ChooserPurpose::OpenFile, {".npy"}, "", ""};
    row(tr("queries", "查询 .npy"));
    bool chosen = path_field("queries", app.files.queries_path, "(L, D) .npy", app.files.chooser,
                             tr("Open the queries", "打开查询"), npy);
    row(tr("keys", "键 .npy"));
    chosen |= path_field("keys", app.files.keys_path, "(L, D) .npy", app.files.chooser,
                         tr("Open the keys", "打开键"), npy);
    // A chosen file loads once both are named.
    chosen = chosen && !app.files.queries_path.empty() && !app.files.keys_path.empty();
    if (ImGui::Button(tr("Load q, k", "载入 q、k")) || chosen)
        load(
            app, [&] { use_content_files(s, app.files.queries_path, app.files.keys_path); },
            "content loaded", "已载入内容");
    ImGui::SameLine();
    ImGui::BeginDisabled(s.queries_path.empty());
    if (ImGui::Button(tr("Back to generated", "改用生成的内容"))) s.queries_path = s.keys_path = "";
    ImGui::EndDisabled();
    if (!s.queries_path.empty())
        ImGui::TextDisabled("%s", tr("Using the loaded files.", "正在使用载入的文件。"));

    section(tr("Attention", "注意力"));
    ImGui::Checkbox(tr("causal mask", "因果掩码"), &s.causal);
    ImGui::SameLine();
    ImGui::Checkbox(tr("softmax", "softmax"), &s.softmax);

    section((encoding_title(s.encoding) + tr(" parameters", " 参数")).c_str());
    encoding_parameters(app);
}

}  // namespace posviz::gui
