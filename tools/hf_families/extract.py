#!/usr/bin/env python3
"""Derive posviz's table of transformers model families from transformers' own source.

Reads a transformers checkout (or a partial copy with the same layout,
src/transformers/models/<name>/configuration_<name>.py and modeling_<name>.py / modular_<name>.py)
with Python's ast module only: it never imports transformers or torch. For every config class with
a `model_type = "..."` class attribute it records

  * the defaults the class gives to position-related keys: __init__ keyword defaults (transformers
    4), class-level fields (transformers 5's @strict dataclass configs), the class attribute
    default_theta, and the legacy keys __post_init__ still reads from kwargs
    (kwargs.pop("rotary_pct", 0.25), kwargs.setdefault("partial_rotary_factor", 0.5), ...);
    a None default means "no default" and is left out; inherited from a base config class;
  * the positional scheme of its modeling code: rope, alibi, learned, t5 (relative buckets), or none
    (attention without positions: language models whose config has num_attention_heads);
  * the RoPE pair style of its apply_rotary_pos_emb: half (rotate_half on x[..., :d/2],
    x[..., d/2:]) or interleaved (x[..., ::2], rotate_every_two, view_as_complex, repeat_interleave
    of cos/sin), or unknown;
  * rope types its modeling code adds beyond modeling_rope_utils.ROPE_INIT_FUNCTIONS;
  * for learned tables, the config keys of nn.Embedding(config.<rows>, config.<dim>) and the
    attribute holding it;
  * the files read and their commits (COMMITS.tsv beside src/, "path<TAB>commit" lines, or the
    checkout's git HEAD).

It writes core/formats/hf_config/transformers_families.cpp (sorted by model_type, deterministic).
--check compares that file with what it would write and exits 1 when they differ.

Usage: python3 tools/hf_families/extract.py --transformers DIR [--out FILE] [--check]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUT = REPO / "core/formats/hf_config/transformers_families.cpp"

KEYS = {
    "rope_theta", "rope_parameters", "rope_scaling", "partial_rotary_factor", "rotary_pct",
    "rotary_dim", "rotary_emb_base", "head_dim", "hidden_size", "num_attention_heads",
    "num_hidden_layers", "max_position_embeddings", "n_positions", "n_embd", "n_head", "n_layer",
    "d_model", "sliding_window", "sliding_window_pattern", "max_window_layers",
    "use_sliding_window", "rope_local_base_freq", "local_rope_theta", "global_rope_theta",
    "global_attn_every_n_layers", "local_attention", "qk_rope_head_dim", "qk_nope_head_dim",
    "rope_interleave", "no_rope_layer_interval", "attention_chunk_size",
    "position_embedding_type", "alibi", "attn_layer_period", "attn_layer_offset",
    "attn_layer_indices", "hybrid_override_pattern", "relative_attention_num_buckets",
    "relative_attention_max_distance", "num_layers", "embedding_size", "max_seq_len",
}
LEARNED_ONLY_KEYS = {"pad_token_id"}  # RoBERTa-style tables count positions from padding_idx + 1
ROWS_KEYS = ("max_position_embeddings", "n_positions", "max_seq_len", "max_source_positions",
             "max_target_positions", "n_ctx")
SUB_CONFIG = re.compile(r"vision|audio|speech|visual|image|video|_vq|vqvae|perceiver_|depth_|"
                        r"backbone|codec|_encoder$|talker|token2wav|code2wav|projector")


@dataclass
class ConfigClass:
    name: str
    model_type: str | None
    bases: list[str]
    path: str  # relative to the checkout
    node: ast.ClassDef
    model_dir: str


@dataclass
class Row:
    model_type: str
    config_class: str
    defaults: dict
    default_theta: object
    kind: str
    style: str
    added_rope_types: list[str]
    table: tuple[str, str, str] | None
    config_source: str
    modeling_source: str
    files: list[str] = field(default_factory=list)


NOTHING = object()


def const_value(node: ast.AST):
    """ast.literal_eval, plus arithmetic on numeric constants (`4096 * 32`); NOTHING otherwise."""
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add, ast.Sub,
                                                            ast.FloorDiv, ast.Pow)):
        a, b = const_value(node.left), const_value(node.right)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) and \
                not isinstance(a, bool) and not isinstance(b, bool):
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.FloorDiv) and b:
                return a // b
            if isinstance(node.op, ast.Pow) and abs(b) < 64:
                return a ** b
    return NOTHING


def plain(value) -> bool:
    """A value JSON can hold as a config.json would."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return not (isinstance(value, float) and value != value)
    if isinstance(value, (list, tuple)):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


