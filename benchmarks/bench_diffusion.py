"""Diffusion benchmarks, run as `python benchmarks/bench_diffusion.py [PART ...]`.

Parts, each one function in PARTS:
  b  minibatch-OT pairing at batch 256 on 2-D data, per training step, beside
     the reference's 16 ms (its O(n^3) Hungarian) and the 2 ms target.
Training throughput (a) and the energy-distance table (c) slot in the same way.
"""

import argparse
import time

import numpy as np

from vitir.diffusion import TARGET_NAMES, flow_step_inputs, sample_noise, sample_target
from vitir.diffusion.ot import ot_pairing
from vitir.diffusion.step_inputs import FLOW_INDEPENDENT, FLOW_MINIBATCH_OT

BATCH = 256
TMAX = 1000
REFERENCE_OT_MS = 16.0
TARGET_OT_MS = 2.0


def _milliseconds(run, repeats: int) -> np.ndarray:
    """Wall time of each call, in ms."""
    times = []
    for step in range(repeats):
        start = time.perf_counter()
        run(step)
        times.append((time.perf_counter() - start) * 1e3)
    return np.array(times)


def _print_table(header, rows):
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    for line in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(cell).rjust(w) for cell, w in zip(line, widths)))


def part_b_minibatch_ot(steps: int) -> None:
    """Time the pairing alone, and the whole flow step with and without it."""
    print(f"(b) minibatch OT at batch {BATCH}, 2-D, {steps} steps per target; "
          f"reference {REFERENCE_OT_MS:g} ms, target {TARGET_OT_MS:g} ms")
    rows = []
    for name in TARGET_NAMES:
        batches = sample_target(name, BATCH * steps, 0).reshape(steps, BATCH, 2)
        noise = sample_noise(BATCH * steps * 2, 1).reshape(steps, BATCH, 2)

        def flow_step(mode):
            return lambda step: flow_step_inputs(batches[step], None, step, TMAX, mode)

        flow_step(FLOW_MINIBATCH_OT)(0)  # first-call setup stays out of the timing
        pairing = _milliseconds(lambda step: ot_pairing(batches[step], noise[step]), steps)
        without_ot = _milliseconds(flow_step(FLOW_INDEPENDENT), steps)
        with_ot = _milliseconds(flow_step(FLOW_MINIBATCH_OT), steps)
        rows.append([name, f"{np.median(pairing):.2f}", f"{np.percentile(pairing, 90):.2f}",
                     f"{np.median(without_ot):.2f}", f"{np.median(with_ot):.2f}",
                     f"{REFERENCE_OT_MS / np.median(pairing):.1f}x"])
    _print_table(["target", "OT ms median", "OT ms p90", "step ms, no OT", "step ms, OT",
                  "vs reference"], rows)


PARTS = {"b": part_b_minibatch_ot}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", metavar="PART", help=f"any of {sorted(PARTS)}")
    parser.add_argument("--steps", type=int, default=100, help="timed steps per target")
    args = parser.parse_args()
    unknown = set(args.parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown part(s) {sorted(unknown)}; have {sorted(PARTS)}")
    for part in args.parts or sorted(PARTS):
        PARTS[part](args.steps)


if __name__ == "__main__":
    main()
