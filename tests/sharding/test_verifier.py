"""The rest of Shardy's verifier (shardy/dialect/sdy/ir/verifiers.cc): sub-axes that fit their axis,
unreduced axes, the explicit collectives against their operand's sharding (missing, on another mesh,
collective_permute's meshes). Each refusal at build time with Shardy's message and the op's name and
SSA name; jaxlib's parser, which runs Shardy's verifier, refuses the same text with the same message,
and both of vitir's readers refuse it. The forms Shardy accepts round-trip byte for byte."""

from __future__ import annotations

import re

import pytest

from tests.mlir_parser import mlir_error, mlir_print
from vitir.ast import FunctionBuilder, ShapeError, f32, module
from vitir.ast.module import Function, Module
from vitir.ast.ops.shardy import sdy_mesh
from vitir.ast.sharding import AllToAllParam, AxisRef, DimSharding, TensorSharding
from vitir.mlir import import_text, roundtrip
from vitir.mlir.errors import MlirShapeError
from vitir.print import print_module
from vitir.text import fast_import

pytest.importorskip("jaxlib.mlir.ir", reason="jaxlib's MLIR parser (with Shardy's verifier) is the oracle")

AXES = {"x": 2, "y": 4, "z": 8}
# @same: @mesh again under another name; @other: its axes on other devices; @small: other axes.
MESHES = [sdy_mesh("mesh", AXES), sdy_mesh("same", AXES), sdy_mesh("other", AXES, range(63, -1, -1)),
          sdy_mesh("small", {"x": 2})]


def sub(name: str, pre: int, size: int) -> AxisRef:
    return AxisRef(name, (pre, size))


def sharded(*dims, mesh="mesh", **kwargs) -> TensorSharding:
    return TensorSharding(mesh, tuple(DimSharding(tuple(d)) for d in dims), **kwargs)


def _constraint(sharding):
    fb = FunctionBuilder("main")
    return fb.ret(fb.sharding_constraint("c", fb.arg("arg0", f32(8, 8)), sharding))


def _identity(fb, t):
    body = fb.region()
    return body.ret(body.arg("arg2", t))


def _collective(method, operand, out, *axes):
    """`method` on a value sharded as `operand` (None: a value with no sharding)."""
    fb = FunctionBuilder("main")
    x = fb.arg("arg0", f32(8, 8))
    x = fb.negate("c", x) if operand is None else fb.sharding_constraint("c", x, operand)
    return fb.ret(getattr(fb, method)("r", x, out, *axes))


def _inside_manual(build):
    """A manual computation on "x" whose body is `build(body, local value)`."""
    fb = FunctionBuilder("main")
    body = fb.region()
    body = body.ret(build(body, body.arg("arg1", f32(4, 8))))
    return fb.ret(fb.manual_computation("mc", [fb.arg("arg0", f32(8, 8))], [sharded(["x"], [])], [sharded(["x"], [])],
                                        ["x"], body, [f32(8, 8)]))


