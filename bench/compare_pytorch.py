#!/usr/bin/env python3
"""RoPE attention logits, posviz's CPU path against PyTorch on the CPU, in the same run.

For each L in {512, 1024, 2048, 4096} and D in {64, 128}: runs `posviz bench scores --encoding
rope --content random` (median of N runs, reported by the binary itself as median_ms=...) and the
same computation in PyTorch — random q, k (L x D), interleaved RoPE rotation with angles formed in
float64, then q·kᵀ/sqrt(D) — and prints both times and the ratio posviz/PyTorch (< 1: posviz is
faster). posviz computes in float64, so the like-for-like PyTorch figure is float64; float32 is
printed beside it for reference. Peak memory of the posviz process (ru_maxrss) is printed as what the computation
added to the process's resident set (peak minus the RSS at start) against the L×L float64 output.

Run with Debian's python3 (python3-torch) and libopenblas0-pthread, with OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE unset for this command only, e.g.:
  env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 bench/compare_pytorch.py build/app/posviz
"""
import math
import os
import subprocess
import sys
import time

import torch


def posviz_median_ms(binary, seq_len, dim, repeat):
    out = subprocess.run([binary, "bench", "scores", "--encoding", "rope", "--content", "random",
                          "--seq-len", str(seq_len), "--dim", str(dim), "--repeat", str(repeat)],
                         check=True, capture_output=True, text=True).stdout
    lines = out.strip().splitlines()
    assert lines[-1].startswith("median_ms="), out
    # posviz reports its own RSS: the parent's ru_maxrss for children would count the forked copy of
    # this Python process (with torch loaded) before exec.
    rss = dict(field.split("=") for field in lines[-2].split())
    extra_bytes = (int(rss["peak_rss_kib"]) - int(rss["baseline_rss_kib"])) * 1024
    return float(lines[-1].split("=")[1]), extra_bytes


def torch_median_ms(seq_len, dim, dtype, repeat):
    q = torch.randn(seq_len, dim, dtype=dtype)
    k = torch.randn(seq_len, dim, dtype=dtype)

    def rope_scores():
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
        angles = torch.outer(torch.arange(seq_len, dtype=torch.float64), inv_freq)
        cos, sin = angles.cos().to(dtype), angles.sin().to(dtype)

        def rotate(x):  # pairs (2i, 2i+1), RoFormer eq. 34
            out = torch.empty_like(x)
            out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
            out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
            return out

        return (rotate(q) * (1.0 / math.sqrt(dim))) @ rotate(k).T

    rope_scores()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        rope_scores()
        times.append((time.perf_counter() - start) * 1000.0)
    return sorted(times)[len(times) // 2]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "build/app/posviz"
    repeat = int(os.environ.get("POSVIZ_BENCH_REPEAT", "7"))
    torch.set_num_threads(os.cpu_count())
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()} "
          "(Debian's torch calls the system BLAS, OpenBLAS pthread when libopenblas0-pthread is installed)")
    print(f"{'L':>5} {'D':>4} {'posviz_ms':>10} {'torch64_ms':>10} {'ratio64':>8} "
          f"{'torch32_ms':>10} {'ratio32':>8} {'extra_MiB':>9} {'extra/LxL':>9}")
    for seq_len in (512, 1024, 2048, 4096):
        for dim in (64, 128):
            ours, peak = posviz_median_ms(binary, seq_len, dim, repeat)
            t64 = torch_median_ms(seq_len, dim, torch.float64, repeat)
            t32 = torch_median_ms(seq_len, dim, torch.float32, repeat)
            output = seq_len * seq_len * 8
            print(f"{seq_len:>5} {dim:>4} {ours:>10.2f} {t64:>10.2f} {ours / t64:>8.2f} "
                  f"{t32:>10.2f} {ours / t32:>8.2f} {peak / 2**20:>9.1f} {peak / output:>9.2f}")


if __name__ == "__main__":
    main()
