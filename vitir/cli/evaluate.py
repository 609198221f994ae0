"""`vitir eval DIR`: accuracy and confusion matrix of a saved run."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from ..errors import ConfigError


def add_parser(sub) -> None:
    p = sub.add_parser("eval", help="accuracy and confusion matrix of a saved run", description=__doc__)
    p.add_argument("run_dir", metavar="DIR", help="a run directory written by vitir train")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=run)


def confusion_matrix(labels: np.ndarray, preds: np.ndarray, classes: int) -> np.ndarray:
    cm = np.zeros((classes, classes), np.int64)
    np.add.at(cm, (labels, preds), 1)
    return cm


def format_confusion(cm: np.ndarray, names) -> str:
    width = max(5, max(len(str(n)) for n in names) + 1, len(str(cm.max())) + 1)
    head = "true\\pred".ljust(width + 2) + "".join(str(n)[:width].rjust(width) for n in names)
    rows = [str(n)[:width].ljust(width + 2) + "".join(str(v).rjust(width) for v in row) for n, row in zip(names, cm)]
    return "\n".join([head] + rows)


def run(args) -> int:
    from ..train.checkpoint import load_checkpoint
    from ..train.trainer import Trainer, TrainConfig

    run_dir = Path(args.run_dir)
    ck = load_checkpoint(run_dir)
    if ck.config.get("kind") == "image-diffusion":
        raise ConfigError(f"{run_dir} is a diffusion run (vitir diffuse), not a classifier; its samples' scores "
                          "are in its result.json")
    if "mean" not in ck.config:
        raise ConfigError(f"{run_dir} is not a `vitir train` run (its checkpoint has no input mean and std)")
    cfg = TrainConfig.from_dict(ck.config)
    trainer = Trainer(cfg, run_dir)
    trainer.mean, trainer.std = ck.config["mean"], ck.config["std"]
    preds = trainer.predict(ck.params, trainer.data.x_test)
    labels = trainer.data.y_test
    cm = confusion_matrix(labels, preds, len(trainer.data.classes))
    acc = float(np.trace(cm) / cm.sum())
    if args.json:
        print(json.dumps({"test_accuracy": acc, "step": ck.step, "confusion": cm.tolist(),
                          "classes": list(trainer.data.classes)}))
    else:
        print(f"{run_dir}: step {ck.step}, test accuracy {100 * acc:.2f}% ({np.trace(cm)}/{cm.sum()})")
        print(format_confusion(cm, trainer.data.classes))
    return 0
