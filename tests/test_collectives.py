"""Collectives on the evaluator's process grid (replicas x partitions, StableHLO's process groups),
against values worked out from the spec and against XLA's CPU backend; their rules' errors; their
text, as jaxlib's MLIR prints it and through xDSL."""

from __future__ import annotations

import re

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, f32, module
from vitir.ast.types import TokenType
from vitir.backend import compile_module
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate, run_parallel
from vitir.mlir import import_text, roundtrip
from vitir.print import print_module

RNG = np.random.default_rng(11)


def add_region(fb, dtype=DType.F32):
    b = fb.region()
    u, v = b.arg("ru", TensorType((), dtype)), b.arg("rv", TensorType((), dtype))
    return b.ret(b.add("rsum", u, v))


def one_op(build, *types):
    """A function of arguments of `types` returning what `build(fb, *args)` returns."""
    fb = FunctionBuilder("main")
    args = [fb.arg(f"a{i}", t) for i, t in enumerate(types)]
    out = build(fb, *args)
    return fb.ret(*(out if isinstance(out, tuple) else (out,)))


def process_values(count, shape=(1,), dtype=np.float32):
    """Per-process inputs: process k holds k, k + 0.5, ... so that every gathered value names its sender."""
    size = int(np.prod(shape))
    return [[(k + np.arange(size) / (2 * size)).astype(dtype).reshape(shape)] for k in range(count)]


# -- process groups: cross_replica, cross_replica_and_partition, flattened_ids -----------------------

@pytest.mark.parametrize("attrs,groups,result,expected", [
    # no channel: the replicas of each partition
    ({}, [[0, 1]], 2, [[0, 2], [1, 3], [0, 2], [1, 3]]),
    # a channel: each group of replicas with every partition, partition by partition
    ({"channel_handle": (1, 1)}, [[0, 1]], 4, [[0, 2, 1, 3]] * 4),
    # a channel and global ids: ids are replica * partitions + partition
    ({"channel_handle": (1, 1), "use_global_device_ids": True}, [[0, 3], [1, 2]], 2,
     [[0, 3], [1, 2], [1, 2], [0, 3]]),
])
def test_all_gather_groups_the_grid_as_the_spec_says(attrs, groups, result, expected):
    fn = one_op(lambda fb, x: fb.all_gather("g", [x], 0, groups, result_types=[f32(result)], **attrs), f32(1))
    outs = evaluate(fn, [[np.array([k], np.float32)] for k in range(4)], replicas=2, partitions=2)
    assert [out[0].tolist() for out in outs] == expected


def test_all_gather_of_several_operands_concatenates_in_group_order():
    fn = one_op(lambda fb, x, i: fb.all_gather("g", [x, i], 1, [[2, 0, 1]]), f32(2, 2), TensorType((1, 3), DType.I32))
    xs = [RNG.standard_normal((2, 2)).astype(np.float32) for _ in range(3)]
    ints = [np.arange(3, dtype=np.int32).reshape(1, 3) + 10 * r for r in range(3)]
    outs = evaluate(fn, [[x, i] for x, i in zip(xs, ints)], replicas=3)
    for gathered, counted in outs:
        np.testing.assert_array_equal(gathered, np.concatenate([xs[2], xs[0], xs[1]], axis=1))
        np.testing.assert_array_equal(counted, np.concatenate([ints[2], ints[0], ints[1]], axis=1))
        assert counted.dtype == np.int32


def test_all_reduce_of_several_operands_over_ragged_groups():
    fn = one_op(lambda fb, x, y: fb.all_reduce("r", [x, y], [[0, 2], [1, -1]], add_region(fb)), f32(2, 3), f32(4))
    inputs = [[RNG.standard_normal((2, 3)).astype(np.float32), RNG.standard_normal(4).astype(np.float32)]
              for _ in range(3)]
    outs = evaluate(fn, inputs, replicas=3)
    for r, partner in ((0, 2), (2, 0)):
        for j in range(2):
            np.testing.assert_array_equal(outs[r][j], inputs[0][j] + inputs[2][j])
    np.testing.assert_array_equal(outs[1][0], inputs[1][0])  # a group of one
    assert outs[0][0] is not outs[2][0]  # each process holds its own result