RULES = [
    # inside a manual computation, its manual axes are bound: no op shards along them or is manual on them
    ("a constraint on a bound axis", lambda: _inside_manual(lambda b, a: b.sharding_constraint(
        "c", a, sharded(["x"], []))),
     'operates on axis "x" which is already bound by a parent sdy.manual_computation op'),
    ("a replicated bound axis", lambda: _inside_manual(lambda b, a: b.sharding_constraint(
        "c", a, sharded([], [], replicated=("x",)))),
     'operates on axis "x" which is already bound by a parent sdy.manual_computation op'),
    ("a manual computation on a bound axis", lambda: _inside_manual(lambda b, a: b.manual_computation(
        "c", [a], [sharded(["x"], [])], [sharded(["x"], [])], ["x"], _identity(b, f32(2, 8)), [f32(4, 8)])),
     'operates on axis "x" which is already bound by a parent sdy.manual_computation op'),
    # sub-axes: each fits its axis, none overlaps another, none that merges with the one before
    ("a sub-axis that does not divide its axis", lambda: _constraint(sharded([sub("y", 1, 3)], [])),
     'sub-axis next pre-size 3 doesn\'t divide the size of the full axis 4: "y":(1)3'),
    ("a sub-axis of pre-size 0", lambda: _constraint(sharded([sub("z", 0, 2)], [])),
     'sub-axis pre-size must be at least 1: "z":(0)2'),
    ("overlapping sub-axes", lambda: _constraint(sharded([sub("z", 1, 4)], [sub("z", 2, 2)])),
     'overlapping sub-axes: "z":(1)4, "z":(2)2'),
    ("consecutive sub-axes that merge", lambda: _constraint(sharded([sub("z", 1, 2), sub("z", 2, 2)], [])),
     'two consecutive sub-axes can be merged: "z":(1)2, "z":(2)2'),
    ("replicated sub-axes that merge", lambda: _constraint(sharded([], [], replicated=(sub("z", 1, 2),
                                                                                     sub("z", 2, 2)))),
     'two consecutive sub-axes can be merged: "z":(1)2, "z":(2)2'),
    ("sub-axes out of order", lambda: _constraint(sharded([], [], replicated=(sub("z", 4, 2), sub("z", 1, 2)))),
     "replicated axes are not ordered w.r.t. mesh"),
    # unreduced axes: ordered, and on no dimension, replicated or overlapping sub-axis
    ("unreduced axes out of order", lambda: _constraint(sharded([], [], unreduced=("y", "x"))),
     "unreduced axes are not ordered w.r.t. mesh"),
    ("an unreduced axis also sharded", lambda: _constraint(sharded(["x"], [], unreduced=("x",))),
     'duplicate axis ref: "x"'),
    ("an unreduced axis also replicated", lambda: _constraint(sharded([], [], replicated=("x",), unreduced=("x",))),
     'duplicate axis ref: "x"'),
    ("an unreduced sub-axis inside a sharded one", lambda: _constraint(
        sharded([sub("z", 1, 4)], [], unreduced=(sub("z", 2, 2),))), 'overlapping sub-axes: "z":(1)4, "z":(2)2'),
    ("an all_reduce into unreduced axes", lambda: _collective(
        "sdy_all_reduce", sharded([], [], unreduced=("x",)), sharded([], [], unreduced=("x",)), ["x"]),
     'reduction axis "x" overlaps with result unreduced axes'),
    ("reduction axes out of order", lambda: _collective("sdy_all_reduce", sharded([], []), sharded([], []),
                                                        ["y", "x"]),
     "reduction axes are not ordered w.r.t. mesh"),
    ("a reduction sub-axis inside a sharded one", lambda: _collective(
        "sdy_all_reduce", sharded([sub("z", 1, 4)], []), sharded([sub("z", 1, 4)], []), [sub("z", 2, 4)]),
     'reduction axis "z":(2)4 overlaps with operand dimension sharding or replicated axes'),
    ("a reduction axis twice", lambda: _collective("sdy_all_reduce", sharded([], []), sharded([], []), ["x", "x"]),
     'duplicate axis ref: "x"'),
    # the collectives' operand: it has a sharding, on the result's mesh
    ("an all_gather of a value with no sharding", lambda: _collective(
        "sdy_all_gather", None, sharded([], []), [["x"], []]), "collective on operand without sharding"),
    ("an all_to_all of a value with no sharding", lambda: _collective(
        "sdy_all_to_all", None, sharded([], ["x"]), [AllToAllParam(("x",), 0, 1)]),
     "collective on operand without sharding"),
    ("a collective_permute of a value with no sharding", lambda: _collective(
        "sdy_collective_permute", None, sharded(["x"], [])), "collective on operand without sharding"),
    ("an all_slice of a value with no sharding: replicated", lambda: _collective(
        "sdy_all_slice", None, sharded(["y"], []), [["x"], []]),
     'result sharding doesn\'t match expected sharding ["x"] on dimension 0'),
    ("an all_reduce of a value with no sharding: replicated", lambda: _collective(
        "sdy_all_reduce", None, sharded(["y"], []), ["x"]), "operand and result shardings are not equivalent"),
    ("an all_gather from another mesh", lambda: _collective(
        "sdy_all_gather", sharded(["x"], [], mesh="other"), sharded([], []), [["x"], []]),
     "result mesh does not match operand mesh"),
    ("an all_reduce across mesh names", lambda: _collective(
        "sdy_all_reduce", sharded(["y"], [], mesh="same"), sharded(["y"], []), ["x"]),
     "operand and result shardings are not equivalent"),
    # collective_permute: the same axes on other devices, each dimension's sharded size kept
    ("a collective_permute to other axes", lambda: _collective(
        "sdy_collective_permute", sharded(["x"], [], mesh="small"), sharded(["x"], [])),
     "result mesh has different axes than operand mesh"),
    ("a collective_permute to another name of its mesh", lambda: _collective(
        "sdy_collective_permute", sharded(["x"], [], mesh="same"), sharded(["x"], [])),
     "result mesh name is different but same device ids as operand"),
    ("a collective_permute that resizes", lambda: _collective(
        "sdy_collective_permute", sharded(["x"], []), sharded(["y"], [])),
     "sharded size of result doesn't match operand on dimension 0: 4 != 2"),
    # the collectives' axes: in the mesh, none twice, none to merge
    ("a gathering axis not in the mesh", lambda: _collective(
        "sdy_all_gather", sharded(["x"], []), sharded([], []), [["w"], []]), 'unknown axis name: "w"'),
    ("a reduce_scatter axis twice", lambda: _collective(
        "sdy_reduce_scatter", sharded([], []), sharded(["x"], ["x"]), [["x"], ["x"]]), 'duplicate axis ref: "x"'),
    ("gathering sub-axes that merge", lambda: _collective(
        "sdy_all_gather", sharded(["z"], []), sharded([sub("z", 4, 2)], []), [[sub("z", 1, 2), sub("z", 2, 2)], []]),
     'two consecutive sub-axes can be merged: "z":(1)2, "z":(2)2'),
    ("an all_to_all axis twice", lambda: _collective(
        "sdy_all_to_all", sharded(["x", "y"], []), sharded(["x"], ["y"]), [AllToAllParam(("y", "y"), 0, 1)]),
     'duplicate axis ref: "y"'),
]


