"""The use index of a function: which op defines each value, who reads it, what each region captures.

Values carry no uses themselves (building a ViT makes a hundred thousand of them); a pass
that needs uses builds a `UseIndex` over the function, in one walk of its ops and of the
ops of every region at any depth, and keeps it current through the index's own edits
(`replace_all_uses`, `insert`, `erase`). A use is an op (one entry per operand slot that
reads the value, so `multiply %x, %x` reads %x twice), a region's `stablehlo.return` (the
Region) or the function's `return` (its Return). A region's ops may read values of the
enclosing function: those are its captured values (`captured(region)`, by the walk of
vitir/ast/uses.py that the evaluator and the folding of compound nodes use too).

The index also counts the SSA names the function defines at any depth, so that a new
value gets a fresh name (`fresh_name`) that shadows nothing.
"""

from __future__ import annotations

from ..ast.module import Function, Return
from ..ast.regions import Region
from ..ast.uses import blocks_of, captured, walk
from ..ast.values import Value

__all__ = ["UseIndex", "blocks_of", "operand_fields", "walk"]


def operand_fields(op) -> None:
    """Recompute `op.operands` (the flat tuple) from its operand fields, in declaration order."""
    flat = []
    for field in type(op).OPERAND_FIELDS:
        value = getattr(op, field.name)
        if field.variadic:
            flat.extend(value)
        else:
            flat.append(value)
    op.operands = tuple(flat)


class UseIndex:
    """Defining ops, uses and names of one function, built in one walk; edits keep it current."""

    __slots__ = ("function", "_defining", "_uses", "_names", "_block_of")

    def __init__(self, function: Function):
        self.function = function
        self._defining: dict[Value, object] = {}  # value -> its op, or None for an argument
        self._uses: dict[Value, list] = {}
        self._names: dict[str, int] = {}
        self._block_of: dict[object, object] = {}  # op -> the Function or Region whose list holds it
        for a in function.args:
            self._define_arg(a)
        self._add_block(function)

    # -- reading -------------------------------------------------------------------------------
    def defining(self, value: Value):
        """The op that defines `value`, or None for an argument (of the function or of a region)."""
        return self._defining.get(value)

    def defines(self, value: Value) -> bool:
        """Whether `value` is defined in the function (an argument or an op's result, at any depth)."""
        return value in self._defining

    def uses(self, value: Value) -> list:
        """The readers of `value`: ops (once per operand slot), Regions (their return), the Return."""
        return self._uses.get(value, [])

    def use_count(self, value: Value) -> int:
        return len(self._uses.get(value, ()))

    def has_uses(self, op) -> bool:
        """Whether any result of `op` is read."""
        uses = self._uses
        return any(uses.get(r) for r in op.results)

    def block_of(self, op):
        """The Function or Region whose op list holds `op`."""
        return self._block_of[op]

    def captured(self, region) -> tuple[Value, ...]:
        """The values of the enclosing function the ops of `region` (at any depth) read or it returns,
        in the order first read."""
        return captured(region)

    def has_name(self, name: str) -> bool:
        return self._names.get(name, 0) > 0

    def fresh_name(self, hint: str) -> str:
        """`hint` when no value of the function is named so, else `hint_1`, `hint_2`, ...; reserved."""
        name, n = hint, 0
        while self._names.get(name, 0):
            n += 1
            name = f"{hint}_{n}"
        self._names[name] = 1
        return name

    def release(self, name: str) -> None:
        """Give back one use of `name`: a name `fresh_name` reserved for a new op, before `insert`
        counts that op's names (or a name a forgotten op defined)."""
        n = self._names.get(name, 0)
        if n > 1:
            self._names[name] = n - 1
        else:
            self._names.pop(name, None)

    # -- editing ------------------------------------------------------------------------------
    def replace_all_uses(self, old: Value, new: Value) -> int:
        """Make every reader of `old` read `new` instead (same type: the readers' rules stay true).
        Returns how many uses moved."""
        if old is new:
            return 0
        if old.type != new.type:
            raise TypeError(f"cannot replace {old.ssa}: {old.type} with {new.ssa}: {new.type}")
        users = self._uses.pop(old, [])
        done = set()
        for user in users:
            if id(user) in done:
                continue
            done.add(id(user))
            if type(user) is Return:
                user.operands = tuple(new if v is old else v for v in user.operands)
            elif type(user) is Region:
                user.results = tuple(new if v is old else v for v in user.results)
            else:
                for field in type(user).OPERAND_FIELDS:
                    value = getattr(user, field.name)
                    if field.variadic:
                        if any(v is old for v in value):
                            setattr(user, field.name, tuple(new if v is old else v for v in value))
                    elif value is old:
                        setattr(user, field.name, new)
                operand_fields(user)
        self._uses.setdefault(new, []).extend(users)
        return len(users)

    def insert(self, block, position: int, ops: list) -> None:
        """Put `ops` (new, with their regions) into `block`'s op list at `position`, and index them."""
        block.ops[position:position] = ops
        for op in ops:
            self._add_op(op, block)

    def erase(self, op, position: int | None = None) -> None:
        """Take `op` (and the ops of its regions) out of its block and out of the index; its
        results must have no uses left."""
        block = self._block_of[op]
        if position is None or block.ops[position] is not op:
            position = next(i for i, o in enumerate(block.ops) if o is op)
        del block.ops[position]
        self.forget(op)

    def forget(self, op) -> None:
        """Take `op` out of the index (the caller takes it out of its block's list)."""
        for r in op.results:
            if self._uses.get(r):
                raise ValueError(f"{op.NAME} {r.ssa} is erased while still read by {len(self._uses[r])} uses")
        for inner in walk([op]):
            for v in inner.operands:
                self._drop_use(v, inner)
            for r in inner.results:
                self._defining.pop(r, None)
                self._uses.pop(r, None)
            for name in inner.defined_names():
                self.release(name)
            self._block_of.pop(inner, None)
            for region in blocks_of(inner):
                for v in region.results:
                    self._drop_use(v, region)
                for a in region.args:
                    self._defining.pop(a, None)
                    self.release(a.name)

    # -- building ------------------------------------------------------------------------------
    def _define_arg(self, a: Value) -> None:
        self._defining[a] = None
        self._names[a.name] = self._names.get(a.name, 0) + 1

    def _add_block(self, block) -> None:
        for op in block.ops:
            self._add_op(op, block)
        terminator = block.ret if type(block) is Function else block
        uses = self._uses
        for v in (terminator.operands if type(block) is Function else block.results):
            uses.setdefault(v, []).append(terminator)

    def _add_op(self, op, block) -> None:
        uses, names = self._uses, self._names
        self._block_of[op] = block
        for v in op.operands:
            entry = uses.get(v)
            if entry is None:
                uses[v] = [op]
            else:
                entry.append(op)
        for r in op.results:
            self._defining[r] = op
        if type(op).SIMPLE:
            for r in op.results:
                names[r.name] = names.get(r.name, 0) + 1
            return
        for name in op.defined_names():
            names[name] = names.get(name, 0) + 1
        for region in blocks_of(op):
            for a in region.args:
                self._define_arg(a)
            self._add_block(region)

    def _drop_use(self, value: Value, user) -> None:
        entry = self._uses.get(value)
        if entry:
            for i, u in enumerate(entry):
                if u is user:
                    del entry[i]
                    break