def test_reduce_scatter_gives_each_member_its_part_of_the_sum():
    fn = one_op(lambda fb, x: fb.reduce_scatter("rs", x, 1, [[1, 0]], add_region(fb)), f32(2, 4))
    xs = [RNG.standard_normal((2, 4)).astype(np.float32) for _ in range(2)]
    (r0,), (r1,) = evaluate(fn, [[x] for x in xs], replicas=2)
    total = xs[1] + xs[0]  # folded in the group's order
    np.testing.assert_array_equal(r1, total[:, :2])  # replica 1 is the group's first member
    np.testing.assert_array_equal(r0, total[:, 2:])


def test_all_to_all_across_partitions_with_a_channel():
    fn = one_op(lambda fb, x: fb.all_to_all("aa", [x], 0, 1, 2, [[0, 1]], channel_handle=(1, 1)), f32(4, 1))
    xs = [np.arange(4, dtype=np.float32).reshape(4, 1) + 10 * p for p in range(2)]
    (p0,), (p1,) = evaluate(fn, [[x] for x in xs], partitions=2)
    np.testing.assert_array_equal(p0, [[0, 10], [1, 11]])
    np.testing.assert_array_equal(p1, [[2, 12], [3, 13]])


def test_collective_permute_sends_along_pairs_and_zeros_the_rest():
    fn = one_op(lambda fb, x: fb.collective_permute("cp", x, [[0, 1], [1, 2], [3, 3]]), f32(2))
    outs = evaluate(fn, process_values(4, (2,)), replicas=4)
    assert [o[0].tolist() for o in outs] == [[0, 0], [0, 0.25], [1, 1.25], [3, 3.25]]


def test_collective_broadcast_from_the_first_member_or_a_dynamic_root():
    fn = one_op(lambda fb, x: fb.collective_broadcast("cb", [x], [[2, 1]]), f32(1))
    assert [o[0].tolist() for o in evaluate(fn, process_values(4), replicas=4)] == [[0], [2], [2], [0]]
    fn = one_op(lambda fb, x, y, root: fb.collective_broadcast("cb", [x, y, root], [[0, 1]], has_dynamic_root=True),
                f32(1), f32(1), TensorType((2,), DType.I32))
    roots = np.array([1, 0], np.int32)
    outs = evaluate(fn, [[np.array([k], np.float32), np.array([k + 10], np.float32), roots] for k in range(2)],
                    replicas=2)
    assert [[o.tolist() for o in out] for out in outs] == [[[1], [10]], [[1], [10]]]


def test_collective_reduce_lands_on_the_groups_source():
    fn = one_op(lambda fb, x: fb.collective_reduce("cr", [x], [[1, 0]], add_region(fb)), f32(2))
    outs = evaluate(fn, process_values(2, (2,)), replicas=2)
    assert [o[0].tolist() for o in outs] == [[0, 0], [1, 1.5]]


def test_replica_and_partition_ids_on_a_grid():
    fb = FunctionBuilder("main")
    fn = fb.ret(fb.replica_id("r"), fb.partition_id("p"))
    outs = evaluate(fn, [()] * 6, replicas=2, partitions=3)
    assert [(int(r), int(p)) for r, p in outs] == [(r, p) for r in range(2) for p in range(3)]
    assert outs[0][0].dtype == np.uint32 and outs[0][0].shape == ()
    assert [int(v) for v in evaluate(fn)] == [0, 0]


# -- programs of their own: run_parallel -------------------------------------------------------------

