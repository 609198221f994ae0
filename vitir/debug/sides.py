"""The three ways to run a program, behind one interface for bisect and reduce.

A side computes a block of ops two ways:
- `in_context(block, inputs)`: the ops as the program holds them (the later reading the earlier),
  every value the block defines returned;
- `alone(ops, values)`: each op on its own, its operands (and what its regions capture) read
  from `values`, so that two sides given the same values compute the same op from the same
  operands.

Values are per replica: a list of one dict (SSA name -> array) per replica. The compiled sides
compile one function per block: for `alone`, one function holding every op of the block, each
reading only the function's arguments (so no op sees another's result and nothing fuses across
them), which compiles once for hundreds of ops. When that function does not compile, its ops are
split in halves until the ops that do not compile alone are found: each such op's outcome is the
error.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Mapping, Sequence

import numpy as np

from ..ast.module import Function, Module, Return
from ..ast.types import TensorType
from ..ast.uses import blocks_of, reads
from ..ast.values import Value
from ..errors import CompileError, VitirError

SIDES = ("evaluator", "pjrt", "iree")


class OpFailure:
    """What a side gave for an op it could not compile or run: the error, as text."""

    def __init__(self, message: str):
        self.message = " ".join(line.strip() for line in message.splitlines() if line.strip())

    def __repr__(self) -> str:
        return f"OpFailure({self.message[:80]!r})"


def block_function(name: str, ops: Sequence, inputs: Sequence[Value], returned: Sequence[Value],
                   placed: Mapping[Value, tuple] | None = None) -> Function:
    """A function of `ops` reading `inputs` as its arguments (same names and types) and returning
    `returned`; the ops are copied, so the original program is left as it was. `placed`: the
    attributes (a sharding) of the values that were the program's arguments, kept on theirs."""
    from ..rewrite.driver import copy_op

    mapping = {v: Value(argument_name(v), v.type) for v in inputs}
    args = [mapping[v] for v in inputs]
    new_ops = [copy_op(op, mapping) for op in ops]
    return Function(name, args, new_ops, Return([mapping.get(v, v) for v in returned]),
                    arg_attributes=_argument_attributes(inputs, placed))


def _argument_attributes(inputs: Sequence[Value], placed: Mapping[Value, tuple] | None) -> tuple:
    if not placed:
        return ()
    return tuple(placed.get(v, ()) for v in inputs)


def program_arguments(fn: Function) -> dict[Value, tuple]:
    """The attributes of each of `fn`'s arguments that has any (`mhlo.sharding`, `sdy.sharding`): a
    block reading the argument places it as the program does."""
    return {a: attrs for a, attrs in zip(fn.args, fn.arg_attributes) if attrs}


def argument_name(v: Value) -> str:
    """A value's name as a function argument's: `%r#1`, a result of a group, becomes `%r_1`."""
    return v.name.replace("#", "_")


def module_text(fn: Function, like: Module | None = None) -> str:
    from ..print import print_module

    module = Module([fn], like.name if like is not None else "m")
    if like is not None:
        module = like.with_functions([fn])
    return print_module(module)


def comparable(op) -> bool:
    """Ops bisect compares: tensors in and out, no effect or randomness of their own."""
    if type(op).NAME in SKIPPED:
        return False
    return all(isinstance(v.type, TensorType) for v in (*reads(op), *op.results))


SKIPPED = {"stablehlo.constant", "stablehlo.rng", "stablehlo.custom_call", "stablehlo.infeed",
           "stablehlo.outfeed", "stablehlo.send", "stablehlo.recv", "stablehlo.after_all",
           "stablehlo.create_token", "stablehlo.iota"}


