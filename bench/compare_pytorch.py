#!/usr/bin/env python3
"""RoPE attention logits, posviz's CPU path against PyTorch on the CPU, in the same run.

For each L in {512, 1024, 2048, 4096} and D in {64, 128}: runs `posviz bench scores --encoding
rope --content random` (median of N runs, reported by the binary itself as median_ms=...) and the
same computation in PyTorch — random q, k (L x D), interleaved RoPE rotation with angles formed in
float64, then q·kᵀ/sqrt(D) — and prints both times and the ratio posviz/PyTorch (< 1: posviz is
faster). posviz computes in float64, so the like-for-like PyTorch figure is float64; float32 is
printed beside it for reference. Peak memory of the posviz process (ru_maxrss) is printed as what the computation
added to the process's resident set (peak minus the RSS at start) against the L×L float64 output.

With --long it then times the scores *picture* for L in {1024, 4096, 16384, 65536} on posviz's CPU
path, its GPU path (`posviz bench scores --picture --backend gpu`: for L > 2048 the GPU reduces the
map to 2048² texels of max |logit| without an L×L matrix) and PyTorch doing the same reduction in
row tiles, with peak RSS and the GPU buffer bytes posviz reports (POSVIZ_BENCH_LONG_LENGTHS=1024,4096
chooses the lengths; on Mesa's llvmpipe one 65536² picture takes 5 (D = 64) to 11 (D = 128) minutes, and
POSVIZ_BENCH_GPU_MAX_LENGTH=16384 leaves the GPU out above that length).

With --cuda PyTorch computes the long pictures on CUDA (synchronised before each clock reading),
the like-for-like partner of posviz's GPU path on a machine with an NVIDIA GPU; POSVIZ_BENCH_SKIP_DENSE=1
leaves out the first (CPU, float64) table.

Run with Debian's python3 (python3-torch) and libopenblas0-pthread, with OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE unset for this command only, e.g.:
  env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 bench/compare_pytorch.py build/app/posviz [--long]
"""
import math
import os
import re
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


def rope_rotated(q, k, dtype):
    """q and k rotated at positions 0..L-1, pairs (2i, 2i+1) as in RoFormer eq. 34, with angles
    formed in float64 and then cast to dtype; q also carries 1/sqrt(D)."""
    seq_len, dim = q.shape
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, dim, 2, dtype=torch.float64, device=q.device) / dim))
    angles = torch.outer(torch.arange(seq_len, dtype=torch.float64, device=q.device), inv_freq)
    cos, sin = angles.cos().to(dtype), angles.sin().to(dtype)

    def rotate(x):
        out = torch.empty_like(x)
        out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
        out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
        return out

    return rotate(q) * (1.0 / math.sqrt(dim)), rotate(k)


