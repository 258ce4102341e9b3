#include "app/gui/views/scene_controls.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <sstream>
#include <utility>

#include "app/gui/files/scene_files.h"
#include "app/gui/language.h"
#include "app/gui/storyline_names.h"
#include "app/gui/views/model_state.h"
#include "app/gui/views/window_message.h"
#include "app/storyline/length_limits.h"
#include "app/storyline/view_settings.h"
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
        app.problem = window_message(e.what());
    }
}

void rope_controls(Scene& s) {
    row(tr("pairs", "维度配对"));
    choice_combo(
        "##rope_style", s.rope_style, {"interleaved", "half"},
        {tr("interleaved", "相邻交错"), tr("half (rotate_half)", "前后两半 (rotate_half)")});
    row(tr("rotary part", "旋转比例"));
    double_slider("##rotary_fraction", s.rotary_fraction, 0.05, 1.0, "%.2f");
    row(tr("scaling", "缩放"));
    std::string scaling = rope_scaling_name(s.rope_scaling.type);
    if (choice_combo("##scaling", scaling,
                     {"none", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope"},
                     {tr("none", "无"), tr("linear (PI)", "线性 (PI)"), "NTK",
                      tr("dynamic NTK", "动态 NTK"), "YaRN", "Llama 3", "LongRoPE"}))
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
        choice_combo("##layout", s.sinusoidal_layout, {"interleaved", "halves"},
                     {tr("interleaved", "相邻交错"), tr("halves", "前后两半")});
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
        if (s.table_path.empty()) {
            // The seeded table's rows (Scene::max_len): below L, the figures show the positions
            // past the table's end, the wall a learned table hits.
            row(tr("table rows", "表的行数"));
            int_slider("##max_len", s.max_len, 0, limits::kMaxSeqLen, true);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", tr("Rows of the seeded table, the positions it has "
                                           "(0: as many as L)",
                                           "随机表的行数，即它有的位置数（0：与 L 相同）"));
        }
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
        choice_combo("##kerple", s.kerple_kind, {"log", "power"},
                     {tr("logarithmic", "对数"), tr("power", "幂")});
        row("r₁");
        double_slider("##r1", s.kerple_r1, 0.01, 10.0, "%.2f", true);
        row("r₂");
        double_slider("##r2", s.kerple_r2, 0.01, 10.0, "%.2f", true);
    } else {
        ImGui::TextDisabled("%s", tr("No parameters.", "无参数。"));
    }
}

// Reads and applies the model of `choice`; what went wrong is said under the Load button.
void load_model_into(App& app, const ModelChoice& choice) {
    try {
        app.files.model = load_model(choice, app.scene);
        app.files.model_problem.clear();
        app.status = std::string(tr("model loaded", "已载入模型")) +
                     ": L = " + grouped(app.scene.seq_len) +
                     ", D = " + std::to_string(app.scene.dim);
    } catch (const InputError& e) {
        app.files.model_problem = window_message(e.what());
    }
}

void red_wrapped(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.35f, 1.0f));
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

// The layer whose positions the figures show: a model's layers may differ (sliding-window and
// full layers with their own θ), and picking one applies it.
void layer_picker(App& app, LoadedModel& m) {
    const std::vector<std::string> names = layer_names(m.model, language());
    if (names.size() < 2) return;
    row(tr("layer", "层"));
    const int current = std::clamp(m.layer, 0, int(names.size()) - 1);
    if (ImGui::BeginCombo("##layer", names[size_t(current)].c_str())) {
        for (size_t i = 0; i < names.size(); ++i)
            if (ImGui::Selectable(names[i].c_str(), int(i) == current) && int(i) != current) {
                ModelChoice choice = m.choice;
                choice.layer = int(i);
                load_model_into(app, choice);  // m may be replaced: nothing of it is used below
                break;
            }
        ImGui::EndCombo();
    }
}

