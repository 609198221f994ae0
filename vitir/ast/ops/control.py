"""Control flow, tuples and tokens: while, if, case, map, optimization_barrier, tuple,
get_tuple_element, after_all, create_token, composite (evaluated as its decomposition function) and
custom_call (carried, not looked inside).

A region's signature is (argument types, returned types); a branch of `if` or `case` takes no
arguments and may use any value of the enclosing function, as JAX's lax.cond does.
"""

from __future__ import annotations

import re
from typing import Sequence

from .. import custom_call_attributes
from ..attributes import ATTRIBUTE_TEXT, BOOL, I32, I64_ARRAY, STRING, SYMBOL
from ..declare import (Op, attr_def, operand_def, region_def, result_type_def, var_operand_def, var_region_def,
                       var_result_def)
from ..traits import PURE, RECURSIVELY_SPECULATABLE, RECURSIVE_EFFECTS, SPECULATABLE
from ..element_types import DType
from ..shape_rules import RuleError
from ..quantized import QuantizedTensorType
from ..shape_rules import refined
from ..type_rules import PER_TENSOR, compatible_types, is_value_type, scalar, tensor, tensor_of, type_text
from ..types import TensorType, TokenType, TupleType

_EVALUATE = "vitir.evaluate.control:"
_PREDICATE = TensorType((), DType.I1)


def _values(types, what: str = "operand") -> tuple:
    for i, t in enumerate(types):
        if not is_value_type(t):
            raise RuleError(f"{what} {i} must be a tensor, token or tuple, got {t}")
    return tuple(types)


def _tensors_or_tokens(types, what: str = "operand", quantized: bool | str = True) -> tuple:
    """What MLIR's StableHLO takes where the spec says "values" (a loop's state, a branch's results):
    tensors (quantized ones as `quantized` says: per-axis too, or PER_TENSOR) and tokens, no tuples."""
    for i, t in enumerate(types):
        if isinstance(t, QuantizedTensorType):
            tensor(t, f"{what} {i}", quantized)
        elif not isinstance(t, (TensorType, TokenType)):
            raise RuleError(f"{what} {i} must be a tensor or token, got {t}")
    return tuple(types)


def _compatible(got, want) -> bool:
    """The same types, or types a dimension `?` in one makes compatible (MLIR's verifier on branches)."""
    got, want = tuple(got), tuple(want)
    return got == want or (len(got) == len(want) and all(map(compatible_types, got, want)))


# A loop's regions take and return its state's own types: MLIR's verifier lets a block argument be
# less static than its operand, but the while syntax vitir prints names one type per state value.
def _takes(region: str, got, want) -> None:
    if tuple(got) != tuple(want):
        raise RuleError(f"{region} takes ({type_text(got)}), needs ({type_text(want)})")


def _returns(region: str, got, want, why: str = "") -> None:
    if tuple(got) != tuple(want):
        raise RuleError(f"{region} returns ({type_text(got)}), needs ({type_text(want)}){why}")


def _branch_results(branches: Sequence[tuple[str, Sequence]]) -> tuple:
    """The results of an op that runs one of its branches: each branch's types compatible with the
    first's (a dimension `?` in one, known in another, as MLIR's verifier has it), the most static
    of them."""
    (first, results), *others = branches
    results = _tensors_or_tokens(results, f"{first} result")
    for name, returned in others:
        returned = tuple(returned)
        if not _compatible(returned, results):
            raise RuleError(f"{name} returns ({type_text(returned)}), needs ({type_text(results)}): {first}'s types")
        results = tuple(a if a is b else a.with_shape(refined(a.shape, b.shape)) for a, b in zip(results, returned))
    return results