def median_ms(compute, repeat):
    compute()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        compute()
        times.append((time.perf_counter() - start) * 1000.0)
    return sorted(times)[len(times) // 2]


def torch_median_ms(seq_len, dim, dtype, repeat):
    q = torch.randn(seq_len, dim, dtype=dtype)
    k = torch.randn(seq_len, dim, dtype=dtype)

    def rope_scores():
        rq, rk = rope_rotated(q, k, dtype)
        return rq @ rk.T

    return median_ms(rope_scores, repeat)


def posviz_picture(binary, seq_len, dim, backend, repeat):
    """The scores figure as a picture shows it (reduced to 2048² texels when L > 2048): median ms,
    extra peak RSS in bytes, and the GPU buffer bytes the GPU path reports; None when posviz
    refuses (the CPU's dense matrix over --max-bytes)."""
    run = subprocess.run([binary, "bench", "scores", "--picture", "--backend", backend,
                          "--encoding", "rope", "--content", "random", "--seq-len", str(seq_len),
                          "--dim", str(dim), "--repeat", str(repeat)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return None
    lines = run.stdout.strip().splitlines()
    rss = dict(field.split("=") for field in lines[-2].split())
    extra = (int(rss["peak_rss_kib"]) - int(rss["baseline_rss_kib"])) * 1024
    buffers = re.findall(r"([0-9.]+) MiB of GPU buffers", run.stderr)
    gpu_bytes = float(buffers[-1]) * 2**20 if buffers else 0.0
    if backend == "gpu" and "computed on the GPU" not in run.stderr:
        return None
    return float(lines[-1].split("=")[1]), extra, gpu_bytes


def torch_picture_ms(seq_len, dim, repeat, device, resolution=2048):
    """The same picture in PyTorch (float32, every core or the GPU): RoPE, then q·kᵀ/sqrt(D) in row
    tiles of at most 256 MiB reduced to the max |logit| of each (L/R)² block, never the whole L×L
    matrix."""
    size = min(resolution, seq_len)
    span = seq_len // size
    q = torch.randn(seq_len, dim, dtype=torch.float32, device=device)
    k = torch.randn(seq_len, dim, dtype=torch.float32, device=device)
    tile_rows = max(span, min(seq_len, (2**26 // seq_len) // span * span))

    def picture():
        rq, rk = rope_rotated(q, k, torch.float32)
        out = torch.empty(size, size, device=device)
        for first in range(0, seq_len, tile_rows):
            tile = (rq[first:first + tile_rows] @ rk.T).abs()
            rows = tile.shape[0] // span
            out[first // span:first // span + rows] = \
                tile.view(rows, span, size, span).amax(dim=(1, 3))
        if device == "cuda":
            torch.cuda.synchronize()
        return out

    return median_ms(picture, repeat)


def long_sequences(binary, device):
    """Issue 'GPU compute': CPU and GPU paths side by side for long L, with PyTorch's figure."""
    print("\nLong sequences: the scores picture (RoPE, random q, k; reduced to 2048² texels of max |logit| "
          f"when L > 2048); PyTorch on {device}.\nWhere the GPU is Mesa's llvmpipe, a software rasteriser "
          "on these CPU cores, its times say nothing about a real GPU.")
    print(f"{'L':>6} {'D':>4} {'cpu_ms':>9} {'cpu_MiB':>8} {'gpu_ms':>9} {'gpu_MiB':>8} "
          f"{'gpu_buf_MiB':>11} {'torch_ms':>9} {'cpu/torch':>9} {'gpu/torch':>9}")
    lengths = os.environ.get("POSVIZ_BENCH_LONG_LENGTHS", "1024,4096,16384,65536")
    # On llvmpipe an L = 65536 picture takes 5-11 minutes: POSVIZ_BENCH_GPU_MAX_LENGTH=16384
    # leaves the GPU column of longer sequences empty.
    gpu_max_length = int(os.environ.get("POSVIZ_BENCH_GPU_MAX_LENGTH", "1000000000"))
    for seq_len in (int(n) for n in lengths.split(",")):
        for dim in (64, 128):
            repeat = 3 if seq_len <= 4096 else 1
            cpu = posviz_picture(binary, seq_len, dim, "cpu", repeat)
            gpu = (posviz_picture(binary, seq_len, dim, "gpu", repeat)
                   if seq_len <= gpu_max_length else None)
            ours_torch = torch_picture_ms(seq_len, dim, repeat, device)

            def cells(result):
                if result is None:
                    return f"{'n/a':>9} {'':>8}"
                return f"{result[0]:>9.0f} {result[1] / 2**20:>8.0f}"
            print(f"{seq_len:>6} {dim:>4} {cells(cpu)} {cells(gpu)} "
                  f"{(gpu[2] / 2**20 if gpu else 0):>11.1f} {ours_torch:>9.0f} "
                  f"{(cpu[0] / ours_torch if cpu else float('nan')):>9.2f} "
                  f"{(gpu[0] / ours_torch if gpu else float('nan')):>9.2f}", flush=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    binary = args[0] if args else "build/app/posviz"
    repeat = int(os.environ.get("POSVIZ_BENCH_REPEAT", "7"))
    torch.set_num_threads(os.cpu_count())
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()} "
          "(Debian's torch calls the system BLAS, OpenBLAS pthread when libopenblas0-pthread is installed)")
    print(f"{'L':>5} {'D':>4} {'posviz_ms':>10} {'torch64_ms':>10} {'ratio64':>8} "
          f"{'torch32_ms':>10} {'ratio32':>8} {'extra_MiB':>9} {'extra/LxL':>9}")
    dense_lengths = () if os.environ.get("POSVIZ_BENCH_SKIP_DENSE") == "1" else (512, 1024, 2048, 4096)
    for seq_len in dense_lengths:
        for dim in (64, 128):
            ours, peak = posviz_median_ms(binary, seq_len, dim, repeat)
            t64 = torch_median_ms(seq_len, dim, torch.float64, repeat)
            t32 = torch_median_ms(seq_len, dim, torch.float32, repeat)
            output = seq_len * seq_len * 8
            print(f"{seq_len:>5} {dim:>4} {ours:>10.2f} {t64:>10.2f} {ours / t64:>8.2f} "
                  f"{t32:>10.2f} {ours / t32:>8.2f} {peak / 2**20:>9.1f} {peak / output:>9.2f}")
    if "--long" in sys.argv:
        long_sequences(binary, "cuda" if "--cuda" in sys.argv and torch.cuda.is_available() else "cpu")


if __name__ == "__main__":
    main()
