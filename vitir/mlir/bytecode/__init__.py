"""MLIR bytecode in Python: the format (`reader`, `writer`, a generic IR in `ir`), the dialects'
encodings as data (`encodings`). docs/bytecode.md describes it."""

from .errors import BytecodeError
from .ir import Attribute, Block, BytecodeModule, Operation, Region, Resource, Type, Value
from .reader import MAGIC, read_bytecode
from .writer import write_bytecode

__all__ = ["MAGIC", "Attribute", "Block", "BytecodeError", "BytecodeModule", "Operation", "Region", "Resource",
           "Type", "Value", "read_bytecode", "write_bytecode"]
