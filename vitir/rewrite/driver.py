"""The greedy driver: rules applied over a function until none applies.

`rewrite(module, rules)` returns a rewritten copy (the original is left as it was);
`apply_rules(function, rules)` rewrites a function in place (one a pass owns). A sweep
visits the ops in order, the ops of an op's regions before the op; the first rule that
returns a replacement for an op wins: the replacement's new ops take the op's place, every
use of its results reads the replacement, and the op is gone. The ops a rule builds are
visited next, so a chain of rules settles in one sweep. Sweeps repeat until one changes
nothing, at most `max_iterations` times.

Every replacement is checked: each new op was built through its constructor, so its rule ran;
each replacement value has its result's type; each value a new op reads is defined in the
function (and is not a result of the op being replaced). A refusal is a RewriteError naming
the rule, the op and its SSA name.

Names: untouched ops keep theirs. A new value takes the name of the result it replaces
when free (the replaced op is gone), so the rewritten text differs only where it changed;
other new values are named from the replaced op's name and the name the rule gave
(`%5` replaced with an op named "neg" in the rule: `%neg_5`; `%x`: `%x_neg`), made unique
with `_1`, `_2`: deterministic, and free of clashes with any scope.
"""

from __future__ import annotations

from ..ast.builder import FunctionBuilder
from ..ast.declare import check_known_operands, result_base
from ..ast.module import Function, Module, Return
from ..ast.ops.constants import Constant, constant_ints
from ..ast.ops.shape import BroadcastInDim
from ..ast.literals import literal_value
from ..ast.location import UNKNOWN, given
from ..ast.regions import Region
from ..ast.values import Value
from ..errors import RewriteError, VitirError
from .index import UseIndex, blocks_of, operand_fields, walk
from .rules import RuleSet, as_rule_set


# -- copies -------------------------------------------------------------------------------------

def clone_op(op):
    """A copy of `op` whose fields can be edited without touching `op` (its regions copied too;
    its values are shared: values are never edited, only replaced). The op's own `copy` is
    compiled from its declaration, as its constructor is."""
    new = op.copy()
    cls = type(op)
    if not cls.SIMPLE:
        for field in cls.REGION_FIELDS:
            value = getattr(op, field.name)
            setattr(new, field.name, tuple(_clone_region(r) for r in value) if field.variadic else _clone_region(value))
    return new


def _clone_region(region):
    if type(region) is not Region:
        return region  # a BinaryRegion holds no values: shared
    new = object.__new__(Region)
    new.args, new.results, new.owner, new.signature = region.args, region.results, region.owner, region.signature
    new.location = region.location
    new.ops = [clone_op(op) for op in region.ops]
    return new


def copy_op(op, mapping: dict):
    """A copy of `op` reading `mapping`'s values, with new result values (and region arguments) of its own;
    `mapping` gains each old value's new one."""
    new = clone_op(op)
    for inner in walk([new]):
        for region in blocks_of(inner):
            fresh_args = tuple(Value(a.name, a.type) for a in region.args)
            for old, fresh in zip(region.args, fresh_args):
                if old.location is not UNKNOWN:
                    fresh.location = old.location
            mapping.update(zip(region.args, fresh_args))
            region.args = fresh_args
        for field in type(inner).OPERAND_FIELDS:
            value = getattr(inner, field.name)
            setattr(inner, field.name, tuple(mapping.get(v, v) for v in value) if field.variadic
                    else mapping.get(value, value))
        operand_fields(inner)
        results = tuple(Value(r.name, r.type) for r in inner.results)
        mapping.update(zip(inner.results, results))
        inner.results = results
    for inner in walk([new]):  # a region returns values its own ops define: read them through the mapping
        for region in blocks_of(inner):
            region.results = tuple(mapping.get(v, v) for v in region.results)
    return new


def clone_function(fn: Function) -> Function:
    return fn.with_body(fn.args, [clone_op(op) for op in fn.ops], Return(fn.ret.operands, fn.ret.path, fn.ret.location))


def clone_module(module: Module) -> Module:
    return module.with_functions([clone_function(f) for f in module.functions])


# -- what a rule sees ----------------------------------------------------------------------------

class RewriteBuilder(FunctionBuilder):
    """The builder a rule makes its replacement with (`m.b.negate("neg", x)`): every op method of
    FunctionBuilder, each op built through its constructor (so its rule runs); the names given
    are hints the driver turns into fresh ones, and the ops may read any value of the function.
    A rule that sets `m.b.exact_names = True` keeps its names as given (made unique with `_1`,
    `_2` only when taken), for a rewrite whose new text names its values as a builder would."""

    def __init__(self, match: "Match"):
        super().__init__("rewrite")
        self.match = match
        self.pending: list = []
        self.exact_names = False

    def emit(self, op):
        if op.KNOWN_OPERANDS:
            check_known_operands(op, self.constant_ints)
        self.pending.append(op)
        return op.results[0] if len(op.results) == 1 else op.results

    def constant_ints(self, value: Value):
        return constant_ints(self.match.defining(value))

    def region(self) -> FunctionBuilder:
        return _RegionBuilder(self)