class While(Op):
    """Runs `body` on the loop state while `cond` (of the state, to tensor<i1>) is true; the state
    starts as the operands and ends as the results. Printed as MLIR does, the regions' arguments
    named once: `%r:2 = stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : T0, T1` then
    `cond {...} do {...}`."""

    NAME = "stablehlo.while"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
    SHARED_REGION_ARGUMENTS = True  # its syntax names cond's and body's arguments once
    operand = var_operand_def()
    cond = region_def()
    body = region_def()
    results = var_result_def()
    syntax = "{while}"
    evaluate = _EVALUATE + "while_"

    @staticmethod
    def rule(operand, cond, body):
        state = _tensors_or_tokens(operand)
        _takes("cond", cond[0], state)
        _returns("cond", cond[1], (_PREDICATE,))
        _takes("body", body[0], state)
        _returns("body", body[1], state, ": the loop state")
        return state

    @staticmethod
    def builder(operand, cond, body):
        """`fb.while_(name, state, cond, body)`: `cond` and `body` regions (fb.region()) of one
        argument per state value, named alike in both (the text names them once)."""
        for region in (cond, body):
            if not hasattr(region, "args"):
                raise RuleError(f"cond and body must be regions built with fb.region(), got {region!r}")
        cond_names, body_names = [a.ssa for a in cond.args], [a.ssa for a in body.args]
        if cond_names != body_names:
            raise RuleError(f"cond's arguments ({', '.join(cond_names)}) and body's ({', '.join(body_names)}) "
                            "must have the same names: the while syntax writes them once")
        return dict(operand=operand, cond=cond, body=body)


class If(Op):
    """Runs `true_branch` or `false_branch` (regions of no arguments) as the rank-0 i1 `pred` says;
    the results are the branch's. MLIR prints it in the generic form."""

    NAME = "stablehlo.if"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
    pred = operand_def()
    true_branch = region_def()
    false_branch = region_def()
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "if_"

    @staticmethod
    def rule(pred, true_branch, false_branch):
        if pred is not _PREDICATE:
            raise RuleError(f"pred must be {_PREDICATE}, got {pred}")
        _takes("true_branch", true_branch[0], ())
        _takes("false_branch", false_branch[0], ())
        return _branch_results((("true_branch", true_branch[1]), ("false_branch", false_branch[1])))


class Case(Op):
    """Runs `branches[index]`, or the last branch when `index` (rank-0 i32) is out of range; the
    results are the branch's. JAX's lax.cond and lax.switch lower to it."""

    NAME = "stablehlo.case"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
    index = operand_def()
    branches = var_region_def()
    results = var_result_def()
    syntax = "generic"
    evaluate = _EVALUATE + "case"

    @staticmethod
    def rule(index, branches):
        index_type = TensorType((), DType.I32)
        if index is not index_type:
            raise RuleError(f"index must be {index_type}, got {index}")
        if not branches:
            raise RuleError("case needs at least one branch")
        for i, (args, returned) in enumerate(branches):
            _takes(f"branch {i}", args, ())
        return _branch_results(tuple((f"branch {i}", returned) for i, (args, returned) in enumerate(branches)))


class OptimizationBarrier(Op):
    """The identity on its operands, which no compiler transformation moves ops across:
    `%r:2 = stablehlo.optimization_barrier %a, %b : T0, T1` (jax.checkpoint emits it)."""

    NAME = "stablehlo.optimization_barrier"
    traits = ()  # Pure in the ODS; kept, so a barrier is never merged or removed
    operand = var_operand_def()
    results = var_result_def("result")
    syntax = "{optimization_barrier}"
    evaluate = _EVALUATE + "optimization_barrier"

    @staticmethod
    def rule(operand):
        return _tensors_or_tokens(operand, quantized=PER_TENSOR)  # MLIR's HLO_TensorOrToken


