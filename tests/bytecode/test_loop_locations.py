"""JAX's loops in a portable artifact written with locations, read by each of vitir's bytecode reads
(the one-pass read, the checked way through the generic IR and direct.py, `import_bytecode`):
printed with debug info, the Module is the one `import_text` gives for jaxlib's located print of the
artifact's deserialization. Oracle: jaxlib 0.10.2's `serialize_portable_artifact_str` and
`deserialize_portable_artifact_str`.

Found here: the checked way left a loop region's return unlocated (`loc(#loc)` where the text gives
the loop's), and both ways named the region arguments of a while inside an inlined function twice
(`%f_c1_iterArg`, `%f_c1_iterArg_`), so it printed in the generic form with their locations.
"""

from __future__ import annotations

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
from jax._src.interpreters import mlir as jax_mlir  # noqa: E402
from jax._src.lib.mlir import ir  # noqa: E402
from jax._src.lib.mlir.dialects import hlo  # noqa: E402

from vitir.mlir import import_bytecode, import_text  # noqa: E402
from vitir.mlir.bytecode import read_bytecode  # noqa: E402
from vitir.mlir.bytecode.direct import import_direct  # noqa: E402
from vitir.mlir.bytecode.onepass import import_onepass  # noqa: E402
from vitir.print import print_module  # noqa: E402


def _while_loop(x):
    return jax.lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 1, c[1] * 2.0), (0, x))[1]


def _fori_loop(x):
    return jax.lax.fori_loop(0, 5, lambda i, a: a * 1.5 + i, x)


def _nested_loops(x):  # the inner loop is in a function the readers inline
    return jax.lax.fori_loop(0, 3, lambda i, a: jax.lax.fori_loop(0, i, lambda j, b: b + jnp.sum(b), a), x)


def _matrix_loop(x):
    return jax.lax.while_loop(lambda c: c[1] < 3, lambda c: (jnp.tanh(c[0] @ c[0]), c[1] + 1), (x, 0))[0]


PROGRAMS = {"while_loop": (_while_loop, (3,)), "fori_loop": (_fori_loop, (3,)),
            "nested_loops": (_nested_loops, (3,)), "matrix_loop": (_matrix_loop, (3, 3))}
READS = {"one pass": import_onepass, "checked": lambda data: import_direct(read_bytecode(data)),
         "import_bytecode": import_bytecode}


@pytest.mark.parametrize("version", ["1.0.0", "1.10.0"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_loops_read_with_their_locations_as_jaxlib_deserializes_them(name, version):
    fn, shape = PROGRAMS[name]
    text = jax.jit(fn).lower(jnp.ones(shape)).as_text(debug_info=True)
    artifact = hlo.serialize_portable_artifact_str(text, version)
    with jax_mlir.make_ir_context():
        expected = ir.Module.parse(hlo.deserialize_portable_artifact_str(artifact)).operation.get_asm(
            enable_debug_info=True)
    want = print_module(import_text(expected), debug_info=True)
    assert '"stablehlo.while"' not in want and "stablehlo.while(" in want
    for read_name, read in READS.items():
        assert print_module(read(artifact), debug_info=True) == want, read_name