def field_default(node: ast.AST):
    """The default of a dataclass field: `x: int = 4`, `x = field(default=4)`,
    `interval(...)(default=0.02)`."""
    v = const_value(node)
    if v is not NOTHING:
        return v
    if isinstance(node, ast.Call):
        for kw in node.keywords:
            if kw.arg == "default":
                return const_value(kw.value)
    return NOTHING


def read_commits(root: Path) -> dict[str, str]:
    tsv = root / "COMMITS.tsv"
    commits: dict[str, str] = {}
    if tsv.is_file():
        for line in tsv.read_text().splitlines():
            if line.startswith("#") or "\t" not in line:
                continue
            path, commit = line.split("\t", 1)
            commits[path.strip()] = commit.strip()
        return commits
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        head = "unknown"
    return {"*": head}


def commit_of(commits: dict[str, str], path: str) -> str:
    return commits.get(path, commits.get("*", "unknown"))


def parse(path: Path) -> ast.Module | None:
    try:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return None


def base_names(cls: ast.ClassDef) -> list[str]:
    out = []
    for b in cls.bases:
        if isinstance(b, ast.Name):
            out.append(b.id)
        elif isinstance(b, ast.Attribute):
            out.append(b.attr)
    return out


def class_model_type(cls: ast.ClassDef) -> str | None:
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "model_type"
                                                for t in stmt.targets):
            v = const_value(stmt.value)
            return v if isinstance(v, str) and v else None
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                stmt.target.id == "model_type" and stmt.value is not None:
            v = const_value(stmt.value)
            return v if isinstance(v, str) and v else None
    return None


def theta_ref(node: ast.AST, default_theta):
    """self.default_theta, self.default_theta["local"]."""
    if isinstance(node, ast.Attribute) and node.attr == "default_theta":
        return default_theta if isinstance(default_theta, (int, float)) else NOTHING
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and \
            node.value.attr == "default_theta" and isinstance(default_theta, dict):
        key = const_value(node.slice)
        return default_theta.get(key, NOTHING) if isinstance(key, str) else NOTHING
    return NOTHING


def own_defaults(cls: ast.ClassDef, inherited: dict, inherited_theta, learned: bool):
    """The class's own defaults laid over its bases'."""
    keys = KEYS | (LEARNED_ONLY_KEYS if learned else set())
    d = dict(inherited)
    theta = inherited_theta
    for stmt in cls.body:
        target = None
        value = None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                isinstance(stmt.targets[0], ast.Name):
            target, value = stmt.targets[0].id, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            target, value = stmt.target.id, stmt.value
        if target == "default_theta" and value is not None:
            v = const_value(value)
            if v is not NOTHING:
                theta = v
        elif target in keys:
            v = NOTHING if value is None else field_default(value)
            if v is None:
                d.pop(target, None)
            elif v is not NOTHING and plain(v):
                d[target] = v
    # transformers 4: __init__(self, ..., key=default, ...)
    for fn in cls.body:
        if not isinstance(fn, ast.FunctionDef) or fn.name != "__init__":
            continue
        a = fn.args
        pos = a.posonlyargs + a.args
        pairs = list(zip(pos[len(pos) - len(a.defaults):], a.defaults)) + \
            [(k, v) for k, v in zip(a.kwonlyargs, a.kw_defaults) if v is not None]
        for arg, node in pairs:
            if arg.arg not in keys:
                continue
            v = const_value(node)
            if v is None:
                d.pop(arg.arg, None)
            elif v is not NOTHING and plain(v):
                d[arg.arg] = v
    # Legacy keys read from kwargs in __post_init__, __init__ or convert_rope_params_to_dict:
    # kwargs.pop("rotary_pct", 0.25), kwargs.get("sliding_window_pattern", 6),
    # kwargs.setdefault("partial_rotary_factor", 0.5), kwargs.pop("rope_local_base_freq",
    # self.default_theta["local"]).
    for fn in cls.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and
                    node.func.attr in ("pop", "get", "setdefault") and
                    isinstance(node.func.value, ast.Name) and node.func.value.id == "kwargs" and
                    len(node.args) == 2):
                continue
            key = const_value(node.args[0])
            if not isinstance(key, str) or key not in keys or key in d:
                continue
            v = const_value(node.args[1])
            if v is NOTHING:
                v = theta_ref(node.args[1], theta)
            if v is not NOTHING and v is not None and plain(v):
                d[key] = v
    return d, theta


