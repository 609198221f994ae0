"""Write vitir/ast/builder_methods.py and vitir/ast/builder_methods_lazy.py (one spelled-out
builder method per op), vitir/mlir/dialect_ops.py (one named xDSL class per op) and
vitir/ast/constructor_code*.py (every op's constructor, compiled with the module) from the op
declarations.

    python -m vitir.ast.generate          # rewrite the file
    python -m vitir.ast.generate --check  # exit 1 if it is stale (the test suite runs this)

The methods are generated, not made at import, so that grep, editors and type
checkers see every `fb.<op>` with its parameters; the declarations stay the
one place an op is described. A method calls the op's `builder` (or one of its
`builders`) when it declares one, else passes its fields straight through.
The methods of the families vitir.ast.ops imports on first use are written to
builder_methods_lazy.py, which FunctionBuilder takes on the first call of one
of them: a graph that never builds a gather or a while never compiles their
methods (the start-up of `vitir render`, docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import enum
import inspect
import keyword
import re
import sys
from pathlib import Path

from . import ops  # noqa: F401  (declares every op)
from .declare import DECLARED, REQUIRED, Op, constructor_parts
from .precompiled import table_source

TARGET = Path(__file__).with_name("builder_methods.py")
LAZY_TARGET = Path(__file__).with_name("builder_methods_lazy.py")
CONSTRUCTOR_TARGETS = (Path(__file__).with_name("constructor_code.py"),
                       Path(__file__).with_name("constructor_code_lazy.py"))
DIALECT_TARGET = Path(__file__).parents[1] / "mlir" / "dialect_ops.py"

DIALECT_HEADER = '''"""The xDSL class of every declared op, by name: written by `python -m vitir.ast.generate` from the
declarations in vitir/ast/ops. Do not edit; change the declaration and regenerate."""

from __future__ import annotations

from ..ast import ops as O
from .dialect import dialect_class
'''

HEADER = '''"""{what} by `python -m vitir.ast.generate` from the declarations
in vitir/ast/ops. Do not edit; change the declaration and regenerate."""

from __future__ import annotations

{imports}
'''

# Each name the methods may use, and its import; a file imports the ones its methods use.
IMPORTS = {
    "Any": "from typing import Any", "Sequence": "from typing import Sequence",
    "ShapeError": "from ..errors import ShapeError", "O": "from . import ops as O",
    "DotAlgorithm": "from .attributes import DotAlgorithm", "DType": "from .element_types import DType",
    "AdamScalars": "from .ops.compound import AdamScalars", "BinaryRegion": "from .regions import BinaryRegion",
    "Region": "from .regions import Region", "RuleError": "from .shape_rules import RuleError",
    "TensorType": "from .types import TensorType", "Value": "from .values import Value",
    "_convenience_error": "from .builder_methods import _convenience_error",
}

CONVENIENCE_ERROR = '''

def _convenience_error(op_class, name, error: RuleError, path: str, args) -> ShapeError:
    """A builder's own check failed: the same error a rule gives, naming the op and its operands."""
    operands = [a for a in args if isinstance(a, Value)]
    for a in args:
        if isinstance(a, (list, tuple)):
            operands += [v for v in a if isinstance(v, Value)]
    ssa = "%" + (name if isinstance(name, str) else name[0])
    return ShapeError(str(error), op=op_class.NAME, ssa=ssa, operand_types=[v.type for v in operands], path=path)
'''

CLASS = '''

class {cls}:
    """{doc}"""

    _path_text: str

    def emit(self, op):
        raise NotImplementedError
