"""`vitir diffuse`: train a diffusion or flow model (a vitir train-step module
run through PJRT), sample with each chosen sampler at each NFE, and score the
samples by energy distance (ED).

2-D targets (--target): the small dense denoiser. Methods: ddpm (eps
prediction; samplers ddim, euler, heun, sde), flow (independent coupling),
flow-ot (minibatch OT), reflow (flow, then retrained on pairs the flow draws);
the flow methods sample with fm-euler or fm-heun. ED is taken against a fresh
target draw. Writes result.json and samples.png (the clouds beside the target).

Images (--data digits, or --data mnist --data-dir DIR): the ViT denoiser with
the time as extra input channels (--time-embed sincos or t), DDPM or flow
matching (--method flow, or flow-ot: images paired with noise by a
minimum-cost assignment per batch), optionally keeping an EMA of the weights
(--ema 0.999) that the samplers then use, and, with --clip-x0 on, each DDPM
step clipping the clean image it implies to the data's range. Samplers: ddim (at each --eta),
ancestral (DDIM at eta 1), vp-euler, vp-heun, vp-sde for ddpm; fm-euler,
fm-heun for the flows. ED is taken between the softmax features that a
classifier (--classifier RUN_DIR from vitir train, or one trained here and
cached under the run directory) gives the samples and the test images; the
floor is the ED between the halves of the test features. Writes result.json,
metrics.jsonl, an atomic checkpoint (--resume DIR continues it, or only
re-samples a finished run, scoring as the run did: its sampling.json keeps
--sampler, --nfe, --eta, --samples, --grid, --classifier and --clip-x0 unless given
again), samples-<sampler>.png grids and curves.png (loss and learning rate per
epoch) under --out. A folder that holds a run is not overwritten unless
--overwrite is given.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..config_checks import ON_OFF, as_on_off, f32_option, on_off_option
from ..errors import ConfigError

HELP = "train a 2-D or image diffusion or flow model and score its samples by energy distance"


# Defaults that differ between the 2-D targets and the images.
DEFAULTS_2D = {"method": "ddpm", "steps": "20000", "nfe": "2,10,50", "samples": "512", "batch": "256",
               "lr": "1e-3"}
DEFAULTS_IMAGES = {"nfe": "10,50", "samples": "1000"}
# Image training flags: config field -> (argument name, kind, help); only --epochs may change on --resume.
IMAGE_TRAINING_FLAGS = {
    "data": ("data", str, None), "data_dir": ("data_dir", str, None), "method": ("method", str, None),
    "model": ("model", str, "the network: dit (the ViT denoisers), unet-reference (the reference's "
                            "convolutional UNet, 118,449 parameters, with its recipe: data in [0, 1], a t/1000 "
                            "channel, eps, Adam at a constant 5e-4, batch 32; sampled by DDIM at 50 NFE) or unet "
                            "(vitir's: GroupNorm, SiLU, the time through FiLM from a time MLP of --width, "
                            "the input read again by the output conv, centred data, x0 predicted, EMA, cosine decay)"),
    "lr_decay": ("lr_decay", str, "the learning rate after the warmup: cosine or constant"),
    "epochs": ("epochs", int, None), "batch": ("batch", int, None), "lr": ("lr", float, None),
    "seed": ("seed", int, None), "ema": ("ema", float, None),
    "conditioning": ("conditioning", str, "how the denoiser reads the time: channels (extra input channels, "
                                          "the reference's), adaln or adaln-zero (DiT)"),
    "prediction": ("prediction", str, "what the denoiser predicts: ddpm eps, x0 or v; flow velocity or x0"),
    "weighting": ("weighting", str, "loss weighting per time, none or min-snr"),
    "snr_gamma": ("snr_gamma", float, "the gamma of min-snr"),
    "time_embed": ("time_embed", str, "how the time is read, with --conditioning channels: sincos (2F channels) or "
                                      "t (one t/T channel); by --model unet: sincos (FiLM) or t (a t/T input "
                                      "channel, the reference's)"),
    "norm": ("norm", str, "the UNets' normalisation: group (vitir's) or batch (the reference's; its running "
                          "statistics are the trained weights', so with --ema 0)"),
    "activation": ("activation", str, "the UNets' activation: silu (vitir's) or relu (the reference's)"),
    "centred": ("centred", bool, "on: train on the images scaled to [-1, 1]; off: in [0, 1] as they are"),
    "n_freq": ("n_freq", int, "sin/cos frequencies F of the time features"),
    "patch": ("patch", int, "the denoiser's patch size"), "width": ("width", int, "the denoiser's token width"),
    "depth": ("depth", int, "the denoiser's blocks"), "heads": ("heads", int, "attention heads"),
    "mlp": ("mlp", int, "MLP hidden width"), "warmup_epochs": ("warmup", float, "learning-rate warmup epochs"),
    "wd": ("wd", str, "AdamW weight decay"), "replicas": ("replicas", int, "devices (data parallel), each taking --batch"),
    "mesh": ("mesh", str, "the step partitioned by XLA over a host mesh such as data=2,model=2: the batch "
                          "(--batch per data shard) over data; over model, Megatron's split of the DiT's blocks, "
                          "the UNet's paired convolutions by output then input channels"),
    "mesh_roles": ("mesh_roles", str, "which axes of --mesh play data and model, such as data=batch,model=tp "
                                      "(default: the axes named data and model)"),
}
FLAG_METAVARS = {"norm": "{group,batch}", "activation": "{silu,relu}", "centred": "{on,off}",
                 "time_embed": "{sincos,t}"}
LITERAL_FIELDS = ("wd",)  # decimal text, an f32 literal in the step: 0 -> 0.0
IMAGE_ONLY = ("data_dir", "epochs", "resume", "ema", "classifier", "clip_x0", "eval_every", "eval_samples", *(
    name for field, (name, _, text) in IMAGE_TRAINING_FLAGS.items() if text is not None))


def _image_flag(field: str) -> str:
    """How `vitir diffuse` spells an image config field: warmup_epochs -> --warmup."""
    return "--" + IMAGE_TRAINING_FLAGS.get(field, (field,))[0].replace("_", "-")


def _image_default(field: str) -> str:
    """`(default X)`, or `(default: digits X, mnist Y)` where the data decide."""
    from ..data import DIFFUSE
    from ..data.registry import default_fields, defaults_table
    from ..diffusion.train_image import (MODEL_DEFAULTS, MODELS, UNET_FIELDS, UNET_REPLICAS, UNETS,
                                         ImageDiffusionConfig)

    if field == "replicas":
        return f"(default 1; unet {UNET_REPLICAS} host devices with GroupNorm, its batch split over them)"
    if field in ("time_embed", "lr_decay", "centred", *UNET_FIELDS):  # the two UNets' recipes differ
        ours, theirs = (_shown(MODEL_DEFAULTS[model][field]) for model in ("unet", "unet-reference"))
        return f"(default {'unet ' if field in UNET_FIELDS else ''}{ours}; unet-reference {theirs})"
    if field in default_fields(DIFFUSE):
        def shown(value):
            return f"{value:g}" if isinstance(value, float) else str(value) or "eps for ddpm, velocity for flow"
        def for_data(data, d):  # a UNet's own recipe comes before the data's defaults
            model = d.values.get("model", MODELS[0])
            if model in UNETS and field in MODEL_DEFAULTS[model]:
                return f"{data} {shown(MODEL_DEFAULTS[model][field])} (its {model}; the dit {shown(d.values[field])})"
            return f"{data} {shown(d.values[field])}"
        recipes = ", ".join(f"{model} {shown(MODEL_DEFAULTS[model][field])}" for model in UNETS
                            if field in MODEL_DEFAULTS[model])
        return ("(default: " + ", ".join(for_data(data, d) for data, d in defaults_table(DIFFUSE))
                + (f"; --model {recipes}" if recipes else "") + ")")
    return f"(default {getattr(ImageDiffusionConfig(), field)})"


def _batch_shown(cfg) -> str:
    """`32`, or with replicas `32 (8 on each of 4 devices)`, or on a mesh `32 (over the mesh data=2,model=2)`."""
    if cfg.mesh is not None:
        return f"{cfg.global_batch} (over the mesh {cfg.mesh})"
    if cfg.replicas == 1:
        return str(cfg.batch)
    return f"{cfg.batch * cfg.replicas} ({cfg.batch} on each of {cfg.replicas} devices)"


def image_datasets() -> tuple[str, ...]:
    from ..data import DIFFUSE
    from ..data.registry import dataset_names
    return dataset_names(DIFFUSE)


def add_parser(sub) -> None:
    from ..backend.choice import BACKEND_HELP, BACKEND_METAVAR

    p = sub.add_parser("diffuse", help=HELP, description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    # Values are parsed in run(), so a bad one is reported in one line.
    p.add_argument("--target", metavar="{8gaussians,spiral,moons,checkerboard,mullerbrown}",
                   help="a 2-D target (default 8gaussians)")
    p.add_argument("--data", metavar="{" + ",".join(image_datasets()) + "}", help="images instead of a 2-D target: digits, or mnist with "
                                                            "--data-dir")
    p.add_argument("--data-dir", metavar="DIR", help="where the MNIST IDX files are")
    p.add_argument("--method", metavar="{ddpm,flow,flow-ot,reflow}",
                   help="images: ddpm, flow or flow-ot; 2-D also reflow (default ddpm)")
    p.add_argument("--steps", help="2-D training steps (default 20000; reflow trains twice)")
    p.add_argument("--epochs", help=f"image training epochs {_image_default('epochs')}")
    p.add_argument("--sampler", help="comma list (2-D default ddim for ddpm, fm-euler for flows; "
                                                 "images: ddim,ancestral for ddpm, fm-euler for flow)")
    p.add_argument("--nfe", help="network evaluations per sample, comma list (default 2,10,50; images 10,50)")
    p.add_argument("--eta", help="DDIM eta, comma list (default 0; 1 is ancestral DDPM)")
    p.add_argument("--grid", metavar="{uniform,logabar,logsnr}", help="time grid of the VP solvers (default uniform)")
    p.add_argument("--samples", help="samples per sampler and NFE (default 512; images 1000)")
    p.add_argument("--batch", help=f"training batch, per replica (default 256; images "
                                   f"{_image_default('batch')[1:-1]}; --model unet's 32 is split over its replicas)")
    p.add_argument("--lr", help=f"learning rate (default 1e-3; images: the peak after the warmup, before the "
                                f"cosine decay, {_image_default('lr')[1:-1]})")
    p.add_argument("--seed", help="initialisation, data and training noise (default 0)")
    p.add_argument("--ema", help="images: keep an EMA of the weights with this decay and sample with it, 0 for "
                                 f"none {_image_default('ema')}")
    p.add_argument("--clip-x0", choices=("on", "off"), help="images, DDPM: each sampler step clips the clean "
                   "image it implies to the data's range before it steps (default off)")
    p.add_argument("--classifier", metavar="RUN_DIR", help="images: the `vitir train` run whose features score "
                                                           "the samples (default: train one with its defaults)")
    for field, (name, _, text) in IMAGE_TRAINING_FLAGS.items():
        if text is not None:
            p.add_argument("--" + name.replace("_", "-"), metavar=FLAG_METAVARS.get(field),
                           help=f"images: {text} {_image_default(field)}")
    p.add_argument("--eval-every", metavar="EPOCHS", help="images: also score the model every this many epochs "
                                                          "while it trains (one sampler at 50 NFE; metrics.jsonl "
                                                          "and curves.png show quality against training time)")
    p.add_argument("--eval-samples", metavar="N", help="images: samples per --eval-every scoring (default 250)")
    p.add_argument("--resume", metavar="DIR", help="images: continue the run in DIR from its checkpoint "
                                                   "(then sample and score; only --epochs may change)")
    p.add_argument("--out", metavar="DIR", help="run directory (default runs/diffuse-<timestamp>)")
    p.add_argument("--overwrite", action="store_true",
                   help="start a new run in --out DIR even where one is (its files are replaced)")
    p.add_argument("--backend", default="pjrt", metavar=BACKEND_METAVAR, help=BACKEND_HELP)
    p.set_defaults(func=run)


def _numbers(text: str, flag: str, kind, many: bool):
    parts = [part.strip() for part in text.split(",")] if many else [text.strip()]
    try:
        values = tuple(kind(part) for part in parts)
    except ValueError:
        what = ("comma-separated " if many else "an ") + ("integer" if kind is int else "number")
        raise ConfigError(f"{flag} takes {what}{'s' if many else ''}, got {text!r}") from None
    return values if many else values[0]


def _given(args, name: str, defaults: dict) -> str:
    value = getattr(args, name)
    return defaults[name] if value is None else value


def _samplers(args) -> tuple[str, ...]:
    return tuple(s.strip() for s in (args.sampler or "").split(",") if s.strip())


def config_from(args):
    from ..diffusion.train2d import DiffuseConfig

    for name in IMAGE_ONLY:
        if getattr(args, name) is not None:
            raise ConfigError(f"--{name.replace('_', '-')} applies to images (with --data)")
    d = DEFAULTS_2D
    return DiffuseConfig(
        target=(args.target or "8gaussians").strip(), method=_given(args, "method", d).strip(),
        steps=_numbers(_given(args, "steps", d), "--steps", int, False),
        batch=_numbers(_given(args, "batch", d), "--batch", int, False),
        lr=_numbers(_given(args, "lr", d), "--lr", float, False),
        seed=_numbers(args.seed or "0", "--seed", int, False),
        samples=_numbers(_given(args, "samples", d), "--samples", int, False),
        samplers=_samplers(args),
        nfes=_numbers(_given(args, "nfe", d), "--nfe", int, True),
        etas=_numbers(args.eta or "0", "--eta", float, True),
        grid=(args.grid or "uniform").strip(), backend=args.backend)


def image_configs_from(args):
    """(training config, evaluation config, run directory, resume) of an image run."""
    from ..diffusion.eval_image import ImageEvalConfig
    from ..backend.choice import parse_backend
    from ..diffusion.train_image import ImageDiffusionConfig
    from ..diffusion.eval_image import classifier_checkpoint
    from ..train.checkpoint import load_checkpoint, resumed_config
    from ..train.rundir import require_new_run_dir

    if args.target is not None:
        raise ConfigError("give --target (2-D) or --data (images), not both")
    if args.steps is not None:
        raise ConfigError("images train for --epochs, not --steps")
    given = {}
    for field, (name, kind, _) in IMAGE_TRAINING_FLAGS.items():
        text = getattr(args, name)
        if text is not None:
            flag = "--" + name.replace("_", "-")
            given[field] = (f32_option(text, flag) if field in LITERAL_FIELDS else text.strip() if kind is str
                            else on_off_option(text, flag) if kind is bool else _numbers(text, flag, kind, False))
    if args.resume:
        if args.out:
            raise ConfigError("--resume DIR continues DIR; do not also give --out")
        if args.overwrite:
            raise ConfigError("--overwrite starts a new run; --resume continues one")
        run_dir = Path(args.resume)
        saved = load_checkpoint(run_dir).config
        if saved.get("kind") != "image-diffusion":
            raise ConfigError(f"{run_dir} holds no image diffusion run")
        cfg = ImageDiffusionConfig.from_dict(resumed_config(saved, given, flag=_image_flag))
    else:
        if "replicas" not in given and parse_backend(args.backend)[0] == "iree":
            given["replicas"] = 1  # IREE runs one device: the UNet's default batch then stays whole on it
        cfg = ImageDiffusionConfig(**given)
        run_dir = Path(args.out or f"runs/diffuse-{cfg.data}-{time.strftime('%Y%m%d-%H%M%S')}")
    sampling = sampling_given(args)
    if args.resume:
        sampling = resumed_sampling(run_dir, sampling)
    else:
        require_new_run_dir(run_dir, args.overwrite)
    d = DEFAULTS_IMAGES
    defaults = {"nfes": _numbers(d["nfe"], "--nfe", int, True), "samples": int(d["samples"])}
    if cfg.model == "unet-reference":  # the reference samples its UNet by deterministic DDIM in 50 steps
        defaults.update(samplers=("ddim",), nfes=(50,), etas=(0.0,))
    ev = ImageEvalConfig(method=cfg.method, **{**defaults, **sampling})
    if ev.classifier is not None:
        classifier_checkpoint(ev.classifier, cfg.data)  # before training, not after
    return cfg, ev, run_dir, bool(args.resume)


# ImageEvalConfig field -> the flag that sets it; a resumed run keeps the run's unless given again.
SAMPLING_FLAGS = {"samplers": "--sampler", "nfes": "--nfe", "etas": "--eta", "samples": "--samples",
                  "grid": "--grid", "classifier": "--classifier", "clip_x0": "--clip-x0"}
SAMPLING = "sampling.json"  # in the run directory: the sampling settings of its last scoring


def sampling_given(args) -> dict:
    """The sampling settings given as flags, by ImageEvalConfig field."""
    given = {"samplers": _samplers(args) or None,
             "nfes": None if args.nfe is None else _numbers(args.nfe, "--nfe", int, True),
             "etas": None if args.eta is None else _numbers(args.eta, "--eta", float, True),
             "samples": None if args.samples is None else _numbers(args.samples, "--samples", int, False),
             "grid": None if args.grid is None else args.grid.strip(), "classifier": args.classifier,
             "clip_x0": None if args.clip_x0 is None else ON_OFF[args.clip_x0]}
    return {field: value for field, value in given.items() if value is not None}


def resumed_sampling(run_dir: Path, given: dict) -> dict:
    """The run's sampling settings (its SAMPLING file), each replaced where a flag gives it again: the
    samples are scored as before, by the same classifier, unless asked otherwise (said on stderr)."""
    import json

    from ..files import read_text

    path = run_dir / SAMPLING
    saved = json.loads(read_text(path)) if path.is_file() else {}
    saved = {field: tuple(value) if isinstance(value, list) else value for field, value in saved.items()
             if field in SAMPLING_FLAGS}
    for field, value in given.items():
        if field in saved and saved[field] != value:
            print(f"vitir diffuse: re-scoring with {SAMPLING_FLAGS[field]} {_shown(value)} "
                  f"(the run's: {_shown(saved[field])})", file=sys.stderr, flush=True)
    return {**saved, **given}


def _shown(value) -> str:
    if isinstance(value, bool):
        return as_on_off(value)
    return ",".join(f"{v:g}" if isinstance(v, float) else str(v) for v in value) if isinstance(value, tuple) \
        else str(value)


def save_sampling(run_dir: Path, ev) -> None:
    from ..train.rundir import write_json_atomic

    write_json_atomic(run_dir / SAMPLING, {field: getattr(ev, field) for field in SAMPLING_FLAGS})


def ed_table(result: dict) -> str:
    lines = [f"{'sampler':<9} {'eta':>5} {'NFE':>5} {'ED':>9} {'ED/floor':>9}"]
    for row in result["rows"]:
        eta = "-" if row["eta"] is None else f"{row['eta']:g}"
        lines.append(f"{row['sampler']:<9} {eta:>5} {row['nfe']:>5} {row['ed']:>9.5f} {row['ratio']:>9.1f}")
    return "\n".join(lines)


def image_table(result: dict) -> str:
    head = (f"{'sampler':<10} {'eta':>4} {'NFE':>5} {'ED':>9} {'ED/floor':>9} {'FD':>9} {'FD/floor':>9} "
            f"{'confident classes':>17} {'confident':>9}")
    lines = [head]
    classes = len(result["controls"][0]["class_shares"])

    def cells(row):
        return (f"{row['ed']:>9.5f} {row['ratio']:>9.1f} {row['fd']:>9.4g} {row['fd_ratio']:>9.1f} "
                f"{row['confident_classes']:>14}/{classes:<2} {row['confident_fraction']:>9.1%}")

    for row in result["rows"]:
        eta = "-" if row["eta"] is None else f"{row['eta']:g}"
        lines.append(f"{row['sampler']:<10} {eta:>4} {row['nfe']:>5} {cells(row)}")
    for row in result["controls"]:
        lines.append(f"{row['control']:<21} {cells(row)}")
    return "\n".join(lines)


def run_images(args) -> int:
    from ..diffusion.eval_image import QualityMonitor, evaluate_image_model, scoring_for
    from ..diffusion.train_image import ImageDiffusionTrainer
    from ..train.rundir import write_json_atomic

    cfg, ev, run_dir, resume = image_configs_from(args)
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    trainer = ImageDiffusionTrainer(cfg, run_dir, log=log, backend=args.backend)
    run_dir.mkdir(parents=True, exist_ok=True)
    save_sampling(run_dir, ev)
    scoring = None
    if args.eval_every is not None:
        every = _numbers(args.eval_every, "--eval-every", int, False)
        samples = _numbers(args.eval_samples or "250", "--eval-samples", int, False)
        if every < 1 or samples < 2:
            raise ConfigError("--eval-every needs a positive number of epochs and --eval-samples at least 2")
        scoring = scoring_for(trainer.data, cfg, ev, run_dir, log, args.backend)
        trainer.task.monitor = QualityMonitor(*scoring, cfg, trainer.data.image_shape, every, samples,
                                              ev.samplers[-1], log=log, backend=args.backend, clip_x0=ev.clip_x0)
    time_input = f"{cfg.time_embed} time channels" if cfg.conditioning == "channels" else cfg.conditioning
    if cfg.model == "unet-reference":
        network = (f"the reference's UNet ({trainer.task.parameter_count(None):,} parameters), data in [0, 1] "
                   f"and a t/1000 channel")
    elif cfg.model == "unet":
        norm, activation = {"group": "GroupNorm", "batch": "BatchNorm"}[cfg.norm], {"silu": "SiLU", "relu": "ReLU"}[
            cfg.activation]
        time = (f"FiLM from {cfg.time_features} sin/cos time features" if cfg.reads_time_features
                else "a t/1000 channel")
        network = (f"vitir's UNet ({trainer.task.parameter_count(None):,} parameters), {norm}, {activation}, "
                   f"{time}{'' if cfg.centred else ', data in [0, 1]'}")
    else:
        network = f"ViT denoiser depth {cfg.depth} width {cfg.width} patch {cfg.patch}, {time_input}"
    log(f"vitir diffuse: {cfg.method} on {cfg.data} ({len(trainer.data.x_train)} training images), {network}, "
        f"predicting {cfg.prediction}, batch {_batch_shown(cfg)}, {cfg.epochs} epochs of {trainer.steps_per_epoch} steps "
        f"({cfg.lr_decay} lr {cfg.lr:g}) -> {run_dir}")
    trained = trainer.train(resume=resume)
    scored = evaluate_image_model(trainer, ev, run_dir, log, scoring)
    result = {**trained, **scored}
    write_json_atomic(run_dir / "result.json", result)
    per_epoch = trained["seconds_per_epoch"]
    per_epoch = "" if per_epoch is None else f", {per_epoch:.2f} s an epoch"
    print(f"{cfg.method} on {cfg.data}, {trained['epochs']} epochs ({trained['train_seconds']:.0f} s training"
          f"{per_epoch}), {scored['weights']} weights, ED floor {scored['floor']:.5f}, FD floor "
          f"{scored['fd_floor']:.4g}; confident: top probability >= {scored['confident_threshold']:g}")
    print(image_table(result))
    return 0


def run(args) -> int:
    from ..backend import check_backend

    check_backend(args.backend)  # a bad name fails before anything trains
    if args.data is not None or args.resume is not None:
        return run_images(args)
    from ..diffusion.train2d import run_diffusion
    from ..train.rundir import require_new_run_dir, write_json_atomic

    cfg = config_from(args)
    out = Path(args.out or f"runs/diffuse-{time.strftime('%Y%m%d-%H%M%S')}")
    require_new_run_dir(out, args.overwrite, resumable=False)
    out.mkdir(parents=True, exist_ok=True)
    print(f"vitir diffuse: {cfg.method} on {cfg.target}, {cfg.steps} steps at batch {cfg.batch} -> {out}",
          file=sys.stderr, flush=True)
    result, clouds, reference = run_diffusion(cfg, progress=True)
    write_json_atomic(out / "result.json", result)
    title = f"{cfg.method} on {cfg.target}, {cfg.steps} steps"
    from ..diffusion.plots import plot_clouds
    plot_clouds(clouds, reference, out / "samples.png", title)
    print(f"{title}: trained in {result['train_seconds']:.1f} s, floor {result['floor']:.5f}")
    print(ed_table(result))
    return 0