def test_run_parallel_runs_a_grid_of_programs_on_flattened_inputs():
    gather = one_op(lambda fb, x: fb.all_gather("g", [x], 0, [[0, 1]]), f32(1))
    doubled = one_op(lambda fb, x: fb.all_gather("g", [fb.add("d", x, x)], 0, [[0, 1]]), f32(1))
    out = run_parallel([[gather], [doubled]], [np.array([1.0], np.float32), np.array([2.0], np.float32)])
    assert [o.tolist() for o in out] == [[1, 4], [1, 4]]
    with pytest.raises(ValueError, match=r"^the programs take 2 inputs in all, got 1$"):
        run_parallel([[gather], [doubled]], [np.array([1.0], np.float32)])


def test_processes_that_disagree_or_never_meet_raise_instead_of_hanging():
    fb = FunctionBuilder("main")
    x = fb.arg("x", f32(1))
    gather = fb.ret(fb.all_gather("g", [x], 0, [[0, 1]]))
    reduce = one_op(lambda fb, x: fb.all_reduce("g", [x], [[0, 1]], add_region(fb)), f32(1))
    idle = one_op(lambda fb, x: fb.negate("n", x), f32(1))
    on_channel = one_op(lambda fb, x: fb.all_gather("h", [x], 0, [[0, 1]], channel_handle=(2, 1),
                                                    result_types=[f32(2)]), f32(1))
    one = np.array([1.0], np.float32)
    with pytest.raises(EvaluationError, match=r"^processes \(0, 0\), \(1, 0\) meet on channel 0 at different ops: "
                                              r"stablehlo.all_gather %g; stablehlo.all_reduce %g$"):
        run_parallel([[gather], [reduce]], [one, one])
    with pytest.raises(EvaluationError, match=r"^stablehlo.all_gather %g: process \(0, 0\) waits for \(1, 0\) of "
                                              r"its group \(\(0, 0\), \(1, 0\)\), which finished without reaching it$"):
        run_parallel([[gather], [idle]], [one, one])
    with pytest.raises(EvaluationError, match=r"^the processes wait for each other and none can go on \(a deadlock\): "
                                              r"\(0, 0\) at stablehlo.all_gather %g; \(1, 0\) at stablehlo.all_gather "
                                              r"%h$"):
        run_parallel([[gather], [on_channel]], [one, one])


def test_a_failing_process_stops_the_grid_with_its_own_error():
    gather = one_op(lambda fb, x: fb.all_gather("g", [x], 0, [[0, 1]]), f32(1))

    def fails_first(fb, x, state):
        fb.rng_bit_generator("bits", state, "THREE_FRY", f32(2))  # THREE_FRY refuses three words
        return fb.all_gather("g", [x], 0, [[0, 1]])

    failing = one_op(fails_first, f32(1), TensorType((3,), DType.UI64))
    one = np.array([1.0], np.float32)
    with pytest.raises(EvaluationError, match=r"^stablehlo.rng_bit_generator %bits#0: THREE_FRY needs a state of 2 "):
        run_parallel([[gather], [failing]], [one, one, np.zeros(3, np.uint64)])


def test_a_grid_without_the_ids_a_collective_names():
    fn = one_op(lambda fb, x: fb.all_gather("g", [x], 0, [[0, 1, 2]]), f32(1))
    with pytest.raises(EvaluationError, match=r"^stablehlo.all_gather %g: replica_groups \[\[0, 1, 2\]\] gather from "
                                              r"3 replicas; evaluate with replicas=3, not 2$"):
        evaluate(fn, process_values(2), replicas=2)
    fn = one_op(lambda fb, x: fb.all_reduce("r", [x], [[0]], add_region(fb)), f32(1))
    with pytest.raises(EvaluationError, match=r"^stablehlo.all_reduce %r: process \(1, 0\) is in none of its process "
                                              r"groups \(\(0, 0\)\)$"):
        evaluate(fn, process_values(2), replicas=2)
    fn = one_op(lambda fb, x: fb.all_gather("g", [x], 0, [[0, 1]], channel_handle=(1, 1), result_types=[f32(2)]),
                f32(1))
    with pytest.raises(EvaluationError, match=r"^stablehlo.all_gather %g: result 0 is tensor<2xf32>, but the process "
                                              r"group makes shape \[4\]"):
        evaluate(fn, process_values(4), replicas=2, partitions=2)
    with pytest.raises(ValueError, match=r"^replicas=2 x partitions=2 takes one sequence of 4 per-process inputs$"):
        evaluate(fn, process_values(2), replicas=2, partitions=2)


