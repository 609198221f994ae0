"""Errors vitir raises on purpose; anything else escaping vitir is a bug."""


class VitirError(Exception):
    """Base class: a problem vitir found and describes in its own words."""


class ArgumentError(VitirError):
    """A value passed to a compiled module does not match its signature."""


class CompileError(VitirError):
    """XLA rejected a module's text."""


class ShapeError(VitirError):
    """An op was built with operands or attributes StableHLO would reject.

    The message names the layer path, the op, the SSA name and the operand types.
    """

    def __init__(self, reason: str, *, op: str = "", ssa: str = "", operand_types=(), path: str = ""):
        self.reason = reason
        self.op = op
        self.ssa = ssa
        self.operand_types = tuple(operand_types)
        self.path = path
        where = f"{path}: " if path else ""
        head = f"{op} {ssa}" if ssa else op
        types = ", ".join(str(t) for t in self.operand_types)
        operands = f" (operands: {types})" if self.operand_types else ""
        super().__init__(f"{where}{head}: {reason}{operands}")


class ConfigError(VitirError):
    """An invalid model, module or command-line configuration."""


class DataError(VitirError):
    """A dataset file or folder is missing, truncated or malformed.

    The message names the file and what is wrong with it.
    """


class FileError(VitirError):
    """A file vitir reads or writes is missing, unreadable, truncated or not what it should hold.

    The message names the file (and the line, when one is to blame) and the problem;
    vitir/files.py raises it.
    """

    def __init__(self, path, reason: str, line: int | None = None):
        self.path, self.reason, self.line = str(path), reason, line
        super().__init__(self.located())

    def located(self, label: str = "") -> str:
        """`PATH[:LINE]: [label: ]reason`."""
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {label + ': ' if label else ''}{self.reason}"


class ProcessGroupError(VitirError):
    """Processes training together could not form their group, disagree, or lost a peer."""


class EvaluationError(VitirError, ValueError):
    """The numpy evaluator cannot run a program as given: a collective names processes the grid
    lacks, processes wait for each other, an op vitir carries through import and printing only
    (infeed, send, composite, custom_call)."""


class UndefinedValueError(EvaluationError):
    """An op whose value the spec leaves undefined for its types, whatever its operands (a remainder of
    complex values): the evaluator computes none. A rewrite may remove it where nothing reads it."""


class ConformanceError(VitirError):
    """A conformance case uses a construct the runner cannot turn into a vitir program and its expectations.

    The message names the construct (an `interpreter.*` or `check.*` op, a RUN-line flag) and its line.
    """


class TrainingDiverged(VitirError):
    """The loss became NaN or infinite; the last good checkpoint is kept."""


class RefineError(VitirError):
    """A dynamic program vitir cannot make static: the op, and why (a shape that depends on a tensor's values)."""


class ShapeAssertionError(VitirError):
    """A `shape_assertion` custom call (jax.export's checks of the dimension variables) failed: its
    message, the dimension values filled in."""


class RewriteError(VitirError):
    """A rewrite rule or pass produced what it may not: a replacement of another type, an op its
    rule refuses, a value defined nowhere; or rules that do not reach a fixed point. The message
    names the rule, the op it matched and its SSA name."""


class ArtifactError(VitirError):
    """A program in a binary form (MLIR bytecode, a portable artifact, a jax.export artifact) that
    cannot be read, or written."""
