"""Shardy's ops and attributes (vitir/ast/ops/shardy.py, vitir/ast/sharding.py): their text against
jaxlib's own parser and printer, through vitir's printer, the fast reader and the xDSL path; the
verifier's rules with Shardy's messages, at build time and on import; the evaluator's global meaning."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tests.mlir_parser import mlir_error
from vitir.ast import FunctionBuilder, ShapeError, f32, module
from vitir.ast.module import Module
from vitir.ast.ops.shardy import sdy_mesh
from vitir.ast.sharding import (ALL_TO_ALL_PARAMS, AXIS_REF_LIST, LIST_OF_AXIS_REF_LISTS, MANUAL_AXES, MESH,
                                SHARDING, SHARDING_PER_VALUE, AllToAllParam, AxisRef, DimSharding, TensorSharding)
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.mlir import import_text, roundtrip
from vitir.mlir.errors import MlirShapeError
from vitir.mlir.parse import parse_text
from vitir.mlir.to_ast import import_module
from vitir.print import print_module
from vitir.text import fast_import, read_attribute_text

jax_mlir = pytest.importorskip("jax._src.interpreters.mlir", reason="jaxlib's MLIR parser is the oracle")
ir = pytest.importorskip("jaxlib.mlir.ir", reason="jaxlib's MLIR parser is the oracle")


def jaxlib(text: str):
    return ir.Module.parse(text, context=jax_mlir.make_ir_context())


def normalized(text: str) -> list[str]:
    """The lines inside the module, SSA names aside (jaxlib numbers them)."""
    return [re.sub(r"%[\w#]+", "%", line) for line in text.splitlines()[1:]]


def sharded(*dims, mesh="mesh", **kwargs) -> TensorSharding:
    return TensorSharding(mesh, tuple(d if isinstance(d, DimSharding) else DimSharding(tuple(d)) for d in dims),
                          **kwargs)


MESHES = [sdy_mesh("mesh", {"x": 2, "y": 4}), sdy_mesh("mesh2", [("a", 4), ("b", 2)], range(7, -1, -1)),
          sdy_mesh("empty", {}), sdy_mesh("maximal", {}, [3])]


def every_op():
    """One function with every Shardy op, over a (2, 4) mesh and three other meshes."""
    fb = FunctionBuilder("main")
    x = fb.arg("arg0", f32(8, 8))
    c0 = fb.sharding_constraint("c0", x, sharded(["x"], [AxisRef("y", (1, 2))]))
    c1 = fb.sharding_constraint("c1", c0, sharded(DimSharding(("x",), False, 1), DimSharding((), False, 0),
                                                  unreduced=("y",)))
    c2 = fb.sharding_constraint("c2", c1, sharded([], [], replicated=("x", AxisRef("y", (2, 2)))))
    c3 = fb.sharding_constraint("c3", c2, TensorSharding(MESHES[0].mesh, (DimSharding(("y",)), DimSharding(()))))
    r = fb.reshard("r", c3, sharded(DimSharding((), False), DimSharding(("y",), False, 0)))
    body = fb.region()
    a = body.arg("arg1", f32(4, 8))
    body = body.ret(body.add("s", a, a))
    m = fb.manual_computation("mc", [r], [sharded(["x"], [])], [sharded(["x"], [])], ["x"], body, [f32(8, 8)])
    b = fb.propagation_barrier("b", m, "BACKWARD")
    fb.sharding_group((), b, 0)
    named = fb.region()
    named = named.ret(named.arg("arg2", f32(8, 8)))
    n = fb.named_computation("n", "foo", [b], named, in_shardings=[sharded(["x"], [])])
    d = fb.sharding_constraint("d", n, sharded(["x"], []))
    g = fb.sdy_all_gather("g", d, sharded([], []), [["x"], []])
    s = fb.sdy_all_slice("sl", g, sharded(["x"], []), [["x"], []])
    ar = fb.sdy_all_reduce("ar", s, sharded(["x"], []), ["y"])
    aa = fb.sdy_all_to_all("aa", ar, sharded([], ["x"]), [AllToAllParam(("x",), 0, 1)])
    cp = fb.sdy_collective_permute("cp", aa, sharded([], ["x"]))
    rs = fb.sdy_reduce_scatter("rs", cp, sharded([], ["x", "y"]), [[], ["y"]])
    return module(fb.ret(rs), ops=MESHES)


def test_every_op_prints_as_jaxlib_prints_it():
    text = print_module(every_op())
    assert '  sdy.mesh @mesh2 = <["a"=4, "b"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>\n' in text
    assert ('    %mc = sdy.manual_computation(%r) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, '
            '[{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {\n') in text
    assert normalized(text) == normalized(str(jaxlib(text)))


def test_every_op_round_trips_through_both_readers_and_xdsl():
    text = print_module(every_op())
    assert roundtrip(text) == text
    fast = fast_import(text)
    assert fast is not None and print_module(fast) == text
    assert print_module(import_module(parse_text(text))) == text


def test_jaxlibs_text_reads_back_as_jaxlib_prints_it():
    jax_text = str(jaxlib(print_module(every_op())))
    for read in (fast_import, lambda t: import_module(parse_text(t))):
        assert normalized(print_module(read(jax_text))) == normalized(jax_text)


# -- the attributes, each spelling against jaxlib's generic form ------------------------------------

ATTRIBUTES = [
    (SHARDING, '<@mesh, [{"x", ?}p1, {"y":(1)2, ?}p0], replicated={"y":(2)2}>'),
    (SHARDING, '<@mesh, [{}, {?}], unreduced={"x", "y"}>'),
    (SHARDING, '<@mesh, [{"y", "x"}, {}]>'),  # major to minor
    (SHARDING, '<mesh<["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>, [{"b"}, {"a"}]>'),
    (SHARDING_PER_VALUE, '[<@mesh, [{"x"}, {}]>, <@mesh, [{}, {"y"}]>]'),
    (MANUAL_AXES, '{"x", "y"}'),
    (AXIS_REF_LIST, '{"x", "y":(1)2}'),
    (LIST_OF_AXIS_REF_LISTS, '[{"x"}, {}]'),
    (ALL_TO_ALL_PARAMS, '[{"x"}: 0->1]'),
    (MESH, '<["x"=2, "y"=4]>'),
    (MESH, '<[], device_ids=[3]>'),
]


def _holder(kind, text: str) -> str:
    """A module whose op holds the attribute, so that jaxlib parses and verifies it."""
    mesh = 'sdy.mesh @mesh = <["x"=2, "y"=4]>\n'
    t = "tensor<8x8xf32>"
    if kind is MESH:
        return f"sdy.mesh @m = {text}\n"
    op = {SHARDING: f"%0 = sdy.sharding_constraint %arg0 {text} : {t}",
          SHARDING_PER_VALUE: f"%0:2 = sdy.named_computation<\"f\">(%arg0, %arg0) out_shardings={text} "
                              f"(%a: {t}, %b: {t}) {{\n sdy.return %a, %b : {t}, {t}\n}} : ({t}, {t}) -> ({t}, {t})",
          MANUAL_AXES: f"%0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{{\"x\", \"y\"}}, {{}}]>] "
                       f"out_shardings=[<@mesh, [{{\"x\", \"y\"}}, {{}}]>] manual_axes={text} (%a: tensor<1x8xf32>) "
                       f"{{\n sdy.return %a : tensor<1x8xf32>\n}} : ({t}) -> {t}",
          AXIS_REF_LIST: f"%0 = sdy.all_reduce {text} %arg0 out_sharding=<@mesh, [{{}}, {{}}]> : {t}",
          LIST_OF_AXIS_REF_LISTS: f"%0 = sdy.all_slice {text} %arg0 out_sharding=<@mesh, [{{\"x\"}}, {{}}]> : {t}",
          ALL_TO_ALL_PARAMS: f"%c = sdy.sharding_constraint %arg0 <@mesh, [{{\"x\"}}, {{\"y\"}}]> : {t}\n"
                             f"%0 = sdy.all_to_all {text} %c out_sharding=<@mesh, [{{}}, {{\"y\", \"x\"}}]> : {t}"}[kind]
    return f"{mesh}func.func @main(%arg0: {t}) -> {t} {{\n{op}\nreturn %arg0 : {t}\n}}\n"


@pytest.mark.parametrize("kind,text", ATTRIBUTES, ids=[f"{k.name}:{t}" for k, t in ATTRIBUTES])
def test_each_attribute_reads_and_prints_as_jaxlib_does(kind, text):
    value = read_attribute_text(kind, text, generic=False)
    assert kind.pretty(value) == text
    assert kind.coerce(value) == value
    parsed = jaxlib(_holder(kind, text))
    assert text in str(parsed)  # jaxlib prints the same text back
    generic = parsed.operation.get_asm(print_generic_op_form=True)
    assert kind.generic(value) in generic
    assert read_attribute_text(kind, kind.generic(value)) == value


# -- the verifier's rules: Shardy's messages, at build time and on import ------------------------------

# Each builds a function whose module, with the (2, 4) mesh, Shardy refuses.

def _constraint(sharding):
    fb = FunctionBuilder("main")
    x = fb.arg("arg0", f32(8, 8))
    return fb.ret(fb.sharding_constraint("c", x, sharding))


def _manual(in_sharding, local_shape, manual_axes=("x",), global_shape=(8, 8)):
    fb = FunctionBuilder("main")
    x = fb.arg("arg0", f32(*global_shape))
    body = fb.region()
    body = body.ret(body.arg("arg1", f32(*local_shape)))
    out = fb.manual_computation("mc", [x], [in_sharding], [in_sharding], list(manual_axes), body,
                                [f32(*global_shape)])
    return fb.ret(out)


def _collective(method, operand, out, *axes):
    fb = FunctionBuilder("main")
    x = fb.sharding_constraint("c", fb.arg("arg0", f32(8, 8)), operand)
    return fb.ret(getattr(fb, method)("r", x, out, *axes))


RULES = [
    # the axes a sharding names exist in its mesh
    ("an unknown axis", lambda: _constraint(sharded(["z"], [])), 'unknown axis name: "z"'),
    ("an unknown mesh", lambda: _constraint(sharded(["x"], [], mesh="nowhere")), "unknown mesh: @nowhere"),
    # no axis used twice
    ("an axis twice", lambda: _constraint(sharded(["x"], ["x"])), 'duplicate axis ref: "x"'),
    ("a replicated axis also sharded", lambda: _constraint(sharded(["x"], [], replicated=("x",))),
     'duplicate axis ref: "x"'),
    ("a sub-axis the size of its axis", lambda: _constraint(sharded([AxisRef("x", (1, 2))], [])),
     'sub-axis size is equal to the full axis size: "x":(1)2'),
    ("replicated axes out of the mesh's order", lambda: _constraint(sharded([], [], replicated=("y", "x"))),
     "replicated axes are not ordered w.r.t. mesh"),
    # a manual_computation's body has the local shapes
    ("a body of global shapes", lambda: _manual(sharded(["x"], []), (8, 8)),
     "operand shape, corresponding sharding, and region operand shape at index 0 must match. Expected local "
     "shape 'tensor<4x8xf32>', actual local shape 'tensor<8x8xf32>'"),
    # a dimension that does not divide, by name
    ("a dimension that does not divide", lambda: _manual(sharded(["x"], []), (3, 8), global_shape=(7, 8)),
     "operand dimension size 7 is not divisible by the manual axes size 2"),
    ("a free axis before a manual one", lambda: _manual(sharded(["y", "x"], []), (4, 8)),
     'operand sharding at index 0 must have all manual axes come before free axes in its dimension sharding at '
     'index 0. Saw manual axis "x" after free axis "y"'),
    ("an unknown manual axis", lambda: _manual(sharded([], []), (8, 8), manual_axes=("z",)), 'unknown manual axis: "z"'),
    # a collective's result sharding: its operand's with the axes applied
    ("a gathering axis that does not end the dimension's", lambda: _collective(
        "sdy_all_gather", sharded(["x", "y"], []), sharded(["x"], []), [["x"], []]),
     'can\'t apply gathering axis "x" to operand sharding on dimension 0'),
    ("a slice whose result is not the operand's and its axes", lambda: _collective(
        "sdy_all_slice", sharded([], []), sharded(["y"], []), [["x"], []]),
     'result sharding doesn\'t match expected sharding ["x"] on dimension 0'),
    ("a reduce_scatter whose result is not the operand's and its axes", lambda: _collective(
        "sdy_reduce_scatter", sharded(["x"], []), sharded(["x"], []), [[], ["y"]]),
     "result sharding doesn't match expected sharding [\"y\"] on dimension 1"),
    ("an all_to_all whose result is not the moved sharding", lambda: _collective(
        "sdy_all_to_all", sharded(["x"], []), sharded([], []), [AllToAllParam(("x",), 0, 1)]),
     'result sharding doesn\'t match expected sharding ["x"] on dimension 1'),
    ("an all_reduce that reshards", lambda: _collective("sdy_all_reduce", sharded(["x"], []), sharded([], []), []),
     "operand and result shardings are not equivalent"),
    ("an all_reduce over a sharded axis", lambda: _collective("sdy_all_reduce", sharded(["x"], []),
                                                              sharded(["x"], []), ["x"]),
     'reduction axis "x" overlaps with operand dimension sharding or replicated axes'),
]


@pytest.mark.parametrize("what,build,message", RULES, ids=[r[0] for r in RULES])
def test_each_rule_refuses_at_build_time_as_shardy_does(what, build, message):
    fn = build()
    with pytest.raises(ShapeError) as caught:
        module(fn, ops=MESHES[:1])
    assert message in str(caught.value)
    assert caught.value.op.startswith("sdy.") and caught.value.ssa in ("%c", "%mc", "%r")


@pytest.mark.parametrize("what,build,message", RULES, ids=[r[0] for r in RULES])
def test_each_rule_is_jaxlibs_and_refuses_the_text_on_both_paths(what, build, message):
    text = print_module(Module([build()], "m", symbols=MESHES[:1]))  # printed without the check
    assert message in (mlir_error(text) or "")  # Shardy's own verifier says the same
    assert fast_import(text) is None
    with pytest.raises(MlirShapeError) as caught:
        import_text(text)
    assert message in str(caught.value)
    (diagnostic,) = caught.value.diagnostics  # at the op's line, where jaxlib reports it
    assert mlir_error(text).startswith(f"{diagnostic.line}:")


def test_a_sharding_on_a_module_without_its_mesh_is_refused():
    with pytest.raises(ShapeError, match="unknown mesh: @mesh"):
        module(_constraint(sharded(["x"], [])))


@pytest.mark.parametrize("mesh,message", [
    ({"x": 2, "y": 0}, "axis size must be at least 1, got: 0"),
    ([("x", 2), ("x", 2)], 'duplicate axis name: "x"'),
])
def test_a_mesh_shardy_refuses(mesh, message):
    with pytest.raises(ShapeError, match=re.escape(message)):
        sdy_mesh("mesh", mesh)


@pytest.mark.parametrize("device_ids,message", [
    ((0, 1, 2), "total product of axis sizes must match total number of device ids, got: 2 != 3"),
    ((0, 2), "sorted device ids must be iota(product(axes)), got: 0, 2"),
])
def test_device_ids_shardy_refuses(device_ids, message):
    with pytest.raises(ShapeError, match=re.escape(message)):
        sdy_mesh("mesh", {"x": 2}, device_ids)
    text = f'sdy.mesh @mesh = <["x"=2], device_ids=[{", ".join(map(str, device_ids))}]>\n' \
           "func.func @main() -> () {\n  return\n}\n"
    assert mlir_error(text) is not None and message.split(",")[0] in mlir_error(text)


def test_a_barrier_that_blocks_nothing_is_refused_as_shardy_does():
    message = "cannot specify `BOTH` as the direction. Not blocking propagation direction makes the op redundant."
    fb = FunctionBuilder("main")
    x = fb.arg("arg0", f32(8, 8))
    with pytest.raises(ShapeError, match=re.escape(message)):
        fb.propagation_barrier("b", x, "BOTH")
    text = print_module(every_op()).replace("allowed_direction=BACKWARD", "allowed_direction=BOTH")
    assert message in mlir_error(text)


@pytest.mark.parametrize("params,message", [
    ([], "parameter list is empty"),
    ([AllToAllParam(("x",), 0, 1), AllToAllParam(("y",), 1, 0)],
     "overlapping source/target dimensions in all-to-all params: 1"),
    ([AllToAllParam(("x",), 0, 2)], "target dimension 2 is out of range [0, 2)"),
])
def test_all_to_all_params_shardy_refuses(params, message):
    fb = FunctionBuilder("main")
    x = fb.sharding_constraint("c", fb.arg("arg0", f32(8, 8)), sharded(["x"], ["y"]))
    with pytest.raises(ShapeError, match=re.escape(message)):
        fb.sdy_all_to_all("a", x, sharded(["y"], ["x"]), params)
    params_text = ALL_TO_ALL_PARAMS.pretty(ALL_TO_ALL_PARAMS.coerce(params))
    text = print_module(every_op()).replace('[{"x"}: 0->1]', params_text)
    assert message in mlir_error(text)


@pytest.mark.parametrize("sharding,message", [
    (sharded([], [], ["x"]), "sharding doesn't match tensor rank: 3 != 2"),
    (sharded(DimSharding((), True, 1), []), "dim 0 is empty and closed but has a priority"),
])
def test_what_needs_no_mesh_is_refused_by_the_ops_own_rule(sharding, message):
    fb = FunctionBuilder("main")
    x = fb.arg("arg0", f32(8, 8))
    with pytest.raises(ShapeError, match=re.escape(message)):
        fb.sharding_constraint("c", x, sharding)


# -- the evaluator: shardings are annotations ----------------------------------------------------------

def test_annotations_evaluate_to_their_global_meaning():
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(8, 4))
    c = fb.sharding_constraint("c", x, sharded(["x"], []))
    r = fb.reshard("r", c, sharded([], ["y"]))
    b = fb.propagation_barrier("b", r, "FORWARD")
    fb.sharding_group((), b, 1)
    body = fb.region()
    a = body.arg("a", f32(8, 4))
    body = body.ret(body.multiply("m", a, a))
    n = fb.named_computation("n", "square", [b], body)
    value = np.arange(32, dtype=np.float32).reshape(8, 4)
    (out,) = evaluate(module(fb.ret(n), ops=MESHES[:1]), value)
    np.testing.assert_array_equal(out, value * value)


def test_collectives_that_move_parts_keep_the_whole_tensor():
    fb = FunctionBuilder("main")
    x = fb.sharding_constraint("c", fb.arg("x", f32(8, 4)), sharded(["x"], []))
    g = fb.sdy_all_gather("g", x, sharded([], []), [["x"], []])
    s = fb.sdy_all_slice("s", g, sharded([], ["y"]), [[], ["y"]])
    a = fb.sdy_all_to_all("a", s, sharded(["y"], []), [AllToAllParam(("y",), 1, 0)])
    p = fb.sdy_collective_permute("p", a, sharded(["y"], []))
    value = np.arange(32, dtype=np.float32).reshape(8, 4)
    (out,) = evaluate(module(fb.ret(fb.negate("n", p)), ops=MESHES[:1]), value)
    np.testing.assert_array_equal(out, -value)
    assert normalized(print_module(module(fb.ret(p), ops=MESHES[:1]))) == \
        normalized(str(jaxlib(print_module(module(fb.ret(p), ops=MESHES[:1])))))


@pytest.mark.parametrize("build", [
    lambda fb, x: fb.manual_computation("mc", [x], [sharded(["x"], [])], [sharded(["x"], [])], ["x"],
                                        _identity_region(fb, f32(4, 8)), [f32(8, 8)]),
    lambda fb, x: fb.sdy_all_reduce("ar", x, sharded([], []), ["y"]),
    lambda fb, x: fb.sdy_reduce_scatter("rs", x, sharded(["y"], []), [["y"], []]),
])
def test_per_device_ops_keep_the_whole_tensor_in_the_evaluator(build):
    """A manual computation of the identity runs per device of the (2, 4) mesh and gives its operand back; the
    reductions of parts that are partial sums leave the whole tensor, already their sum (per-device code against
    JAX and XLA: tests/sharding/test_evaluate_per_device.py)."""
    fb = FunctionBuilder("main")
    node = build(fb, fb.arg("x", f32(8, 8)))
    value = np.arange(64, dtype=np.float32).reshape(8, 8)
    (out,) = evaluate(module(fb.ret(node), ops=MESHES[:1]), value)
    np.testing.assert_array_equal(out, value)


def _identity_region(fb, t):
    body = fb.region()
    return body.ret(body.arg("a", t))


def test_jaxlibs_generic_form_reads_as_the_pretty_one():
    pretty = print_module(every_op())
    generic = jaxlib(pretty).operation.get_asm(print_generic_op_form=True)
    assert '<{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, manual_axes = #sdy<manual_axes{"x"}>' \
           in generic
    assert normalized(print_module(import_text(generic))) == normalized(pretty)


# -- a program JAX lowers: a sharding constraint and a shard_map with a psum, on a (2, 2) mesh -------------

JAX_PROGRAM = """
import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("x", "y"))
def f(a, b):
    c = jax.lax.with_sharding_constraint(a @ b, NamedSharding(mesh, P("x", None)))
    return jax.shard_map(lambda t: jax.lax.psum(t, "x"), mesh=mesh, in_specs=P("x", "y"), out_specs=P(None, "y"))(c)
a = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("x", "y")))
print(jax.jit(f).lower(a, a).as_text())
"""


@pytest.fixture(scope="module")
def jax_sharded_text():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", JAX_PROGRAM], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.rstrip("\n") + "\n"  # print's newline after the text's own


def test_jaxs_sharded_program_reads_with_its_shardy_ops_as_written(jax_sharded_text):
    assert "sdy.manual_computation" in jax_sharded_text and "sdy.sharding_constraint" in jax_sharded_text
    assert roundtrip(jax_sharded_text) == jax_sharded_text  # the xDSL dialect, the functions' attributes too
    printed = print_module(import_text(jax_sharded_text))
    written = [line for line in jax_sharded_text.splitlines() if "sdy." in line and "func.func" not in line]
    assert written and all(re.sub(r"%[\w#]+", "%", line) in re.sub(r"%[\w#]+", "%", printed) for line in written)


# -- passes keep the meshes and the annotations -----------------------------------------------------------

def test_passes_keep_meshes_and_shardy_ops_and_drop_only_what_the_traits_allow():
    from vitir.passes import run

    text = print_module(every_op())
    assert print_module(run(every_op(), ["dce", "cse", "fold", "simplify"])) == text
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(8, 8))
    fb.sharding_constraint("kept", x, sharded(["x"], []))  # not Pure in Shardy's ODS: dce keeps it
    fb.reshard("dropped", x, sharded(["x"], []))  # Pure: unused, it goes
    same = [fb.sharding_constraint(f"c{i}", x, sharded(["x"], [])) for i in range(2)]  # cse merges no constraint
    out = print_module(run(module(fb.ret(*same), ops=MESHES[:1]), ["dce", "cse"]))
    assert "%kept = sdy.sharding_constraint" in out and "%c1 = sdy.sharding_constraint" in out
    assert "dropped" not in out and out.startswith('module @m {\n  sdy.mesh @mesh = <["x"=2, "y"=4]>\n')