// The Model box: which model, which layer and whether the figures show it now; a model whose
// parameters a slide or an edit replaced is "not applied", with a button to apply it again.
void model_section(App& app) {
    section(tr("Model", "模型"));
    row(tr("path", "路径"));
    const bool model_chosen = path_field(
        "model", app.files.model_path, tr("config.json / model folder", "config.json / 模型文件夹"),
        app.files.chooser, tr("Open a model folder or config.json", "打开模型文件夹或 config.json"),
        {ChooserPurpose::OpenFileOrFolder, {".json"}, "", ""});
    if (ImGui::Button(tr("Load model", "载入模型")) || model_chosen)
        load_model_into(app, model_choice_from_path(app.files.model_path));
    if (!app.files.model_problem.empty()) red_wrapped(app.files.model_problem);
    if (!app.files.model) return;
    LoadedModel& m = *app.files.model;
    ImGui::TextWrapped("%s", model_title(m.applied, Text{language()}).c_str());
    if (model_applied(m, app.scene)) {
        ImGui::TextWrapped(
            tr("Applied to the figures: layer %d, L = %s.", "已应用于图：第 %d 层，L = %s。"),
            m.layer, grouped(app.scene.seq_len).c_str());
    } else {
        red_wrapped(tr("Not applied: the figures now use other parameters.",
                       "未应用：图现在使用的是其他参数。"));
        if (ImGui::Button(tr("Apply the model again", "重新应用模型"))) {
            load_model_into(app, m.choice);
            return;
        }
    }
    layer_picker(app, m);
    if (!app.files.model) return;
    const LoadedModel& shown = *app.files.model;
    // The lengths worth drawing this model at, one click away (the extrapolation figure marks
    // the training length).
    std::vector<std::pair<int, std::string>> marks;
    const int trained = shown.model.training_length, most = shown.model.max_position_embeddings;
    if (trained > 0) marks.push_back({trained, tr("L = training length ", "L = 训练长度 ")});
    if (most > 0 && most != trained)
        marks.push_back({most, tr("L = max positions ", "L = 最大位置数 ")});
    for (const auto& [length, name] : marks) {
        const int l = std::clamp(length, 2, limits::kMaxSeqLen);
        const std::string label = name + grouped(l);
        if (ImGui::SmallButton(label.c_str())) app.scene.seq_len = l;
        ImGui::SameLine();
        if (ImGui::GetCursorPosX() + ImGui::CalcTextSize(label.c_str()).x >
            ImGui::GetContentRegionMax().x)
            ImGui::NewLine();
    }
    ImGui::NewLine();
    // In the window's language; the layer the figures show is said above, and the picker
    // offers the others (the command line's note on --layer is left out).
    std::string description;
    if (shown.model.layers[size_t(shown.layer)].kind == PositionKind::NoPE)
        description = tr("This layer has no positional encoding: the figures show NoPE.\n",
                         "这一层没有位置编码：图显示的是 NoPE。\n");
    description += describe_model_text(
        shown.model, {.analyses = true, .layer_options = false, .text = Text{language()}});
    ImGui::BeginChild("##model_description", ImVec2(0, 10 * ImGui::GetTextLineHeightWithSpacing()),
                      true);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(description.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
}

}  // namespace

void forget_stale_model(App& app) {
    // The figures' subtitles name the model while scene.model_name does: not past a change.
    if (app.files.model && !model_applied(*app.files.model, app.scene) &&
        app.scene.model_name == app.files.model->applied.model_name) {
        app.scene.model_name.clear();
        app.scene.model_type_assumed = false;
    }
}

std::string window_encoding_title(const std::string& name) {
    return encoding_title(name, Text{language()});
}

bool int_slider(const char* label, int& value, int lo, int hi, bool logarithmic) {
    // ImGui asserts on a range wider than INT_MAX / 2; the limits keep every range far below.
    return ImGui::SliderInt(
        label, &value, lo, hi, "%d",
        ImGuiSliderFlags_AlwaysClamp | (logarithmic ? ImGuiSliderFlags_Logarithmic : 0));
}

