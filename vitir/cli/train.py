"""`vitir train`: train a ViT with the scheduled AdamW step through PJRT.

With no arguments: a small ViT on the embedded 8x8 digits (scikit-learn's
1,797 images, fixed stratified split), vitir's fast lowering, progress on
stderr, and a run directory runs/<timestamp> with result.json, metrics.jsonl,
curves.png, the train step's text and an atomic checkpoint.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import fields
from pathlib import Path

from ..errors import ConfigError

EXIT_DIVERGED = 3


def add_parser(sub) -> None:
    from ..train.trainer import TrainConfig

    p = sub.add_parser("train", help="train a ViT (default: the embedded digits)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", metavar="DIR", help="run directory (default runs/<timestamp>)")
    p.add_argument("--resume", metavar="DIR", help="continue the run in DIR from its checkpoint")
    defaults = TrainConfig()
    for f in fields(TrainConfig):
        flag = "--" + f.name.replace("_", "-")
        default = getattr(defaults, f.name)
        if f.name == "augment":
            p.add_argument("--no-augment", dest="augment", action="store_false", default=None,
                           help="turn off the random 1-pixel shifts")
            continue
        kind = {int: int, float: float}.get(type(default), str)
        p.add_argument(flag, dest=f.name, type=kind, default=None, help=f"(default {default})")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..train.checkpoint import load_checkpoint
    from ..train.trainer import Trainer, TrainConfig, TrainingDiverged

    given = {f.name: getattr(args, f.name) for f in fields(TrainConfig) if getattr(args, f.name, None) is not None}
    if args.resume:
        if args.out:
            raise ConfigError("--resume DIR continues DIR; do not also give --out")
        run_dir = Path(args.resume)
        saved = load_checkpoint(run_dir).config
        changed = {k: v for k, v in given.items() if k != "epochs" and saved.get(k) != v}
        if changed:
            raise ConfigError(f"--resume keeps the run's config; these differ: {', '.join(sorted(changed))} "
                              "(only --epochs may change)")
        cfg = TrainConfig.from_dict({**saved, **given})
    else:
        cfg = TrainConfig(**given)
        run_dir = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}")
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    trainer = Trainer(cfg, run_dir, log=log)
    log(f"vitir train: {cfg.dataset}, {len(trainer.data.x_train)} train / {len(trainer.data.x_test)} test images, "
        f"ViT depth {cfg.depth} width {cfg.width} heads {cfg.heads} patch {cfg.patch}, global batch "
        f"{trainer.global_batch} on {cfg.replicas} device(s), {trainer.total_steps} steps -> {run_dir}")
    try:
        result = trainer.train(resume=bool(args.resume))
    except TrainingDiverged as e:
        print(f"vitir train: error: {e}", file=sys.stderr)
        return EXIT_DIVERGED
    print(f"test accuracy {100 * result['test_accuracy']:.2f}%  ({result['steps']} steps, "
          f"{result['train_seconds']:.1f} s training, {result['wall_seconds']:.1f} s in all)  -> {run_dir}")
    return 0
