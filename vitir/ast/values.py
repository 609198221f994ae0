"""SSA values: a name (without `%`) and a type, defined by exactly one op or argument."""

from __future__ import annotations

from .location import UNKNOWN, DeferredLocation, Location
from .types import TensorType


class Value:
    __slots__ = ("name", "type", "ssa", "owner", "_location")

    def __init__(self, name: str, type: TensorType):
        self.name = name
        self.type = type
        self.ssa = "%" + name
        self.owner = None  # the builder that defined it, set when its op is emitted

    def rename(self, name: str) -> None:
        """Give the value another name (a pass names the values it makes)."""
        self.name, self.ssa = name, "%" + name

    @property
    def location(self) -> Location:
        """Where an argument was declared (`%arg0: tensor<f32> loc("x")`); UNKNOWN unless set. An op's
        result has its op's location, not its own."""
        try:
            loc = self._location
        except AttributeError:  # not set: most values, whose __init__ stays as lean as before
            return UNKNOWN
        if loc.__class__ is DeferredLocation:  # read from bytecode: decoded now, once
            loc = self._location = loc.resolve()
        elif loc.__class__ is tuple:  # where a reader saw it written, made on first use (location.materialize)
            loc = self._location = loc[0](*loc[1:])
        return loc

    @location.setter
    def location(self, loc: Location) -> None:
        self._location = loc

    @property
    def shape(self) -> tuple[int, ...]:
        return self.type.shape

    def __repr__(self) -> str:
        return f"Value({self.ssa}: {self.type})"
