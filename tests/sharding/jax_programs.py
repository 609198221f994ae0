"""Five sharded JAX programs, lowered by JAX in a process of their own: `python -m tests.sharding.jax_programs
FORM` (FORM: shardy, JAX's default, or gspmd) prints one JSON object: each program's StableHLO text, its
inputs and the answer JAX computes for them without shardings on one device.

A process of its own, because XLA fixes the host device count when it starts and the partitioner is a
process-wide setting: matmul (a jit with in and out shardings), constraint (with_sharding_constraint),
shard_map with a psum, a data + model parallel train step (Megatron's split of a two-layer MLP) and a
sharded jax.export. `python -m tests.sharding.jax_programs FORM shard_map` prints instead JAX's shard_map
programs of each collective (psum, all_gather, ppermute, psum_scatter, all_to_all, axis_index) on meshes of
2, 4 and (2, 2) devices, one with a free axis, and the answers JAX computes for them on the host devices."""

from __future__ import annotations

import json
import os
import subprocess
import sys

DEVICES = 4


def lowered(form: str, kind: str = "sharded") -> dict:
    """{name: {"text", "inputs", "outputs"}} of the five programs (kind "sharded") or of the shard_map
    programs (kind "shard_map") in `form` (run in a fresh process)."""
    env = {**os.environ, "XLA_FLAGS": f"--xla_force_host_platform_device_count={DEVICES}", "JAX_PLATFORMS": "cpu"}
    done = subprocess.run([sys.executable, "-m", "tests.sharding.jax_programs", form, kind], capture_output=True,
                          text=True, env=env, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    if done.returncode:
        raise RuntimeError(f"lowering the {form} programs failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def vitir_run(directory, name: str, text: str, inputs) -> list:
    """The results of `vitir run` (XLA's partitioner over the host devices) of `text` on `inputs`
    (arg0, arg1, ...), its files in `directory`."""
    import numpy as np

    from vitir.cli import main as vitir

    path, given, out = directory / f"{name}.mlir", directory / "in.npz", directory / "out.npz"
    path.write_text(text)
    np.savez(given, **{f"arg{i}": np.asarray(a, np.float32) for i, a in enumerate(inputs)})
    assert vitir(["run", str(path), "--inputs", str(given), "--out", str(out)]) == 0
    with np.load(out) as outputs:
        return [outputs[f"out{i}"] for i in range(len(outputs.files))]


def _programs(form: str) -> dict:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

    if form == "gspmd":
        jax.config.update("jax_use_shardy_partitioner", False)
    mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))

    def named(*spec):
        return NamedSharding(mesh, P(*spec))

    rng = np.random.default_rng(0)

    def normal(*shape):
        return rng.standard_normal(shape).astype(np.float32)

    def matmul(a, b):
        return a @ b

    def constraint(a, constrain=True):
        b = jnp.sin(a)
        if constrain:
            b = jax.lax.with_sharding_constraint(b, named(None, "model"))
        return b * 2.0 + 1.0

    def psum_body(a):
        return jax.lax.psum(a.sum(0), "data")

    shard_mapped = jax.shard_map(psum_body, mesh=mesh, in_specs=P("data", None), out_specs=P(None))

    def train_step(w1, w2, x, y):
        def loss_fn(w1, w2):
            h = jax.nn.relu(x @ w1)
            return jnp.mean((h @ w2 - y) ** 2)

        loss, (g1, g2) = jax.value_and_grad(loss_fn, argnums=(0, 1))(w1, w2)
        return w1 - 0.1 * g1, w2 - 0.1 * g2, loss

    def exported(a, b):
        return jnp.tanh(a @ b).sum(axis=1)

    cases = {
        "matmul": (matmul, (named("data", None), named(None, "model")), named("data", None),
                   (normal(4, 8), normal(8, 4))),
        "constraint": (constraint, None, None, (normal(4, 4),)),
        "shard_map": (shard_mapped, None, None, (normal(4, 4),)),
        "train_step": (train_step, (named(None, "model"), named("model", None), named("data", None),
                                    named("data", None)), None, (normal(8, 16), normal(16, 8), normal(4, 8),
                                                                 normal(4, 8))),
        "export": (exported, (named("data", None), named(None, None)), named("data"), (normal(4, 8), normal(8, 6))),
    }
    out = {}
    for name, (fn, in_shardings, out_shardings, inputs) in cases.items():
        kwargs = {} if in_shardings is None else {"in_shardings": in_shardings}
        if out_shardings is not None:
            kwargs["out_shardings"] = out_shardings
        jitted = jax.jit(fn, **kwargs)
        if name == "export":
            from jax import export

            text = export.export(jitted)(*[jax.ShapeDtypeStruct(a.shape, a.dtype) for a in inputs]).mlir_module()
        else:
            text = jitted.lower(*inputs).as_text()
        plain = {"constraint": lambda a: constraint(a, False), "shard_map": lambda a: jnp.sum(a, 0)}.get(name, fn)
        answer = jax.jit(plain)(*inputs)  # on one device, without shardings
        answer = answer if isinstance(answer, tuple) else (answer,)
        out[name] = {"text": text, "inputs": [a.tolist() for a in inputs],
                     "outputs": [np.asarray(a).tolist() for a in answer]}
    return out