def working_bytes(op) -> int:
    """What a compiled side materializes to run `op` beyond its operands and results, where that
    can be far more: XLA's CPU convolution copies every window of its input into a patch matrix
    (output positions x input features x kernel taps). The batch-32 ViT step's weight gradient of
    its patch embedding, a 209 x 209 kernel of holes (docs/benchmarks.md), is a patch matrix of
    4.3 GiB, and XLA ran out of 10 GiB running it."""
    if type(op).NAME != "stablehlo.convolution":
        return 0
    lhs_layout, rhs_layout, out_layout = op.layouts
    out, kernel = op.results[0].type, op.operands[1].type
    if not isinstance(out, TensorType) or not isinstance(kernel, TensorType):
        return 0
    positions = int(np.prod([out.shape[k] for k, c in enumerate(out_layout) if c != "f"], dtype=np.int64))
    patch = int(np.prod([kernel.shape[k] for k, c in enumerate(rhs_layout) if c != "o"], dtype=np.int64))
    return positions * patch * max(1, (out.dtype.bits + 7) // 8)


def live_in(ops: Sequence) -> list[Value]:
    """The values `ops` read that they do not define, in first-read order."""
    defined, seen = set(), {}
    for op in ops:
        for v in reads(op):
            if v not in defined:
                seen.setdefault(v)
        defined.update(op.results)
    return list(seen)


def tensor_results(ops: Sequence) -> list[Value]:
    return [r for op in ops for r in op.results if isinstance(r.type, TensorType)]


class Side:
    name = ""

    def __init__(self, replicas: int = 1, like: Module | None = None):
        self.replicas, self.like = replicas, like
        self.placed: dict[Value, tuple] = {}  # program arguments' shardings (program_arguments)

    def in_context(self, ops: Sequence, inputs: list[dict]) -> list[dict]:
        raise NotImplementedError

    def alone(self, ops: Sequence, values: list[dict]) -> Iterator:
        """Per op, in order: a list (per replica) of result tuples, or an OpFailure. Yielded one at a
        time, so that the caller compares each and lets it go before the next is computed."""
        raise NotImplementedError


class EvaluatorSide(Side):
    name = "evaluator"

    def in_context(self, ops, inputs):
        from ..evaluate import evaluate

        args = live_in(ops)
        fn = block_function("block", ops, args, tensor_results(ops))
        per = [{argument_name(a): given[a.name] for a in args} for given in inputs]
        if self.replicas == 1:
            envs = [evaluate(fn, per[0], keep=True)[1]]
        else:
            envs = evaluate(fn, per, keep=True, replicas=self.replicas)[1]
        return [{**env, **{a.name: given[a.name] for a in args}} for env, given in zip(envs, inputs)]

    def alone(self, ops, values):
        from ..evaluate import evaluate_op

        for op in ops:
            names = [v.name for v in reads(op)]
            try:
                if self.replicas == 1:
                    outcome = [evaluate_op(op, {n: values[0][n] for n in names})]
                else:
                    outcome = evaluate_op(op, [{n: env[n] for n in names} for env in values])
            except (VitirError, ValueError, TypeError, NotImplementedError, ArithmeticError) as error:
                outcome = OpFailure(f"{type(error).__name__}: {error}")
            yield outcome


class CompiledSide(Side):
    """PJRT or IREE (`backend`: a vitir backend name, `iree:cuda` included)."""

    def __init__(self, backend: str, replicas: int = 1, like: Module | None = None):
        super().__init__(replicas, like)
        self.backend = backend
        self.name = backend
        self.compiles = 0
        self.refused: dict[str, OpFailure] = {}  # one-op texts XLA does not compile: the error
        if replicas > 1 and backend.partition(":")[0] == "pjrt":
            from ..backend import ensure_host_devices

            ensure_host_devices(replicas)  # one CPU device per replica, before XLA starts

    def _run(self, text: str, names: Sequence[str], values: list[dict]) -> list[tuple]:
        from ..backend import compile_module

        exe = compile_module(text, replicas=self.replicas, backend=self.backend)
        self.compiles += 1
        per_replica = [[env[n] for n in names] for env in values]
        if self.replicas == 1:
            return [tuple(np.asarray(x) for x in exe.run(*per_replica[0]))]
        return [tuple(np.asarray(x) for x in outs) for outs in exe.run_per_replica(per_replica)]

    def in_context(self, ops, inputs):
        args = live_in(ops)
        returned = tensor_results(ops)
        fn = block_function("block", ops, args, returned, self.placed)
        outs = self._run(module_text(fn, self.like), [a.name for a in args], inputs)
        return [{**{a.name: given[a.name] for a in args}, **{r.name: x for r, x in zip(returned, per)}}
                for given, per in zip(inputs, outs)]

    def alone(self, ops, values):
        if self.backend.partition(":")[0] == "pjrt":
            yield from self._one_by_one(ops, values)
            return
        out: list = [None] * len(ops)
        self._alone(list(range(len(ops))), ops, values, out)
        for i in range(len(ops)):  # let each go once compared
            outcome, out[i] = out[i], None
            yield outcome

    def _one_by_one(self, ops, values):
        """Each op run alone by a one-op function compiled once per signature (its text with the
        values renamed: a train step's 7,000 ops are some 150 signatures, its layers repeating),
        and kept for the later blocks. XLA compiles a one-op function in tens of milliseconds and
        runs it in a fraction of one."""
        for op in ops:
            fn, names = _one_op(op, self.placed)
            text = module_text(fn, self.like)
            failure = self.refused.get(text)
            if failure is None:
                try:
                    yield self._run(text, names, values)
                    continue
                except (VitirError, RuntimeError, ValueError) as error:  # XLA's errors
                    if not op_level(error):
                        raise
                    failure = OpFailure(str(error))
                    if isinstance(error, CompileError):
                        self.refused[text] = failure
            yield failure

    def _alone(self, indices: list[int], ops, values, out: list) -> None:
        chosen = [ops[i] for i in indices]
        fn, names = _side_by_side(chosen, self.placed)
        try:
            results = self._run(module_text(fn, self.like), names, values)
        except (VitirError, RuntimeError, ValueError) as error:  # XLA's and IREE's errors
            if not op_level(error):
                raise
            if len(indices) == 1:
                out[indices[0]] = OpFailure(str(error))
                return
            half = len(indices) // 2
            self._alone(indices[:half], ops, values, out)
            self._alone(indices[half:], ops, values, out)
            return
        at = 0
        for i, op in zip(indices, chosen):
            n = len(op.results)
            out[i] = [per[at:at + n] for per in results]
            at += n


def _one_op(op, placed: Mapping[Value, tuple] | None = None) -> tuple[Function, list[str]]:
    """A function of `op` alone, its operands (and what its regions capture) arguments, every
    value named by its place (`%a0`, `%b0`, `%r0`): ops that differ only in their values' names
    print the same text. Returns it and the names of the values its arguments stand for."""
    from ..ast.uses import walk
    from ..rewrite.driver import copy_op

    read = list(dict.fromkeys(reads(op)))
    mapping = {v: Value(f"a{k}", v.type) for k, v in enumerate(read)}
    arguments = [mapping[v] for v in read]
    copied = copy_op(op, dict(mapping))
    inner = 0
    for nested in walk([copied]):
        for region in blocks_of(nested):
            for a in region.args:
                a.rename(f"b{inner}")
                inner += 1
        if nested is not copied:
            for r in nested.results:
                r.rename(f"b{inner}")
                inner += 1
    for j, r in enumerate(copied.results):
        r.rename(f"r{j}")
    fn = Function("one", arguments, [copied], Return(list(copied.results)),
                  arg_attributes=_argument_attributes(read, placed))
    return fn, [v.name for v in read]


def _side_by_side(ops: Sequence, placed: Mapping[Value, tuple] | None = None) -> Function:
    """One function holding every op of `ops`, each reading the function's arguments only (an
    operand that another op of `ops` defines is an argument too), returning every result. The
    arguments keep the names of the values they stand for; results are renamed apart from them."""
    from ..ast.uses import walk
    from ..rewrite.driver import copy_op

    args = list(dict.fromkeys(v for op in ops for v in reads(op)))
    taken = {v.name for v in args} | {r.name for inner in walk(ops) for r in inner.results}
    prefix = "r"
    while any(name.startswith(prefix) for name in taken):
        prefix += "_"
    mapping = {v: Value(argument_name(v), v.type) for v in args}
    arguments = [mapping[v] for v in args]
    new_ops, returned = [], []
    for k, op in enumerate(ops):
        copied = copy_op(op, dict(mapping))
        several = len(copied.results) > 1
        for j, r in enumerate(copied.results):
            r.rename(f"{prefix}{k}#{j}" if several else f"{prefix}{k}")
        new_ops.append(copied)
        returned.extend(copied.results)
    return (Function("ops", arguments, new_ops, Return(returned), arg_attributes=_argument_attributes(args, placed)),
            [v.name for v in args])


def op_level(error: Exception) -> bool:
    """Whether a backend's error is about the program it was given (it does not compile, or fails
    running), not about the machine or the call (devices, drivers): only the former is an op's."""
    from ..errors import CompileError

    return isinstance(error, (CompileError, RuntimeError)) or "failed running" in str(error)


@contextmanager
def one_blas_thread():
    """numpy's BLAS on one thread while bisect runs: its contractions are many and mid-sized, and
    OpenBLAS's threads, spinning for each other on a machine whose cores are busy, made a matmul
    of the ViT step twenty times slower than one thread (docs/benchmarks.md)."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1, user_api="blas"):
        yield


def release_freed_memory() -> None:
    """Give the memory freed since the last call back to the system. glibc's malloc keeps freed
    blocks of up to 32 MiB (numpy's arrays of a block) in its heaps for reuse, where they
    fragment: on the batch-32 ViT step, bisect's resident memory grew by 150 MiB a block with a
    carry of under 1 GiB, to 6 GiB at block 32 of 40; with this after each block it stays 0.3 GiB
    above the carry (docs/benchmarks.md). A no-op where the C library is not glibc."""
    global _trim
    if _trim is None:
        import ctypes
        import ctypes.util

        try:
            _trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
        except (OSError, AttributeError):
            _trim = False
    if _trim:
        _trim(0)


_trim = None


def make_side(name: str, replicas: int = 1, like: Module | None = None) -> Side:
    if name == "evaluator":
        return EvaluatorSide(replicas, like)
    base = name.partition(":")[0]
    if base not in ("pjrt", "iree"):
        from ..errors import ConfigError

        raise ConfigError(f"unknown side {name!r}: choose two of evaluator, pjrt, iree (iree:cuda, ...)")
    return CompiledSide(name, replicas, like)