class _RegionBuilder(FunctionBuilder):
    """A region of a rule's new op: its ops may read the function's values too."""

    def emit(self, op):
        if op.KNOWN_OPERANDS:
            check_known_operands(op, self.root.constant_ints)
        self.ops.append(op)
        return op.results[0] if len(op.results) == 1 else op.results

    def region(self) -> FunctionBuilder:
        return _RegionBuilder(self)

    def ret(self, *values: Value) -> Region:
        return Region(self.args, self.ops, values, owner=self)


class Match:
    """What a rule reads beside the op: `m.defining(v)` (the op that defines v, None for an
    argument), `m.uses(v)`, `m.constant(v)` (the Constant defining v, or None), `m.splat(v)`
    (the one value of a splat constant as a Python number or bool, or None), and `m.b`, the
    builder of the replacement's new ops."""

    __slots__ = ("index", "b", "op")

    def __init__(self, index: UseIndex):
        self.index = index
        self.b = RewriteBuilder(self)
        self.op = None

    def defining(self, value: Value):
        return self.index.defining(value)

    def uses(self, value: Value) -> list:
        return self.index.uses(value)

    def use_count(self, value: Value) -> int:
        return self.index.use_count(value)

    def constant(self, value: Value):
        op = self.index.defining(value)
        return op if type(op) is Constant else None

    def splat(self, value: Value):
        """The value every element of `value` holds, when a splat constant defines it (through any
        broadcast_in_dim of it, as JAX writes `x * 2.0`), else None. Floats keep their sign (-0.0
        is -0.0), NaN is a float NaN, a boolean a bool."""
        op = self.index.defining(value)
        while type(op) is BroadcastInDim:
            op = self.index.defining(op.operand)
        if type(op) is not Constant:
            return None
        if type(op.value) is str:
            return literal_value(op.value, op.result_type.dtype)
        first = op.value[0] if op.value else None
        if first is not None and all(v == first for v in op.value):
            return literal_value(first, op.result_type.dtype)
        return None

    def _begin(self, op) -> None:
        self.op = op
        self.b.pending = []
        self.b.exact_names = False
        self.b.path = op.path


# -- the driver --------------------------------------------------------------------------------

def rewrite(target, rules, max_iterations: int = 16):
    """A copy of `target` (a Module or a Function) with `rules` applied to a fixed point."""
    rules = as_rule_set(rules)
    if isinstance(target, Module):
        out = clone_module(target)
        for fn in out.functions:
            apply_rules(fn, rules, max_iterations=max_iterations)
        return out
    fn = clone_function(target)
    apply_rules(fn, rules, max_iterations=max_iterations)
    return fn


def apply_rules(fn: Function, rules, index: UseIndex | None = None, max_iterations: int = 16) -> int:
    """Rewrite `fn` in place until no rule applies; returns how many rewrites were made."""
    driver = _Driver(fn, as_rule_set(rules), index or UseIndex(fn))
    total = 0
    for _ in range(max_iterations):
        driver.applied = []
        driver.sweep(fn)
        if not driver.applied:
            return total
        total += len(driver.applied)
    last = ", ".join(dict.fromkeys(driver.applied))
    raise RewriteError(f"@{fn.name}: the rules did not reach a fixed point in {max_iterations} sweeps "
                       f"(the last sweep still applied {last})")