@pytest.mark.parametrize("op", ["send", "recv", "infeed", "outfeed"])
def test_transfers_outside_the_program_are_a_clear_evaluation_error(op):
    build = {
        "send": lambda fb, x, t: fb.send("s", [x], t, (1, 2), is_host_transfer=True),
        "recv": lambda fb, x, t: fb.recv("s", t, (1, 3), [f32(2), TokenType()], is_host_transfer=True)[1],
        "infeed": lambda fb, x, t: fb.infeed("s", t, [f32(2), TokenType()])[1],
        "outfeed": lambda fb, x, t: fb.outfeed("s", [x], t),
    }[op]
    fn = one_op(build, f32(2), TokenType())
    with pytest.raises(EvaluationError, match=rf"^stablehlo.{op} %s(#0)?: the evaluator does not run stablehlo.{op} "):
        evaluate(fn, np.zeros(2, np.float32), object())


# -- against XLA's CPU backend ---------------------------------------------------------------------

def test_cross_replica_collectives_agree_with_xla():
    def build(fb, x, y):
        gathered = fb.all_gather("g", [x], 1, [[0, 1], [2, 3]])
        summed = fb.all_reduce("s", [x, y], [[0, 3], [1, 2]], add_region(fb))
        part = fb.reduce_scatter("p", x, 1, [[3, 2, 1, 0]], add_region(fb))
        swapped = fb.all_to_all("a", [x], 1, 0, 2, [[1, 0], [2, 3]])
        moved = fb.collective_permute("m", x, [[0, 1], [1, 2], [2, 0]])
        return gathered, *summed, part, swapped, moved, fb.replica_id("r")

    mod = module(one_op(build, f32(2, 4), f32(3)))
    x, y = RNG.standard_normal((8, 4)).astype(np.float32), RNG.standard_normal(12).astype(np.float32)
    want = compile_module(print_module(mod), replicas=4).run_replicated([x, y], split=[0, 1])
    got = evaluate(mod, [[np.split(x, 4)[r], np.split(y, 4)[r]] for r in range(4)], replicas=4)
    for replica_want, replica_got in zip(want, got, strict=True):
        for w, g in zip(replica_want, replica_got, strict=True):
            assert w.dtype == g.dtype and w.shape == g.shape
            np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-6)


# -- rules --------------------------------------------------------------------------------------------

