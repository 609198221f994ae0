"""vitir/text's reader beside xDSL's path: on every text it takes, the same AST (printed byte for
byte alike); on every text it does not take, None, so import_text goes through xDSL and its
diagnostics. The xDSL path here is parse_text + import_module + verify_module, import_text without
the reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from vitir.errors import VitirError
from vitir.mlir import import_module, import_text, parse_text
from vitir.mlir.parse import verify_module
from vitir.print import print_module
from vitir.text import fast_import

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
GOLDEN = SHARED / "golden" / "vit_tiny_b32_d12_adam_sched.mlir"


def xdsl_import(text: str):
    parsed = parse_text(text, verify=False)
    module = import_module(parsed)
    verify_module(parsed)
    return module


def xdsl_message(text: str) -> str:
    with pytest.raises(VitirError) as e:
        xdsl_import(text)
    return str(e.value)


def assert_same(text: str) -> None:
    fast = fast_import(text)
    assert fast is not None, "the reader refused a text it should take"
    slow = xdsl_import(text)
    assert print_module(fast) == print_module(slow)
    assert print_module(fast, debug_info=True) == print_module(slow, debug_info=True)  # locations alike


@pytest.mark.skipif(not GOLDEN.is_file(), reason="../shared/golden is absent")
def test_golden_read_by_the_reader_prints_back_byte_for_byte():
    text = GOLDEN.read_text()
    fast = fast_import(text)
    assert fast is not None
    assert print_module(fast) == text == print_module(xdsl_import(text))


jax = pytest.importorskip("jax")
jnp = jax.numpy


def _mlp_step(w1, w2, x, y):
    def loss(w1, w2):
        h = jnp.tanh(x @ w1)
        logits = h @ w2
        return jnp.mean((jax.nn.log_softmax(logits) - y) ** 2) + jnp.sum(jnp.sqrt(jnp.abs(w1) + 1.0))
    value, (g1, g2) = jax.value_and_grad(loss, argnums=(0, 1))(w1, w2)
    return value, w1 - 0.1 * g1, w2 - 0.1 * g2


def _conv_net(kernel, images):
    out = jax.lax.conv_general_dilated(images, kernel, (2, 2), [(1, 1), (0, 0)], rhs_dilation=(1, 1),
                                       dimension_numbers=("NCHW", "OIHW", "NCHW"))
    pooled = jnp.max(out, axis=(2, 3)) + jnp.min(out, axis=1).sum()
    return jnp.concatenate([pooled, jnp.transpose(pooled)[:1].reshape(-1, 1)[: pooled.shape[0]]], axis=1)


def _lowered(fn, *shapes) -> str:
    return jax.jit(fn).lower(*(jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes)).as_text()


@pytest.mark.parametrize("fn, shapes", [
    (_mlp_step, [(8, 16), (16, 4), (5, 8), (5, 4)]),
    (_conv_net, [(4, 3, 3, 3), (2, 3, 9, 8)]),
    (lambda a, b: (jnp.maximum(a, 0.0) * b - a / (b + 2.0), jnp.exp(-a) ** 2), [(3, 4), (3, 4)]),
])
def test_jax_programs_read_alike(fn, shapes):
    assert_same(_lowered(fn, *shapes))


CONFORMANCE = SHARED / "conformance" / "stablehlo-interpret"


@pytest.mark.skipif(not CONFORMANCE.is_dir(), reason="../shared/conformance is absent")
def test_conformance_programs_read_alike_or_fall_back():
    """Every program of the suite (its checks rewritten away): where the reader takes it, the xDSL path
    gives the same AST; where the xDSL path refuses it, the reader refuses it too."""
    from vitir.conformance import suite_cases
    from vitir.conformance.rewrite import rewrite

    taken = 0
    for case in suite_cases(CONFORMANCE):
        try:
            text = rewrite(case).text
        except VitirError:
            continue
        fast = fast_import(text)
        try:
            expected = xdsl_import(text)
        except VitirError:
            assert fast is None, case.id
            continue
        if fast is not None:
            taken += 1
            assert print_module(fast) == print_module(expected), case.id
    assert taken >= 20


HEAD = "module @m {\n  func.func @f(%x: tensor<2x3xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {\n"
TAIL = "    return %y : tensor<2x3xf32>\n  }\n}\n"

TAKEN = {  # texts the reader takes besides JAX's and vitir's straight-line ops
    "a constant of several elements": "    %c = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : "
                                      "tensor<2x3xf32>\n    %y = stablehlo.add %x, %c : tensor<2x3xf32>\n",
    "a while loop": "    %z = stablehlo.while(%it = %i) : tensor<i32>\n     cond {\n      %c = stablehlo.compare LT, %it, "
                    "%it : (tensor<i32>, tensor<i32>) -> tensor<i1>\n      stablehlo.return %c : tensor<i1>\n     } do {\n"
                    "      stablehlo.return %it : tensor<i32>\n    }\n    %y = stablehlo.negate %x : tensor<2x3xf32>\n",
    "a generic op without attributes": '    %y = "stablehlo.negate"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>\n',
    "a reduce with a body": "    %z = stablehlo.constant dense<0.0> : tensor<f32>\n    %r = stablehlo.reduce(%x init: %z) across "
                            "dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n     reducer(%a: tensor<f32>, "
                            "%b: tensor<f32>)  {\n      %m = stablehlo.maximum %b, %a : tensor<f32>\n      stablehlo.return "
                            "%m : tensor<f32>\n    }\n    %y = stablehlo.negate %x : tensor<2x3xf32>\n",
    "a reduce whose body is one commutative op": "    %z = stablehlo.constant dense<0.0> : tensor<f32>\n    %r = "
        "stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
        "     reducer(%a: tensor<f32>, %b: tensor<f32>)  {\n      %m = stablehlo.add %a, %b : tensor<f32>\n"
        "      stablehlo.return %m : tensor<f32>\n    }\n    %y = stablehlo.negate %x : tensor<2x3xf32>\n",
    "a dot algorithm (a struct kind's one grammar)": "    %t = stablehlo.dot_general %x, %x, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT], "
                       "algorithm = <lhs_precision_type = "
                       "f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, "
                       "rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : "
                       "(tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>\n    %y = stablehlo.negate %x : "
                       "tensor<2x3xf32>\n",
    "debug locations (kept: docs/locations.md)": "    %y = stablehlo.negate %x : tensor<2x3xf32> loc(\"f.py\":1:2)\n",
}


@pytest.mark.parametrize("body", TAKEN.values(), ids=TAKEN.keys())
def test_texts_with_regions_and_constants_read_alike(body):
    assert_same(HEAD + body + TAIL)


FALLS_BACK = {  # texts the reader leaves to xDSL's parser: read there all the same
    "a tuple type": "    %t = stablehlo.tuple %x : tuple<tensor<2x3xf32>>\n    %y = stablehlo.negate %x : "
                    "tensor<2x3xf32>\n",
}


@pytest.mark.parametrize("body", FALLS_BACK.values(), ids=FALLS_BACK.keys())
def test_texts_the_reader_does_not_take_fall_back(body):
    text = HEAD + body + TAIL
    assert fast_import(text) is None
    assert print_module(import_text(text)) == print_module(xdsl_import(text))


GENERIC_TAKEN = {  # MLIR's generic forms with attributes (what bytecode's readers print): read alike
    "properties": '    %t = "stablehlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : '
                  '(tensor<2x3xf32>) -> tensor<3x2xf32>\n    %y = stablehlo.negate %x : tensor<2x3xf32>\n',
    "attributes after regions": '    %c = stablehlo.constant dense<0.0> : tensor<f32>\n'
                                '    %r = "stablehlo.reduce"(%x, %c) ({\n    ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n'
                                '      %s = stablehlo.add %a, %b : tensor<f32>\n      stablehlo.return %s : tensor<f32>\n'
                                '    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n'
                                '    %y = stablehlo.negate %x : tensor<2x3xf32>\n',
}


@pytest.mark.parametrize("body", list(GENERIC_TAKEN.values()), ids=list(GENERIC_TAKEN))
def test_generic_forms_with_attributes_are_read_as_xdsl_reads_them(body):
    text = HEAD + body + TAIL
    fast = fast_import(text)
    assert fast is not None
    assert print_module(fast) == print_module(xdsl_import(text))


REFUSED = {  # every error: the reader refuses, so the diagnostic is xDSL's path's, at its line
    "undefined value": "    %y = stablehlo.negate %nope : tensor<2x3xf32>\n",
    "use before definition": "    %y = stablehlo.add %x, %z : tensor<2x3xf32>\n    %z = stablehlo.negate %x : "
                             "tensor<2x3xf32>\n",
    "a name defined twice": "    %y = stablehlo.negate %x : tensor<2x3xf32>\n    %y = stablehlo.negate %x : "
                            "tensor<2x3xf32>\n",
    "a literal out of range": "    %c = stablehlo.constant dense<300> : tensor<i8>\n    %y = stablehlo.negate %x : "
                              "tensor<2x3xf32>\n",
    "a wrong result type": "    %y = stablehlo.negate %x : (tensor<2x3xf32>) -> tensor<3x2xf32>\n",
    "a wrong operand type": "    %y = stablehlo.negate %x : tensor<3x2xf32>\n",
    "a shape rule": "    %t = stablehlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>\n"
                    "    %y = stablehlo.negate %x : tensor<2x3xf32>\n",
    "a non-ASCII name": "    %y\u00e9 = stablehlo.negate %x : tensor<2x3xf32>\n    %y = stablehlo.negate %x : "
                        "tensor<2x3xf32>\n",
    "an unknown op": "    %y = stablehlo.frobnicate %x : tensor<2x3xf32>\n",
    "an integer beyond i64": "    %t = stablehlo.transpose %x, dims = [1, 99999999999999999999] : (tensor<2x3xf32>) "
                             "-> tensor<3x2xf32>\n    %y = stablehlo.negate %x : tensor<2x3xf32>\n",
}


@pytest.mark.parametrize("body", REFUSED.values(), ids=REFUSED.keys())
def test_errors_are_xdsl_paths_diagnostics(body):
    text = HEAD + body + TAIL
    assert fast_import(text) is None
    message = xdsl_message(text)
    with pytest.raises(VitirError) as e:
        import_text(text)
    assert str(e.value) == message


def test_module_attribute_without_a_dialect_prefix_is_refused_with_its_message():
    text = "module @m attributes {num_partitions = 1 : i32} {\n" + HEAD.split("\n", 1)[1] + \
        "    %y = stablehlo.negate %x : tensor<2x3xf32>\n" + TAIL
    assert fast_import(text) is None
    assert "needs a dialect prefix" in xdsl_message(text)


def test_calls_inlined_and_named_alike():
    text = ("module @m {\n  func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {\n"
            "    %0 = call @sq(%a) : (tensor<3xf32>) -> tensor<3xf32>\n"
            "    %1 = call @sq(%0) : (tensor<3xf32>) -> tensor<3xf32>\n    return %1 : tensor<3xf32>\n  }\n"
            "  func.func private @sq(%arg0: tensor<3xf32>) -> tensor<3xf32> {\n"
            "    %0 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>\n    return %0 : tensor<3xf32>\n  }\n}\n")
    assert_same(text)
    assert "%sq_c2_v0" in print_module(fast_import(text))


def test_a_regions_return_keeps_its_location_as_xdsls_path():
    text = ("func.func @main(%p: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {\n"
            '  %0 = "stablehlo.case"(%p) ({\n'
            '    %1 = stablehlo.negate %x : tensor<f32> loc("negate")\n'
            '    stablehlo.return %1 : tensor<f32> loc("first_return")\n'
            '  }, {\n    stablehlo.return %x : tensor<f32> loc("second_return")\n'
            '  }) : (tensor<i32>) -> tensor<f32> loc("case")\n'
            '  return %0 : tensor<f32> loc("return")\n}\n')
    assert_same(text)
    branches = fast_import(text).functions[0].ops[0].regions()
    assert [str(r.location) for r in branches] == ['loc("first_return")', 'loc("second_return")']


def test_vitir_check_of_a_text_the_reader_takes_loads_no_xdsl(tmp_path):
    import os
    import subprocess
    import sys

    path = tmp_path / "negate.mlir"
    path.write_text(HEAD + "    %y = stablehlo.negate %x : tensor<2x3xf32>\n" + TAIL)
    code = ("import sys; from vitir.cli import main; code = main(['check', sys.argv[1]]); "
            "print('xdsl' in sys.modules); sys.exit(code)")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{path}: OK: @f: 2 arguments, 1 ops, 1 results", "False"]


def _jax_vit_tiny_step_text() -> str:
    """JAX's text of the ViT-Tiny train step (batch 32, depth 12): value_and_grad of the independent
    model in tests/gradcheck/jax_reference.py, then AdamW, as benchmarks/bench_import.py lowers it."""
    jax = pytest.importorskip("jax")
    import numpy as np

    from tests.gradcheck import jax_reference as ref
    from vitir.lower import vit_tiny

    cfg = vit_tiny(batch=32)

    def step(params, ms, vs, x, onehot, lr):
        loss, grads = jax.value_and_grad(ref.loss_fn)(params, x, onehot, cfg, 0.1, ref.patch_embed)
        new = [ref.adamw(p, g, m, v, lr, 0.1, 0.001, 0.9, 0.999, 1e-8, 0.05) for p, g, m, v in zip(params, grads, ms, vs)]
        return [n[0] for n in new], [n[1] for n in new], [n[2] for n in new], loss

    params = [jax.ShapeDtypeStruct(shape, np.float32) for _, shape in ref.param_shapes(cfg)]
    x = jax.ShapeDtypeStruct((cfg.batch, cfg.channels * cfg.image[0] * cfg.image[1]), np.float32)
    onehot = jax.ShapeDtypeStruct((cfg.batch, cfg.classes), np.float32)
    scalar = jax.ShapeDtypeStruct((), np.float32)
    return jax.jit(step).lower(params, params, params, x, onehot, scalar).as_text()


def _dense_constants_of_every_element_type() -> str:
    """One three-element dense constant of each element type, each returned."""
    from vitir.ast.element_types import DType

    literals = {"bool": ("true", "false", "true"), "signed": ("-1", "0", "1"), "unsigned": ("0", "1", "2"),
                "float": ("0.5", "1.0"), "complex": ("(1.0, -2.0)", "(0.5, 0.0)", "(0.0, 0.0)")}
    lines, names, types = [], [], []
    for i, dtype in enumerate(DType):
        kind = next(k for k in literals if getattr(dtype, f"is_{k}"))
        values = literals[kind]
        if kind == "float":  # and one element as its hexadecimal bits, of the type's width
            values += (f"0x{1:0{(dtype.bits + 3) // 4}X}",)
        ty = f"tensor<3x{dtype.value}>"
        lines.append(f"    %c{i} = stablehlo.constant dense<[{', '.join(values)}]> : {ty}\n")
        names.append(f"%c{i}")
        types.append(ty)
    return ("module @m {\n  func.func @main() -> (" + ", ".join(types) + ") {\n" + "".join(lines)
            + f"    return {', '.join(names)} : {', '.join(types)}\n  }}\n}}\n")


def test_the_fast_reader_loads_no_xdsl_for_the_golden_jax_and_dense_constants(tmp_path):
    """docs/architecture.md: the fast reader never touches xDSL. Read in a fresh process, each text is
    taken (a Module, not a fallback) and no `xdsl` module is loaded."""
    import os
    import subprocess
    import sys

    texts = {"jax_vit_tiny_step.mlir": _jax_vit_tiny_step_text(),
             "dense_constants.mlir": _dense_constants_of_every_element_type()}
    if GOLDEN.exists():
        texts["golden.mlir"] = GOLDEN.read_text()
    paths = []
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
        paths.append(str(tmp_path / name))
    code = ("import sys\nfrom vitir.text import fast_import\n"
            "for path in sys.argv[1:]:\n"
            "    module = fast_import(open(path).read())\n"
            "    print(path.rsplit('/', 1)[-1], module is not None, sum(len(f.ops) for f in module.functions) if module "
            "else 0)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'xdsl'))\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, *paths], capture_output=True, text=True, cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    *taken, loaded = done.stdout.splitlines()
    for line, name in zip(taken, texts):
        file, read, ops = line.split()
        assert (file, read) == (name, "True"), line
        assert int(ops) > 0
    assert loaded == "[]"
    # and what it read is what the xDSL path reads
    constants = texts["dense_constants.mlir"]
    assert print_module(fast_import(constants)) == print_module(xdsl_import(constants))


FORMATS = (  # ops of the formats the generated readers take: operands, words, attributes, types
    HEAD + "    %a = stablehlo.add %x, %x : tensor<2x3xf32>\n"
    "    %b = stablehlo.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<2x3xi32>\n"
    "    %c = stablehlo.convert %b : (tensor<2x3xi32>) -> tensor<2x3xf32>\n"
    "    %d = stablehlo.dynamic_slice %a, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) "
    "-> tensor<1x2xf32>\n"
    "    %e = stablehlo.transpose %c, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
    "    %f = stablehlo.compare  GT, %a, %c,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>\n"
    "    %g = stablehlo.select %f, %a, %c : tensor<2x3xi1>, tensor<2x3xf32>\n"
    "    %h = stablehlo.concatenate %g, %c, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>\n"
    "    %y = stablehlo.multiply %g, %c {mhlo.sharding = \"{replicated}\"} : tensor<2x3xf32>\n" + TAIL,
)


@pytest.mark.parametrize("text", [*FORMATS, *[GOLDEN] * GOLDEN.is_file()], ids=lambda t: str(t)[-40:])
def test_generated_readers_read_the_records_the_step_plans_read(text, monkeypatch):
    """The readers generated per declaration (`_fused_reader`) against the plans of one step per piece
    of the format, which they replace for most ops: the same records, op by op, and the same
    printed AST as xDSL's path."""
    from vitir.text import importer

    text = text.read_text() if isinstance(text, Path) else text

    def records():
        monkeypatch.setattr(importer, "_PLANS", {})  # each declaration's plan made afresh
        return importer._Reader(text).module()

    generated = records()
    assert importer._PLANS[importer.OPS["stablehlo.add"]].__code__.co_filename == "<read Add>"
    monkeypatch.setattr(importer, "_fused_reader", lambda cls, pieces, fields: None)
    stepped = records()
    assert importer._PLANS[importer.OPS["stablehlo.add"]].__code__.co_filename != "<read Add>"
    assert generated == stepped
    monkeypatch.undo()
    if isinstance(text, str) and text.startswith(HEAD):
        assert_same(text)
