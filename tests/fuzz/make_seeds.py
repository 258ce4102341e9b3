#!/usr/bin/env python3
"""Writes the fuzzers' own seeds, tests/fuzz/seeds/<reader>/: small valid files of each format,
one per variant the reader distinguishes (dtype, format version, optional blocks). Standard library
only, so the bytes are spelled out here rather than by NumPy; run it again after changing it.
config.json and preset seeds also come from tests/data/hf-configs and assets/presets
(run_fuzzers.sh passes those folders too)."""

import json
import pathlib
import struct

SEEDS = pathlib.Path(__file__).resolve().parent / "seeds"


def write(reader, name, data):
    folder = SEEDS / reader
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data.encode() if isinstance(data, str) else data)


def npy(descr, shape, values, version=1):
    """NumPy format.py's layout: magic, version, header length, dict padded to 64 bytes."""
    fmt = {"<f8": "d", "<f4": "f", "<f2": "e", "<i4": "i", "<i8": "q"}[descr]
    shape_text = "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    prefix = 10 if version == 1 else 12
    header += " " * ((64 - (prefix + len(header) + 1) % 64) % 64) + "\n"
    length = struct.pack("<H" if version == 1 else "<I", len(header))
    return (b"\x93NUMPY" + bytes([version, 0]) + length + header.encode("latin1") +
            struct.pack("<%d%s" % (len(values), fmt), *values))


def safetensors(tensors, metadata=None):
    """tensors: name -> (dtype, shape, raw bytes), laid out in the data buffer in name order."""
    header, data = {}, b""
    for name, (dtype, shape, raw) in tensors.items():
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata:
        header["__metadata__"] = metadata
    text = json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<Q", len(text)) + text + data


def bf16(values):  # the top half of each float32
    return b"".join(struct.pack("<f", v)[2:] for v in values)


