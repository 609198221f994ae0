"""Counting what a fresh interpreter executes, under valgrind's callgrind: a count does not move with the
machine's load, as times on a shared machine do. Shared by bench_render.py and bench_import.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def instructions(code: str, root: Path, env: dict | None = None, setup: str = "") -> int:
    """Instructions a fresh interpreter executes running `setup` then `code` (callgrind's total), with
    vitir imported from `root`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                        f"{setup}\n{code}"], check=True, cwd=root, capture_output=True,
                       env={**(env or os.environ), "PYTHONHASHSEED": "0", "PYTHONPATH": str(root)})
        return int(re.search(r"^summary: (\d+)", out.read_text(), re.M).group(1))


def command_environments(cache: str) -> dict[str, dict]:
    """The two ways a command starts: its modules' bytecode cached (as an installed package, or a
    checkout run before, reads them; the cache is a temporary folder, warmed by the first run), and
    every source outside the standard library compiled afresh (PYTHONDONTWRITEBYTECODE, as a checkout
    that has never written its __pycache__ runs)."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    return {"bytecode cached": {**base, "PYTHONPYCACHEPREFIX": cache},
            "sources compiled": {**base, "PYTHONDONTWRITEBYTECODE": "1"}}