ERRORS = {
    "all_gather dim": (lambda fb, x, t, i: fb.all_gather("g", [x], 2, [[0, 1]]),
                       "stablehlo.all_gather %g: all_gather_dim 2 is out of range for operand 0 of rank 2"),
    "all_gather repeat": (lambda fb, x, t, i: fb.all_gather("g", [x], 1, [[0, 1], [1, 2]]),
                          "stablehlo.all_gather %g: replica_groups [[0, 1], [1, 2]] repeat a replica"),
    "all_gather skip": (lambda fb, x, t, i: fb.all_gather("g", [x], 1, [[0, 2]]),
                        "stablehlo.all_gather %g: replica_groups [[0, 2]] skip id 1 (ids are 0..1)"),
    "all_gather ragged": (lambda fb, x, t, i: fb.all_gather("g", [x], 1, [[0, -1]]),
                          "stablehlo.all_gather %g: replica_groups [[0, -1]] hold a negative id"),
    "all_gather size": (lambda fb, x, t, i: fb.all_gather("g", [x], 1, [[0, 1]], result_types=[f32(2, 6)]),
                        "stablehlo.all_gather %g: result 0 tensor<2x6xf32> gathers 6 along dimension 1, not a "
                        "multiple of the operand's 4"),
    "all_gather shape": (lambda fb, x, t, i: fb.all_gather("g", [x], 1, [[0, 1]], result_types=[f32(3, 8)]),
                         "stablehlo.all_gather %g: result 0 tensor<3x8xf32> must be operand 0's tensor<2x4xf32> but "
                         "for dimension 1 (a multiple of 4)"),
    "all_reduce computation": (lambda fb, x, t, i: fb.all_reduce("r", [x, i], [[0, 1]], add_region(fb)),
                               "stablehlo.all_reduce %r: the computation takes (tensor<f32>, tensor<f32>) and returns "
                               "(tensor<f32>), needs (tensor<i32>, tensor<i32>) -> tensor<i32>"),
    "all_reduce global": (lambda fb, x, t, i: fb.all_reduce("r", [x], [[0, 1]], add_region(fb),
                                                            use_global_device_ids=True),
                          "stablehlo.all_reduce %r: use_global_device_ids needs a channel_handle with a positive "
                          "handle, got 0"),
    "reduce_scatter split": (lambda fb, x, t, i: fb.reduce_scatter("rs", x, 1, [[0, 1, 2]], add_region(fb)),
                             "stablehlo.reduce_scatter %rs: dimension 1 of tensor<2x4xf32> does not split into 3 "
                             "parts"),
    "reduce_scatter part": (lambda fb, x, t, i: fb.reduce_scatter("rs", x, 1, [[0, 1]], add_region(fb),
                                                                  result_type=f32(2, 3)),
                            "stablehlo.reduce_scatter %rs: result tensor<2x3xf32> keeps 3 of dimension 1, which must "
                            "divide the operand's 4"),
    "all_to_all groups": (lambda fb, x, t, i: fb.all_to_all("aa", [x], 1, 0, 2, [[0, 1, 2]]),
                          "stablehlo.all_to_all %aa: replica_groups [[0, 1, 2]] must be groups of split_count 2"),
    "all_to_all split": (lambda fb, x, t, i: fb.all_to_all("aa", [x], 1, 0, 3, [[0, 1, 2]]),
                         "stablehlo.all_to_all %aa: dimension 1 of operand 0 tensor<2x4xf32> does not split into 3 "
                         "parts"),
    "collective_permute target": (lambda fb, x, t, i: fb.collective_permute("cp", x, [[0, 1], [2, 1]]),
                                  "stablehlo.collective_permute %cp: source_target_pairs [[0, 1], [2, 1]] repeat a "
                                  "target"),
    "collective_permute pairs": (lambda fb, x, t, i: fb.collective_permute("cp", x, [[0, 1, 2]]),
                                 "stablehlo.collective_permute %cp: source_target_pairs must have shape [N, 2], got "
                                 "[1, 3]"),
    "collective_broadcast roots": (lambda fb, x, t, i: fb.collective_broadcast("cb", [x, i], [[0, 1]],
                                                                               has_dynamic_root=True),
                                   "stablehlo.collective_broadcast %cb: the roots of has_dynamic_root must be "
                                   "tensor<1xi32> (one per data operand), got tensor<3xi32>"),
    "send token": (lambda fb, x, t, i: fb.send("sd", [x], x, (1, 2), is_host_transfer=True),
                   "stablehlo.send %sd: token must be a !stablehlo.token, got tensor<2x4xf32>"),
    "send channel": (lambda fb, x, t, i: fb.send("sd", [x], t, (1, 1), is_host_transfer=True),
                     "stablehlo.send %sd: channel_handle type 1 must be 2 (DEVICE_TO_HOST) when is_host_transfer is "
                     "true"),
    "recv results": (lambda fb, x, t, i: fb.recv("rv", t, (1, 3), [f32(2), f32(3)], is_host_transfer=True),
                     "stablehlo.recv %rv: the last result must be a !stablehlo.token, got tensor<3xf32>"),
    "recv channel": (lambda fb, x, t, i: fb.recv("rv", t, (1, 1), [TokenType()], is_host_transfer=True),
                     "stablehlo.recv %rv: channel_handle type 1 must be 3 (HOST_TO_DEVICE) when is_host_transfer is "
                     "true"),
    "infeed results": (lambda fb, x, t, i: fb.infeed("in", t, []),
                       "stablehlo.infeed %in: infeed needs at least a token result"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_rules_refuse_what_mlir_refuses(case):
    build, message = ERRORS[case]
    fb = FunctionBuilder("main")
    args = fb.arg("x", f32(2, 4)), fb.arg("t", TokenType()), fb.arg("i", TensorType((3,), DType.I32))
    with pytest.raises(ShapeError) as error:
        build(fb, *args)
    assert str(error.value).split(" (operands: ")[0] == message


# -- text ---------------------------------------------------------------------------------------------

def every_collective():
    fb = FunctionBuilder("main")
    x, t = fb.arg("x", f32(2, 4)), fb.arg("t", TokenType())
    outs = [
        fb.all_gather("g", [x], 0, [[0, 1]], channel_handle=(1, 1), use_global_device_ids=True),
        *fb.all_reduce("r", [x, x], [[0], [1]], add_region(fb)),
        fb.reduce_scatter("rs", x, 1, [[0, 1]], add_region(fb), channel_handle=(2, 1)),
        fb.all_to_all("aa", [x], 1, 0, 2, [[1, 0]]),
        fb.collective_permute("cp", x, [[0, 1], [1, 0]], channel_handle=(3, 1)),
        fb.collective_broadcast("cb", [x], [[1, 0]]),
        fb.replica_id("rid"), fb.partition_id("pid"),
        fb.send("sd", [x, x], t, (4, 1), source_target_pairs=[[0, 1]]),
        *fb.recv("rv", t, (5, 3), [f32(2), TokenType()], is_host_transfer=True),
        *fb.infeed("in", t, [f32(3), TokenType()]),
        fb.outfeed("of", [x], t, outfeed_config="cfg"),
    ]
    return module(fb.ret(*outs))


def normalized(text: str) -> str:
    return re.sub(r"%[\w#]+", "%", text)


def test_text_is_mlirs_and_round_trips():
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    text = print_module(every_collective())
    assert '    %g = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = ' \
           '#stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, ' \
           'use_global_device_ids}> : (tensor<2x4xf32>) -> tensor<4x4xf32>\n' in text
    assert '    %rid = stablehlo.replica_id : tensor<ui32>\n' in text
    assert '    %in:2 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<3xf32>, ' \
           '!stablehlo.token)\n' in text
    jax_text = str(ir.Module.parse(text, context=jax_mlir.make_ir_context()))
    ops = [line for line in text.splitlines() if " = " in line]
    jax_ops = [line for line in jax_text.splitlines() if " = " in line]
    assert [normalized(op) for op in ops] == [normalized(op) for op in jax_ops]
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text


def test_ops_newer_than_jaxlibs_round_trip():
    """collective_reduce, and collective_broadcast's dynamic root, postdate jaxlib 0.10.2's StableHLO."""
    def build(fb, x, roots):
        reduced = fb.collective_reduce("cr", [x, roots], [[0, 1]], add_region(fb), channel_handle=(1, 1),
                                       use_global_device_ids=True, has_dynamic_root=True)
        return reduced, fb.collective_broadcast("cb", [x, roots], [[0, 1]], has_dynamic_root=True)

    text = print_module(module(one_op(build, f32(2), TensorType((1,), DType.I32))))
    assert ('    %cr = "stablehlo.collective_reduce"(%a0, %a1) <{channel_handle = '
            '#stablehlo.channel_handle<handle = 1, '
            'type = 1>, has_dynamic_root, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> '
            '({\n    ^bb0(%ru: tensor<f32>, %rv: tensor<f32>):\n') in text
    assert ('    %cb = "stablehlo.collective_broadcast"(%a0, %a1) <{has_dynamic_root, replica_groups = dense<[[0, 1]]> '
            ': tensor<1x2xi64>}> : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>\n') in text
    assert roundtrip(text) == text
    assert print_module(import_text(text)) == text
