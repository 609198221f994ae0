"""vitir's sharded ViT step on a host mesh beside JAX's jitted step with the same shardings.

    python benchmarks/bench_sharding.py [--steps 5] [--warmup 1] [--mesh data=2,model=2] [--small] [--depth N]

ViT-S/16 (width 384, depth 12, 6 heads, MLP 1536, 224 px, batch 32) by default. Both steps are
the same scheduled AdamW step over the whole batch, sharded alike: the batch over "data",
Megatron's split of the blocks' weights over "model" (vitir.lower.sharding), every other value
whole on each device; XLA's partitioner (Shardy) partitions both. For each step, and for each on
one device, the script prints the step time (median, calls alternated step by step) and, per
device, from XLA's compiled memory statistics: the parameters' bytes (the entry parameters of the
partitioned program that are parameters of the model), all argument bytes, and the temporary
(activation) bytes, with their ratio to one device. Tensor parallelism over model=2 halves the
blocks' weights on each device.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import jax  # noqa: E402
import numpy as np  # noqa: E402

from bench_step import alternate, jax_step_fn, scalars, state_and_batches  # noqa: E402
from tests.gradcheck import jax_reference as ref  # noqa: E402
from vitir.backend import compile_module, ensure_host_devices  # noqa: E402
from vitir.lower import VIT, AdamHyper, ViTConfig, adam_sched_module  # noqa: E402
from vitir.lower.sharding import DATA, MODEL, axis_size, device_count, parse_mesh  # noqa: E402
from vitir.print import print_module  # noqa: E402

HYPER = AdamHyper()
VIT_S16 = ViTConfig(batch=32, channels=3, image=224, patch=16, width=384, depth=12, heads=6, mlp=1536, classes=10)
SMALL = ViTConfig(batch=8, channels=3, image=32, patch=8, width=64, depth=2, heads=2, mlp=128, classes=10)


def partition_specs(cfg: ViTConfig, mesh):
    """JAX's PartitionSpec of every parameter: the model axis on the dimension vitir's plan cuts."""
    from jax.sharding import PartitionSpec as P

    specs = []
    for (_, dims), dim in zip(VIT.specs(cfg), VIT.model_dims(cfg)):
        axes = [None] * len(dims)
        if dim is not None and axis_size(mesh, MODEL) > 1:
            axes[dim] = MODEL
        specs.append(P(*axes))
    return specs


def entry_parameter_bytes(hlo: str) -> list[int]:
    """Each entry parameter's bytes on one device, from the partitioned (per-device) HLO's ENTRY line."""
    entry = re.search(r"^ENTRY [^(]*\((.*)\) -> ", hlo, re.MULTILINE).group(1)
    sizes = []
    for dtype, dims in re.findall(r"\b(f32|s32|pred|f16|bf16)\[([0-9,]*)\]", entry):
        count = math.prod(int(d) for d in dims.split(",") if d)
        sizes.append(count * {"f32": 4, "s32": 4, "pred": 1, "f16": 2, "bf16": 2}[dtype])
    return sizes


def memory(stats, hlo: str, params: slice) -> dict:
    """Per device: the model's parameters (the partitioned program's entry parameters of the params group),
    every argument, and the temporaries (activations and the like), from XLA's compiled statistics."""
    return {"params": sum(entry_parameter_bytes(hlo)[params]), "arguments": stats.argument_size_in_bytes,
            "temp": stats.temp_size_in_bytes}


class Runner:
    def __init__(self, name: str, call, state, mem: dict):
        self.name, self.call, self.state, self.mem = name, call, state, mem
        self.times: list[float] = []
        self.loss = float("nan")


