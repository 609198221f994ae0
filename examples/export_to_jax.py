"""A vitir-built ViT train step, sharded over a 2x2 device mesh, called from JAX.

vitir builds the AdamW step sharded over the mesh data=2, model=2 (Shardy's annotations on every
argument and result), writes it as a jax.export artifact (`vitir export` does the same from a
file), and JAX deserializes it and calls it over 4 host devices, its arguments laid out by the
artifact's shardings. The results are the ones vitir's own run of the module gives, bit for bit.

    XLA_FLAGS=--xla_force_host_platform_device_count=4 python examples/export_to_jax.py
"""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=4")

import jax  # noqa: E402
import numpy as np  # noqa: E402

from vitir.backend import compile_module  # noqa: E402
from vitir.backend.jax_export import export_module  # noqa: E402
from vitir.lower import AdamHyper, ViTConfig  # noqa: E402
from vitir.lower.sharding import parse_mesh  # noqa: E402
from vitir.lower.train_step import adam_sched_module  # noqa: E402
from vitir.print import print_module  # noqa: E402

AXES = ("data", "model")


def sharded_step():
    """A small ViT's AdamW step over the mesh data=2, model=2 (the batch of 8 split over data)."""
    cfg = ViTConfig(batch=8, channels=3, image=8, patch=4, width=8, depth=1, heads=2, mlp=16, classes=3)
    return adam_sched_module(cfg, AdamHyper(), mesh=parse_mesh("data=2,model=2"))


def step_inputs(exported, seed: int = 0) -> list[np.ndarray]:
    """Small non-negative arrays of the artifact's avals (second moments must be >= 0)."""
    rng = np.random.default_rng(seed)
    return [np.abs(rng.normal(0, 0.1, a.shape)).astype(a.dtype) for a in exported.in_avals]


def main() -> tuple[list[np.ndarray], list[np.ndarray]]:
    module = sharded_step()
    exported = jax.export.deserialize(bytearray(export_module(module)))
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:4]).reshape(2, 2), AXES)
    inputs = step_inputs(exported)
    placed = [jax.device_put(x, s) for x, s in zip(inputs, exported.in_shardings_jax(mesh))]
    from_jax = [np.asarray(r) for r in exported.call(*placed)]
    from_vitir = list(compile_module(print_module(module))(*inputs))
    same = all(np.array_equal(a, b, equal_nan=True) for a, b in zip(from_jax, from_vitir))
    print(f"@{exported.fun_name} over {exported.nr_devices} devices ({', '.join(AXES)} = 2 x 2): "
          f"{len(exported.in_avals)} arguments, {len(from_jax)} results")
    print(f"jax.export's call and vitir's run agree bit for bit: {same}")
    return from_jax, from_vitir


if __name__ == "__main__":
    main()