'''


def _methods(lazy: bool) -> list[tuple[str, str]]:
    """(method name, op class name) of each builder method of the eager or the lazy families."""
    found = []
    for cls in _ordered():
        if _lazy(cls) == lazy and not cls.MODULE_LEVEL:
            found.append((method_name(cls), cls.__name__))
            found += [(name, cls.__name__) for name in cls.__dict__.get("builders", ())]
    return found


def _wrapped(items: list[str], indent: str, width: int = 110) -> list[str]:
    lines, line = [], indent
    for item in items:
        if len(line) + len(item) + 2 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += item + ", "
    return lines + [line.rstrip()] if line.strip() else lines


def _imports(body: str, defined=()) -> str:
    """The import lines of the names `body` uses, grouped as isort would (typing, then the package's)."""
    used = set(re.findall(r"[A-Za-z_]\w*", body))
    lines = sorted({line for name, line in IMPORTS.items() if name in used and name not in defined})
    typing = [line for line in lines if line.startswith("from typing")]
    if len(typing) > 1:
        typing = ["from typing import " + ", ".join(line.rsplit(" ", 1)[1] for line in typing)]
    merged: dict[str, list[str]] = {}
    for line in lines:
        if not line.startswith("from typing"):
            module, name = line[5:].split(" import ")
            merged.setdefault(module, []).append(name)
    package = [f"from {m} import {', '.join(names)}" for m, names in sorted(merged.items(), key=_module_order)]
    return "\n".join(typing + [""] + package) if typing else "\n".join(package)


def _module_order(item) -> tuple:
    module = item[0]
    return (module != "..errors", module.lstrip(".") if module != "." else "")


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


EAGER = ("Builder methods, one per op of the families vitir.ast.ops imports at once:\nwritten",
         "OpMethods", "The op methods of FunctionBuilder (which supplies `emit` and `_path_text`).")
LAZY = ("Builder methods, one per op of the families vitir.ast.ops imports on first use:\nwritten",
        "LazyOpMethods", "The op methods FunctionBuilder takes on the first call of one of them (the families "
        "imported on\n    first use: chlo, collectives, control flow, ...).")


def _lazy(cls) -> bool:
    return cls.__module__.rsplit(".", 1)[-1] in ops._LAZY_FAMILIES


def source(lazy: bool = False) -> str:
    what, name, doc = LAZY if lazy else EAGER
    lines, seen = [CLASS.format(cls=name, doc=doc)], {}
    for cls in _ordered():  # ops declared outside vitir are built with fb.emit(MyOp(...))
        if cls.MODULE_LEVEL:  # not in a function: the module holds it (module(..., ops=[...]))
            continue
        returns = _returns(cls)
        methods = [(method_name(cls), cls.__dict__.get("builder"))]
        methods += [(name, cls.__dict__[name]) for name in cls.__dict__.get("builders", ())]
        for method, fn in methods:
            if method in seen:  # across both files: FunctionBuilder has them all
                raise SystemExit(f"builder method {method} of {cls.__name__} is also {seen[method]}'s; "
                                 "give one of them a `method`")
            seen[method] = cls.__name__
            if _lazy(cls) != lazy:
                continue
            if fn is not None:
                body = _convenience(cls, method, fn.__func__ if isinstance(fn, staticmethod) else fn, returns)
            else:
                body = _direct(cls, method, returns)
            lines.append("")
            lines.extend(line for line in body if line)
    if not lazy:
        names = sorted(method for method, owner in _methods(lazy=True))
        lines += ["", "", "# The methods of builder_methods_lazy.py, which FunctionBuilder takes on the first call of one.",
                  "LAZY_METHODS = (", *_wrapped([repr(n) for n in names], "    "), ")"]
    body = ("" if lazy else CONVENIENCE_ERROR) + "\n".join(lines)
    imports = _imports(body, defined=() if lazy else ("_convenience_error",))
    return HEADER.format(what=what, imports=imports) + body + "\n"


def dialect_source() -> str:
    lines = [DIALECT_HEADER]
    for cls in _ordered():
        if not cls.COMPOUND:
            lines.append(f"{cls.__name__}Op = dialect_class(O.{cls.__name__})")
    return "\n".join(lines) + "\n"


def _ordered() -> list:
    return sorted((c for c in DECLARED if c.__module__.startswith("vitir.")),
                  key=lambda c: (c.__module__, inspect.getsourcelines(c)[1]))


def code_tables(source_of, classes: list, doc: str, command: str) -> tuple[str, str]:
    """The two generated tables of compiled functions (vitir/ast/precompiled.py) of `classes`:
    the sources of the families vitir.ast.ops imports at once, then the others' (ops of one
    shape share one source)."""
    eager = dict.fromkeys(source_of(cls) for cls in classes if not _lazy(cls))
    lazy = dict.fromkeys(s for s in (source_of(cls) for cls in classes if _lazy(cls)) if s not in eager)
    return (table_source(doc, list(eager), command),
            table_source(doc + "\nThe op families imported on first use.", list(lazy), command))


def constructor_code_sources() -> tuple[str, str]:
    """The tables of every vitir op's constructor source."""
    return code_tables(lambda cls: constructor_parts(cls)[0], _ordered(),
                       "The constructors of vitir's ops, compiled with this module: a source -> a function\n"
                       "defining it (vitir/ast/precompiled.py).", "python -m vitir.ast.generate")


def outputs() -> dict[Path, str]:
    return {TARGET: source(), LAZY_TARGET: source(lazy=True), DIALECT_TARGET: dialect_source(),
            **dict(zip(CONSTRUCTOR_TARGETS, constructor_code_sources()))}


def main(argv=None, doc: str = __doc__, files=outputs, command: str = "python -m vitir.ast.generate") -> int:
    """Write the generated `files()` (path -> text) that are stale, or with --check only say which."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a generated file is stale")
    args = parser.parse_args(argv)
    stale = 0
    for target, text in files().items():
        current = target.read_text() if target.exists() else ""
        if args.check:
            if current != text:
                print(f"{target} is stale: run {command}", file=sys.stderr)
                stale = 1
        elif current != text:
            target.write_text(text)
            print(f"wrote {target} ({text.count(chr(10))} lines)")
    return stale


if __name__ == "__main__":
    sys.exit(main())
