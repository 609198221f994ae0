"""`vitir render MODULE`: print a ViT module's StableHLO text.

With no options it renders ViT-Tiny (224 px, batch 32, depth 12) with the
golden's hyperparameters, so `vitir render adam-sched --preset vit-tiny
--batch 32` prints the reference's production file byte for byte.
"""

from __future__ import annotations

import argparse
import sys

from . import debug_info

from ..config_checks import as_option, check_adam_literals, f32_option
from ..errors import ConfigError

MODULES = ("fwd", "sgd", "adam", "adam-packed", "adam-sched", "adam-dp")
DEFAULT_LR = "0.001"  # the baked learning rate of sgd and adam-packed
BAKES_LR = ("sgd", "adam-packed")
USES_ADAM_CONSTANTS = ("adam-packed", "adam-sched", "adam-dp")  # adam takes them as runtime arguments
USES_SMOOTHING = ("adam-sched", "adam-dp")


def parse_image(text: str) -> tuple[int, int]:
    try:
        parts = [int(p) for p in text.lower().split("x")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"image must be N or HxW, got {text!r}") from None
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"image must be N or HxW, got {text!r}")
    return parts[0], parts[1]


def add_parser(sub) -> None:
    p = sub.add_parser("render", help="print a ViT module as StableHLO text",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("module", choices=MODULES, help="which module to render")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    p.add_argument("--lowering", choices=("reference", "fast"), default="reference",
                   help="reference: byte-identical to the reference (default); fast: that graph after "
                        "the fast-lowering pass (vitir opt --list)")
    p.add_argument("--preset", choices=("vit-tiny",), default="vit-tiny",
                   help="base configuration that the options below override (default vit-tiny)")
    p.add_argument("--backward", choices=("hand", "derived"), default=None,
                   help="adam-sched and adam-dp: the layers' hand-derived backward (default; the golden's text) or "
                        "one derived from the forward by vitir.autodiff")
    model = p.add_argument_group("model")
    model.add_argument("--batch", type=int, help="batch size per replica (default 32)")
    model.add_argument("--channels", type=int, help="image channels (default 3)")
    model.add_argument("--image", type=parse_image, help="image size, N or HxW (default 224)")
    model.add_argument("--patch", type=int, help="patch size (default 16)")
    model.add_argument("--width", type=int, help="model width d (default 192)")
    model.add_argument("--depth", type=int, help="number of blocks (default 12)")
    model.add_argument("--heads", type=int, help="attention heads (default 3)")
    model.add_argument("--mlp", type=int, help="MLP hidden width (default 768)")
    model.add_argument("--classes", type=int, help="classes (default 10)")
    model.add_argument("--ln-eps", help="LayerNorm epsilon literal (default 1.0e-5)")
    model.add_argument("--replicas", type=int, help="data-parallel replicas, adam-dp only (default 2)")
    model.add_argument("--mesh", metavar="AXES", help="adam-sched only: the step sharded over a device mesh "
                       "such as data=2,model=2 (Shardy's annotations: the batch, --batch per data shard, over "
                       "'data', Megatron's split of the blocks over 'model')")
    model.add_argument("--mesh-roles", metavar="ROLES", help="which axes of --mesh play data and model, such as "
                       "data=batch,model=tp for --mesh batch=2,tp=2 (default: the axes named data and model)")
    hyper = p.add_argument_group("hyperparameters (numbers as typed, 0, .5 or 1e-3, spliced as f32 literals)")
    hyper.add_argument("--lr", help=f"baked learning rate of sgd and adam-packed (default {DEFAULT_LR})")
    hyper.add_argument("--beta1", help="Adam beta1 (default 0.9; 1-beta1 is derived exactly)")
    hyper.add_argument("--beta2", help="Adam beta2 (default 0.999)")
    hyper.add_argument("--eps", help="Adam epsilon (default 1.0e-8)")
    hyper.add_argument("--wd", help="weight decay (default 0.0001)")
    hyper.add_argument("--label-smoothing", type=float, help="label smoothing of adam-sched/adam-dp (default 0.1)")
    debug_info.add_arguments(p)
    p.set_defaults(func=run)


def _check_combination(args) -> None:
    kind = args.module
    if args.replicas is not None and kind != "adam-dp":
        raise ConfigError(f"--replicas applies only to adam-dp, not {kind}")
    if args.mesh is not None and kind != "adam-sched":
        raise ConfigError(f"--mesh applies only to adam-sched, not {kind}")
    if args.mesh_roles is not None and args.mesh is None:
        raise ConfigError("--mesh-roles names the roles of --mesh's axes: give --mesh too")
    if args.lr is not None and kind not in BAKES_LR:
        raise ConfigError(f"--lr is baked only by sgd and adam-packed; {kind} takes the learning rate at run time")
    adam_opts = [o for o, v in (("--beta1", args.beta1), ("--beta2", args.beta2), ("--eps", args.eps),
                                ("--wd", args.wd)) if v is not None]
    if adam_opts and kind not in USES_ADAM_CONSTANTS:
        raise ConfigError(f"{adam_opts[0]} does not apply to {kind}"
                          + (" (adam takes the Adam hyperparameters as runtime arguments)" if kind == "adam" else ""))
    if args.backward is not None and kind not in USES_SMOOTHING:
        raise ConfigError(f"--backward applies only to adam-sched and adam-dp, not {kind}")
    if args.label_smoothing is not None and kind not in USES_SMOOTHING:
        raise ConfigError(f"--label-smoothing applies only to adam-sched and adam-dp, not {kind}")


LITERAL_OPTIONS = ("lr", "beta1", "beta2", "eps", "wd", "ln_eps")


def typed_literals(args) -> dict[str, str]:
    """The f32 literal of each number given for LITERAL_OPTIONS, as typed (`0` -> `0.0`, `1e-8` -> `1.0e-8`),
    the Adam ones checked for range; errors name the flag."""
    literals = {name: f32_option(getattr(args, name), as_option(name))
                for name in LITERAL_OPTIONS if getattr(args, name) is not None}
    check_adam_literals({name: literals[name] for name in ("beta1", "beta2", "eps", "wd") if name in literals},
                        as_option)
    if "ln_eps" in literals:
        check_adam_literals({"eps": literals["ln_eps"]}, lambda _: "--ln-eps")
    return literals


def build(args):
    """The Module that the parsed arguments describe."""
    from ..lower import PRESETS, AdamHyper, ViTConfig
    from ..lower import train_step as ts

    _check_combination(args)
    base = PRESETS[args.preset]()
    overrides = {field: getattr(args, opt) for field, opt in (
        ("batch", "batch"), ("channels", "channels"), ("image", "image"), ("patch", "patch"), ("width", "width"),
        ("depth", "depth"), ("heads", "heads"), ("mlp", "mlp"), ("classes", "classes"))
        if getattr(args, opt) is not None}
    fields = {f: getattr(base, f) for f in ViTConfig.__dataclass_fields__ if f != "scale"}
    literals = typed_literals(args)
    if "ln_eps" in literals:
        overrides["eps"] = literals["ln_eps"]
    mesh = None
    if args.mesh is not None:
        from ..lower.sharding import DATA, axis_size, parse_mesh

        mesh = parse_mesh(args.mesh, args.mesh_roles)
        overrides["batch"] = overrides.get("batch", base.batch) * axis_size(mesh, DATA)
    cfg = ViTConfig(**{**fields, **overrides})
    hyper_fields = {name: literals[opt] for name, opt in (
        ("b1", "beta1"), ("b2", "beta2"), ("eps", "eps"), ("wd", "wd"), ("lr", "lr")) if opt in literals}
    if args.label_smoothing is not None:
        hyper_fields["label_smoothing"] = args.label_smoothing
    hyper = AdamHyper(**hyper_fields)
    kind, low = args.module, args.lowering
    if kind == "fwd":
        return ts.fwd_module(cfg)
    if kind == "sgd":
        return ts.sgd_module(cfg, literals.get("lr", DEFAULT_LR), lowering=low)
    if kind == "adam":
        return ts.adam_module(cfg, lowering=low)
    if kind == "adam-packed":
        return ts.adam_packed_module(cfg, hyper, lowering=low)
    backward = args.backward or "hand"
    if kind == "adam-sched":
        return ts.adam_sched_module(cfg, hyper, lowering=low, backward=backward, mesh=mesh)
    replicas = 2 if args.replicas is None else args.replicas
    return ts.adam_dp_module(cfg, hyper, replicas, lowering=low, backward=backward)


def run(args) -> int:
    from ..gc_pause import collector_paused  # not vitir.ast's: that would import the AST before the pause

    # One pause over the imports, the build, the print and the write: each collection between them
    # would re-scan all that was made before it, and none of it is garbage until the end.
    with collector_paused():

        text = debug_info.print_located(build(args), args)
        if args.output:
            from ..files import write_text

            write_text(args.output, text)
        else:
            sys.stdout.write(text)
    return 0
