"""How an op is declared: once, as a class of fields, a rule and a syntax.

    class Transpose(Op):
        '''Permutes the dimensions of its operand.'''
        NAME = "stablehlo.transpose"
        operand = operand_def()
        perm = attr_def(I64_ARRAY, mlir="permutation")
        syntax = "{operand}, dims = {perm} : {functional_type}"
        evaluate = "vitir.evaluate.data_movement:transpose"

        @staticmethod
        def rule(operand: TensorType, perm: tuple[int, ...]) -> TensorType:
            return operand.with_shape(shape_rules.transpose(operand.shape, perm))

The fields, in declaration order, are the constructor's parameters after the
SSA name (`Transpose("t", x, (1, 0))`) and the rule's arguments: each operand's
type (a tuple of types for a variadic one), each attribute's value, each
region's signature (argument types, result types), the given result type. The
rule returns the result type (or a tuple of them) and raises RuleError with a
reason that echoes the offending dimensions; its answers are cached, since a
model repeats a few signatures thousands of times.

From the class come: its constructor (generated once, as fast as a hand-written
one), the builder method (vitir/ast/builder_methods.py, written by
`python -m vitir.ast.generate`), the printer (vitir/print compiles `syntax`),
the xDSL class, its parser and verifier (vitir/mlir), the importer's
translation, and the evaluator's hook (`numpy`: a numpy function applied to the
operand arrays; `evaluate`: "module:function" called with the node and its
operand arrays). Nothing else is written per op.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from ..errors import ShapeError
from .attributes import DISCARDABLE, Kind
from .constructor_code import CODE as CONSTRUCTOR_CODE
from .location import UNKNOWN, DeferredLocation, Location, fused_of, path_location
from .precompiled import function_from_source
from .quantized import QuantizedTensorType
from .regions import BinaryRegion, Region, as_region
from .shape_rules import RuleError
from .traits import Trait, normalise as normalise_traits
from .types import TensorType, TokenType, TupleType
from .values import Value

REQUIRED = object()  # the default of a field the caller must give


class Field:
    """A declared piece of an op; `name` is set from the class attribute it is bound to."""

    role: ClassVar[str] = ""
    variadic: ClassVar[bool] = False
    __slots__ = ("name", "doc", "default")

    def __init__(self, doc: str = "", default=REQUIRED):
        self.name, self.doc, self.default = "", doc, default

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class OperandDef(Field):
    role = "operand"
    __slots__ = ()


class VarOperandDef(Field):
    role = "operand"
    variadic = True
    __slots__ = ()


class AttrDef(Field):
    """An attribute: its kind, StableHLO's spelling (`mlir`, the AST name when they agree),
    and its default (None: optional, absent unless given; REQUIRED: the caller gives it)."""

    role = "attribute"
    __slots__ = ("kind", "mlir")

    def __init__(self, kind: Kind, mlir: str | None = None, default=REQUIRED, doc: str = ""):
        super().__init__(doc, default)
        self.kind, self.mlir = kind, mlir

    @property
    def mlir_name(self) -> str:
        return self.mlir or self.name


class RegionDef(Field):
    """A region (one block). `compact`: the region may be a BinaryRegion (reduce's
    `applies stablehlo.add`), printed without its body."""

    role = "region"
    __slots__ = ("compact",)

    def __init__(self, doc: str = "", compact: bool = False):
        super().__init__(doc)
        self.compact = compact


class VarRegionDef(Field):
    role = "region"
    variadic = True
    __slots__ = ()


class ResultTypeDef(Field):
    """The result type (or a tuple of types, `variadic`) given by the caller: reshape's, a
    constant's, convert's. The rule receives it and checks it; the text always writes it."""

    role = "result_type"
    __slots__ = ("several", "element_of")

    def __init__(self, doc: str = "", several: bool = False, element_of: str | None = None, optional: bool = False):
        super().__init__(doc, None if optional else REQUIRED)
        self.several, self.element_of = several, element_of


class ResultDef(Field):
    """One result (its name is the xDSL result's); the default when none is declared."""

    role = "result"
    __slots__ = ()


class VarResultDef(Field):
    role = "result"
    variadic = True
    __slots__ = ()


def operand_def(doc: str = "") -> OperandDef:
    return OperandDef(doc)


def var_operand_def(doc: str = "") -> VarOperandDef:
    return VarOperandDef(doc)


def attr_def(kind: Kind, mlir: str | None = None, default=REQUIRED, doc: str = "") -> AttrDef:
    return AttrDef(kind, mlir, default, doc)


def region_def(doc: str = "", compact: bool = False) -> RegionDef:
    return RegionDef(doc, compact)


def var_region_def(doc: str = "") -> VarRegionDef:
    return VarRegionDef(doc)


def result_type_def(doc: str = "", several: bool = False, element_of: str | None = None,
                    optional: bool = False) -> ResultTypeDef:
    """`element_of`: the operand whose element type completes a bare shape given instead of a type
    (`fb.reshape(name, x, (4, 8))`); `optional`: None lets the rule infer it."""
    return ResultTypeDef(doc, several, element_of, optional)


def result_def(doc: str = "") -> ResultDef:
    return ResultDef(doc)


def var_result_def(doc: str = "") -> VarResultDef:
    return VarResultDef(doc)


GENERIC = "generic"  # the syntax of ops MLIR prints in its generic form: "stablehlo.gather"(%a, %b) <{...}> ...

# Every declared op class, by its StableHLO name: what the printer, the dialect, the importer and
# the evaluator iterate. Ops declared outside vitir join it on definition. DECLARED adds the
# compound nodes (AST-only), in declaration order.
_COMPLETE = [False]  # every op family imported (vitir.ast.ops imports the rest on first use)
FAMILY_LOADERS: list = []  # what declares the op families not yet imported: vitir.ast.ops registers its own


def _complete() -> None:
    """Import every op family once, so that a lookup or a walk of the registry misses no op."""
    if _COMPLETE[0]:
        return
    _COMPLETE[0] = True
    try:
        for load in FAMILY_LOADERS:
            load()
    except BaseException:
        _COMPLETE[0] = False
        raise


def _completing(base: type, name: str):
    method = getattr(base, name)

    def read(self, *args):
        _complete()
        return method(self, *args)
    read.__name__ = name
    return read


class OpRegistry(dict):
    """OPS: the dict of declared ops, complete on every read: a walk imports every family first, a
    lookup only when its name is not there yet. Declaring writes to it without completing it (an op
    family's import registers its ops as it goes)."""

    def __getitem__(self, name):
        if not dict.__contains__(self, name):
            _complete()
        return dict.__getitem__(self, name)

    def __contains__(self, name):
        if dict.__contains__(self, name):
            return True
        _complete()
        return dict.__contains__(self, name)

    def get(self, name, default=None):
        if not dict.__contains__(self, name):
            _complete()
        return dict.get(self, name, default)


class DeclaredList(list):
    """DECLARED: every declared class in declaration order, complete on every read."""


for _name in ("__iter__", "__len__", "keys", "values", "items", "copy"):
    setattr(OpRegistry, _name, _completing(dict, _name))
for _name in ("__getitem__", "__contains__", "__iter__", "__len__", "__reversed__", "index", "count", "copy"):
    setattr(DeclaredList, _name, _completing(list, _name))
del _name

OPS: dict[str, type["Op"]] = OpRegistry()
DECLARED: list[type["Op"]] = DeclaredList()
_VERSION = [0]  # counts declarations, so what is made from OPS (the xDSL context) knows to remake itself


def registry_version() -> int:
    return _VERSION[0]


def withdraw(cls: type["Op"], restore: type["Op"] | None = None) -> None:
    """Take a declared op out of the registry, putting `restore` back under its name (an op declared
    for a while, as a test does); what is made from the registry (the xDSL context) is made again."""
    DECLARED[:] = [c for c in DECLARED if c is not cls]
    if OPS.get(cls.NAME) is cls:
        del OPS[cls.NAME]
    if restore is not None:
        OPS[restore.NAME] = restore
    _VERSION[0] += 1


_RESERVED = frozenset({"operands", "results", "path", "spelling", "name", "regions", "attributes", "discardable",
                       "copy"})


class OpMeta(type):
    """Collects an op class's fields (its own and its bases'), gives each a slot, and
    writes the class's constructor from them."""

    def __new__(mcls, class_name, bases, namespace, **kwargs):
        inherited: dict[str, Field] = {}
        for base in reversed(bases):
            for field in getattr(base, "FIELDS", ()):
                inherited[field.name] = field
        own: dict[str, Field] = {}
        for key, value in list(namespace.items()):
            if isinstance(value, Field):
                if key in _RESERVED and value.role != "result":
                    raise TypeError(f"{class_name}: a field cannot be named {key!r} (every op has one)")
                value.name = key
                own[key] = value
                del namespace[key]
        fields = {**inherited, **own}
        if "traits" in namespace:  # declared once in the body; a class without inherits its base's
            namespace["traits"] = normalise_traits(class_name, namespace["traits"])
        namespace.setdefault("__slots__", tuple(k for k, f in own.items() if k not in inherited and f.role != "result"))
        namespace["FIELDS"] = tuple(fields.values())
        if "rule" in namespace and not isinstance(namespace["rule"], staticmethod):
            namespace["rule"] = staticmethod(namespace["rule"])
        cls = super().__new__(mcls, class_name, bases, namespace, **kwargs)
        if cls.NAME and not namespace.get("ABSTRACT", False):
            _finish(cls)
        return cls


class Op(metaclass=OpMeta):
    """Base of every node. `operands` and `results` are flat tuples of SSA values; each
    field is also an attribute of its own name (`op.perm`, `op.lhs`, `op.body`).
    `spelling` records a textual variant an imported op was written in (None: vitir's).
    `discardable`: the attributes its declaration does not name (`mhlo.sharding`, `sdy.sharding`,
    `mhlo.frontend_attributes`, any other dialect's), (name, MLIR text) pairs sorted by name, the text
    None for a unit attribute; () for none. Every op carries them, kept as written."""

    __slots__ = ("operands", "results", "path", "spelling", "discardable", "_location")
    NAME: ClassVar[str] = ""  # an abstract base has none, or says ABSTRACT = True in its body
    COMPOUND: ClassVar[bool] = False  # prints several ops and defines internal SSA names
    SIMPLE: ClassVar[bool] = True  # neither compound nor holding regions: the builder's fast path
    MODULE_LEVEL: ClassVar[bool] = False  # an op of the module's body (sdy.mesh), not of a function
    # Where MLIR's parser locates the op written in its pretty form without a location: at its name,
    # or (StableHLO's reduce parser sets the op's location there) at the token after its name.
    PLACED_AFTER_NAME: ClassVar[bool] = False
    COMPACT: ClassVar[bool] = False  # (per node) holds only name-free regions, such as a BinaryRegion
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    syntax: ClassVar[str] = GENERIC
    numpy: ClassVar[str | None] = None
    evaluate: ClassVar[str | Callable | None] = None
    method: ClassVar[str | None] = None  # the builder method's name, when not the op's own
    traits: ClassVar[frozenset[Trait]] = frozenset()  # vitir.ast.traits: PURE, COMMUTATIVE, ...

    # Filled by _finish for each concrete class:
    OPERAND_FIELDS: ClassVar[tuple[Field, ...]] = ()
    ATTR_FIELDS: ClassVar[tuple[AttrDef, ...]] = ()
    ATTR_BY_MLIR: ClassVar[dict[str, AttrDef]] = {}  # the attribute fields by StableHLO name, for the readers
    REGION_FIELDS: ClassVar[tuple[Field, ...]] = ()
    RESULT_TYPE_FIELD: ClassVar[ResultTypeDef | None] = None
    RESULT_FIELDS: ClassVar[tuple[Field, ...]] = ()

    # Operand fields whose values, when a constant defines them, `known_rule` checks as MLIR's
    # verifier does (a dynamic_reshape's output_shape against its result type).
    KNOWN_OPERANDS: ClassVar[tuple[str, ...]] = ()

    @staticmethod
    def rule(*args):
        raise NotImplementedError

    @staticmethod
    def known_rule(fields: dict, known: dict) -> None:
        """Check the values of KNOWN_OPERANDS that constants give (`known`: field -> the ints it holds,
        for those a constant defines) against the rest of the op (`fields`: operand fields by their
        types, attributes and result types by value); raise RuleError."""

    @property
    def result(self) -> Value:
        return self.results[0]

    @property
    def location(self) -> Location:
        """Where the op came from (vitir.ast.location): the one it was given (read from text, carried
        by a pass), else the name of its layer path (`loc("vit/b3/attn/dot_general")`), else
        UNKNOWN. A builder gives none: its path names the op, so building costs nothing more."""
        try:
            loc = self._location
        except AttributeError:  # a node made without the constructor (an unchecked copy)
            loc = None
        if loc is None:
            return path_location(self.path, self.NAME) if self.path else UNKNOWN
        if loc.__class__ is DeferredLocation:  # read from bytecode: decoded now, once
            loc = self._location = loc.resolve()
        elif loc.__class__ is tuple:  # where a reader saw it written, made on first use (location.materialize)
            made = loc[0](*loc[1:])
            if loc[0] is not fused_of:  # a compound node keeps its ops' own, which its lines print at
                self._location = made
            return made
        return loc

    @location.setter
    def location(self, loc: Location | None) -> None:
        self._location = loc

    def attributes(self) -> dict[str, Any]:
        """The attributes by AST name, absent optional ones left out."""
        out = {}
        for field in self.ATTR_FIELDS:
            value = getattr(self, field.name)
            if value is not None:
                out[field.name] = value
        return out

    def regions(self) -> tuple:
        out = []
        for field in self.REGION_FIELDS:
            value = getattr(self, field.name)
            out.extend(value if field.variadic else (value,))
        return tuple(out)

    def defined_names(self) -> list[str]:
        """Every SSA name the printed op defines at its own level: its results' (`%r` for a group
        `%r:2`, used as %r#0 and %r#1); compound nodes add their internal ones."""
        base = result_base(self)
        return [base] if base else [r.name for r in self.results]

    def __repr__(self) -> str:
        names = ", ".join(r.ssa for r in self.results)
        return f"<{self.NAME} {names}>" if names else f"<{self.NAME}>"

    def copy(self) -> "Op":
        """A node of the same class and fields whose fields can be set without touching this one (its
        values, attributes and regions shared). Compiled from the class's fields on its first copy, as
        the constructor is (each concrete class's `copy` replaces this stand-in)."""
        cls = type(self)
        cls.copy = _copier(cls)
        return cls.copy(self)

    @classmethod
    def create(cls, name, *args, path: str = "", **kwargs) -> "Op":
        return cls(name, *args, path=path, **kwargs)


# -- building the class ----------------------------------------------------------------

def _finish(cls: type[Op]) -> None:
    fields = cls.FIELDS
    cls.OPERAND_FIELDS = tuple(f for f in fields if f.role == "operand")
    cls.ATTR_FIELDS = tuple(f for f in fields if f.role == "attribute")
    cls.ATTR_BY_MLIR = {f.mlir_name: f for f in cls.ATTR_FIELDS}
    cls.REGION_FIELDS = tuple(f for f in fields if f.role == "region")
    given = [f for f in fields if f.role == "result_type"]
    if len(given) > 1:
        raise TypeError(f"{cls.__name__}: at most one result type field")
    cls.RESULT_TYPE_FIELD = given[0] if given else None
    results = tuple(f for f in fields if f.role == "result")
    if not results:
        results = (ResultDef(),)
        results[0].name = "result"
    cls.RESULT_FIELDS = results
    cls.SIMPLE = not cls.COMPOUND and not cls.REGION_FIELDS
    # raw reads (list.copy, dict.get): declaring an op must not import the families still to come
    DECLARED[:] = [c for c in list.copy(DECLARED) if c.__qualname__ != cls.__qualname__
                   or c.__module__ != cls.__module__]
    DECLARED.append(cls)
    _VERSION[0] += 1
    if not cls.COMPOUND:
        existing = dict.get(OPS, cls.NAME)
        if existing is not None and existing.__qualname__ != cls.__qualname__:
            raise TypeError(f"{cls.NAME} is already declared by {existing.__module__}.{existing.__qualname__}")
        OPS[cls.NAME] = cls
    cls.__init__ = _lazy_constructor(cls)
    cls.copy = Op.copy  # not a base's compiled copy: this class's fields may be more
    cls._rule_cache = {}


def _lazy_constructor(cls: type[Op]):
    """A stand-in __init__ that compiles the real one on the class's first node (a module
    imports the declarations of a hundred ops and builds a few)."""

    def __init__(self, *args, **kwargs):
        if type(self).__init__ is __init__:
            type(self).__init__ = _constructor(type(self))
        type(self).__init__(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__doc__ = cls.__doc__
    return __init__


_COMPILED: dict[str, Any] = {}  # copy source -> its compiled code


def _constructor(cls: type[Op]):
    """cls.__init__, specialised to its fields: its source made once, compiled (or taken from the
    generated tables of vitir's own, vitir/ast/constructor_code*.py) once."""
    source, env = constructor_parts(cls)
    init = function_from_source(source, "__init__", f"<{cls.__name__}.__init__>", env, CONSTRUCTOR_CODE,
                                "vitir.ast.constructor_code_lazy")
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__doc__
    init.source = source  # for readers: print(constructor_source(Transpose))
    return init


def constructor_parts(cls: type[Op]) -> tuple[str, dict]:
    """The source of cls.__init__, specialised to its fields, and the globals it runs with."""
    args, body, operand_parts, key = ["self", "name"], [], [], []
    env: dict[str, Any] = {"Value": Value, "RuleError": RuleError, "_fail": _fail, "_values": _values,
                           "_not_a_value": _not_a_value, "_region": _region, "_regions": _regions,
                           "_infer": _infer, "_results": _results, "_single": len(cls.RESULT_FIELDS) == 1
                           and not cls.RESULT_FIELDS[0].variadic, "_given": _given, "cls": cls}
    seen_default = False
    checks, coercions = [], []
    for f in (f for f in cls.FIELDS if f.role != "result"):
        p = f.name
        if f.default is not REQUIRED:
            env[f"_default_{p}"] = f.default
            args.append(f"{p}=_default_{p}")
            seen_default = True
        elif seen_default:
            raise TypeError(f"{cls.__name__}: field {p} has no default but follows one that has")
        else:
            args.append(p)
        if f.role == "operand":
            if f.variadic:
                checks.append(f"if type({p}) is not tuple or not all([type(v) is Value for v in {p}]): "
                              f"{p} = _values(self, name, {p!r}, {p}, path)")
                operand_parts.append((p, True))
                key.append(f"tuple([v.type for v in {p}])")
            else:
                checks.append(f"if type({p}) is not Value: _not_a_value(self, name, {p!r}, {p}, path)")
                operand_parts.append((p, False))
                key.append(f"{p}.type")
        elif f.role == "attribute":
            env[f"_coerce_{p}"] = f.kind.coerce
            if f.default is None:
                coercions.append(f"if {p} is not None: {p} = _coerce_{p}({p})")
            else:
                coercions.append(f"{p} = _coerce_{p}({p})")
            key.append(p)
        elif f.role == "region":
            if f.variadic:
                coercions.append(f"{p} = _regions(self, {p!r}, {p}, False)")
            else:
                env["_Region"], env["_BinaryRegion"] = Region, BinaryRegion
                kinds = "type({0}) is not _Region" + (" and type({0}) is not _BinaryRegion" if f.compact else "")
                coercions.append(f"if {kinds.format(p)}: {p} = _region(self, {p!r}, {p}, {f.compact})")
            key.append(f"tuple([r.signature for r in {p}])" if f.variadic else f"{p}.signature")
        elif f.role == "result_type":
            if f.element_of:
                env["TensorType"] = _tensor_type()
                coercions.append(f"if type({p}) is not TensorType: {p} = _given_shape({p}, {f.element_of})")
                env["_given_shape"] = _given_shape
            else:  # a type as given, the common case, without a call
                env["TensorType"] = _tensor_type()
                given = "" if f.several else f"type({p}) is not TensorType"
                if f.default is None:
                    given = f"{p} is not None" + (f" and {given}" if given else "")
                coercions.append(f"if {given}: {p} = _given({p}, {f.several})" if given else
                                 f"{p} = _given({p}, {f.several})")
            key.append(p)
    args += ["*", "path=''", "discardable=()", "location=None"]
    env["_discardable"] = discardable_pairs
    lines = [f"def __init__({', '.join(args)}):"]
    lines += ["    " + c for c in checks]
    lines += [f"    self.operands = {_flat_operands(operand_parts)}", "    self.path = path", "    self.spelling = None",
              "    self._location = location",
              "    self.discardable = _discardable(discardable, self, name) if discardable else ()"]
    for f in cls.OPERAND_FIELDS:
        lines.append(f"    self.{f.name} = {f.name}")
    lines.append("    try:")
    lines += ["        " + c for c in coercions]
    for f in cls.FIELDS:
        if f.role in ("attribute", "region", "result_type"):
            lines.append(f"        self.{f.name} = {f.name}")
    lines.append(f"        key = ({', '.join(key)}{',' if len(key) == 1 else ''})")
    lines.append("    except RuleError as e:")
    lines.append("        _fail(self, name, str(e))")
    lines.append("    types = cls._rule_cache.get(key)")
    lines.append("    if types is None:")
    lines.append("        types = _infer(self, name, key)")
    if env["_single"]:
        lines.append("    self.results = (Value(name, types[0]),)")
    else:
        lines.append("    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str "
                     "else _results(self, name, types)")
    return "\n".join(lines), env


def _flat_operands(parts: list[tuple[str, bool]]) -> str:
    """The expression of an op's flat operand tuple from its operand fields (name, variadic): the
    single ones side by side in one tuple (`(lhs, rhs)`, one tuple made, not one per operand)."""
    pieces, singles = [], []
    for name, variadic in [*parts, ("", True)]:  # (a variadic stand-in closes the last run of singles)
        if not variadic:
            singles.append(name)
            continue
        if singles:
            pieces.append(f"({singles[0]},)" if len(singles) == 1 else f"({', '.join(singles)})")
            singles = []
        if name:
            pieces.append(name)
    return " + ".join(pieces) if pieces else "()"


def discardable_pairs(value, op: Op, name) -> tuple:
    """An op's attributes of other dialects as the node keeps them (DISCARDABLE's pairs), or the
    op's ShapeError naming what is wrong with them."""
    try:
        return DISCARDABLE.coerce(value)
    except RuleError as e:
        _fail(op, name, f"discardable attributes: {e}")


def _copier(cls: type[Op]):
    """cls.copy, specialised to its fields (every slot a node has), compiled once per field list."""
    names = ("operands", "results", "path", "spelling", "discardable", "_location",
             *(f.name for f in cls.FIELDS if f.role != "result"))
    source = "\n".join(["def copy(self):", "    new = _new(cls)", *(f"    new.{n} = self.{n}" for n in names),
                        "    return new"])
    code = _COMPILED.get(source)
    if code is None:
        code = _COMPILED[source] = compile(source, "<copy>", "exec")
    env = {"_new": object.__new__, "cls": cls}
    exec(code, env)
    copy = env["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = Op.copy.__doc__
    copy.source = source  # for readers, as the constructor's
    return copy


def constructor_source(cls: type[Op]) -> str:
    """The source of the constructor compiled for `cls` (compiling it now if no node was built yet)."""
    init = cls.__init__
    if not hasattr(init, "source"):
        init = cls.__init__ = _constructor(cls)
    return init.source


def _ssa(name) -> str:
    """The SSA name an error names: the op's result (its first, when each result has a name)."""
    if isinstance(name, str):
        return "%" + name
    return "%" + name[0] if name else ""


def _fail(op: Op, name, reason: str):
    raise ShapeError(reason, op=op.NAME, ssa=_ssa(name), operand_types=[v.type for v in op.operands], path=op.path)


def _not_a_value(op: Op, name, field: str, value, path: str):
    raise ShapeError(f"{field} {value!r} is not an SSA value", op=op.NAME, ssa=_ssa(name), path=path)


def _values(op: Op, name, field: str, values, path: str) -> tuple[Value, ...]:
    if isinstance(values, Value) or not hasattr(values, "__iter__"):
        raise ShapeError(f"{field} takes a sequence of SSA values, got {values!r}", op=op.NAME, ssa=_ssa(name),
                         path=path)
    values = tuple(values)
    for v in values:
        if type(v) is not Value:
            _not_a_value(op, name, field, v, path)
    return values


def _region(op: Op, field: str, region, compact: bool):
    return as_region(region, field, compact)


def _regions(op: Op, field: str, regions, compact: bool) -> tuple:
    if not hasattr(regions, "__iter__"):
        raise RuleError(f"{field} takes a sequence of regions, got {regions!r}")
    return tuple(as_region(r, field, False) for r in regions)


def _given(given, several: bool):
    types = (TensorType, TokenType, TupleType, QuantizedTensorType)
    if several:
        if isinstance(given, types) or not hasattr(given, "__iter__"):
            raise RuleError(f"expected a sequence of result types, got {given!r}")
        given = tuple(given)
        for t in given:
            if not isinstance(t, types):
                raise RuleError(f"result type {t!r} is not a type")
        return given
    if not isinstance(given, types):
        raise RuleError(f"result type {given!r} is not a type")
    return given


def _tensor_type():
    return TensorType


def _given_shape(given, operand: Value):
    """A result type given as a bare shape takes `operand`'s element type."""
    if isinstance(given, (TokenType, TupleType, QuantizedTensorType)):
        return given
    if isinstance(given, (str, bytes)) or not hasattr(given, "__iter__"):
        raise RuleError(f"expected a shape or a result type, got {given!r}")
    try:
        return TensorType(given, operand.type.dtype)
    except ValueError as e:
        raise RuleError(str(e)) from None


def _infer(op: Op, name, key: tuple) -> tuple:
    """Run the rule on a signature not seen before; cache the result types as a tuple."""
    cls = type(op)
    try:
        out = cls.rule(*key)
    except RuleError as e:
        _fail(op, name, str(e))
    types = out if isinstance(out, tuple) else (out,)
    declared = cls.RESULT_FIELDS
    if len(declared) == 1 and not declared[0].variadic and len(types) != 1:
        raise AssertionError(f"{cls.NAME}'s rule returned {len(types)} types for one result")
    cls._rule_cache[key] = types
    return types


def _results(op: Op, name, types: tuple) -> tuple[Value, ...]:
    """Several results: `name#0`, `name#1`, ... (as MLIR uses `%r#1`), or one name each."""
    if isinstance(name, str):
        if len(types) == 1:
            return (Value(name, types[0]),)
        return tuple(Value(f"{name}#{i}", t) for i, t in enumerate(types))
    names = tuple(name)
    if len(names) != len(types):
        _fail(op, names, f"{len(names)} result names for {len(types)} results")
    return tuple(Value(n, t) for n, t in zip(names, types))


def result_base(op: Op) -> str:
    """The name a group of results shares (`r` of `%r#0`, `%r#1`), or '' when each has its own."""
    results = op.results
    if len(results) < 2:
        return ""
    base = results[0].name.partition("#")[0]
    if all(r.name == f"{base}#{i}" for i, r in enumerate(results)):
        return base
    return ""


def check_known_operands(node: Op, constant_ints: Callable) -> None:
    """Run the node's known_rule on what `constant_ints(value)` (the ints of the constant that
    defines a value, or None) gives for its KNOWN_OPERANDS; a refusal is the node's ShapeError."""
    cls = type(node)
    known = {}
    for name in cls.KNOWN_OPERANDS:
        ints = constant_ints(getattr(node, name))
        if ints is not None:
            known[name] = ints
    if not known:
        return
    fields = {f.name: (getattr(node, f.name).type if f.role == "operand" and not f.variadic else getattr(node, f.name))
              for f in cls.FIELDS if f.role != "result"}
    try:
        cls.known_rule(fields, known)
    except RuleError as e:
        _fail(node, node.results[0].name if len(node.results) == 1 else [r.name for r in node.results], str(e))