class Map(Op):
    """Applies `computation` (rank-0 tensors of each input's element type to one rank-0 tensor)
    to the inputs element by element; `dimensions` are all of them, in order."""

    NAME = "stablehlo.map"
    traits = (RECURSIVE_EFFECTS, RECURSIVELY_SPECULATABLE)
    inputs = var_operand_def()
    dimensions = attr_def(I64_ARRAY)
    computation = region_def()
    syntax = "generic"
    evaluate = _EVALUATE + "map_"

    @staticmethod
    def rule(inputs, dimensions, computation):
        if not inputs:
            raise RuleError("map needs at least one input")
        shape = tensor(inputs[0], "input", quantized=PER_TENSOR).shape
        for i, t in enumerate(inputs):
            if tensor(t, "input", quantized=PER_TENSOR).shape != shape:
                raise RuleError(f"input {i} has shape {list(t.shape)}, input 0 has {list(shape)}")
        if tuple(dimensions) != tuple(range(len(shape))):
            raise RuleError(f"dimensions {list(dimensions)} must be {list(range(len(shape)))}, every dimension "
                            "in order")
        args, results = computation
        _takes("the computation", args, tuple(scalar(t) for t in inputs))
        if len(results) != 1 or not isinstance(results[0], (TensorType, QuantizedTensorType)) or results[0].shape != ():
            raise RuleError(f"the computation returns ({type_text(results)}), needs one rank-0 tensor")
        return tensor_of(shape, results[0].dtype)


class Tuple(Op):
    """`%t = stablehlo.tuple %a, %b : tuple<T0, T1>`."""

    NAME = "stablehlo.tuple"
    traits = (PURE, SPECULATABLE)
    val = var_operand_def()
    syntax = "{val} : {tuple_type(type:val, type:result)}"
    evaluate = _EVALUATE + "tuple_"

    @staticmethod
    def rule(val):
        return TupleType(_values(val))


class GetTupleElement(Op):
    """`%x = stablehlo.get_tuple_element %t[1] : (tuple<T0, T1>) -> T1`."""

    NAME = "stablehlo.get_tuple_element"
    traits = (PURE, SPECULATABLE)
    operand = operand_def()
    index = attr_def(I32)
    syntax = "{operand}[{index}] : {functional_type}"
    evaluate = _EVALUATE + "get_tuple_element"

    @staticmethod
    def rule(operand, index):
        if not isinstance(operand, TupleType):
            raise RuleError(f"operand must be a tuple, got {operand}")
        if not 0 <= index < len(operand.types):
            raise RuleError(f"index {index} is out of range for {operand}, of {len(operand.types)} elements")
        return operand.types[index]


def _tokens(inputs) -> TokenType:
    for i, t in enumerate(inputs):
        if not isinstance(t, TokenType):
            raise RuleError(f"input {i} must be {TokenType()}, got {t}")
    return TokenType()


class AfterAll(Op):
    """A token that comes after each of `inputs` (tokens): `stablehlo.after_all %t0, %t1 : !stablehlo.token`."""

    NAME = "stablehlo.after_all"
    traits = (PURE, SPECULATABLE)
    inputs = var_operand_def()
    syntax = "{inputs} : {same_type}"
    evaluate = _EVALUATE + "token"

    @staticmethod
    def rule(inputs):
        return _tokens(inputs)


class CreateToken(Op):
    """A new token, as after_all of no inputs (MLIR keeps it; the spec has retired it)."""

    NAME = "stablehlo.create_token"
    traits = (PURE, SPECULATABLE)
    syntax = ": {type:result}"
    evaluate = _EVALUATE + "token"

    @staticmethod
    def rule():
        return TokenType()


_COMPOSITE_NAME = re.compile(r"^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$")  # composite_c1, as MLIR's verifier