@pytest.mark.parametrize("what,build,message", RULES, ids=[r[0] for r in RULES])
def test_each_rule_refuses_at_build_time_as_shardy_does(what, build, message):
    fn = build()
    with pytest.raises(ShapeError) as caught:
        module(fn, ops=MESHES)
    assert message in str(caught.value)
    assert caught.value.op.startswith("sdy.") and caught.value.ssa in ("%c", "%r")
    assert f"{caught.value.op} {caught.value.ssa}" in str(caught.value)


@pytest.mark.parametrize("what,build,message", RULES, ids=[r[0] for r in RULES])
def test_jaxlib_refuses_the_same_text_and_so_do_both_readers(what, build, message):
    text = print_module(Module([build()], "m", symbols=MESHES))  # printed without the check
    refused = mlir_error(text)
    assert refused is not None and message in refused  # Shardy's own verifier says the same
    assert fast_import(text) is None
    with pytest.raises(MlirShapeError) as caught:
        import_text(text)
    assert message in str(caught.value)
    (diagnostic,) = caught.value.diagnostics
    assert refused.startswith(f"{diagnostic.line}:")  # at the op's line, where jaxlib reports it


def test_a_collectives_axis_lists_one_per_dimension_at_build_time():
    fb = FunctionBuilder("main")
    x = fb.sharding_constraint("c", fb.arg("arg0", f32(8, 8)), sharded(["x"], []))
    with pytest.raises(ShapeError, match=re.escape("result sharding has rank 2 but collective axes has rank 1")):
        fb.sdy_all_gather("r", x, sharded([], []), [["x"]])


# -- what Shardy accepts: jaxlib prints it back as written, and so does vitir ---------------------------

T = "tensor<8x8xf32>"
MESH_TEXT = "".join(f"{line}\n" for line in print_module(module(
    FunctionBuilder("main").ret(), ops=MESHES)).splitlines()[1:] if "sdy.mesh" in line)