# --- modeling code -------------------------------------------------------------------------

INTERLEAVED_MARKS = ("repeat_interleave", "view_as_complex", "rotate_every_two", "::2]",
                     "0::2]", "1::2]", "torch.polar")


@dataclass
class Modeling:
    path: str
    kinds: set
    style: str
    added: list
    table: tuple[str, str, str] | None
    imports: dict  # name -> model dir it is imported from
    attention: bool = False  # a class named *Attention


def functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


def segment(src: str, node: ast.AST) -> str:
    return ast.get_source_segment(src, node) or ""


def rotate_half_style(src: str, fn: ast.FunctionDef | None) -> str:
    if fn is None:
        return "unknown"
    body = segment(src, fn)
    if any(m in body for m in ("::2]", "0::2]", "1::2]", "stack((-x2, x1)", "stack([-x2, x1]")):
        return "interleaved"
    if "// 2]" in body or "// 2 :]" in body or "//2]" in body or ".chunk(2" in body:
        return "half"
    return "unknown"


def attention_interleaves(tree: ast.Module) -> bool:
    """An *Attention class calls apply_rotary_pos_emb_interleave unconditionally (DeepSeek V3.2's
    MLA), not under `if self.config.rope_interleave` (DeepSeek V3, whose config key decides)."""
    for cls in tree.body:
        if not (isinstance(cls, ast.ClassDef) and cls.name.endswith("Attention")):
            continue
        guarded = set()
        for node in ast.walk(cls):
            if isinstance(node, (ast.If, ast.IfExp)) and "interleave" in ast.unparse(node.test):
                guarded |= {id(n) for n in ast.walk(node)}
        for node in ast.walk(cls):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "apply_rotary_pos_emb_interleave" and id(node) not in guarded:
                return True
    return False


def style_of(src: str, tree: ast.Module, imports: dict, resolve) -> str:
    fns = functions(tree)
    if attention_interleaves(tree):
        return "interleaved"
    apply = None
    for name in ("apply_rotary_pos_emb", "apply_rotary_emb", "apply_rotary_pos_emb_vision",
                 "apply_rope", "apply_rotary_position_embeddings"):
        if name in fns and name != "apply_rotary_pos_emb_vision":
            apply = fns[name]
            break
    if apply is None:
        if "apply_rotary_pos_emb_interleave" in fns:  # DeepSeek's MLA layout, alone
            return "interleaved"
        if "apply_rotary_pos_emb" in imports:
            return resolve(imports["apply_rotary_pos_emb"])
        if "rotate_half" in fns:
            return rotate_half_style(src, fns["rotate_half"])
        if "rotate_every_two" in fns:
            return "interleaved"
        return "unknown"
    # The function and the module's functions it calls (gpt-oss's _apply_rotary_emb).
    body, seen, todo = "", set(), [apply]
    while todo and len(seen) < 6:
        fn = todo.pop()
        if fn.name in seen:
            continue
        seen.add(fn.name)
        body += segment(src, fn) + "\n"
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in fns and node.func.id != "rotate_half":
                todo.append(fns[node.func.id])
    if any(m in body for m in INTERLEAVED_MARKS):
        return "interleaved"
    if ".chunk(2" in body or "torch.chunk(" in body:
        return "half"
    if "rotate_half" in body:
        if "rotate_half" in fns:
            return rotate_half_style(src, fns["rotate_half"])
        if "rotate_half" in imports:
            return resolve(imports["rotate_half"])
    return "unknown"