def main():
    v6 = [0.5, -1.0, 2.25, 0.0, 3.5, -0.125]
    write("npy", "f8_2x3.npy", npy("<f8", (2, 3), v6))
    write("npy", "f4_3x2.npy", npy("<f4", (3, 2), v6))
    write("npy", "f2_2x2.npy", npy("<f2", (2, 2), v6[:4]))
    write("npy", "i4_2x2.npy", npy("<i4", (2, 2), [1, -2, 3, 4]))
    write("npy", "i8_3x1.npy", npy("<i8", (3, 1), [7, 8, -9]))
    write("npy", "v2_f8_1x2.npy", npy("<f8", (1, 2), v6[:2], version=2))
    write("npy", "f8_0x4.npy", npy("<f8", (0, 4), []))

    table = [0.1 * i for i in range(12)]
    write("safetensors", "f32.safetensors", safetensors({
        "wpe.weight": ("F32", [4, 3], struct.pack("<12f", *table)),
        "wte.weight": ("F32", [2, 3], struct.pack("<6f", *table[:6]))}, {"format": "pt"}))
    write("safetensors", "f64.safetensors",
          safetensors({"wpe.weight": ("F64", [3, 4], struct.pack("<12d", *table))}))
    write("safetensors", "f16.safetensors",
          safetensors({"wpe.weight": ("F16", [2, 2], struct.pack("<4e", *table[:4]))}))
    write("safetensors", "bf16.safetensors",
          safetensors({"wpe.weight": ("BF16", [2, 3], bf16(table[:6]))}))

    index = {"metadata": {"total_size": 96},
             "weight_map": {"wpe.weight": "model-00001-of-00002.safetensors",
                            "wte.weight": "model-00002-of-00002.safetensors"}}
    write("safetensors_index", "model.safetensors.index.json", json.dumps(index, indent=2) + "\n")

    configs = {
        "neox.json": {"model_type": "gpt_neox", "hidden_size": 2048, "num_attention_heads": 16,
                      "rotary_pct": 0.25, "rotary_emb_base": 10000, "max_position_embeddings": 2048},
        "yarn.json": {"model_type": "qwen2", "hidden_size": 3584, "num_attention_heads": 28,
                      "rope_theta": 1000000.0, "max_position_embeddings": 32768,
                      "rope_scaling": {"type": "yarn", "factor": 4.0, "beta_fast": 32,
                                       "beta_slow": 1, "mscale": 1.0, "truncate": False,
                                       "original_max_position_embeddings": 32768}},
        "dynamic.json": {"model_type": "llama", "head_dim": 128, "rope_theta": 10000,
                         "max_position_embeddings": 4096,
                         "rope_scaling": {"rope_type": "dynamic", "factor": 2.0}},
        "linear.json": {"model_type": "mistral", "hidden_size": 4096, "num_attention_heads": 32,
                        "rope_scaling": {"rope_type": "linear", "type": "linear", "factor": 2}},
        "rope_parameters.json": {"model_type": "llama", "hidden_size": 4096,
                                 "num_attention_heads": 32, "max_position_embeddings": 131072,
                                 "rope_parameters": {"rope_type": "llama3", "rope_theta": 500000.0,
                                                     "factor": 8.0, "low_freq_factor": 1.0,
                                                     "high_freq_factor": 4.0,
                                                     "original_max_position_embeddings": 8192}},
        "falcon_alibi.json": {"model_type": "falcon", "alibi": True, "hidden_size": 4544,
                              "num_attention_heads": 71},
        "bert_relative.json": {"model_type": "bert", "max_position_embeddings": 512,
                               "position_embedding_type": "relative_key_query"},
        "custom_rope.json": {"model_type": "my_decoder", "hidden_size": 64,
                             "num_attention_heads": 4, "rope_theta": 500, "head_dim": None},
    }
    for name, config in configs.items():
        write("hf_config", name, json.dumps(config, indent=2) + "\n")

    scene = {"figure": "scores", "encoding": "rope", "seq_len": 128, "dim": 64, "base": 10000.0,
             "sinusoidal_layout": "interleaved", "rope_style": "half", "rotary_fraction": 0.5,
             "queries_path": "", "keys_path": "", "content": "random", "seed": 7,
             "table_path": "", "table_tensor": "wpe.weight", "rel_table_path": "", "shaw_clip": 0,
             "heads": 8, "head": 0, "num_buckets": 32, "max_distance": 128, "bidirectional": False,
             "kerple_kind": "log", "kerple_r1": 1.0, "kerple_r2": 1.0, "xpos_gamma": 0.4,
             "xpos_scale_base": 512.0, "softmax": True, "causal": True, "dims": [2, 6, 12],
             "compare": ["rope", "alibi"], "max_bytes": 2147483648, "resolution": 2048,
             "rope_scaling": {"type": "yarn", "factor": 4.0, "max_position_embeddings": 8192,
                              "original_max_position_embeddings": 2048, "beta_fast": 32.0,
                              "beta_slow": 1.0, "truncate": True, "mscale": None,
                              "mscale_all_dim": None, "attention_factor": None,
                              "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                              "short_factor": [1.0, 1.5], "long_factor": [2.0, 3.0]}}
    write("scene", "every_key.json", json.dumps(scene, indent=2) + "\n")
    write("scene", "empty.json", "{}\n")
    write("scene", "t5.json", '{"encoding": "t5", "figure": "buckets", "bidirectional": true}\n')

    views = {"wavelengths": {"open": True, "compare": ["rope"]}, "matrices": {},
             "attention": {"compare": ["rope", "alibi"]}, "bias": {"open": False},
             "rotation": {"playing": True, "speed": 2.5, "position": 3},
             "decay": {"compare": ["rope"], "log_x": True}, "permutation": {}, "terms": {},
             "figure": {"figure": "pca"}}
    preset = {"title": {"en": "Every view", "zh": "所有视图"}, "note": {"en": "a seed"},
              "scene": {"encoding": "alibi", "seq_len": 32, "heads": 4}, "views": views}
    write("preset", "every_view.json", json.dumps(preset, indent=2, ensure_ascii=False) + "\n")
    write("preset", "empty.json", "{}\n")

    settings = {"x": 10, "y": 20, "width": 1280, "height": 720, "lang": "zh", "theme": "light",
                "backend": "gpu", "step": 3, "last": preset}
    write("settings", "every_key.json", json.dumps(settings, indent=2, ensure_ascii=False) + "\n")
    write("settings", "empty.json", "{}\n")


if __name__ == "__main__":
    main()