# `: T` stands for the tensor type.
ACCEPTED = [
    # sub-axes across dimensions that would merge within one; a full axis before its later sub-axes
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{"z":(1)2}, {"z":(2)2}]> : T'],
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{}, {}], replicated={"x", "z":(1)2}, unreduced={"z":(2)4}> : T'],
    # gathering a sub-axis off a full axis leaves its prefix; slicing one in merges it
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{"z"}, {}]> : T',
     '%r = sdy.all_gather [{"z":(4)2}, {}] %c out_sharding=<@mesh, [{"z":(1)4}, {}]> : T'],
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{"z":(1)2}, {}]> : T',
     '%r = sdy.all_slice [{"z":(2)4}, {}] %c out_sharding=<@mesh, [{"z"}, {}]> : T'],
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{"z"}, {}]> : T',
     '%r = sdy.all_to_all [{"z":(4)2}: 0->1] %c out_sharding=<@mesh, [{"z":(1)4}, {"z":(4)2}]> : T'],
    # collective_permute: other axes of the same sizes, or the same on other devices
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {"y"}]> : T',
     '%r = sdy.collective_permute %c out_sharding=<@mesh, [{"z":(1)2}, {"z":(2)4}]> : T'],
    ['%c = sdy.sharding_constraint %arg0 <@other, [{"x"}, {}]> : T',
     '%r = sdy.collective_permute %c out_sharding=<@mesh, [{"x"}, {}]> : T'],
    # all_reduce: over unreduced axes, over a sub-axis beside a sharded one, the replicated axes free
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{}, {}], unreduced={"x"}> : T',
     '%r = sdy.all_reduce {"x"} %c out_sharding=<@mesh, [{}, {}]> : T'],
    ['%c = sdy.sharding_constraint %arg0 <@mesh, [{"z":(1)2}, {}], replicated={"y"}> : T',
     '%r = sdy.all_reduce {"z":(2)4} %c out_sharding=<@mesh, [{"z":(1)2}, {}]> : T'],
    # operands with no sharding where Shardy takes them as replicated
    ['%r = sdy.all_slice [{"x"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : T'],
    ['%r = sdy.reduce_scatter [{}, {"y"}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : T'],
    # an operand sharded by another op's sdy.sharding, or as a computation's body argument, or on @same
    ['%c = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : T',
     '%r = sdy.all_gather [{"x"}, {}] %c out_sharding=<@mesh, [{}, {}]> : T'],
    ['%r = sdy.named_computation<"f">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] (%arg1: T) {',
     '  %g = sdy.all_gather [{"x"}, {}] %arg1 out_sharding=<@mesh, [{}, {}]> : T',
     '  sdy.return %g : T', '} : (T) -> T'],
    # inside a manual computation on "x", the other axes are free
    ['%r = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] '
     'manual_axes={"x"} (%arg1: tensor<4x8xf32>) {',
     '  %c = sdy.sharding_constraint %arg1 <@mesh, [{"y"}, {}]> : tensor<4x8xf32>',
     '  sdy.return %c : tensor<4x8xf32>', '} : (T) -> T'],
    ['%c = sdy.sharding_constraint %arg0 <@same, [{"x"}, {}]> : T',
     '%r = sdy.all_gather [{"x"}, {}] %c out_sharding=<@mesh, [{}, {}]> : T'],
]


def _accepted_text(lines: list[str], arg_attributes: str = "") -> str:
    body = "".join("    " + re.sub(r"\bT\b", T, line) + "\n" for line in lines)
    result = "%r" if lines[-1].startswith(("%r", "}")) else "%c"
    return (f"module @m {{\n{MESH_TEXT}  func.func @main(%arg0: {T}{arg_attributes}) -> {T} {{\n{body}"
            f"    return {result} : {T}\n  }}\n}}\n")


@pytest.mark.parametrize("lines", ACCEPTED, ids=[lines[-1].split(" ", 3)[2] + str(i) for i, lines in
                                                 enumerate(ACCEPTED)])
def test_what_shardy_accepts_reads_and_prints_as_jaxlib_prints_it(lines):
    text = _accepted_text(lines)
    assert mlir_error(text) is None
    assert re.sub(r"%\w+", "%", mlir_print(text)) == re.sub(r"%\w+", "%", text)  # SSA names aside (jaxlib's)
    assert print_module(import_text(text)) == text
    fast = fast_import(text)  # None: the fast reader leaves a discardable sdy.sharding to the xDSL path
    assert (fast is None and "{sdy.sharding" in text) or print_module(fast) == text


