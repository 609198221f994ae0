"""Mutated MLIR bytecode: every mutation of a valid file is either read (and written again) or refused
with a BytecodeError that names the section and the byte offset; nothing else may escape the reader.

The seeds are StableHLO's compatibility-suite artifacts (../shared) when present, and always two files
vitir writes itself (so the fuzzer runs without ../shared): one of its own, and plain bytecode of a
StableHLO module with StableHLO's, CHLO's and Shardy's encodings. A module read is also printed as
StableHLO text, which may refuse it (a VitirError) but not crash."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

from tests.fuzz.checks import Failure
from vitir.errors import VitirError
from vitir.mlir.bytecode import BytecodeError, read_bytecode, write_bytecode

SUITE = Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "stablehlo-vhlo"


@lru_cache(maxsize=1)
def seeds() -> tuple[bytes, ...]:
    found = [path.read_bytes() for path in sorted(SUITE.glob("*.mlir.bc"))] if SUITE.is_dir() else []
    return tuple(found) + (_own_seed(), _plain_seed())


def _plain_seed() -> bytes:
    """Plain bytecode of a StableHLO module with StableHLO's, CHLO's and Shardy's own encodings."""
    from vitir.mlir import export_bytecode

    return export_bytecode('''module @m {
  sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
  func.func @main(%a: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p1, {"y":(1)2}]>},
                  %i: tensor<2xi32>) -> (tensor<4x8xi1>, tensor<8x8xf32>, tensor<4x8xf32>) {
    %c = stablehlo.compare GT, %a, %a, FLOAT : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %d = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0], precision = [DEFAULT, HIGHEST] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %e = chlo.erf_inv %a : tensor<4x8xf32> -> tensor<4x8xf32>
    return %c, %d, %e : tensor<4x8xi1>, tensor<8x8xf32>, tensor<4x8xf32>
  }
}
''', strip_debuginfo=True)


def _own_seed() -> bytes:
    """A small module with a region, block arguments, attributes of several kinds and a resource."""
    from vitir.mlir.bytecode.ir import (Attribute, Block, BytecodeModule, Operation, Region, Resource, Type,
                                        Value)

    unknown = Attribute("builtin", 15, ())
    f32 = Type("builtin", 5, ())
    tensor = Type("builtin", 13, ((2, 3), f32))
    name = Attribute("builtin", 2, ("value",))
    dense = Attribute("builtin", 18, (tensor, bytes(24)))
    dictionary = Attribute("builtin", 1, (((name, dense),),))
    argument = Value(tensor, unknown)
    inner = Operation("test.use", unknown, dictionary, operands=[argument, argument])
    result = Value(tensor)
    outer = Operation("test.region", unknown, results=[result],
                      regions=[Region([Block([argument], [inner])])])
    root = Operation("builtin.module", unknown, properties=(None, None),
                     regions=[Region([Block([], [outer])])])
    module = BytecodeModule(root, 6, "vitir", dialect_resources={
        "builtin": [Resource("blob", 0, b"\x01\x02\x03\x04", 4)]})
    return write_bytecode(module)


def mutate(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if not data:
            break
        where = rng.randrange(len(data))
        how = rng.randrange(7)
        if how == 0:
            data[where] ^= 1 << rng.randrange(8)
        elif how == 1:
            data[where] = rng.randrange(256)
        elif how == 2:
            del data[where:]
        elif how == 3:
            del data[where:where + rng.randint(1, 16)]
        elif how == 4:
            data[where:where] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif how == 5:
            size = rng.randint(1, 32)
            data[where:where] = data[where:where + size]
        else:  # a varint-sized field made huge
            data[where:where + 1] = b"\0" + rng.randbytes(8)
    return bytes(data)


def mutated_bytes(seed: int) -> bytes:
    rng = random.Random(seed)
    return mutate(rng.choice(seeds()), rng)


def bytecode_case(seed: int, stats: Counter) -> None:
    data = mutated_bytes(seed)
    try:
        module = read_bytecode(data)
    except BytecodeError as error:
        if not error.section or error.offset is None:
            raise Failure("unlocated error", f"{error}") from None
        if not 0 <= error.offset <= len(data):
            raise Failure("offset out of the file", f"{error} (file of {len(data)} bytes)") from None
        stats["bytecode refused"] += 1
        return
    except Exception as error:  # noqa: BLE001 - anything but BytecodeError is the bug this looks for
        raise Failure("crash", f"{type(error).__name__}: {error} (bytes: {data.hex()[:400]})") from None
    try:  # its StableHLO text (what every command reads): refused by name, never a crash
        from vitir.mlir.bytecode.vhlo import upgrade_text

        upgrade_text(module)
    except VitirError:
        stats["bytecode read, text refused"] += 1
    except Exception as error:  # noqa: BLE001
        raise Failure("crash printing", f"{type(error).__name__}: {error} (bytes: {data.hex()[:400]})") from None
    try:
        write_bytecode(module)
    except BytecodeError:
        stats["bytecode read, not written"] += 1
        return
    except Exception as error:  # noqa: BLE001
        raise Failure("crash writing", f"{type(error).__name__}: {error} (bytes: {data.hex()[:400]})") from None
    stats["bytecode read and written"] += 1
