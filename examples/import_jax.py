"""Bring a JAX function into vitir: lower it with JAX, import the StableHLO
text into vitir's AST (vitir's shape rules run on every op), look at what it
is made of, print it in vitir's format and run it through PJRT.

    python examples/import_jax.py
"""

from collections import Counter

import jax
import jax.numpy as jnp
import numpy as np

from vitir.backend import compile_module
from vitir.mlir import import_text
from vitir.print import print_module


def mlp_loss(w1, w2, x, labels):
    """Cross-entropy of a one-hidden-layer GELU classifier."""
    logits = jax.nn.gelu(x @ w1, approximate=True) @ w2
    targets = jax.nn.one_hot(labels, logits.shape[-1])
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * targets, axis=-1))


def example_inputs(batch: int = 8, width: int = 16, hidden: int = 32, classes: int = 10, seed: int = 0):
    rng = np.random.default_rng(seed)
    return (rng.normal(0, width ** -0.5, (width, hidden)).astype(np.float32),
            rng.normal(0, hidden ** -0.5, (hidden, classes)).astype(np.float32),
            rng.normal(size=(batch, width)).astype(np.float32),
            rng.integers(0, classes, batch).astype(np.int32))


def lowered_text(inputs) -> str:
    """JAX's StableHLO for the loss and its gradient with respect to both weights."""
    return jax.jit(jax.value_and_grad(mlp_loss, argnums=(0, 1))).lower(*inputs).as_text()


def main() -> None:
    inputs = example_inputs()
    module = import_text(lowered_text(inputs))  # calls inlined, every op shape-checked
    fn = module.functions[0]
    counts = Counter(op.NAME.removeprefix("stablehlo.") for op in fn.ops)
    print(f"@{fn.name}: {len(fn.args)} arguments, {len(fn.ops)} ops")
    print("  " + ", ".join(f"{name} {n}" for name, n in counts.most_common()))
    text = print_module(module)
    loss, (g1, g2) = jax.jit(jax.value_and_grad(mlp_loss, argnums=(0, 1)))(*inputs)
    got = compile_module(text).run(*inputs)
    for name, ours, theirs in zip(("loss", "dw1", "dw2"), got, (loss, g1, g2)):
        err = float(np.max(np.abs(ours - np.asarray(theirs))))
        print(f"  {name}: vitir's run of the imported text vs JAX, max abs difference {err:.1e}")


if __name__ == "__main__":
    main()
