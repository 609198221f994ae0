"""`vitir reduce MODULE -o OUT (--diverges --inputs I.npz | --until 'CMD {}')`: shrink a program by delta
debugging while it keeps a property (docs/debugging.md).

--diverges: bisect still finds an op of the same kind diverging between the two sides (--against);
the reduced program's inputs are written beside OUT (OUT with .npz). --until: a shell command run on
each candidate file ({} is its path), exit status 0 meaning "still interesting", as C-Reduce's and
mlir-reduce's interestingness tests. The output is printed canonically, ready for a golden file.
"""

from __future__ import annotations

import sys
from pathlib import Path


def add_parser(sub) -> None:
    p = sub.add_parser("reduce", help="shrink a program while it keeps a property (delta debugging)",
                       description=__doc__)
    p.add_argument("module", help="StableHLO text file (.mlir)")
    p.add_argument("-o", "--out", required=True, help="where to write the reduced program")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--diverges", action="store_true", help="keep bisect's divergence (needs --inputs, or random)")
    what.add_argument("--until", metavar="'CMD {}'", help="keep the command's exit status 0 ({}: the candidate)")
    p.add_argument("--inputs", help="--diverges: .npz of the arguments (default: random, --seed)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--against", default="evaluator,pjrt", metavar="A,B", help="--diverges: the two sides")
    p.add_argument("--tolerance", metavar="SPEC", help="--diverges: as vitir bisect's")
    p.add_argument("--function", help="the function to reduce when the module has several")
    p.add_argument("--timeout", type=float, default=None, help="--until: seconds before a test counts as failed")
    p.add_argument("--constants", action="store_true",
                   help="--until: try each argument as a constant of zeros (--diverges makes an argument of one "
                        "number or a few a constant of its value, always)")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                   help="--until: test up to N candidates side by side (the result is the same as with 1)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..debug import load_program, parse_overrides, random_inputs
    from ..debug.reduce import Diverges, Reducer, count_ops, until
    from ..errors import ConfigError
    from ..files import load_npz, read_text, save_npz, write_text
    from .bisect import parse_against

    if args.jobs < 1:
        raise ConfigError(f"--jobs {args.jobs}: at least 1")
    text = read_text(args.module)
    progress = None if args.quiet else (lambda line: print(f"vitir reduce: {line}", file=sys.stderr, flush=True))
    start = None
    before = count_ops(load_program(text, args.function)[1])
    if args.diverges:
        if args.function:
            raise ConfigError("--diverges reduces a module's one function (leave out --function)")
        against = parse_against(args.against)
        _, fn = load_program(text)
        inputs = load_npz(args.inputs) if args.inputs else random_inputs(fn, args.seed)[0]
        prop = Diverges(text, inputs, against, parse_overrides(args.tolerance))
        if prop.finding is None:
            raise ConfigError(f"{args.module}: no op diverges between {against[0]} and {against[1]}: nothing to keep")
        start = prop.start()
    else:
        prop = until(args.until, args.timeout)
    reducer = Reducer(text, prop, progress, args.function, start, constants=args.diverges or args.constants,
                      jobs=args.jobs)
    reduced = reducer.run()
    write_text(args.out, reduced)
    if args.diverges:
        save_npz(Path(args.out).with_suffix(".npz"), prop.inputs_for(reducer.fn))
    print(f"{args.out}: {count_ops(reducer.fn)} ops (from {before}), {reducer.tests} tests"
          + (f"; inputs {Path(args.out).with_suffix('.npz')}" if args.diverges else ""))
    return 0