def modeling_imports(tree: ast.Module) -> dict:
    out = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level >= 1:
            m = re.match(r"^\.?([A-Za-z0-9_]+)\.(modeling|modular)_\w+$", node.module)
            if m:
                for alias in node.names:
                    out[alias.asname or alias.name] = m.group(1)
    return out


def added_rope_types(tree: ast.Module, src: str, known: set) -> list:
    added = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts = [node.left] + node.comparators
            text = " ".join(ast.unparse(p) for p in parts)
            if "rope_type" not in text:
                continue
            for p in parts:
                v = const_value(p)
                vals = v if isinstance(v, (list, tuple, set)) else [v]
                for s in vals:
                    if isinstance(s, str) and s not in known and s != "default" and \
                            re.fullmatch(r"[a-z0-9_]+", s):
                        added.add(s)
    if re.search(r"rope_type\s*==\s*\"dynamic\"[^\n]*\"alpha\"", src):
        added.add("dynamic (alpha)")
        added.discard("dynamic")
    return sorted(added)


TABLE_RE = re.compile(
    r"self\.(\w+)\s*=\s*(?:nn\.Embedding|\w*Learned\w*Embedding\w*|\w*PositionalEmbedding)\(\s*"
    r"config\.(\w+)\s*(?:\+\s*\w+\s*)?,\s*((?:config|self)\.\w+)")


def read_modeling(root: Path, model_dir: str, known: set, cache: dict, depth: int = 0):
    if model_dir in cache:
        return cache[model_dir]
    cache[model_dir] = None  # cycles
    d = root / "src/transformers/models" / model_dir
    cands = [d / f"modeling_{model_dir}.py", d / f"modular_{model_dir}.py"]
    cands += sorted(p for p in d.glob("modeling_*.py")
                    if not p.name.startswith(("modeling_tf_", "modeling_flax_")))
    path = next((p for p in cands if p.is_file()), None)
    if path is None:
        return None
    src = path.read_text(encoding="utf-8")
    tree = parse(path)
    if tree is None:
        return None
    imports = modeling_imports(tree)

    def resolve(other: str) -> str:
        if depth > 4:
            return "unknown"
        m = read_modeling(root, other, known, cache, depth + 1)
        return m.style if m else "unknown"

    kinds = set()
    # RoPE only where something calls apply_rotary_*: NemotronH's modeling file defines
    # apply_rotary_pos_emb, but its attention never applies it.
    if any(isinstance(n, ast.Call) and re.fullmatch(r"_?apply\w*(rotary|rope)\w*", getattr(
            n.func, "id", getattr(n.func, "attr", ""))) for n in ast.walk(tree)):
        kinds.add("rope")
    if "_relative_position_bucket" in src:
        kinds.add("t5")
    if re.search(r"def (build_alibi_tensor|\w*alibi\w*)\(", src):
        kinds.add("alibi")
    table = None
    for m in TABLE_RE.finditer(src):
        if m.group(2) in ROWS_KEYS:
            dim = m.group(3)
            if dim.startswith("self."):  # self.embed_dim = config.hidden_size
                a = re.search(r"self\." + dim[5:] + r"\s*=\s*config\.(\w+)\s*$", src, re.M)
                dim = "config." + a.group(1) if a else ""
            if not dim.startswith("config."):
                continue
            table = (m.group(2), dim[7:], m.group(1) + ".weight")
            kinds.add("learned")
            break
    style = style_of(src, tree, imports, resolve) if "rope" in kinds else "unknown"
    # NoPE: a causal LM with attention whose code has no position embedding of any kind
    # (Jamba, Nemotron-H, Zamba); other models without the marks above may still have tables
    # this script does not recognise, and are left out.
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    attention = any(c.endswith("Attention") for c in classes) and \
        any(c.endswith("ForCausalLM") for c in classes) and \
        not re.search(r"position_embedding|pos_embed|relative_position|rel_pos|embed_positions|"
                      r"wpe\b|sinusoid", src)
    result = Modeling(str(path.relative_to(root)), kinds, style,
                      added_rope_types(tree, src, known), table, imports, attention)
    cache[model_dir] = result
    return result