class _Driver:
    __slots__ = ("fn", "rules", "index", "match", "applied", "budget")

    def __init__(self, fn: Function, rules: RuleSet, index: UseIndex):
        self.fn, self.rules, self.index = fn, rules, index
        self.match = Match(index)
        self.applied: list[str] = []

    def sweep(self, block) -> None:
        ops, i = block.ops, 0
        budget = 1000 + 10 * len(ops)  # rewrites of one block in one sweep: more is a rule undoing another
        while i < len(ops):
            op = ops[i]
            for region in blocks_of(op):
                self.sweep(region)
            if self._try(block, i, op):
                budget -= 1
                if budget < 0:
                    last = ", ".join(dict.fromkeys(self.applied[-20:]))
                    raise RewriteError(f"@{self.fn.name}: the rules keep rewriting the same ops ({last})")
            else:
                i += 1

    def _try(self, block, i: int, op) -> bool:
        m = self.match
        for r in self.rules.for_class(type(op)):
            if op.discardable and not r.reads_discardable:  # it would lose its attributes of other dialects
                continue
            m._begin(op)
            try:
                out = r.function(op, m)
            except VitirError as e:
                if isinstance(e, RewriteError):
                    raise
                raise RewriteError(f"rule {r.name} on {op.NAME} {_ssa(op)}: {e}") from e
            if out is None:
                continue
            self._replace(block, i, op, r, out, m.b.pending)
            self.applied.append(r.name)
            return True
        return False

    def _replace(self, block, i: int, op, r, out, pending: list) -> None:
        where = f"rule {r.name} on {op.NAME} {_ssa(op)}"
        values = (out,) if isinstance(out, Value) else tuple(out)
        if len(values) != len(op.results):
            raise RewriteError(f"{where}: {len(values)} replacement values for {len(op.results)} results")
        for old, new in zip(op.results, values):
            if not isinstance(new, Value):
                raise RewriteError(f"{where}: the replacement of {old.ssa} is {new!r}, not an SSA value")
            if new.type != old.type:
                raise RewriteError(f"{where}: replaces {old.ssa}: {old.type} with {new.ssa}: {new.type}; "
                                   "a replacement keeps each result's type")
        if not pending and all(new is old for old, new in zip(op.results, values)):
            raise RewriteError(f"{where}: returned the op's own results; return None when the rule does not apply")
        self._check_reads(where, op, pending, values)
        index = self.index
        for old, new in zip(op.results, values):
            index.replace_all_uses(old, new)
        index.forget(op)
        del block.ops[i]
        if pending:
            self._name(where, op, pending, values)
            _locate(pending, op)
            index.insert(block, i, pending)

    def _check_reads(self, where: str, op, pending: list, values) -> None:
        index, own = self.index, set(op.results)
        new: set = set()
        for inner in walk(pending):
            for region in blocks_of(inner):
                new.update(region.args)
        for inner in walk(pending):
            for v in inner.operands:
                if v in new:
                    continue
                if v in own:
                    raise RewriteError(f"{where}: a new {inner.NAME} reads {v.ssa}, a result of the op it replaces")
                if not index.defines(v):
                    raise RewriteError(f"{where}: a new {inner.NAME} reads {v.ssa}, which is not defined in "
                                       f"@{self.fn.name}")
            new.update(inner.results)
        for v in values:
            if v not in new and not index.defines(v):
                raise RewriteError(f"{where}: the replacement {v.ssa} is not defined in @{self.fn.name}")

    def _name(self, where: str, op, pending: list, values) -> None:
        """Fresh names for the new values: a replaced result's own name when it is free, else one
        made from the replaced op's name and the rule's."""
        index = self.index
        base = result_base(op) or (op.results[0].name if op.results else "v")
        derived = _as_given if self.match.b.exact_names else _derived
        takes = {}
        for old, new in zip(op.results, values):
            if "#" not in old.name and new not in takes:
                takes[new] = old.name
        for inner in walk(pending):
            cls = type(inner)
            if cls.COMPOUND:
                for name in inner.defined_names():
                    if index.has_name(name):
                        raise RewriteError(f"{where}: a new {inner.NAME} defines %{name}, a name already in use")
                continue
            group = result_base(inner)
            if group:
                fresh = index.fresh_name(derived(base, group))
                for k, v in enumerate(inner.results):
                    v.rename(f"{fresh}#{k}")
            else:
                for v in inner.results:
                    own = takes.get(v)
                    if own is not None and not index.has_name(own):
                        v.rename(index.fresh_name(own))
                    else:
                        v.rename(index.fresh_name(derived(base, v.name)))
            for region in blocks_of(inner):
                for a in region.args:
                    a.rename(index.fresh_name(derived(base, a.name)))
        for inner in walk(pending):  # the index counts the names again as it takes the ops in
            for name in inner.defined_names():
                index.release(name)
            for region in blocks_of(inner):
                for a in region.args:
                    index.release(a.name)


def _locate(pending: list, op) -> None:
    """A replacement's new ops take the location of the op they replace, as MLIR's rewriters give
    it (those a rule located itself keep theirs; under a layer path they are named by it already)."""
    own = given(op)
    if own is None:
        return
    for new in walk(pending):
        if getattr(new, "_location", None) is None:
            new._location = own
        for region in blocks_of(new):
            if region.location is UNKNOWN:
                region.location = own


def _derived(base: str, hint: str) -> str:
    if hint == base or hint.startswith(base + "_"):
        return hint
    return f"{hint}_{base}" if base[:1].isdigit() else f"{base}_{hint}"


def _as_given(base: str, hint: str) -> str:
    return hint


def _ssa(op) -> str:
    return " ".join(r.ssa for r in op.results[:1]) or "(no results)"