def test_a_collective_on_a_sharded_argument_is_accepted():
    attribute = '#sdy.sharding<@mesh, [{"x"}, {}]>'
    text = _accepted_text(['%r = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : T'],
                          f" {{sdy.sharding = {attribute}}}")
    assert mlir_error(text) is None
    assert print_module(import_text(text)) == text
    refused = text.replace(f" {{sdy.sharding = {attribute}}}", "")
    assert "collective on operand without sharding" in mlir_error(refused)
    assert fast_import(refused) is None
    with pytest.raises(MlirShapeError, match="collective on operand without sharding"):
        import_text(refused)
    fb = FunctionBuilder("main")
    fn = fb.ret(fb.sdy_all_gather("r", fb.arg("arg0", f32(8, 8)), sharded([], []), [["x"], []]))
    with pytest.raises(ShapeError, match="collective on operand without sharding"):
        module(fn, ops=MESHES)
    sharded_fn = Function(fn.name, fn.args, fn.ops, fn.ret, arg_attributes=[(("sdy.sharding", attribute),)])
    assert print_module(module(sharded_fn, ops=MESHES)) == text


# -- manual_computation and named_computation: other dialects' attributes after the region ---------------

REGION_OPS = """module @m {
  sdy.mesh @mesh = <["x"=2]>
  func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %m = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] \
manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
      sdy.return %arg1 : tensor<4x8xf32>
    } {foo = 1 : i32, mhlo.sharding = "{replicated}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %n = sdy.named_computation<"f">(%m) out_shardings=[<@mesh, [{}, {"x"}]>] (%arg1: tensor<8x8xf32>) {
      sdy.return %arg1 : tensor<8x8xf32>
    } {bar} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %n : tensor<8x8xf32>
  }
}
"""


def test_region_ops_print_their_discardable_attributes_where_jaxlib_does():
    assert re.sub(r"%\w+", "%", mlir_print(REGION_OPS)) == re.sub(r"%\w+", "%", REGION_OPS)
    assert print_module(import_text(REGION_OPS)) == REGION_OPS
    assert roundtrip(REGION_OPS) == REGION_OPS  # the xDSL dialect's printer
    fast = fast_import(REGION_OPS)
    assert fast is not None and print_module(fast) == REGION_OPS
    ops = [op for op in fast.functions[0].ops if op.NAME.startswith("sdy.")]
    assert [op.discardable for op in ops] == [(("foo", "1 : i32"), ("mhlo.sharding", '"{replicated}"')),
                                              (("bar", None),)]
    nested = REGION_OPS.replace("{bar}", '{mhlo.frontend_attributes = {a = "b"}}')  # the xDSL path's
    assert mlir_error(nested) is None and print_module(import_text(nested)) == nested == roundtrip(nested)
    moved = REGION_OPS.replace(' {bar} : (', ' : (').replace('(%m) out_shardings', '(%m) {bar} out_shardings')
    assert mlir_error(moved) is not None and fast_import(moved) is None


def test_a_named_computations_own_attributes_in_its_dictionary_read_as_jaxlib_reads_them():
    text = REGION_OPS.replace('(%m) out_shardings=[<@mesh, [{}, {"x"}]>] (%arg1', "(%m) (%arg1").replace(
        "{bar}", '{bar, out_shardings = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}')
    assert mlir_error(text) is None
    for read in (import_text, fast_import):
        assert print_module(read(text)) == REGION_OPS  # printed where jaxlib prints them
    twice = REGION_OPS.replace("{bar}", '{bar, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}')
    overridden = REGION_OPS.replace('(%m) out_shardings=[<@mesh, [{}, {"x"}]>]',
                                    '(%m) out_shardings=[<@mesh, [{"x"}, {}]>]')
    assert re.sub(r"%\w+", "%", mlir_print(twice)) == re.sub(r"%\w+", "%", overridden)  # the dictionary's wins
    for read in (import_text, fast_import):
        assert print_module(read(twice)) == overridden