def attribute_map(cls: ConfigClass, classes: dict) -> dict:
    for stmt in cls.node.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            t = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            if isinstance(t, ast.Name) and t.id == "attribute_map" and stmt.value is not None:
                v = const_value(stmt.value)
                return v if isinstance(v, dict) else {}
    for b in cls.bases:
        if b in classes:
            return attribute_map(classes[b], classes)
    return {}


def primary_kind(kinds: set) -> str:
    for k in ("rope", "t5", "alibi", "learned"):
        if k in kinds:
            return k
    return "none"


def known_rope_types(root: Path) -> set:
    path = root / "src/transformers/modeling_rope_utils.py"
    known = {"default"}
    tree = parse(path) if path.is_file() else None
    if tree is None:
        return known | {"linear", "dynamic", "yarn", "longrope", "llama3"}
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
        if isinstance(target, ast.Name) and target.id == "ROPE_INIT_FUNCTIONS" and \
                isinstance(node.value, ast.Dict):
            known |= {const_value(k) for k in node.value.keys if k is not None}
    return known


def extract(root: Path) -> tuple[list[Row], dict[str, str]]:
    models = root / "src/transformers/models"
    classes: dict[str, ConfigClass] = {}
    for path in sorted(models.glob("*/configuration_*.py")):
        tree = parse(path)
        if tree is None:
            continue
        rel = str(path.relative_to(root))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name not in classes:
                classes[node.name] = ConfigClass(node.name, class_model_type(node),
                                                 base_names(node), rel, node, path.parent.name)
    known = known_rope_types(root)
    cache: dict = {}
    resolved: dict[str, tuple[dict, object]] = {}

    def defaults_of(name: str, learned: bool, depth: int = 0):
        key = (name, learned)
        if key in resolved:
            return resolved[key]
        cls = classes[name]
        inherited, theta = {}, NOTHING
        for b in cls.bases:
            if b in classes and depth < 8:
                bd, bt = defaults_of(b, learned, depth + 1)
                inherited = {**inherited, **bd}
                if bt is not NOTHING:
                    theta = bt
        resolved[key] = own_defaults(cls.node, inherited, theta, learned)
        return resolved[key]

    rows: dict[str, Row] = {}
    for cls in sorted(classes.values(), key=lambda c: (c.path, c.name)):
        mt = cls.model_type
        if not mt or mt in rows or SUB_CONFIG.search(mt):
            continue
        modeling = read_modeling(root, cls.model_dir, known, cache)
        if modeling is None:
            continue
        kind = primary_kind(modeling.kinds)
        if kind == "none" and not modeling.attention:
            continue
        d, theta = defaults_of(cls.name, kind == "learned")
        d = dict(d)
        if isinstance(theta, (int, float)) and not isinstance(theta, bool) and \
                "rope_theta" not in d and "rotary_emb_base" not in d and kind == "rope":
            d["rope_theta"] = theta
        if kind != "rope" and not d:
            continue  # no position keys: a wrapper or a sub-model sharing the folder
        if kind == "none" and "num_attention_heads" not in d:
            continue  # attention without positions (NoPE): language models only
        table = modeling.table if kind == "learned" else None
        if table:  # the keys config.json writes (GPT2Config.attribute_map: n_positions)
            amap = attribute_map(cls, classes)
            table = (amap.get(table[0], table[0]), amap.get(table[1], table[1]), table[2])
        files = [cls.path] + ([modeling.path] if modeling else [])
        rows[mt] = Row(mt, cls.name, d, theta, kind, modeling.style if kind == "rope" else "none",
                       modeling.added if kind == "rope" else [], table, cls.path,
                       modeling.path if modeling else "", files)
    return [rows[k] for k in sorted(rows)], read_commits(root)