def _shard_maps(form: str) -> dict:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

    if form == "gspmd":
        jax.config.update("jax_use_shardy_partitioner", False)

    def mesh(shape, names):
        count = int(np.prod(shape))
        return jax.make_mesh(shape, names, axis_types=(AxisType.Auto,) * len(shape), devices=jax.devices()[:count])

    four, two, square = mesh((4,), ("i",)), mesh((2,), ("i",)), mesh((2, 2), ("x", "y"))
    rng = np.random.default_rng(1)

    def normal(*shape):
        return rng.standard_normal(shape).astype(np.float32)

    def mapped(body, on, in_specs, out_specs, manual=None):
        extra = {} if manual is None else {"axis_names": manual}  # the mesh's other axes stay free
        return jax.shard_map(body, mesh=on, in_specs=in_specs, out_specs=out_specs, check_vma=False, **extra)

    lax = jax.lax
    cases = {
        "psum_4": (mapped(lambda a: lax.psum(a.sum(0, keepdims=True), "i"), four, P("i"), P()), None, (normal(8, 3),)),
        "all_gather_axis_index_4": (mapped(lambda a: (lax.all_gather(a, "i", tiled=True), a * lax.axis_index("i")),
                                           four, P("i"), (P(), P("i"))), None, (normal(8, 2),)),
        "ppermute_psum_scatter_2": (mapped(lambda a: (lax.ppermute(a, "i", [(0, 1), (1, 0)]),
                                                      lax.psum_scatter(a, "i", scatter_dimension=1, tiled=True)),
                                           two, P("i"), (P("i"), P("i"))), None, (normal(4, 4),)),
        "all_to_all_4": (mapped(lambda a: lax.all_to_all(a, "i", 1, 0, tiled=True), four, P("i"), P("i")), None,
                         (normal(8, 8),)),
        "mesh_2x2": (mapped(lambda a: (lax.psum(a, "x") + lax.ppermute(a, "x", [(0, 1), (1, 0)]) + lax.axis_index("y"),
                                       lax.all_gather(a, "y", tiled=True),
                                       lax.psum_scatter(a, "y", scatter_dimension=0, tiled=True)),
                            square, P("x", "y"), (P("x", "y"), P("x", None), P(("x", "y")))), None, (normal(4, 4),)),
        # axis_index("x") in a body manual over "x" only: JAX nests a manual computation over "y" for it
        "free_axis_2x2": (mapped(lambda a: lax.psum(jnp.sin(a), "x") * (1 + lax.axis_index("x")), square, P("x"),
                                 P("x"), {"x"}), NamedSharding(square, P("x", "y")), (normal(4, 6),)),
    }
    out = {}
    for name, (fn, in_sharding, inputs) in cases.items():
        jitted = jax.jit(fn) if in_sharding is None else jax.jit(fn, in_shardings=in_sharding)
        answer = jitted(*inputs)
        answer = answer if isinstance(answer, tuple) else (answer,)
        out[name] = {"text": jitted.lower(*inputs).as_text(), "inputs": [a.tolist() for a in inputs],
                     "outputs": [np.asarray(a).tolist() for a in answer]}
    return out


if __name__ == "__main__":
    json.dump((_shard_maps if sys.argv[2:] == ["shard_map"] else _programs)(sys.argv[1]), sys.stdout)
