#!/usr/bin/env python3
"""Reference numbers for tests/test_rope_scaling.cpp and tests/test_hf_config.cpp.

A transliteration of Hugging Face transformers' src/transformers/modeling_rope_utils.py
(4.55+: yarn with `truncate`, original_max_position_embeddings read from rope_scaling) into
NumPy float64, written independently of the C++ code (transformers itself is not installed here
and computes in float32; the C++ side computes in double). Run with /usr/bin/python3 (Debian's
python3-numpy); the tests paste its output as constants.
"""
import json
import math
import os

import numpy as np


def default_inv_freq(base, dim):
    return 1.0 / (base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim))


def _compute_dynamic_ntk_parameters(base, dim, max_position_embeddings, factor, seq_len):
    seq_len = max(seq_len, max_position_embeddings)
    base = base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2))
    return default_inv_freq(base, dim), 1.0


def _compute_yarn_parameters(base, dim, max_position_embeddings, rope_scaling):
    factor = rope_scaling["factor"]
    attention_factor = rope_scaling.get("attention_factor")
    mscale = rope_scaling.get("mscale")
    mscale_all_dim = rope_scaling.get("mscale_all_dim")
    original_max_position_embeddings = (
        rope_scaling.get("original_max_position_embeddings") or max_position_embeddings
    )

    def get_mscale(scale, mscale=1):
        if scale <= 1:
            return 1.0
        return 0.1 * mscale * math.log(scale) + 1.0

    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)

    beta_fast = rope_scaling.get("beta_fast") or 32
    beta_slow = rope_scaling.get("beta_slow") or 1

    def find_correction_dim(num_rotations, dim, base, max_position_embeddings):
        return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

    def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):
        low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
        high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
        if truncate:
            low = math.floor(low)
            high = math.ceil(high)
        return max(low, 0), min(high, dim - 1)

    def linear_ramp_factor(min, max, dim):
        if min == max:
            max += 0.001
        linear_func = (np.arange(dim, dtype=np.float64) - min) / (max - min)
        return np.clip(linear_func, 0, 1)

    pos_freqs = base ** (np.arange(0, dim, 2).astype(np.float64) / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)
    truncate = rope_scaling.get("truncate", True)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)
    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2)
    inv_freq = (
        inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
        + inv_freq_extrapolation * inv_freq_extrapolation_factor
    )
    return inv_freq, attention_factor


def _compute_llama3_parameters(base, dim, rope_scaling):
    inv_freq = default_inv_freq(base, dim)
    factor = rope_scaling["factor"]
    low_freq_factor = rope_scaling["low_freq_factor"]
    high_freq_factor = rope_scaling["high_freq_factor"]
    old_context_len = rope_scaling["original_max_position_embeddings"]
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = np.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    return np.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama), 1.0


def _compute_longrope_parameters(base, dim, config, seq_len):
    rope_scaling = config["rope_scaling"]
    long_factor = rope_scaling["long_factor"]
    short_factor = rope_scaling["short_factor"]
    factor = rope_scaling.get("factor")
    attention_factor = rope_scaling.get("attention_factor")
    if "original_max_position_embeddings" in config:
        original_max_position_embeddings = config["original_max_position_embeddings"]
        factor = config["max_position_embeddings"] / config["original_max_position_embeddings"]
    else:
        original_max_position_embeddings = config["max_position_embeddings"]
    if attention_factor is None:
        if factor <= 1.0:
            attention_factor = 1.0
        else:
            attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_position_embeddings))
    if seq_len and seq_len > original_max_position_embeddings:
        ext_factors = np.array(long_factor, dtype=np.float64)
    else:
        ext_factors = np.array(short_factor, dtype=np.float64)
    inv_freq_shape = np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim
    return 1.0 / (ext_factors * base**inv_freq_shape), attention_factor


def show(name, values, attention=None):
    print(f"// {name}")
    print("{" + ", ".join(repr(float(v)) for v in values) + "}")
    if attention is not None:
        print(f"// attention factor: {attention!r}")


if __name__ == "__main__":
    inv, att = _compute_yarn_parameters(10000.0, 64, 4096, {"factor": 4.0, "original_max_position_embeddings": 2048})
    show("yarn base 1e4 dim 64 factor 4 original 2048, truncate", inv, att)
    inv, att = _compute_yarn_parameters(
        10000.0, 64, 163840,
        {"factor": 40.0, "original_max_position_embeddings": 4096, "beta_fast": 32, "beta_slow": 1,
         "mscale": 0.707, "mscale_all_dim": 1.0, "truncate": False})
    show("yarn base 1e4 dim 64 factor 40 original 4096 mscale 0.707/1.0, no truncate", inv, att)
    inv, att = _compute_yarn_parameters(500000.0, 16, 8192, {"factor": 2.0})
    show("yarn base 5e5 dim 16 factor 2, original = max_position_embeddings 8192", inv, att)

    llama = {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
             "original_max_position_embeddings": 8192}
    inv, att = _compute_llama3_parameters(500000.0, 128, llama)
    show("llama3 Llama-3.1-8B (base 5e5 dim 128)", inv, att)

    inv, att = _compute_dynamic_ntk_parameters(10000.0, 128, 4096, 2.0, 8192)
    show("dynamic base 1e4 dim 128 factor 2 max_pos 4096 seq_len 8192", inv[[0, 1, 32, 63]], att)

    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "../data/hf-configs/phi-3.5-mini-instruct.json")) as f:
        phi = json.load(f)
    for seq_len in (4096, 4097):
        inv, att = _compute_longrope_parameters(10000.0, 96, phi, seq_len)
        show(f"longrope Phi-3.5-mini seq_len {seq_len} (indices 0, 1, 20, 47)", inv[[0, 1, 20, 47]], att)
