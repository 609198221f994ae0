"""Write vitir/ast/builder_methods.py (one spelled-out builder method per op) and
vitir/mlir/dialect_ops.py (one named xDSL class per op) from the op declarations.

    python -m vitir.ast.generate          # rewrite the file
    python -m vitir.ast.generate --check  # exit 1 if it is stale (the test suite runs this)

The methods are generated, not made at import, so that grep, editors and type
checkers see every `fb.<op>` with its parameters; the declarations stay the
one place an op is described. A method calls the op's `builder` (or one of its
`builders`) when it declares one, else passes its fields straight through.
"""

from __future__ import annotations

import argparse
import enum
import inspect
import keyword
import sys
from pathlib import Path

from . import ops  # noqa: F401  (declares every op)
from .declare import DECLARED, REQUIRED, Op

TARGET = Path(__file__).with_name("builder_methods.py")
DIALECT_TARGET = Path(__file__).parents[1] / "mlir" / "dialect_ops.py"

DIALECT_HEADER = '''"""The xDSL class of every declared op, by name: written by `python -m vitir.ast.generate` from the
declarations in vitir/ast/ops. Do not edit; change the declaration and regenerate."""

from __future__ import annotations

from ..ast import ops as O
from .dialect import dialect_class
'''

HEADER = '''"""Builder methods, one per declared op: written by `python -m vitir.ast.generate` from the
declarations in vitir/ast/ops. Do not edit; change the declaration and regenerate."""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import ShapeError
from . import ops as O
from .attributes import DotAlgorithm
from .element_types import DType
from .ops.compound import AdamScalars
from .regions import BinaryRegion, Region
from .shape_rules import RuleError
from .types import TensorType
from .values import Value


def _convenience_error(op_class, name, error: RuleError, path: str, args) -> ShapeError:
    """A builder's own check failed: the same error a rule gives, naming the op and its operands."""
    operands = [a for a in args if isinstance(a, Value)]
    for a in args:
        if isinstance(a, (list, tuple)):
            operands += [v for v in a if isinstance(v, Value)]
    ssa = "%" + (name if isinstance(name, str) else name[0])
    return ShapeError(str(error), op=op_class.NAME, ssa=ssa, operand_types=[v.type for v in operands], path=path)


class OpMethods:
    """The op methods of FunctionBuilder (which supplies `emit` and `_path_text`)."""

    _path_text: str

    def emit(self, op):
        raise NotImplementedError
'''


def method_name(cls: type[Op]) -> str:
    if cls.method:
        return cls.method
    name = cls.NAME.split(".", 1)[-1]
    return name + "_" if keyword.iskeyword(name) else name


def _render(value) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _annotation(field) -> str:
    role = field.role
    if role == "operand":
        return "Sequence[Value]" if field.variadic else "Value"
    if role == "region":
        return "Sequence[Region]" if field.variadic else ("Region | BinaryRegion" if field.compact else "Region")
    if role == "result_type":
        if field.element_of:
            return "Sequence[int] | TensorType"
        return "Sequence[TensorType]" if field.several else "TensorType"
    return "Any"


def _returns(cls: type[Op]) -> str:
    result = cls.RESULT_FIELDS
    if len(result) == 1 and not result[0].variadic:
        return "Value"
    return "Value | tuple[Value, ...]"


def _parameters(fn) -> tuple[list[str], list[str]]:
    """A convenience function's parameters as source text, and how to pass them on."""
    params, passing = [], []
    star = False
    for p in inspect.signature(fn).parameters.values():
        text = p.name
        if p.annotation is not inspect.Parameter.empty:
            text += f": {p.annotation}"
        if p.default is not inspect.Parameter.empty:
            text += (" = " if p.annotation is not inspect.Parameter.empty else "=") + _render(p.default)
        if p.kind is inspect.Parameter.KEYWORD_ONLY and not star:
            params.append("*")
            star = True
        params.append(text)
        passing.append(f"{p.name}={p.name}" if p.kind is inspect.Parameter.KEYWORD_ONLY else p.name)
    return params, passing


