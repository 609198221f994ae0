"""`vitir train`: train a ViT with the scheduled AdamW step through PJRT.

With no arguments: a small ViT on the embedded 8x8 digits (scikit-learn's
1,797 images, fixed stratified split), vitir's fast lowering, progress on
stderr, and a run directory runs/<timestamp> with result.json, metrics.jsonl,
curves.png, the train step's text and an atomic checkpoint; --out DIR on a
folder that holds a run is refused unless --overwrite is given. The Adam
hyperparameters are taken as typed (0, .5, 1e-8) and become f32 literals.

The model size and the epochs default per dataset, each sized to finish in
minutes on a laptop CPU (measured on 2 cores): digits about 1 minute (98-99%
test accuracy), --dataset mnist --data-dir DIR about 7-8 minutes (97.95% to
98.15% on the 10,000-image MNIST subset over two seeds). The run prints its own estimate of the
training time after timing its first steps, and an ETA as it goes.

Data parallel over several processes (one per host): start one per process
with --processes N --process-id I --coordinator HOST:PORT (process 0 listens
there), or let a cluster launcher set VITIR_NUM_PROCESSES, VITIR_PROCESS_ID and
VITIR_COORDINATOR (or JAX_NUM_PROCESSES, JAX_PROCESS_ID, JAX_COORDINATOR_ADDRESS);
`vitir launch -n N -- vitir train ...` does this on one machine. Only process 0
writes the run directory.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import fields
from pathlib import Path

from ..errors import ConfigError

EXIT_DIVERGED = 3
# TrainConfig annotation -> argparse type; the rest are text (the Adam literals: 0, .5, 1e-8 as typed).
FIELD_TYPES = {"int": int, "int | None": int, "float": float}
FIELD_METAVARS = {"data_dir": "DIR", "image_size": "N", "mesh": "AXES", "mesh_roles": "ROLES"}
FIELD_HELP = {
    "image_size": "resize the images to N x N (bilinear; the patch must divide N)",
    "mesh": "partition the step over a host mesh of devices, such as data=2,model=2: the batch split over "
            "'data', the blocks' weights over 'model' (Megatron's split), by XLA's partitioner",
    "mesh_roles": "which axes of --mesh play data and model, such as data=batch,model=tp for --mesh "
                  "batch=2,tp=2 (default: the axes named data and model)",
    "beta1": "Adam beta1, in [0, 1)", "beta2": "Adam beta2, in [0, 1)", "eps": "Adam epsilon", "wd": "weight decay",
    "backward": "the layers' hand-derived backward, or one derived from the forward by vitir.autodiff",
}


def add_parser(sub) -> None:
    from ..backend.choice import BACKEND_HELP, BACKEND_METAVAR
    from ..backend.distributed import DEFAULT_TIMEOUT_S
    from ..data import CLASSIFY
    from ..data.registry import dataset_names, defaults_table
    from ..lower.derived import BACKWARDS
    from ..lower.lowering import LOWERINGS
    from ..train.trainer import TrainConfig, default_fields

    p = sub.add_parser("train", help="train a ViT (default: the embedded digits)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", metavar="DIR", help="run directory (default runs/<timestamp>)")
    p.add_argument("--backend", default="pjrt", metavar=BACKEND_METAVAR, help=BACKEND_HELP)
    p.add_argument("--resume", metavar="DIR", help="continue the run in DIR from its checkpoint")
    p.add_argument("--overwrite", action="store_true",
                   help="start a new run in --out DIR even where one is (its files are replaced)")
    p.add_argument("--process-id", type=int, metavar="I", help="this process's rank, 0 to N-1 (with --processes N)")
    p.add_argument("--coordinator", metavar="HOST:PORT", help="where process 0 listens for the others")
    p.add_argument("--timeout", type=float, metavar="S", default=DEFAULT_TIMEOUT_S,
                   help="seconds to wait for the other processes, at start and in each step, before "
                        f"ending with an error (default {DEFAULT_TIMEOUT_S:g})")
    p.add_argument("--profile", action="store_true",
                   help="profile the train step under XLA's profiler instead of training: time per layer path "
                        "(forward, backward, optimizer) printed, and profile.txt, .json, .png in the run directory")
    p.add_argument("--profile-steps", type=int, default=10, metavar="N", help="profiled steps (default 10)")
    p.add_argument("--profile-depth", type=int, default=3, metavar="D",
                   help="--profile groups by the first D segments of each layer path (default 3)")
    defaults = TrainConfig()
    per_dataset = default_fields()
    for f in fields(TrainConfig):
        flag = "--" + f.name.replace("_", "-")
        default = getattr(defaults, f.name)
        if f.name == "augment":
            p.add_argument("--no-augment", dest="augment", action="store_false", default=None,
                           help="turn off the random 1-pixel shifts")
            continue
        kind = FIELD_TYPES.get(f.type, str)  # the annotation's text (the module uses postponed annotations)
        text = (f"(default: {', '.join(f'{name} {d.values[f.name]}' for name, d in defaults_table(CLASSIFY))})"
                if f.name in per_dataset else f"(default {default})")
        choices = {"dataset": dataset_names(CLASSIFY), "lowering": LOWERINGS, "backward": BACKWARDS}.get(f.name)
        p.add_argument(flag, dest=f.name, type=kind, default=None, choices=choices, metavar=FIELD_METAVARS.get(f.name),
                       help=f"{FIELD_HELP[f.name]} {text}" if f.name in FIELD_HELP else text)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..backend import check_backend
    from ..backend.distributed import initialize_distributed, process_group
    from ..config_checks import as_option, f32_option
    from ..train.checkpoint import load_checkpoint, resumed_config
    from ..train.rundir import require_new_run_dir
    from ..train.trainer import ADAM_LITERALS, Trainer, TrainConfig, TrainingDiverged

    given = {f.name: getattr(args, f.name) for f in fields(TrainConfig) if getattr(args, f.name, None) is not None}
    settings = process_group(args.coordinator, args.processes, args.process_id, args.timeout)
    if settings.num_processes > 1:  # set by the environment when not by --processes
        given["processes"] = settings.num_processes
    if args.resume:
        if args.out:
            raise ConfigError("--resume DIR continues DIR; do not also give --out")
        if args.overwrite:
            raise ConfigError("--overwrite starts a new run; --resume continues one")
        run_dir = Path(args.resume)
        saved = load_checkpoint(run_dir).config
        if saved.get("kind", "classifier") != "classifier":
            raise ConfigError(f"--resume {run_dir} holds an {saved['kind']} run (vitir diffuse), not a classifier")
        given.update({name: f32_option(given[name], as_option(name)) for name in ADAM_LITERALS if name in given})
        cfg = TrainConfig.from_dict(resumed_config(saved, given))
    else:
        cfg = TrainConfig(**given)
        run_dir = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}")
        require_new_run_dir(run_dir, args.overwrite)
    check_backend(args.backend, cfg.devices)  # before any process group forms
    if args.profile:
        from .profile import check_counts

        check_counts(args.profile_steps, 2, args.profile_depth, "--profile-steps", "--profile-depth")
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    try:
        with settings.exit_on_failure("vitir train", {TrainingDiverged: EXIT_DIVERGED}):
            group = initialize_distributed(settings.coordinator, settings.num_processes, settings.process_id,
                                           args.timeout)
            trainer = Trainer(cfg, run_dir, log=log, group=group, backend=args.backend)
            where = f" ({group})" if group.num_processes > 1 else ""
            if args.profile:
                return _profile(trainer, args, run_dir)
            log(f"vitir train: {cfg.dataset}, {len(trainer.data.x_train)} train / {len(trainer.data.x_test)} test "
                f"images, ViT depth {cfg.depth} width {cfg.width} heads {cfg.heads} patch {cfg.patch}, global "
                f"batch {trainer.global_batch} on {trainer.devices} {args.backend} device(s){where}, "
                f"{trainer.total_steps} steps -> {run_dir}")
            result = trainer.train(resume=bool(args.resume))
    except TrainingDiverged as e:  # one process alone; a group's processes end in exit_on_failure
        print(f"vitir train: error: {e}", file=sys.stderr)
        return EXIT_DIVERGED
    print(f"test accuracy {100 * result['test_accuracy']:.2f}%  ({result['steps']} steps, "
          f"{result['train_seconds']:.1f} s training, {result['wall_seconds']:.1f} s in all)  -> {run_dir}")
    return 0


def _profile(trainer, args, run_dir: Path) -> int:
    profile = trainer.profile(args.profile_steps, depth=args.profile_depth)
    print(profile.table(args.profile_depth, top=10))
    print(f"-> {run_dir} (profile.txt, profile.json, profile.png, train_step.mlir)", file=sys.stderr)
    return 0