def jax_runner(cfg: ViTConfig, mesh, init, batch) -> Runner:
    from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

    k = len(init) // 3
    devices = device_count(mesh)
    names = tuple(a.name for a in mesh.axes) if mesh else ("data",)
    sizes = tuple(a.size for a in mesh.axes) if mesh else (1,)
    jmesh = jax.make_mesh(sizes, names, axis_types=(AxisType.Auto,) * len(names),
                          devices=jax.devices()[:devices])
    param_shardings = [NamedSharding(jmesh, s) for s in partition_specs(cfg, mesh)]
    batch_sharding = NamedSharding(jmesh, P(DATA if axis_size(mesh, DATA) > 1 else None))
    scalar = NamedSharding(jmesh, P())
    state_shardings = (param_shardings,) * 3
    step = jax.jit(jax_step_fn(cfg, ref.patch_embed_conv),
                   in_shardings=(*state_shardings, batch_sharding, batch_sharding, scalar, scalar, scalar),
                   out_shardings=(*state_shardings, scalar))
    compiled = step.lower(init[:k], init[k:2 * k], init[2 * k:], *batch, *scalars(1)).compile()
    mem = memory(compiled.memory_analysis(), compiled.as_text(), slice(0, k))
    state = tuple(jax.device_put(init[i * k:(i + 1) * k], param_shardings) for i in range(3))

    def call(runner, x, onehot, lr, bc1, bc2):
        params, ms, vs, loss = compiled(*runner.state, jax.device_put(x, batch_sharding),
                                        jax.device_put(onehot, batch_sharding), lr, bc1, bc2)
        return (params, ms, vs), loss

    return Runner(f"jax on {devices}", call, state, mem)


def vitir_runner(cfg: ViTConfig, mesh, init) -> Runner:
    k = len(init) // 3
    module = adam_sched_module(cfg, HYPER, lowering="fast", mesh=mesh)
    exe = compile_module(print_module(module))
    loaded = exe._loaded  # the PJRT executable: XLA's statistics and its partitioned HLO
    mem = memory(loaded.get_compiled_memory_stats(), loaded.hlo_modules()[0].to_string(), slice(1, 1 + k))

    def call(runner, x, onehot, lr, bc1, bc2):
        out = exe.execute_device([x, *runner.state, lr, bc1, bc2, onehot])
        return out[:3 * k], out[3 * k]

    state = [exe.to_device(a, argument=i + 1) for i, a in enumerate(init)]
    return Runner(f"vitir on {device_count(mesh)}", call, state, mem)


def bench(cfg: ViTConfig, mesh, steps: int, warmup: int) -> list[Runner]:
    init, data = state_and_batches(cfg, warmup + steps)
    runners = [vitir_runner(cfg, mesh, init), jax_runner(cfg, mesh, init, data[0]),
               vitir_runner(cfg, None, init), jax_runner(cfg, None, init, data[0])]
    alternate("ViT", runners, data, warmup)
    return runners


def report(runners: list[Runner], mesh_label: str) -> None:
    sharded_jax, one = runners[1], {r.name.split()[0]: r for r in runners[2:]}
    base = statistics.median(sharded_jax.times)
    print(f"\n| step | step time (median) | / jax {mesh_label} | params per device | / one device | "
          f"arguments per device | temporaries per device | / one device | last loss |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in runners:
        single = one[r.name.split()[0]]
        step = statistics.median(r.times)
        mib = lambda n: f"{n / 2 ** 20:,.1f} MiB"  # noqa: E731
        print(f"| {r.name} | {step * 1e3:,.0f} ms | {step / base:.2f}x | {mib(r.mem['params'])} | "
              f"{r.mem['params'] / single.mem['params']:.2f}x | {mib(r.mem['arguments'])} | {mib(r.mem['temp'])} | "
              f"{r.mem['temp'] / max(single.mem['temp'], 1):.2f}x | {r.loss:.6f} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5, help="timed steps")
    ap.add_argument("--warmup", type=int, default=1, help="untimed steps before them")
    ap.add_argument("--mesh", default="data=2,model=2")
    ap.add_argument("--small", action="store_true", help="a small ViT instead of ViT-S/16 (a quick check)")
    ap.add_argument("--depth", type=int, help="ViT-S/16 with fewer blocks (each step of the 12 takes minutes on 2 cores)")
    args = ap.parse_args()
    mesh = parse_mesh(args.mesh)
    ensure_host_devices(device_count(mesh))
    cfg = SMALL if args.small else VIT_S16
    if args.depth is not None:
        cfg = dataclasses.replace(cfg, depth=args.depth)
    print(f"ViT width {cfg.width}, depth {cfg.depth}, batch {cfg.batch}, {cfg.image[0]} px on the host mesh "
          f"{args.mesh} ({os.cpu_count()} cores), against one device")
    report(bench(cfg, mesh, args.steps, args.warmup), args.mesh)


if __name__ == "__main__":
    main()
