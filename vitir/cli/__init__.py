"""The `vitir` command. Each subcommand lives in its own module and is imported
only when it is the one being run, so `vitir render` loads neither jax nor numpy."""

from __future__ import annotations

import argparse
import gc
import importlib
import sys

from .. import __version__
from ..errors import VitirError
from ..gc_pause import collector_paused

# command -> (module, name of its `add_parser(subparsers)` function, one-line help)
COMMANDS = {
    "render": ("vitir.cli.render", "add_parser", "print a ViT module as StableHLO text"),
    "run": ("vitir.backend.run_cli", "add_run_parser", "run a StableHLO module on npz inputs (PJRT or IREE)"),
    "train": ("vitir.cli.train", "add_parser", "train a ViT (default: the embedded digits)"),
    "eval": ("vitir.cli.evaluate", "add_parser", "accuracy and confusion matrix of a saved run"),
    "fmt": ("vitir.cli.fmt", "add_parser", "print StableHLO text canonically (-i: in place)"),
    "check": ("vitir.cli.check", "add_parser", "parse and shape-check StableHLO text"),
    "opt": ("vitir.cli.opt", "add_parser", "run passes (dce, cse, ...) over StableHLO text"),
    "export": ("vitir.cli.export", "add_parser", "write a jax.export artifact of a module, for JAX to call"),
    "grad": ("vitir.cli.grad", "add_parser", "differentiate a StableHLO program (value and gradient, VJP or JVP)"),
    "launch": ("vitir.cli.launch", "add_parser", "run N processes of a command as one process group on this machine"),
    "profile": ("vitir.cli.profile", "add_parser", "time a program's ops under XLA's profiler, by layer path"),
    "show": ("vitir.cli.show", "add_parser", "open a program in Google's Model Explorer, grouped by layer path"),
    "diffuse": ("vitir.cli.diffuse", "add_parser", "train a 2-D or image diffusion or flow model and score its samples"),
    "bisect": ("vitir.cli.bisect", "add_parser", "name the first op whose results differ between two backends"),
    "reduce": ("vitir.cli.reduce", "add_parser", "shrink a program while it keeps a property (delta debugging)"),
}


# Commands that make or read one program, write it and end. What they leave (a ViT-Tiny step is
# some 10^5 small objects) is frozen when they finish, not scanned by the interpreter's last cycle
# collection as the process exits: `vitir render` of ViT-Tiny takes about 10 ms less.
ONE_SHOT = ("render", "fmt", "check", "opt", "grad")


class Parser(argparse.ArgumentParser):
    """argparse's parser, its errors one line like vitir's own (no usage block before them)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The full parser of `command` alone; without one (`vitir --help`, a misspelt command), every
    command as a one-line stub (each an argparse parser of its own, which a known command's run
    does not need)."""
    parser = Parser(prog="vitir", description="Typed StableHLO for ViT and diffusion training.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, add, help_text) in COMMANDS.items():
        if name == command:  # an import makes what lives as long as the process: no garbage to collect
            with collector_paused():
                getattr(importlib.import_module(module), add)(sub)
        elif command is None:
            sub.add_parser(name, help=help_text, add_help=False)
    return parser


def command_line() -> None:
    """The `vitir` program and `python -m vitir`: main() as a process of its own, which it ends."""
    argv = sys.argv[1:]
    code = main(argv)
    if _command(argv) in ONE_SHOT:
        gc.freeze()  # the process ends here: nothing left is worth a last scan for cycles
    sys.exit(code)


def _command(argv: list[str]) -> str | None:
    return next((a for a in argv if not a.startswith("-")), None)


def main(argv=None) -> int:
    """Run one command in this process (tests call it so); returns its exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    command = _command(argv)
    args = build_parser(command if command in COMMANDS else None).parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except VitirError as e:
        print(f"vitir {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"vitir {args.command}: interrupted", file=sys.stderr)
        return 130
