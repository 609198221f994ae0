"""Parameters declared by the layer that owns them.

A layer declares each of its parameters once: a `Param` with its name, its
dims as a function of the model's configuration, and its initialiser. A layer
groups them (`ParamGroup`, which also makes the NamedTuple its forward and
backward read), and a model lists its layers in order (`Layout`, a group
repeated per block with `Repeated`). Everything else follows from the layout:
the (name, dims) list, the function arguments, flattening to the canonical
order and back, the order of the gradients, and the initial values.

    WEIGHT = Param("Wc", lambda cfg: (cfg.width, cfg.classes), zeros)
    HEAD = ParamGroup("HeadParams", WEIGHT, Param("bc", lambda cfg: (cfg.classes,), zeros))
    VIT = Layout(PATCH_EMBED, CLS_POS, Repeated("blocks", BLOCK, lambda cfg: cfg.depth), FINAL_LN, HEAD)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from ..ast import FunctionBuilder, TensorType, Value

if TYPE_CHECKING:  # numpy is imported where values are drawn: building and printing a graph never loads it
    import numpy as np

Dims = tuple[int, ...]
Initialiser = Callable[[Dims, "np.random.Generator"], "np.ndarray"]


# -- initialisers: each draws from the generator only what it needs (zeros and ones draw nothing) --

def zeros(dims: Dims, rng: np.random.Generator) -> np.ndarray:
    import numpy as np
    return np.zeros(dims)


def ones(dims: Dims, rng: np.random.Generator) -> np.ndarray:
    import numpy as np
    return np.ones(dims)


def normal(std: float) -> Initialiser:
    def init(dims: Dims, rng: np.random.Generator) -> np.ndarray:
        return rng.normal(0.0, std, dims)
    init.__name__ = f"normal({std})"
    return init


def lecun_normal(dims: Dims, rng: np.random.Generator) -> np.ndarray:
    """N(0, 1/fan_in), fan_in the product of every dim after the first (a convolution's kernel [o, i, kh, kw])."""
    return rng.normal(0.0, 1.0 / math.sqrt(math.prod(dims[1:])), dims)


def xavier_uniform(dims: Dims, rng: np.random.Generator) -> np.ndarray:
    """U(-l, l), l = sqrt(6 / (fan_in + fan_out)), for a dense weight [fan_in, fan_out]."""
    limit = math.sqrt(6.0 / (dims[0] + dims[1]))
    return rng.uniform(-limit, limit, dims)


@dataclass(frozen=True)
class Param:
    """One parameter: its name, its dims from the configuration, its initialiser, and the dimension
    that tensor parallelism cuts across the mesh's "model" axis (None: each device holds it whole)."""

    name: str
    dims: Callable[[Any], Dims]
    init: Initialiser
    model_dim: int | None = None

    def renamed(self, name: str) -> "Param":
        return Param(name, self.dims, self.init, self.model_dim)


def width_vector(init: Initialiser) -> Callable[[str], Param]:
    """A [width] parameter of the given initialiser (LayerNorm gains and biases, the usual biases)."""
    return lambda name: Param(name, lambda cfg: (cfg.width,), init)


class ParamGroup:
    """A layer's parameters in layout order, and the NamedTuple of their values (`.values`)."""

    def __init__(self, type_name: str, *params: Param):
        names = [p.name for p in params]
        if len(set(names)) != len(names):
            raise ValueError(f"{type_name} declares a parameter twice: {names}")
        self.type_name, self.params = type_name, tuple(params)
        self.values = NamedTuple(type_name, [(n, Value) for n in names])

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    def __repr__(self) -> str:
        return f"ParamGroup({self.type_name}: {', '.join(self.names)})"


@dataclass(frozen=True)
class Repeated:
    """A group repeated `count(cfg)` times (the blocks), its names suffixed `_0`, `_1`, ...; the model
    reads them as a tuple of the group's NamedTuple under `key`."""

    key: str
    group: ParamGroup
    count: Callable[[Any], int]


class Params(dict):
    """A model's parameter values (or their gradients) by name, blocks as a tuple under their key;
    read as attributes too (`params.wConv`, `params.blocks[0].Wq`); `flat()` in canonical order."""

    layout: "Layout | None" = None

    def flat(self) -> list:
        return self.layout.flatten(self)

    def __getattr__(self, name: str):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Layout:
    """A model's parameters: its layers' groups in canonical order."""

    def __init__(self, *parts: ParamGroup | Repeated):
        self.parts = tuple(parts)

    def __add__(self, other: "Layout | ParamGroup | Repeated") -> "Layout":
        return Layout(*self.parts, *(other.parts if isinstance(other, Layout) else (other,)))

    def _entries(self, cfg) -> list[tuple[str, Param, str, int | None]]:
        """(full name, declaration, key, block index or None) of every parameter in canonical order."""
        out = []
        for part in self.parts:
            if isinstance(part, Repeated):
                out += [(f"{p.name}_{i}", p, part.key, i) for i in range(part.count(cfg)) for p in part.group.params]
            else:
                out += [(p.name, p, p.name, None) for p in part.params]
        return out

    def specs(self, cfg) -> list[tuple[str, Dims]]:
        """(name, dims) of every parameter in canonical order."""
        return [(name, tuple(p.dims(cfg))) for name, p, _, _ in self._entries(cfg)]

    def model_dims(self, cfg) -> list[int | None]:
        """Each parameter's dimension cut by tensor parallelism (None: whole), canonical order."""
        return [p.model_dim for _, p, _, _ in self._entries(cfg)]

    def count(self, cfg) -> int:
        return sum(math.prod(dims) for _, dims in self.specs(cfg))

    def unflatten(self, values: Sequence, cfg) -> Params:
        """Params from values in canonical order (as many as the layout has)."""
        values = list(values)
        entries = self._entries(cfg)
        if len(values) != len(entries):
            raise ValueError(f"expected {len(entries)} parameters, got {len(values)}")
        out, blocks = Params(), {}
        out.layout = self
        for (name, p, key, i), v in zip(entries, values):
            if i is None:
                out[key] = v
            else:
                blocks.setdefault(key, {}).setdefault(i, {})[p.name] = v
        for part in self.parts:
            if isinstance(part, Repeated):
                rows = blocks.get(part.key, {})
                out[part.key] = tuple(part.group.values(**rows[i]) for i in sorted(rows))
        return out

    def flatten(self, params: dict) -> list:
        """The values of `params` (a Params or any dict by name; blocks as sequences of the group's
        NamedTuple) in canonical order: the order of arguments and of gradients alike."""
        out = []
        for part in self.parts:
            if isinstance(part, Repeated):
                for block in params[part.key]:
                    out += [getattr(block, n) for n in part.group.names]
            else:
                out += [params[n] for n in part.names]
        return out

    def declare(self, fb: FunctionBuilder, cfg, suffix: str = "") -> Params:
        """Function arguments for every parameter (named `{name}{suffix}`), canonical order."""
        return self.unflatten([fb.arg(name + suffix, TensorType(dims)) for name, dims in self.specs(cfg)], cfg)

    def init(self, cfg, seed: int) -> list[np.ndarray]:
        """Float32 initial values in canonical order, each from its declaration's initialiser, one
        generator seeded by `seed` drawn in that order."""
        import numpy as np
        rng = np.random.default_rng(seed)
        return [np.ascontiguousarray(p.init(tuple(p.dims(cfg)), rng), dtype=np.float32)
                for _, p, _, _ in self._entries(cfg)]