bool seq_len_slider(const char* label, Scene& s, int max, LengthNote& note) {
    // The one L control being typed into, in place of its slider. Decision: our own text field
    // rather than ImGui's Ctrl+click input, which clamps silently and drops text it cannot read.
    struct Typing {
        ImGuiID id = 0;
        std::string text;
        int frames = 0;
    };
    static Typing typing;
    max = std::min(max, limits::kMaxSeqLen);
    // With a sentence, L is its token count: shown here, set by the sentence.
    ImGui::BeginDisabled(s.content == "sentence");
    const ImGuiID id = ImGui::GetID(label);
    // Ctrl+click on the slider opens the field in its place on the same frame, where the click
    // activates it: keys typed right after land in it even when frames come slowly (a long map
    // computing on every core).
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 end(at.x + ImGui::CalcItemWidth(), at.y + ImGui::GetFrameHeight());
    const bool clicked = ImGui::GetIO().KeyCtrl && ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
                         ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(at, end);
    if (typing.id != id && clicked && s.content != "sentence")
        typing = {id, std::to_string(s.seq_len), 0};
    bool changed = false;
    if (typing.id == id) {
        if (typing.frames++ == 0 && !clicked) ImGui::SetKeyboardFocusHere();
        const bool entered = ImGui::InputText(
            label, &typing.text,
            ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
        // Focus lands a frame later; a field never activated (the window lost focus) ends too.
        if (entered || ImGui::IsItemDeactivated() ||
            (typing.frames > 3 && !ImGui::IsItemActive())) {
            const TypedLength typed = parse_typed_length(typing.text, s.seq_len, max, language());
            if (typed.value) {
                changed = *typed.value != s.seq_len;
                s.seq_len = *typed.value;
            }
            note = {typed.message, s.seq_len};
            typing = {};
        }
    } else {
        changed = ImGui::SliderInt(label, &s.seq_len, k_min_seq_len, max, "%d",
                                   ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput);
        if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
            ImGui::SetTooltip(tr("Drag, or Ctrl+click to type a length (2 to %s here)",
                                 "拖动，或按住 Ctrl 单击后输入长度（此处为 2 至 %s）"),
                              grouped(max).c_str());
        }
    }
    ImGui::EndDisabled();
    return changed;
}

void show_length_note(const LengthNote& note, const Scene& s) {
    if (note.text.empty() || note.seq_len != s.seq_len) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.65f, 0.30f, 1.0f));
    ImGui::TextWrapped("%s", note.text.c_str());
    ImGui::PopStyleColor();
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
    if (ImGui::BeginCombo(label, window_encoding_title(encoding).c_str())) {
        for (const std::string& name : encoding_names())
            if (ImGui::Selectable(window_encoding_title(name).c_str(), name == encoding)) {
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
        preview += (preview.empty() ? "" : ", ") + window_encoding_title(e);
    bool changed = false;
    if (ImGui::BeginCombo(label, preview.c_str())) {
        for (const std::string& name : choices.empty() ? encoding_names() : choices) {
            auto it = std::find(encodings.begin(), encodings.end(), name);
            bool on = it != encodings.end() || (encodings.empty() && name == fallback);
            if (ImGui::Checkbox(window_encoding_title(name).c_str(), &on)) {
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
    seq_len_slider("##L", s, limits::kMaxSeqLen, app.scene_length_note);
    show_length_note(app.scene_length_note, s);
    row(tr("dims D", "维度 D"));
    dim_slider("##D", s);
    row(tr("base", "基数"));
    base_slider("##base", s);
    row(tr("dims shown", "显示的维度"));
    std::string dims = dims_text(s.dims);
    if (ImGui::InputText("##dims", &dims)) parse_dims(dims, s.dim, s.dims);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr("Dimensions for the curves and the rotation, e.g. 2, 6, 12 (at most "
                             "%d, each below D)",
                             "曲线与旋转视图显示的维度，例如 2, 6, 12（至多 %d 个，均小于 D）"),
                          limits::kMaxDimsShown);

    model_section(app);

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

    section(name_then(window_encoding_title(s.encoding), tr(" parameters", " 参数")).c_str());
    encoding_parameters(app);
}

}  // namespace posviz::gui
