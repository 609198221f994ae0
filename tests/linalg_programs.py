"""JAX programs whose CPU lowering calls LAPACK through custom calls (lapack_spotrf_ffi, ...),
shared by the tests of the evaluator, of raise-custom-calls and of `vitir grad` on them. Each is
lowered at test time, so the text is what this jaxlib emits."""

from __future__ import annotations

import numpy as np

jax = __import__("pytest").importorskip("jax")
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402


def general(*shape):
    return lambda rng, dtype: rng.normal(size=shape).astype(dtype)


def positive_definite(*shape):
    def draw(rng, dtype):
        a = rng.normal(size=shape)
        return (a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(dtype)
    return draw


# name -> (function, input makers): the factorizations' own results, each family's targets
FACTORIZATIONS = {
    "cholesky": (jnp.linalg.cholesky, [positive_definite(4, 4)]),
    "cholesky_batched": (jnp.linalg.cholesky, [positive_definite(2, 3, 3)]),
    "triangular_solve_left": (lambda a, b: lax.linalg.triangular_solve(a, b, left_side=True, lower=True),
                              [positive_definite(4, 4), general(4, 3)]),
    "triangular_solve_right": (lambda a, b: lax.linalg.triangular_solve(
        a, b, left_side=False, lower=False, transpose_a=True, unit_diagonal=True),
        [positive_definite(4, 4), general(3, 4)]),
    "lu": (lax.linalg.lu, [general(4, 4)]),
    "lu_tall_batched": (lax.linalg.lu, [general(2, 5, 3)]),
    "lu_wide": (lax.linalg.lu, [general(3, 5)]),
    "qr": (jnp.linalg.qr, [general(5, 3)]),
    "qr_complete": (lambda a: jnp.linalg.qr(a, mode="complete"), [general(4, 3)]),
    "qr_wide": (jnp.linalg.qr, [general(3, 5)]),
    "solve": (jnp.linalg.solve, [general(4, 4), general(4, 2)]),
    "eigh": (jnp.linalg.eigh, [positive_definite(4, 4)]),
    "svd": (lambda a: jnp.linalg.svd(a, full_matrices=False), [general(5, 3)]),
    "svd_values": (lambda a: jnp.linalg.svd(a, compute_uv=False), [general(3, 4)]),
}

# the ones without a portable form (raise-custom-calls refuses them by name)
NO_PORTABLE_FORM = {"eigh": "lapack_ssyevd_ffi", "svd": "lapack_sgesdd_ffi", "svd_values": "lapack_sgesdd_ffi"}


def _weights(seed, *shape):
    return np.random.default_rng(seed).normal(size=shape)


W44, W53, W35, W4, W3 = _weights(1, 4, 4), _weights(2, 5, 3), _weights(3, 3, 5), _weights(4, 4), _weights(5, 3)


def _w(weights, like):
    return jnp.asarray(weights, like.dtype)


# name -> (a scalar function, input makers): for `vitir grad` against jax.value_and_grad
LOSSES = {
    "cholesky": (lambda a: jnp.sum(_w(W44, a) * jnp.linalg.cholesky(a @ a.T + 4 * jnp.eye(4, dtype=a.dtype))),
                 [general(4, 4)]),
    "triangular_solve": (lambda a, b: jnp.sum(jnp.sin(lax.linalg.triangular_solve(
        a + 4 * jnp.eye(4, dtype=a.dtype), b, left_side=True, lower=False, transpose_a=True))),
        [general(4, 4), general(4, 3)]),
    "lu": (lambda a: jnp.sum(_w(W44, a) * lax.linalg.lu(a)[0]), [general(4, 4)]),
    "lu_tall": (lambda a: jnp.sum(_w(W53, a) * lax.linalg.lu(a)[0]), [general(5, 3)]),
    "lu_wide": (lambda a: jnp.sum(_w(W35, a) * lax.linalg.lu(a)[0]), [general(3, 5)]),
    "solve_and_slogdet": (lambda a, b: jnp.sum(jnp.linalg.solve(a, b) ** 2) + jnp.linalg.slogdet(a)[1],
                          [general(4, 4), general(4, 2)]),
    "inverse": (lambda a: jnp.sum(_w(W44, a) * jnp.linalg.inv(a)), [general(4, 4)]),
    "qr": (lambda a: jnp.sum(_w(W53, a) * jnp.linalg.qr(a)[0]) + jnp.sum(_w(W3, a) * jnp.linalg.qr(a)[1]),
           [general(5, 3)]),
    "qr_batched": (lambda a: jnp.sum(jnp.tanh(jnp.linalg.qr(a)[0])) + jnp.sum(jnp.linalg.qr(a)[1] ** 2),
                   [general(2, 3, 3)]),
    "eigh": (lambda a: jnp.sum(_w(W4, a) * jnp.linalg.eigh(a)[0]) + jnp.sum(_w(W44, a) * jnp.linalg.eigh(a)[1] ** 2),
             [general(4, 4)]),
    "svd": (lambda a: jnp.sum(jnp.linalg.svd(a, full_matrices=False)[1])
            + jnp.sum(_w(W53, a) * jnp.linalg.svd(a, full_matrices=False)[0] ** 2), [general(5, 3)]),
    "svd_wide": (lambda a: jnp.sum(_w(W35, a) * jnp.linalg.svd(a, full_matrices=False)[2] ** 2), [general(3, 5)]),
    "singular_values": (lambda a: jnp.sum(jnp.linalg.svd(a, compute_uv=False) ** 3), [general(4, 3)]),
}


def complex_general(*shape):
    return lambda rng, dtype: (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(dtype)


def _squared(z):
    """|z|^2 as JAX differentiates it everywhere (its abs has no derivative at 0)."""
    return z.real ** 2 + z.imag ** 2


def _eye(like):
    return jnp.eye(like.shape[-1], dtype=like.dtype)


# name -> (a real function of complex matrices, input makers): `vitir grad` of the lapack_c*/lapack_z*
# calls against jax.value_and_grad (vectors enter through |.|^2, which their phases leave alone)
COMPLEX_LOSSES = {
    "cholesky": (lambda a: jnp.sum(_w(W44, a.real) * _squared(jnp.linalg.cholesky(a @ a.conj().T + 4 * _eye(a))))
                 + jnp.sum(_w(W44, a.real) * jnp.linalg.cholesky(a @ a.conj().T + 4 * _eye(a)).imag),
                 [complex_general(4, 4)]),
    "triangular_solve_adjoint": (lambda a, b: jnp.sum(_squared(lax.linalg.triangular_solve(
        a + 4 * _eye(a), b, left_side=True, lower=False, transpose_a=True, conjugate_a=True))),
        [complex_general(4, 4), complex_general(4, 3)]),
    "triangular_solve_right": (lambda a, b: jnp.sum(lax.linalg.triangular_solve(
        a + 4 * _eye(a), b, left_side=False, lower=True).real), [complex_general(4, 4), complex_general(3, 4)]),
    "lu": (lambda a: jnp.sum(_w(W44, a.real) * _squared(lax.linalg.lu(a)[0])), [complex_general(4, 4)]),
    "solve": (lambda a, b: jnp.sum(_squared(jnp.linalg.solve(a, b))), [complex_general(4, 4), complex_general(4, 2)]),
    "qr": (lambda a: jnp.sum(_w(W53, a.real) * _squared(jnp.linalg.qr(a)[0]))
           + jnp.sum(_w(W3, a.real) * jnp.linalg.qr(a)[1].real) + jnp.sum(jnp.linalg.qr(a)[1].imag ** 3),
           [complex_general(5, 3)]),
    "eigh": (lambda a: jnp.sum(_w(W4, a.real) * jnp.linalg.eigh(a)[0])
             + jnp.sum(_w(W44, a.real) * _squared(jnp.linalg.eigh(a)[1])), [complex_general(4, 4)]),
    "svd": (lambda a: jnp.sum(jnp.linalg.svd(a, full_matrices=False)[1])
            + jnp.sum(_w(W53, a.real) * _squared(jnp.linalg.svd(a, full_matrices=False)[0])), [complex_general(5, 3)]),
    "svd_wide": (lambda a: jnp.sum(_w(W35, a.real) * _squared(jnp.linalg.svd(a, full_matrices=False)[2])),
                 [complex_general(3, 5)]),
    "singular_values": (lambda a: jnp.sum(jnp.linalg.svd(a, compute_uv=False) ** 3), [complex_general(4, 3)]),
}


def hermitian_positive_definite(*shape):
    def draw(rng, dtype):
        a = rng.normal(size=shape) + 1j * rng.normal(size=shape)
        return (a @ np.conj(np.swapaxes(a, -1, -2)) + shape[-1] * np.eye(shape[-1])).astype(dtype)
    return draw


# name -> (function, input makers) on complex matrices, for the families with a portable form
COMPLEX_FACTORIZATIONS = {
    "cholesky": (jnp.linalg.cholesky, [hermitian_positive_definite(2, 4, 4)]),
    "triangular_solve_adjoint": (lambda a, b: lax.linalg.triangular_solve(
        a, b, left_side=True, lower=True, transpose_a=True, conjugate_a=True),
        [hermitian_positive_definite(4, 4), complex_general(4, 3)]),
    "lu": (lax.linalg.lu, [complex_general(4, 4)]),
    "lu_wide": (lax.linalg.lu, [complex_general(3, 5)]),
    "qr": (jnp.linalg.qr, [complex_general(5, 3)]),
    "qr_wide": (jnp.linalg.qr, [complex_general(3, 5)]),
    "qr_complete": (lambda a: jnp.linalg.qr(a, mode="complete"), [complex_general(2, 4, 3)]),
}


def draw(makers, seed: int, dtype=np.float32) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [make(rng, dtype) for make in makers]


def lower(f, inputs) -> str:
    """The StableHLO text JAX lowers `f` to on this CPU."""
    return jax.jit(f).lower(*inputs).as_text()


def lower_for_gpu(f, inputs) -> str:
    """The StableHLO text JAX lowers `f` to for CUDA (cuSOLVER's targets), exported without a GPU."""
    from jax import export

    try:
        return export.export(jax.jit(f), platforms=["cuda"])(*inputs).mlir_module()
    except Exception as e:  # a jax without the CUDA lowering rules
        __import__("pytest").skip(f"JAX cannot lower for CUDA here: {e}")


# -- jaxlib's calls before XLA's FFI (jax/jaxlib/lapack.py until 2024), written from the FFI's ------------

_FFI_CALL = __import__("re").compile(
    r"^(?P<indent>\s*)%(?P<name>\w+)(?::(?P<count>\d+))? = stablehlo\.custom_call @lapack_(?P<routine>\w+)_ffi"
    r"\((?P<operands>[^)]*)\) \{(?P<attributes>.*)\} : \((?P<inputs>[^)]*)\) -> (?P<results>.+)$")
_ELEMENT = {"s": "f32", "d": "f64", "c": "complex<f32>", "z": "complex<f64>"}
_REAL = {"s": "f32", "d": "f64", "c": "f32", "z": "f64"}


def _flag(attributes: str, key: str, default: str) -> str:
    found = __import__("re").search(rf"\b{key} = (\d+) : ui8", attributes)
    return chr(int(found.group(1))) if found else default


def _tensor(shape, element: str) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def _shape(type_text: str) -> tuple[int, ...]:
    inner = type_text[len("tensor<"):-1]
    return tuple(int(d) for d in inner.split("x")[:-1] if d.isdigit()) if "x" in inner else ()


def _legacy_call(m) -> list[str]:
    """One FFI call as the legacy call jaxlib wrote: i32 scalars, the routine's operands, then its
    results and what it adds (info, workspaces, sized arbitrarily: their contents are the routine's)."""
    routine, attributes, indent = m["routine"], m["attributes"], m["indent"]
    prefix, kind = routine[0], routine[1:]
    inputs = m["inputs"].split(", ")
    results = m["results"].strip("()").split(", ")
    shape = _shape(inputs[-1] if kind == "trsm" else inputs[0])
    batch = shape[:-2]
    rows, columns = shape[-2:]
    size = int(np.prod(batch, dtype=np.int64))
    info, work = _tensor(batch, "i32"), [_tensor((64,), _ELEMENT[prefix])]
    real_work, int_work = [_tensor((64,), _REAL[prefix])], [_tensor((64,), "i32")]
    complex_ = prefix in "cz"
    if kind == "potrf":
        scalars, extra = [int(_flag(attributes, "uplo", "L") == "L"), size, rows], []
    elif kind == "getrf":
        scalars, extra = [size, rows, columns], []
    elif kind == "geqrf":
        scalars, extra = [size, rows, columns, 64], [info] + work
    elif kind in ("orgqr", "ungqr"):
        scalars, extra = [size, rows, columns, _shape(inputs[1])[-1], 64], [info] + work
    elif kind in ("syevd", "heevd"):
        scalars, extra = [int(_flag(attributes, "uplo", "L") == "L"), size, rows], \
            work + (real_work if complex_ else []) + int_work
    elif kind == "gesdd":
        mode = _flag(attributes, "mode", "A")
        scalars = [int(mode == "A"), int(mode != "N"), size, rows, columns, 64]
        extra = int_work + (real_work if complex_ else []) + work
    elif kind == "trsm":
        side, trans = _flag(attributes, "side", "L"), _flag(attributes, "trans_x", "N")
        scalars = [int(side == "L"), int(_flag(attributes, "uplo", "L") == "L"), "NTC".index(trans),
                   int(_flag(attributes, "diag", "N") == "U"), rows, columns, size]
        extra = []
    else:
        raise ValueError(f"no legacy convention written for lapack_{routine}_ffi")
    name = m["name"]
    lines = [f"{indent}%legacy{name}_s{i} = stablehlo.constant dense<{v}> : tensor<i32>" for i, v in enumerate(scalars)]
    operands = [f"%legacy{name}_s{i}" for i in range(len(scalars))]
    operand_types = ["tensor<i32>"] * len(scalars)
    if kind == "trsm":
        lines.append(f"{indent}%legacy{name}_alpha = stablehlo.constant dense<(1.0, 0.0)> : tensor<{_ELEMENT[prefix]}>"
                     if complex_ else f"{indent}%legacy{name}_alpha = stablehlo.constant dense<1.0> : tensor<{_ELEMENT[prefix]}>")
        operands.append(f"%legacy{name}_alpha")
        operand_types.append(f"tensor<{_ELEMENT[prefix]}>")
    operands += m["operands"].split(", ")
    operand_types += inputs
    all_results = results + extra
    target = ("blas_" if kind == "trsm" else "lapack_") + routine
    call = (f"stablehlo.custom_call @{target}({', '.join(operands)}) {{api_version = 2 : i32}} : "
            f"({', '.join(operand_types)}) -> ({', '.join(all_results)})")
    if m["count"]:
        lines.append(f"{indent}%{name}:{len(all_results)} = {call}")
    else:  # one result became several: the first under the old name
        lines.append(f"{indent}%legacy{name}:{len(all_results)} = {call}")
        lines.append(f"{indent}%{name} = stablehlo.reshape %legacy{name}#0 : ({results[0]}) -> {results[0]}")
    return lines


def to_legacy(text: str) -> str:
    """`text` with each LAPACK FFI call written as jaxlib's call before the FFI: `lapack_dpotrf_ffi(%a)
    {uplo = 76}` -> `lapack_dpotrf(%lower, %batch, %n, %a)`, `lapack_strsm_ffi` -> `blas_strsm`."""
    out = []
    for line in text.splitlines():
        m = _FFI_CALL.match(line)
        out.extend(_legacy_call(m) if m else [line])
    return "\n".join(out) + "\n"