class Composite(Op):
    """An op of another name (`composite_name`, such as "my.softmax") made of the function
    `decomposition`; vitir carries it and prints it as written, and evaluates it as that function
    (looked up in the module being evaluated):
    `stablehlo.composite "my.mul" %x {composite_attributes = {n = 3 : i64}, decomposition = @my.mul}
    : (T) -> R`. Its attributes are kept as their MLIR text."""

    NAME = "stablehlo.composite"
    inputs = var_operand_def()
    composite_name = attr_def(STRING, mlir="name")
    decomposition = attr_def(SYMBOL)
    result_types = result_type_def("the results' types (the decomposition's)", several=True)
    composite_attributes = attr_def(ATTRIBUTE_TEXT, default=None)
    version = attr_def(I32, default=None)
    results = var_result_def()
    syntax = "{composite_name} {inputs}{attr_dict? } : {functional_type}"
    evaluate = _EVALUATE + "composite"

    @staticmethod
    def rule(inputs, composite_name, decomposition, result_types, composite_attributes, version):
        _values(inputs, "input")
        if _COMPOSITE_NAME.match(composite_name) is None:
            raise RuleError(f"name {composite_name!r} must be a valid namespaced op name (matching "
                            f"{_COMPOSITE_NAME.pattern}, such as \"my_namespace.my_op\")")
        return _values(result_types, "result")


class CustomCall(Op):
    """A call of an implementation-defined target (a LAPACK routine on XLA's CPU): vitir carries it
    and prints it as written, and does not evaluate it (but for jax.export's `shape_assertion`,
    checked: vitir/ast/shape_assertions.py). `stablehlo.custom_call @target(%x)
    {backend_config = "", ...} : (T) -> R`; its attributes are kept as their MLIR text, other
    dialects' ones (`mhlo.frontend_attributes`, `sdy.sharding_rule`) in `discardable`, as every op's; each text must
    be of the form MLIR requires (vitir/ast/custom_call_attributes.py)."""

    NAME = "stablehlo.custom_call"
    inputs = var_operand_def()
    call_target_name = attr_def(STRING)
    result_types = result_type_def("the results' types", several=True)
    has_side_effect = attr_def(BOOL, default=None)
    backend_config = attr_def(ATTRIBUTE_TEXT, default=None)
    api_version = attr_def(I32, default=None)
    called_computations = attr_def(ATTRIBUTE_TEXT, default=None)
    operand_layouts = attr_def(ATTRIBUTE_TEXT, default=None)
    result_layouts = attr_def(ATTRIBUTE_TEXT, default=None)
    output_operand_aliases = attr_def(ATTRIBUTE_TEXT, default=None)
    result_tilings = attr_def(ATTRIBUTE_TEXT, default=None)
    results = var_result_def()
    syntax = "{custom_call_target(call_target_name)}({inputs}){attr_dict? } : {functional_type}"
    evaluate = _EVALUATE + "custom_call"  # jax.export's shape_assertion only

    @staticmethod
    def rule(inputs, call_target_name, result_types, has_side_effect, backend_config, api_version,
             called_computations, operand_layouts, result_layouts, output_operand_aliases, result_tilings):
        _values(inputs, "input")
        if not call_target_name:
            raise RuleError("call_target_name must not be empty")
        if (operand_layouts is None) != (result_layouts is None):
            raise RuleError("operand_layouts and result_layouts go together: give both or neither")
        custom_call_attributes.check(inputs, result_types, api_version, backend_config, {
            "called_computations": called_computations, "operand_layouts": operand_layouts,
            "result_layouts": result_layouts, "output_operand_aliases": output_operand_aliases,
            "result_tilings": result_tilings})
        return _values(result_types, "result")


class Call(Op):
    """A call of a function of the module, `%r = func.call @f(%a, %b) : (T1, T2) -> R` (MLIR's func
    dialect; inside a function's own body MLIR elides the dialect, `call @f(...)`, as vitir's printer
    does). Its result types are as written; that `callee` is a function of the module taking the
    operands' types and returning these is the module's check (vitir/ast/calls.py), where functions
    are known. The readers inline calls by default; the evaluator runs the callee."""

    NAME = "func.call"
    callee = attr_def(SYMBOL)
    inputs = var_operand_def()
    result_types = result_type_def("the results' types (the callee's)", several=True)
    results = var_result_def()
    syntax = "{callee}({inputs}){attr_dict? } : {functional_type}"
    evaluate = _EVALUATE + "call"

    @staticmethod
    def rule(callee, inputs, result_types):
        _values(inputs, "input")
        return _values(result_types, "result")
