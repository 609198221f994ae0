"""`class Point(NamedTuple): x: int; y: int = 0`, typing.NamedTuple's class syntax and class (a
collections.namedtuple with the body's docstring, methods and annotations), without typing's check
of each field's annotation: under `from __future__ import annotations` each annotation is a string
that typing compiles to test that it names a type (117 compiles on `vitir render`'s start-up, which
bytecode caching does not keep), a test no record of vitir's needs.
"""

from __future__ import annotations

import collections

# What a record's body may not define (namedtuple's own), and what is not copied onto the class.
_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                         "_make", "_replace", "_asdict", "_source"})
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    def __new__(mcls, typename: str, bases: tuple, namespace: dict):
        if not bases:  # NamedTuple itself
            return super().__new__(mcls, typename, bases, namespace)
        if bases != (NamedTuple,):
            raise TypeError(f"{typename}: a NamedTuple derives from NamedTuple alone")
        annotations = namespace.get("__annotations__", {})
        defaults = [name for name in annotations if name in namespace]
        for name, later in zip(annotations, list(annotations)[1:]):
            if name in namespace and later not in namespace:
                raise TypeError(f"{typename}: field {later} without a default follows field {name} with one")
        record = collections.namedtuple(typename, list(annotations), defaults=[namespace[n] for n in defaults],
                                        module=namespace["__module__"])
        record.__annotations__ = record.__new__.__annotations__ = dict(annotations)
        for key, value in namespace.items():
            if key in _PROHIBITED:
                raise AttributeError(f"{typename}: cannot overwrite NamedTuple attribute {key}")
            if key not in _SPECIAL and key not in record._fields:
                setattr(record, key, value)
        return record


class NamedTuple(metaclass=_NamedTupleMeta):
    """The base of a record class (its class is a namedtuple, not a subclass of this)."""
