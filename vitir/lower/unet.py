"""A convolutional UNet denoiser with hand-derived backward: the reference's
MNIST network and its train step.

Layers (NCHW, a 3x3 SAME convolution without bias in every unit):
- convBn ic oc: convolution, normalisation, activation. The normalisation is
  BatchNorm (the reference's: the batch's statistics in training, the running
  ones in evaluation) or GroupNorm; the activation ReLU (the reference's) or SiLU.
- unetDown ic oc: convBn ic oc, convBn oc oc, the output kept as the skip,
  then a 2x2 max pool.
- unetUp ic oc: bilinear 2x upsampling, concatenated on channels with the
  most recent unkept skip (oc channels) as [upsampled, skip], then
  convBn (ic + oc) oc, convBn oc oc.
- conv ic oc: a 1x1 convolution with a bias, no activation (the output).

With time_features F2 > 0 the network reads the time as sin/cos features
[b, F2] instead of an input channel (vitir's own UNet, VITIR_LAYERS): a time
MLP (layers/time_mlp.py, width `embed`) to c, then one dense layer of silu(c)
to every convBn unit's FiLM scale and shift (layers/film.py), zero at the
start, applied between the normalisation and the activation; and with
input_skip the output conv reads the input image beside the last features
(every other path goes through a normalisation, which hides an example's
overall brightness and contrast).

The reference's MNIST network (REFERENCE_LAYERS) maps [b, 2, 28, 28] (the
image in [0, 1] and a channel filled with t/1000) through 28 -> 14 -> 7 -> 14
-> 28 to the noise estimate [b, 1, 28, 28] with 118,449 parameters.

Parameters, in layer order: each convBn unit i (numbered from 0 over the
whole network) has W{i} [oc, ic, 3, 3], g{i} [oc], bt{i} [oc]; the output
conv W{i} [oc, ic, 1, 1], b{i} [oc]. With BatchNorm the model also carries
state that the step updates without Adam: the running mean and variance of
each unit, rm{i} and rv{i}, and `bnsteps` (rank 0, the updates so far), after
the parameters in the same lists (so the training loop keeps, checkpoints
and restores them as it does the weights); their Adam moments stay zero.
With FiLM, the time MLP's tW1, tb1, tW2, tb2 and the modulation's Wfm
[embed, 2 S], bfm [2 S] follow the units' parameters (S: the convBn units'
channels in all; unit i's scale then shift, in unit order).

Tensor parallelism (a mesh's "model" axis, vitir.lower.sharding) pairs the
convBn units as Megatron pairs an MLP's two products: the two units of each
down and up layer, and consecutive convbn layers two by two. The first of a
pair is column-parallel (W by its output channels, with its gain, shift and
running statistics), the second row-parallel (W by its input channels), so
the activation between them is split by channels and one all-reduce over
"model" follows the second convolution. The rest (an unpaired unit, the
output conv, the time MLP and FiLM's modulation) is whole on every device,
and so is each unit's FiLM scale and shift (a sharding constraint, the
step's only one, present on a mesh alone).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..records import NamedTuple
from ..ast import FunctionBuilder, Module, TensorType, Value
from ..ast.gc_pause import gc_paused
from ..ast.sharding import Mesh
from ..config_checks import require_positive_ints, require_replica_count
from ..errors import ConfigError
from .layers.batchnorm import (BatchNormSaved, batchnorm_backward, batchnorm_eval_forward, batchnorm_train_forward,
                               first_step_momentum, running_update)
from .layers.concat import concat_backward, concat_forward
from .layers.conv import ConvSaved, conv_backward, conv_forward
from .layers.film import film_backward, film_forward
from .layers.groupnorm import groupnorm_backward, groupnorm_forward
from .layers.mlp import dense_backward, dense_bias
from .layers.time_mlp import time_mlp_backward, time_mlp_forward
from .layers.maxpool import RULES as POOL_RULES
from .layers.maxpool import maxpool_backward, maxpool_forward
from .layers.relu import relu_backward, relu_forward
from .layers.silu import silu_backward, silu_forward
from .layers.upsample import upsample_backward, upsample_forward
from .loss import mse
from .params import xavier_uniform
from .optim import AdamHyper, adam_scalars, adamw_updates, baked_adam_literals, runtime_scalar_args
from .sharding import (DATA, check_model_dims, check_step_mesh, device_count, partitioned_step,
                       with_sharding_constraint)
from .step_signature import with_signature

# (kind, in channels, out channels)
REFERENCE_LAYERS = (("down", 2, 16), ("down", 16, 32), ("convbn", 32, 64), ("convbn", 64, 64),
                    ("up", 64, 32), ("up", 32, 16), ("conv", 16, 1))
REFERENCE_PARAMETERS = 118_449
# vitir's own: the reference's widths on the image alone (the time enters through FiLM).
VITIR_LAYERS = (("down", 1, 16), ("down", 16, 32), ("convbn", 32, 64), ("convbn", 64, 64),
                ("up", 64, 32), ("up", 32, 16), ("conv", 16, 1))
TIME_PARAMS = ("tW1", "tb1", "tW2", "tb2", "Wfm", "bfm")
LAYER_KINDS = ("down", "up", "convbn", "conv")
NORMS = ("batch", "group")
ACTIVATIONS = ("relu", "silu")
STEPS = "bnsteps"
# The reference's initialiser: each conv unit draws from its own seed, the first 42.
INIT_SEED = 42


@dataclass(frozen=True)
class UNetConfig:
    """A UNet of images [batch, in_channels, H, W] (the last channels the time's)."""

    batch: int
    image: tuple[int, int] = (28, 28)
    layers: tuple = REFERENCE_LAYERS
    norm: str = "batch"
    groups: int = 8  # GroupNorm's groups
    activation: str = "relu"
    pool_rule: str = "reference"  # the max pool's gradient on ties: reference or select_and_scatter
    eps: str = "1.0e-5"
    time_features: int = 0  # > 0: sin/cos time features through FiLM (0: the time is an input channel)
    embed: int = 64  # the time MLP's width (with FiLM)
    init_seed: int = 0  # the time MLP's initialisation (the convolutions draw the reference's)
    input_skip: bool = False  # the output conv also reads the input image (a path around every normalisation)

    def __post_init__(self):
        object.__setattr__(self, "image", tuple(self.image) if not isinstance(self.image, int)
                           else (self.image, self.image))
        object.__setattr__(self, "layers", tuple(tuple(layer) for layer in self.layers))
        require_positive_ints(self, ("batch", "groups", "embed"))
        if self.time_features < 0:
            raise ConfigError(f"UNet time features must be non-negative, got {self.time_features}")
        for what, value, allowed in (("norm", self.norm, NORMS), ("activation", self.activation, ACTIVATIONS),
                                     ("pool rule", self.pool_rule, POOL_RULES)):
            if value not in allowed:
                raise ConfigError(f"unknown UNet {what} {value!r}; have {', '.join(allowed)}")
        self._check_layers()

    def _check_layers(self):
        h, w = self.image
        skips, channels = [], self.layers[0][1]
        for i, (kind, ic, oc) in enumerate(self.layers):
            if kind not in LAYER_KINDS:
                raise ConfigError(f"UNet layer {i}: unknown kind {kind!r}; have {', '.join(LAYER_KINDS)}")
            if ic != channels:
                raise ConfigError(f"UNet layer {i} ({kind} {ic} {oc}) reads {channels} channels, not {ic}")
            if self.norm == "group" and kind != "conv" and oc % self.groups:
                raise ConfigError(f"UNet layer {i}: {oc} channels do not split into {self.groups} groups")
            if kind == "down":
                if h % 2 or w % 2:
                    raise ConfigError(f"UNet layer {i}: max pooling needs even sizes, got {h}x{w}")
                skips.append((oc, h, w))
                h, w = h // 2, w // 2
            elif kind == "up":
                if not skips or skips[-1] != (oc, 2 * h, 2 * w):
                    want = f"{oc} channels at {2 * h}x{2 * w}"
                    have = f"{skips[-1][0]} channels at {skips[-1][1]}x{skips[-1][2]}" if skips else "none"
                    raise ConfigError(f"UNet layer {i} (up {ic} {oc}) needs a skip of {want}; the last is {have}")
                skips.pop()
                h, w = 2 * h, 2 * w
            channels = oc
        if skips:
            raise ConfigError(f"UNet: {len(skips)} down layer(s) without a matching up layer")
        if self.layers[-1][0] != "conv":
            raise ConfigError("UNet: the last layer must be the output conv")

    @property
    def in_channels(self) -> int:
        return self.layers[0][1]

    @property
    def out_channels(self) -> int:
        return self.layers[-1][2]

    @property
    def has_state(self) -> bool:
        return self.norm == "batch"

    @property
    def film(self) -> bool:
        return self.time_features > 0


def _units(cfg: UNetConfig) -> list[tuple[str, int, int]]:
    """Every conv unit in order: ("convbn", ic, oc) or ("conv", ic, oc)."""
    units = []
    for kind, ic, oc in cfg.layers:
        if kind == "down":
            units += [("convbn", ic, oc), ("convbn", oc, oc)]
        elif kind == "up":
            units += [("convbn", ic + oc, oc), ("convbn", oc, oc)]
        elif kind == "conv" and cfg.input_skip:
            units.append((kind, ic + cfg.in_channels, oc))
        else:
            units.append((kind, ic, oc))
    return units


COLUMN, ROW = "column", "row"
# The dimension of each parameter (by its name's prefix) of a unit that tensor parallelism cuts over
# "model", by the unit's split: a column unit's output channels, a row unit's input channels.
SPLIT_DIMS = {COLUMN: {"W": 0, "g": 0, "bt": 0, "rm": 0, "rv": 0}, ROW: {"W": 1}, None: {}}


def unit_splits(cfg: UNetConfig) -> list[str | None]:
    """Each conv unit's tensor-parallel split, in unit order: COLUMN and ROW for the two units of a down or
    up layer and for consecutive convbn layers two by two, None (whole) for the rest."""
    splits: list[str | None] = []
    layers = cfg.layers
    for li, (kind, _, _) in enumerate(layers):
        if kind in ("down", "up"):
            splits += [COLUMN, ROW]
        elif kind == "convbn" and li and layers[li - 1][0] == "convbn" and splits[-1] == COLUMN:
            splits.append(ROW)
        elif kind == "convbn" and li + 1 < len(layers) and layers[li + 1][0] == "convbn":
            splits.append(COLUMN)
        else:
            splits.append(None)
    return splits


def film_units(cfg: UNetConfig) -> list[tuple[int, int]]:
    """(unit index, channels) of every modulated unit (the convBn ones), in order; none without FiLM."""
    if not cfg.film:
        return []
    return [(i, oc) for i, (kind, _, oc) in enumerate(_units(cfg)) if kind == "convbn"]


def _declared(cfg: UNetConfig) -> list[tuple[str, tuple[int, ...], int | None]]:
    """(name, dims, the dimension cut over "model" or None) of the trainable parameters in canonical order."""
    out = []
    for i, ((kind, ic, oc), split) in enumerate(zip(_units(cfg), unit_splits(cfg))):
        if kind == "conv":
            specs = [("W", (oc, ic, 1, 1)), ("b", (oc,))]
        else:
            specs = [("W", (oc, ic, 3, 3)), ("g", (oc,)), ("bt", (oc,))]
        out += [(f"{prefix}{i}", dims, SPLIT_DIMS[split].get(prefix)) for prefix, dims in specs]
    if cfg.film:
        e, modulated = cfg.embed, 2 * sum(oc for _, oc in film_units(cfg))
        dims = [(cfg.time_features, e), (e,), (e, e), (e,), (e, modulated), (modulated,)]
        out += [(name, d, None) for name, d in zip(TIME_PARAMS, dims)]
    return out


def _declared_state(cfg: UNetConfig) -> list[tuple[str, tuple[int, ...], int | None]]:
    """BatchNorm's running statistics, split as their unit's gain, and its update count (none for GroupNorm)."""
    if not cfg.has_state:
        return []
    out = []
    for i, ((kind, _, oc), split) in enumerate(zip(_units(cfg), unit_splits(cfg))):
        if kind == "convbn":
            out += [(f"{prefix}{i}", (oc,), SPLIT_DIMS[split].get(prefix)) for prefix in ("rm", "rv")]
    return out + [(STEPS, (), None)]


def param_specs(cfg: UNetConfig) -> list[tuple[str, tuple[int, ...]]]:
    """The trainable parameters in canonical order."""
    return [(name, dims) for name, dims, _ in _declared(cfg)]


def state_specs(cfg: UNetConfig) -> list[tuple[str, tuple[int, ...]]]:
    """BatchNorm's running statistics and its update count (none for GroupNorm)."""
    return [(name, dims) for name, dims, _ in _declared_state(cfg)]


def all_specs(cfg: UNetConfig) -> list[tuple[str, tuple[int, ...]]]:
    return param_specs(cfg) + state_specs(cfg)


def model_dims(cfg: UNetConfig) -> list[int | None]:
    """Each parameter's and state's dimension cut by tensor parallelism (None: whole), all_specs order."""
    return [dim for _, _, dim in _declared(cfg) + _declared_state(cfg)]


def check_mesh(cfg: UNetConfig, mesh: Mesh | None, replicas: int = 1) -> None:
    """A mesh whose "model" axis divides every split dimension (refused naming the parameter), without replicas."""
    check_step_mesh(mesh, replicas)
    check_model_dims(all_specs(cfg), model_dims(cfg), mesh)


def parameter_count(cfg: UNetConfig) -> int:
    """Trainable parameters (the running statistics not counted)."""
    return sum(math.prod(dims) for _, dims in param_specs(cfg))


# -- the reference's initialiser --------------------------------------------------

_MASK = (1 << 64) - 1


def _f32_of_u64(s: int) -> np.float32:
    """(float)s of a uint64, rounded once to nearest even (as C converts it)."""
    if s < (1 << 24):
        return np.float32(s)
    shift = s.bit_length() - 24
    top, rest = s >> shift, s & ((1 << shift) - 1)
    half = 1 << (shift - 1)
    if rest > half or (rest == half and top & 1):
        top += 1
    return np.float32(math.ldexp(top, shift))


def he_uniform3(seed: int, n: int, scale: float) -> np.ndarray:
    """n values, each 2 scale (u1 + u2 + u3 - 3/2) with u uniform on [0, 1] from an xorshift64 stream
    seeded seed + 1 (variance scale^2), in float32 arithmetic as the reference's C helper."""
    s = (seed + 1) & _MASK
    out = np.empty(n, np.float32)
    f32 = np.float32
    inv, half, two, fscale = f32(1.0) / f32(2.0 ** 64), f32(0.5), f32(2.0), f32(scale)
    for i in range(n):
        acc = f32(0.0)
        for _ in range(3):
            s ^= (s << 13) & _MASK
            s ^= s >> 7
            s ^= (s << 17) & _MASK
            acc = f32(acc + f32(_f32_of_u64(s) * inv - half))
        out[i] = f32(acc * two) * fscale
    return out


def init_params(cfg: UNetConfig) -> list[np.ndarray]:
    """Weights by he_uniform3 with scale sqrt(2 / fan_in), one seed per conv unit from 42; gains 1,
    shifts and biases 0; the running statistics 0 (the first step replaces them) and the count 0."""
    out, seed = [], INIT_SEED
    for kind, ic, oc in _units(cfg):
        k = 1 if kind == "conv" else 3
        w = he_uniform3(seed, oc * ic * k * k, math.sqrt(2.0 / (ic * k * k))).reshape(oc, ic, k, k)
        seed += 1
        out.append(w)
        out += [np.zeros(oc, np.float32)] if kind == "conv" else [np.ones(oc, np.float32), np.zeros(oc, np.float32)]
    if cfg.film:  # the time MLP Xavier-uniform, the modulation zero (every unit starts unmodulated)
        rng = np.random.default_rng(cfg.init_seed)
        dims = dict(param_specs(cfg))
        out += [xavier_uniform(dims["tW1"], rng).astype(np.float32), np.zeros(dims["tb1"], np.float32),
                xavier_uniform(dims["tW2"], rng).astype(np.float32), np.zeros(dims["tb2"], np.float32),
                np.zeros(dims["Wfm"], np.float32), np.zeros(dims["bfm"], np.float32)]
    return out + [np.zeros(dims, np.float32) for _, dims in state_specs(cfg)]


# -- forward and backward ----------------------------------------------------------

class UnitSaved(NamedTuple):
    conv: ConvSaved
    norm: object  # BatchNormSaved, GroupNormSaved, or None in evaluation
    film: object  # FilmSaved, or None without FiLM
    pre: Value  # the activation's input
    act: object  # SiluSaved for SiLU, None for ReLU
    y: Value


def _activation_forward(fb, p, cfg, pre):
    if cfg.activation == "relu":
        return None, relu_forward(fb, f"{p}r", pre)
    saved = silu_forward(fb, f"{p}s", pre)
    return saved, saved.y


def unit_forward(fb: FunctionBuilder, p: str, x: Value, named: dict, i: int, cfg: UNetConfig,
                 train: bool) -> UnitSaved:
    """convBn unit i: conv (no bias), norm, activation."""
    conv = conv_forward(fb, f"{p}c", x, named[f"W{i}"])
    g, b = named[f"g{i}"], named[f"bt{i}"]
    if cfg.norm == "group":
        norm = groupnorm_forward(fb, f"{p}n", conv.y, g, b, cfg.groups, cfg.eps)
        pre = norm.y
    elif train:
        norm = batchnorm_train_forward(fb, f"{p}n", conv.y, g, b, cfg.eps)
        pre = norm.y
    else:
        norm = None
        pre = batchnorm_eval_forward(fb, f"{p}n", conv.y, g, b, named[f"rm{i}"], named[f"rv{i}"], cfg.eps)
    film = None
    if f"fs{i}" in named:
        film = film_forward(fb, f"{p}f", pre, named[f"fs{i}"], named[f"fh{i}"])
        pre = film.y
    act, y = _activation_forward(fb, p, cfg, pre)
    return UnitSaved(conv, norm, film, pre, act, y)


def unit_backward(fb: FunctionBuilder, p: str, saved: UnitSaved, named: dict, i: int, cfg: UNetConfig, dy: Value,
                  input_grad: bool = True, film_grads: dict | None = None) -> tuple[Value | None, list[Value]]:
    """(dx or None, [dW, dg, dbt]); with FiLM, film_grads[i] = (dscale, dshift)."""
    if cfg.activation == "relu":
        dpre = relu_backward(fb, f"{p}r", saved.pre, dy)
    else:
        dpre = silu_backward(fb, f"{p}s", saved.act, dy)
    if saved.film is not None:
        dpre, dscale, dshift = film_backward(fb, f"{p}f", saved.film, dpre)
        film_grads[i] = (dscale, dshift)
    if isinstance(saved.norm, BatchNormSaved):
        dconv, dg, db = batchnorm_backward(fb, f"{p}n", saved.norm, dpre)
    else:
        dconv, dg, db = groupnorm_backward(fb, f"{p}n", saved.norm, dpre)
    dx, dw, _ = conv_backward(fb, f"{p}c", saved.conv, named[f"W{i}"], dconv, input_grad=input_grad)
    return dx, [dw, dg, db]


@dataclass
class UNetSaved:
    y: Value
    records: list  # per layer: (kind, unit indices, what its backward reads)


def unet_forward(fb: FunctionBuilder, p: str, x: Value, named: dict, cfg: UNetConfig, train: bool = True) -> UNetSaved:
    """x [b, in_channels, H, W] -> [b, out_channels, H, W]; `named` maps parameter (and state) names to values."""
    records, skips, unit, image = [], [], 0, x
    for li, (kind, ic, oc) in enumerate(cfg.layers):
        q = f"{p}l{li}"
        with fb.layer(f"{kind}{li}"):
            if kind == "down":
                a = unit_forward(fb, f"{q}a", x, named, unit, cfg, train)
                b = unit_forward(fb, f"{q}b", a.y, named, unit + 1, cfg, train)
                pool = maxpool_forward(fb, f"{q}p", b.y)
                skips.append(b.y)
                records.append((kind, (unit, unit + 1), (a, b, pool)))
                x, unit = pool.y, unit + 2
            elif kind == "up":
                up = upsample_forward(fb, f"{q}u", x)
                cat = concat_forward(fb, f"{q}k", up, skips.pop())
                a = unit_forward(fb, f"{q}a", cat, named, unit, cfg, train)
                b = unit_forward(fb, f"{q}b", a.y, named, unit + 1, cfg, train)
                records.append((kind, (unit, unit + 1), (a, b, ic)))
                x, unit = b.y, unit + 2
            elif kind == "convbn":
                a = unit_forward(fb, f"{q}a", x, named, unit, cfg, train)
                records.append((kind, (unit,), (a,)))
                x, unit = a.y, unit + 1
            else:
                if cfg.input_skip:
                    x = concat_forward(fb, f"{q}k", x, image)
                conv = conv_forward(fb, f"{q}c", x, named[f"W{unit}"], named[f"b{unit}"], padding=((0, 0), (0, 0)))
                records.append((kind, (unit,), (conv, ic)))
                x, unit = conv.y, unit + 1
    return UNetSaved(x, records)


def unet_backward(fb: FunctionBuilder, p: str, saved: UNetSaved, named: dict, cfg: UNetConfig,
                  dy: Value, film_grads: dict | None = None) -> list[Value]:
    """Gradients of the units' parameters in canonical order (the input gets none); with FiLM each
    unit's (dscale, dshift) go into film_grads."""
    grads: dict[int, list[Value]] = {}
    d_skips: list[Value] = []  # the skips' cotangents, in the order the up layers meet them going back
    for li in reversed(range(len(saved.records))):
        kind, units, parts = saved.records[li]
        q = f"{p}l{li}"
        need_dx = li > 0  # the input image needs no gradient
        with fb.layer(f"{kind}{li}"):
            if kind == "conv":
                dx, dw, db = conv_backward(fb, f"{q}c", parts[0], named[f"W{units[0]}"], dy, bias=True,
                                           input_grad=need_dx)
                if cfg.input_skip and dx is not None:  # the image's share of the cotangent is dropped
                    dx, _ = concat_backward(fb, f"{q}k", parts[1], dx)
                grads[units[0]] = [dw, db]
            elif kind == "convbn":
                dx, grads[units[0]] = unit_backward(fb, f"{q}a", parts[0], named, units[0], cfg, dy, need_dx,
                                                    film_grads)
            elif kind == "up":
                a, b, ic = parts
                da, grads[units[1]] = unit_backward(fb, f"{q}b", b, named, units[1], cfg, dy, film_grads=film_grads)
                dcat, grads[units[0]] = unit_backward(fb, f"{q}a", a, named, units[0], cfg, da, film_grads=film_grads)
                dup, dskip = concat_backward(fb, f"{q}k", ic, dcat)
                d_skips.append(dskip)
                dx = upsample_backward(fb, f"{q}u", dup) if need_dx else None
            else:
                a, b, pool = parts
                dpool = maxpool_backward(fb, f"{q}p", pool, dy, cfg.pool_rule)
                dby = fb.add(f"{q}ds", dpool, d_skips.pop())
                db_, grads[units[1]] = unit_backward(fb, f"{q}b", b, named, units[1], cfg, dby, film_grads=film_grads)
                dx, grads[units[0]] = unit_backward(fb, f"{q}a", a, named, units[0], cfg, db_, need_dx, film_grads)
        dy = dx
    return [g for i in sorted(grads) for g in grads[i]]


class TimeSaved(NamedTuple):
    mlp: object  # TimeMlpSaved
    act: object  # SiluSaved of the embedding c, what the modulation reads


def _whole_over_model(fb: FunctionBuilder, name: str, x: Value, mesh: Mesh | None) -> Value:
    """x [b, n] constrained whole over "model" (its rows over "data") on a mesh; x itself without one. For each
    unit's FiLM scale and shift and their gradients, sliced from and concatenated into the modulation [b, 2 S]:
    left to itself, the partitioner splits a column unit's by its channels inside that tensor, at offsets that
    are not shard boundaries, and moves slices between devices to build them (docs/distributed.md)."""
    return x if device_count(mesh) == 1 else with_sharding_constraint(fb, name, x, mesh, (DATA, None))


def time_forward(fb: FunctionBuilder, named: dict, cfg: UNetConfig, tfeat: Value,
                 mesh: Mesh | None = None) -> TimeSaved:
    """The time features [b, F2] to every modulated unit's scale and shift, put in `named` as fs{i}, fh{i}."""
    with fb.layer("time"):
        mlp = time_mlp_forward(fb, "tm", tfeat, *(named[n] for n in TIME_PARAMS[:4]))
        act = silu_forward(fb, "tca", mlp.c)
        m = dense_bias(fb, act.y, named["Wfm"], named["bfm"], ("tfmd", "tfmbb", "tfm"))
        start, b = 0, cfg.batch
        for i, oc in film_units(cfg):
            fs = fb.slice(f"tfs{i}", m, [0, start], [b, start + oc])
            fh = fb.slice(f"tfh{i}", m, [0, start + oc], [b, start + 2 * oc])
            named[f"fs{i}"], named[f"fh{i}"] = (_whole_over_model(fb, f"{v.name}w", v, mesh) for v in (fs, fh))
            start += 2 * oc
    return TimeSaved(mlp, act)


def time_backward(fb: FunctionBuilder, saved: TimeSaved, named: dict, cfg: UNetConfig,
                  film_grads: dict, mesh: Mesh | None = None) -> list[Value]:
    """The time parameters' gradients (TIME_PARAMS order) from every unit's (dscale, dshift)."""
    with fb.layer("time"):
        pieces = [_whole_over_model(fb, f"{g.name}w", g, mesh) for i, _ in film_units(cfg) for g in film_grads[i]]
        dm = fb.concatenate("tdm", pieces, 1)
        da, dwfm, dbfm = dense_backward(fb, "tfm", saved.act.y, named["Wfm"], dm)
        dc = silu_backward(fb, "tca", saved.act, da)
        dw1, db1, dw2, db2 = time_mlp_backward(fb, "tm", saved.mlp, named["tW2"], dc)
    return [dw1, db1, dw2, db2, dwfm, dbfm]


def network_forward(fb: FunctionBuilder, x: Value, tfeat: Value | None, named: dict, cfg: UNetConfig,
                    train: bool = True, mesh: Mesh | None = None) -> tuple[UNetSaved, TimeSaved | None]:
    """The whole network: the time conditioning (with FiLM), then the UNet."""
    tsaved = time_forward(fb, named, cfg, tfeat, mesh) if cfg.film else None
    return unet_forward(fb, "u", x, named, cfg, train), tsaved


def network_backward(fb: FunctionBuilder, saved: UNetSaved, tsaved: TimeSaved | None, named: dict,
                     cfg: UNetConfig, dy: Value, mesh: Mesh | None = None) -> list[Value]:
    """Every trainable parameter's gradient in param_specs order."""
    film_grads: dict = {}
    grads = unet_backward(fb, "u", saved, named, cfg, dy, film_grads)
    return grads + (time_backward(fb, tsaved, named, cfg, film_grads, mesh) if cfg.film else [])


def state_updates(fb: FunctionBuilder, saved: UNetSaved, named: dict, cfg: UNetConfig) -> list[Value]:
    """The new running statistics (momentum 1 on the first step, 0.1 after) and count, in state_specs order."""
    if not cfg.has_state:
        return []
    with fb.layer("bnstats"):
        steps = named[STEPS]
        m = first_step_momentum(fb, "bnmom", steps)
        by_unit = {}
        for _, units, parts in saved.records:
            for i, part in zip(units, parts):
                if isinstance(part, UnitSaved):
                    by_unit[i] = part.norm
        out = []
        for i in sorted(by_unit):
            out.append(running_update(fb, f"rm{i}_", named[f"rm{i}"], by_unit[i].mean, m))
            out.append(running_update(fb, f"rv{i}_", named[f"rv{i}"], by_unit[i].var, m))
        out.append(fb.add(f"{STEPS}n", steps, fb.constant("bnone", "1.0")))
    return out


# -- modules ------------------------------------------------------------------------

def _declare(fb: FunctionBuilder, cfg: UNetConfig) -> list[Value]:
    return [fb.arg(name, TensorType(dims)) for name, dims in all_specs(cfg)]


def _image(fb: FunctionBuilder, cfg: UNetConfig, x: Value) -> Value:
    return fb.reshape("xr", x, (cfg.batch, cfg.in_channels, *cfg.image))


def _input_arg(fb: FunctionBuilder, cfg: UNetConfig) -> Value:
    h, w = cfg.image
    return fb.arg("x", TensorType((cfg.batch, cfg.in_channels * h * w)))


def _time_arg(fb: FunctionBuilder, cfg: UNetConfig) -> list[Value]:
    return [fb.arg("tfeat", TensorType((cfg.batch, cfg.time_features)))] if cfg.film else []


@gc_paused
def unet_fwd_module(cfg: UNetConfig) -> Module:
    """@unet_fwd(x [b, in_channels H W], (tfeat [b, F2] with FiLM,) params, state) -> [b, out_channels, H, W],
    BatchNorm in evaluation (the running statistics)."""
    fb = FunctionBuilder("unet_fwd")
    x = _input_arg(fb, cfg)
    tfeat = _time_arg(fb, cfg)
    values = _declare(fb, cfg)
    fb.zero = fb.constant("sc", "0.0")
    named = dict(zip((n for n, _ in all_specs(cfg)), values))
    saved, _ = network_forward(fb, _image(fb, cfg, x), (tfeat or [None])[0], named, cfg, train=False)
    return with_signature(Module([fb.ret(saved.y)]), {"leading": [x, *tfeat], "params": values},
                          {"outputs": [saved.y]}, step=False)


@gc_paused
def unet_step_module(cfg: UNetConfig, hyper: AdamHyper = AdamHyper(wd="0.0"), replicas: int = 1, *,
                     mesh: Mesh | None = None) -> Module:
    """One Adam step on the MSE against the target [b, out_channels, H, W]. Arguments (x, theta*k, m*k,
    v*k, lr, bc1, bc2, (tfeat with FiLM,) target) where theta holds the parameters then the state; results
    (theta'*k, m'*k, v'*k, loss): Adam for the parameters, the running update for the state (its moments
    passed on). With replicas > 1 (data parallel, GroupNorm only: each example is normalised alone, so
    `batch` examples per replica compute what one replica of replicas x batch would) the gradients are
    averaged across replicas in one all_reduce before the update. With a mesh, the step for the whole
    batch across it (vitir.lower.sharding.partitioned_step): the batch over "data" (BatchNorm's statistics
    stay the whole batch's: such a step is always the whole batch annotated), the paired units' split
    (unit_splits) over "model"."""
    require_replica_count(replicas)
    check_mesh(cfg, mesh, replicas)
    # the per-shard step of a data-only mesh has no "model" axis to constrain (its mesh is the manual one)
    return partitioned_step(lambda c, r: _step_module(c, hyper, r, None if r > 1 else mesh), cfg, mesh,
                            model_dims(cfg), replicas, per_shard=not cfg.has_state)


def _step_module(cfg: UNetConfig, hyper: AdamHyper, replicas: int, mesh: Mesh | None) -> Module:
    if replicas > 1 and cfg.has_state:
        raise ConfigError(f"a BatchNorm UNet trains on one replica, not {replicas}: each replica's batch "
                          "statistics and running statistics would be its own")
    fb = FunctionBuilder("unet_train_step")
    x = _input_arg(fb, cfg)
    values = _declare(fb, cfg)
    ms = [fb.arg(v.name + "m", v.type) for v in values]
    vs = [fb.arg(v.name + "v", v.type) for v in values]
    runtime = runtime_scalar_args(fb)
    tfeat = _time_arg(fb, cfg)
    target = fb.arg("target", TensorType((cfg.batch, cfg.out_channels, *cfg.image)))
    fb.zero = fb.constant("sc", "0.0")
    consts = {name: fb.constant(name, literal) for name, literal in baked_adam_literals(hyper).items()}
    named = dict(zip((n for n, _ in all_specs(cfg)), values))
    saved, tsaved = network_forward(fb, _image(fb, cfg, x), (tfeat or [None])[0], named, cfg, True, mesh)
    dy, loss = mse(fb, saved.y, target)
    grads = network_backward(fb, saved, tsaved, named, cfg, dy, mesh)
    k = len(param_specs(cfg))
    thetas, m2, v2 = adamw_updates(fb, values[:k], grads, ms[:k], vs[:k], adam_scalars({**consts, **runtime}),
                                   replicas)
    state = state_updates(fb, saved, named, cfg)
    module = Module([fb.ret(*thetas, *state, *m2, *ms[k:], *v2, *vs[k:], loss)])
    if replicas > 1:  # every gradient's cross-replica mean in one collective (exact: the same sums)
        from .fast_lowering import fuse_all_reduce  # imports the rewriter and the passes; one replica needs neither

        fuse_all_reduce(module.functions[0])
    return with_signature(module, {"leading": [x], "params": values, "m": ms, "v": vs,
                                   "schedule": list(runtime.values()), "trailing": [*tfeat, target]},
                          {"params": [*thetas, *state], "m": [*m2, *ms[k:]], "v": [*v2, *vs[k:]], "loss": [loss]})
