"""One process of a training group for tests/test_distributed.py:
`python -m tests.distributed_run OUT --processes N --process-id I --coordinator HOST:PORT`
trains the tiny ViT for STEPS steps (one epoch of a slice of digits)."""

from __future__ import annotations

import argparse
import dataclasses
import sys

from vitir.backend.distributed import initialize_distributed
from vitir.data import load_dataset
from vitir.train.trainer import Trainer, TrainConfig

STEPS = 3
TINY = dict(patch=4, width=16, heads=2, depth=1, mlp=32, batch=16, eval_batch=128, epochs=1)


def digits_for(steps: int, global_batch: int):
    """Digits cut to `steps` global batches, so one epoch is that many steps."""
    full = load_dataset("digits")
    n = steps * global_batch
    return dataclasses.replace(full, x_train=full.x_train[:n], y_train=full.y_train[:n])


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--process-id", type=int, default=0)
    p.add_argument("--coordinator")
    p.add_argument("--replicas", type=int, default=1)
    p.add_argument("--batch", type=int, default=TINY["batch"])
    p.add_argument("--mesh")
    p.add_argument("--timeout", type=float, default=30.0)
    args = p.parse_args(argv)
    group = initialize_distributed(args.coordinator, args.processes, args.process_id, args.timeout)
    with group.exit_on_failure("distributed_run"):
        cfg = TrainConfig(**{**TINY, "batch": args.batch, "replicas": args.replicas, "processes": args.processes,
                             "mesh": args.mesh})
        data = digits_for(STEPS, cfg.batch * cfg.data_shards)
        Trainer(cfg, args.out, dataset=data, log=lambda m: None, group=group).train()
    return 0


if __name__ == "__main__":
    sys.exit(main())
