"""vitir.records.NamedTuple against typing.NamedTuple (the oracle): the same class from the same
body, less typing's check of each annotation."""

from __future__ import annotations

import pickle
import typing

import pytest

from vitir import records


def _point(base):
    class Point(base):
        """A point."""

        x: int
        y: float = 0.5
        label: str = "p"

        def norm1(self) -> float:
            return abs(self.x) + abs(self.y)

        @property
        def swapped(self):
            return self._replace(x=self.y, y=self.x)

    return Point


def test_same_class_as_typing_namedtuple():
    ours, theirs = _point(records.NamedTuple), _point(typing.NamedTuple)
    assert ours._fields == theirs._fields == ("x", "y", "label")
    assert ours._field_defaults == theirs._field_defaults == {"y": 0.5, "label": "p"}
    assert ours.__doc__ == theirs.__doc__ == "A point."
    assert ours.__qualname__ == theirs.__qualname__ and ours.__module__ == theirs.__module__
    assert ours.__mro__[1:] == theirs.__mro__[1:] == (tuple, object)
    a, b = ours(3, -2.0), theirs(3, -2.0)
    assert a == b == (3, -2.0, "p") and hash(a) == hash(b) and repr(a) == repr(b).replace("theirs", "ours")
    assert a.norm1() == b.norm1() == 5.0 and a.swapped == b.swapped == (-2.0, 3, "p")
    assert a._asdict() == b._asdict() and ours._make([1, 2, "q"]) == theirs._make([1, 2, "q"])
    # the annotations as written (strings under the future import), where typing keeps ForwardRefs
    assert ours.__annotations__ == {"x": "int", "y": "float", "label": "str"}
    assert {k: v.__forward_arg__ for k, v in theirs.__annotations__.items()} == ours.__annotations__


def test_a_module_level_record_pickles():
    from vitir.ast.element_types import FloatFormat

    value = FloatFormat._make(range(len(FloatFormat._fields)))
    assert type(value).__mro__[1] is tuple and pickle.loads(pickle.dumps(value)) == value


def test_refusals_as_typing_refuses():
    for base in (records.NamedTuple, typing.NamedTuple):
        with pytest.raises(TypeError):
            class Bad(base):  # a field without a default after one with
                a: int = 0
                b: int
        with pytest.raises(AttributeError):
            class Worse(base):
                a: int

                def _replace(self, **kw):
                    return self