def _values(passing: list[str]) -> str:
    """The passed arguments as a tuple expression (for the operand types an error lists)."""
    names = [p.split("=")[0] for p in passing]
    return "(" + ", ".join(names) + ("," if len(names) == 1 else "") + ")"


def _doc(text: str | None, cls: type[Op]) -> str:
    text = inspect.cleandoc(text) if text else f"`{cls.NAME}`."
    text = text.replace('"""', "'''").replace("\\", "\\\\")
    return "\n        ".join(text.splitlines())


def _convenience(cls: type[Op], method: str, fn, returns: str) -> list[str]:
    params, passing = _parameters(fn)
    tagged = passing[:1] == ["tag"]  # a compound node: its names come from a tag
    head = ["self"] + ([] if tagged else ["name: str | Sequence[str]"]) + params
    call = ", ".join(passing)
    lines = [
        f"    def {method}({', '.join(head)}) -> {returns}:",
        f'        """{_doc(fn.__doc__, cls)}"""',
        "        try:",
        f"            fields = O.{cls.__name__}.{fn.__name__}({call})",
        "        except RuleError as e:",
        f"            raise _convenience_error(O.{cls.__name__}, {'tag' if tagged else 'name'}, e, self._path_text, "
        f"{_values(passing)}) from None",
    ]
    if tagged:
        lines.append("        name = fields.pop('name')")
    lines.append(f"        return self.emit(O.{cls.__name__}(name, **fields, path=self._path_text))")
    return lines


def _direct(cls: type[Op], method: str, returns: str) -> list[str]:
    params, passing = [], []
    for f in cls.FIELDS:
        if f.role == "result":
            continue
        text = f"{f.name}: {_annotation(f)}"
        if f.default is not REQUIRED:
            text += f" = {_render(f.default)}"
        params.append(text)
        passing.append(f.name)
    head = ["self", "name: str | Sequence[str]"] + params
    return [
        f"    def {method}({', '.join(head)}) -> {returns}:",
        f'        """{_doc(cls.__doc__, cls)}"""',
        f"        return self.emit(O.{cls.__name__}(name, {', '.join(passing)}, path=self._path_text))"
        if passing else f"        return self.emit(O.{cls.__name__}(name, path=self._path_text))",
    ]


def source() -> str:
    lines, seen = [HEADER], {}
    for cls in _ordered():  # ops declared outside vitir are built with fb.emit(MyOp(...))
        returns = _returns(cls)
        methods = [(method_name(cls), cls.__dict__.get("builder"))]
        methods += [(name, cls.__dict__[name]) for name in cls.__dict__.get("builders", ())]
        for method, fn in methods:
            if method in seen:
                raise SystemExit(f"builder method {method} of {cls.__name__} is also {seen[method]}'s; "
                                 "give one of them a `method`")
            seen[method] = cls.__name__
            if fn is not None:
                body = _convenience(cls, method, fn.__func__ if isinstance(fn, staticmethod) else fn, returns)
            else:
                body = _direct(cls, method, returns)
            lines.append("")
            lines.extend(line for line in body if line)
    return "\n".join(lines) + "\n"


def dialect_source() -> str:
    lines = [DIALECT_HEADER]
    for cls in _ordered():
        if not cls.COMPOUND:
            lines.append(f"{cls.__name__}Op = dialect_class(O.{cls.__name__})")
    return "\n".join(lines) + "\n"


def _ordered() -> list:
    return sorted((c for c in DECLARED if c.__module__.startswith("vitir.")),
                  key=lambda c: (c.__module__, inspect.getsourcelines(c)[1]))


def outputs() -> dict[Path, str]:
    return {TARGET: source(), DIALECT_TARGET: dialect_source()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a generated file is stale")
    args = parser.parse_args(argv)
    stale = 0
    for target, text in outputs().items():
        current = target.read_text() if target.exists() else ""
        if args.check:
            if current != text:
                print(f"{target} is stale: run python -m vitir.ast.generate", file=sys.stderr)
                stale = 1
        elif current != text:
            target.write_text(text)
            print(f"wrote {target} ({text.count(chr(10))} lines)")
    return stale


if __name__ == "__main__":
    sys.exit(main())