# --- output --------------------------------------------------------------------------------

KIND = {"none": "PositionKind::NoPE", "rope": "PositionKind::Rope", "alibi": "PositionKind::Alibi",
        "learned": "PositionKind::LearnedAbsolute", "t5": "PositionKind::T5RelativeBuckets"}
STYLE = {"half": "PairStyle::Half", "interleaved": "PairStyle::Interleaved",
         "unknown": "PairStyle::Unknown", "none": "PairStyle::Unknown"}


def c_string(s: str | None) -> str:
    if s is None:
        return "nullptr"
    return json.dumps(s, ensure_ascii=True)


def render(rows: list[Row], commits: dict[str, str]) -> str:
    used = sorted({commit_of(commits, f) for r in rows for f in r.files})
    out = [
        "// Generated by tools/hf_families/extract.py from transformers; do not edit: regenerate it",
        f"// (tools/hf_families/README.md). {len(rows)} model types, read at transformers commit"
        + ("s:" if len(used) > 1 else ":"),
    ] + [f"// {c}" for c in used] + [
        "// clang-format off",
        '#include "core/formats/hf_config/transformers_families.h"',
        "",
        "namespace posviz::hf {",
        "",
        "namespace {",
        "",
        "constexpr TransformersFamily kFamilies[] = {",
    ]
    for r in rows:
        defaults = json.dumps(r.defaults, sort_keys=True, ensure_ascii=True)
        table = r.table or (None, None, None)
        commit = sorted({commit_of(commits, f) for f in r.files})
        out.append(
            f"    {{{c_string(r.model_type)}, {c_string(r.config_class)},\n"
            f"     {c_string(defaults)},\n"
            f"     {KIND[r.kind]}, {STYLE[r.style]}, {c_string(','.join(r.added_rope_types))},\n"
            f"     {c_string(table[0])}, {c_string(table[1])}, {c_string(table[2])},\n"
            f"     {c_string(r.config_source)}, {c_string(r.modeling_source)}, "
            f"{c_string(commit[0][:12])}}},")
    out += [
        "};",
        "",
        "}  // namespace",
        "",
        "std::span<const TransformersFamily> transformers_families() { return kFamilies; }",
        "",
        "const char* transformers_commit() { return " + c_string(", ".join(used)) + "; }",
        "",
        "}  // namespace posviz::hf",
        "// clang-format on",
        "",
    ]
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--transformers", required=True, type=Path,
                    help="a transformers checkout (or a partial copy with its layout)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true",
                    help="compare --out with what would be written; exit 1 if they differ")
    ap.add_argument("--list", action="store_true", help="print a summary of the rows")
    args = ap.parse_args()
    root = args.transformers
    if not (root / "src/transformers/models").is_dir():
        print(f"{root}: no src/transformers/models", file=sys.stderr)
        return 2
    rows, commits = extract(root)
    text = render(rows, commits)
    if args.list:
        for r in rows:
            print(f"{r.model_type:32} {r.kind:8} {r.style:12} {','.join(r.added_rope_types):16} "
                  f"{json.dumps(r.defaults, sort_keys=True)}"
                  + (f" table={r.table}" if r.table else ""))
    if args.check:
        current = args.out.read_text() if args.out.is_file() else ""
        if current != text:
            print(f"{args.out} differs from what {sys.argv[0]} writes", file=sys.stderr)
            return 1
        return 0
    tmp = args.out.with_suffix(args.out.suffix + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
