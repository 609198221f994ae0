"""xDSL module -> vitir's AST.

Every op is rebuilt from its declaration's fields (vitir/mlir/translate.py)
through FunctionBuilder, so vitir's rules run on import and a wrong type
annotation is refused at its line; regions become Regions of the same
builder. Runs of plain ops that are a compound node's expansion (the AdamW
update, the all-reduce mean) fold back into the node, whatever their names.
JAX's numeric SSA names become `v0`, `v1`, ...; calls are inlined; ops vitir
lacks are reported, never dropped.
"""

from __future__ import annotations

import re

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, UnrankedTensorType
from xdsl.ir import Operation, SSAValue

from ..ast import FunctionBuilder, Module, Value
from ..ast.gc_pause import gc_paused
from ..ast.location import UNKNOWN, inlined_at
from ..ast.module import Function
from ..ast.expansion import fold_compounds
from ..ast.sharding import MANUAL_AXES
from ..ast.shape_rules import RuleError
from ..ast.sharding_check import check_node, meshes, signature_shardings, use_problem
from ..ast.type_rules import compatible_types
from ..ast.uses import walk
from ..errors import ShapeError
from ..text import read_attribute_text, shardy_parse_error
from .dialect import TERMINATORS, DeclaredOp
from .errors import Diagnostic, MlirError, MlirShapeError, quantized_result_note
from .kinds import Unsupported, vitir_type
from .parse import ParsedModule, parse_text, verify_module
from .translate import SPELLINGS, compact_region, declaration, fields
from .xdsl_adapter import value_name


def _defined_values(fn: func.FuncOp):
    """Every value a function defines: block arguments (its own and its regions') and results."""
    for op in fn.walk():
        for region in op.regions:
            for block in region.blocks:
                yield from block.args
        yield from op.results


class _FunctionImporter:
    """Rebuilds one function. With `diagnostics` (a list) it keeps going past a
    failing op: the problem is appended there, the op's results stand in with
    their annotated types, and ops that use them are checked against those
    types; no Function is returned then."""

    def __init__(self, parsed: ParsedModule, fn: func.FuncOp, diagnostics: list[Diagnostic] | None = None,
                 callees: dict[str, func.FuncOp] | None = None, meshes: dict | None = None):
        self.parsed = parsed
        self.meshes = meshes or {}  # the module's meshes, which Shardy's ops are checked against
        self.shardings: dict = {}  # value -> the sharding an op gave it, which a collective is checked against
        self.origins: dict = {}  # vitir's op -> the xDSL op it was built from
        self.manual: frozenset = frozenset()  # the manual axes of the manual computations around the op
        self.fn = fn
        self.diagnostics = diagnostics
        self.callees = callees or {}
        self.fb = FunctionBuilder(fn.sym_name.data)
        self.values: dict[SSAValue, Value] = {}
        self.names: dict[SSAValue, str] = {}
        self._taken = set(parsed.written_names())
        self._prefix = ""  # while inlining a call: names its values `<callee>_c<k>_...`
        self._calls = 0
        self._inlining: list[str] = [fn.sym_name.data]  # the functions being imported, innermost last
        self._call_sites: list = []  # the locations of the calls being inlined, innermost last
        self._sibling_args: dict = {}  # op -> {place: vitir name} of its regions' arguments
        self.unread: dict = {}  # an argument whose type vitir does not read -> why, until a use reports it
        self.call_results: set = set()  # the values inlined calls gave (Shardy's func_data_flow_edge takes them)

    def name(self, v: SSAValue) -> str:
        """The vitir name: as written, except JAX's numeric names (`%0` -> `v0`); a result
        of a group (`%1#1`) is the group's name and its index (`v1#1`)."""
        name = self.names.get(v)
        if name is None:
            written = value_name(v)
            base, _, index = written.partition("#") if written else (None, "", "")
            if index and index != "0":
                name = self.name(v.op.results[0]).partition("#")[0] + "#" + index
            else:
                name = self._new_name(base) + ("#0" if index else "")
            self.names[v] = name
        return name

    def _new_name(self, name: str | None) -> str:
        if name is None or name.isdigit() or self._prefix:
            if name is None or name.isdigit():
                name = f"v{name if name is not None else len(self.names)}"
            name = self._prefix + name
            while name in self._taken:
                name += "_"
            self._taken.add(name)
        return name

    def get(self, v: SSAValue) -> Value:
        value = self.values.get(v)
        if value is None:
            raise Unsupported(f"uses %{value_name(v)} before its definition")
        return value

    # -- driving ---------------------------------------------------------------
    def run(self) -> Function | None:
        if len(self.fn.body.blocks) != 1:
            raise MlirError([Diagnostic(*self.parsed.where(self.fn), "functions with several blocks are not supported")])
        block = self.fn.body.blocks[0]
        locations = self.parsed.locations
        with self._at(self.fn):
            for arg in block.args:
                try:
                    ty = vitir_type(arg.type)
                except Unsupported as error:  # MLIR takes it in a signature (tensor<*xf32>): refused where used
                    if not isinstance(arg.type, UnrankedTensorType):  # a type MLIR refuses itself: at its own line
                        raise
                    self.unread[arg] = str(error)
                    continue
                self.values[arg] = self.fb.arg(self.name(arg), ty)
                if arg in locations:
                    self.values[arg].location = locations[arg]
        for index, arg in enumerate(block.args):  # Shardy refuses a sharding on it at the signature
            if arg in self.unread and "sdy.sharding" in dict(_pairs(self.fn.arg_attrs)[index] if self.fn.arg_attrs else ()):
                self.unread.pop(arg)
                self._report(self.fn, f"'func.func' op arg {index} - only ranked tensors can have a sharding")
        if all(arg in self.values for arg in block.args):
            # each argument's and result's sdy.sharding checked, and a collective on an argument against its own
            shardings = self._signature_shardings([self.values[arg] for arg in block.args])
            self.shardings.update(zip((self.values[arg] for arg in block.args), shardings))
        for op in block.ops:
            if isinstance(op, func.ReturnOp):
                self._refuse_unread(op)
                if self.unread:  # an argument no op uses: refused at the function, as before
                    self._refuse_unread(self.fn, next(iter(self.unread)))
                if self.diagnostics:
                    return None
                with self._at(op):
                    returned = [self.get(v) for v in op.operands]
                    self.fb.ops[:] = fold_compounds(self.fb.ops, self.fb, returned)
                self._check_uses(returned)
                with self._at(op):
                    made = _with_attributes(self.fb.ret(*returned), self.fn)
                    made.location = locations.get(self.fn, UNKNOWN)
                    made.ret.location = locations.get(op, UNKNOWN)
                    return made
            self._import_guarded(op)
        raise MlirError([Diagnostic(*self.parsed.where(self.fn), f"@{self.fb.name} has no return")])

    def _check_uses(self, returned) -> None:
        """Shardy's rules on the uses of values (sharding_check.use_problem), at the line of the op that
        breaks one."""
        if not any(op.NAME.startswith("sdy.") for op in walk(self.fb.ops)):
            return
        problem = use_problem(self.fb.ops, [self.values[a] for a in self.fn.body.blocks[0].args], returned,
                              self.call_results)
        if problem is not None:
            op, message = problem
            with self._at(self.origins[op]):
                raise ShapeError(message, op=op.NAME, ssa=op.results[0].ssa if op.results else None)

    def _signature_shardings(self, args) -> list:
        """The `sdy.sharding` of each argument, after Shardy's checks of the arguments' and results'."""
        fn = self.fn
        try:
            found = signature_shardings("arg", _pairs(fn.arg_attrs), [a.type for a in args], self.meshes,
                                        read_attribute_text)
            signature_shardings("result", _pairs(fn.res_attrs),
                                [vitir_type(t) for t in fn.function_type.outputs.data], self.meshes,
                                read_attribute_text)
        except RuleError as e:
            raise MlirError([Diagnostic(*self.parsed.where(fn), f"'func.func' op {e}")]) from None
        except Unsupported:  # a result type vitir lacks: reported where the function is built
            return [None] * len(args)
        return found

    def _refuse_unread(self, op: Operation, argument=None) -> None:
        """The first use of an argument whose type vitir does not read, refused at `op`'s line (where
        MLIR's verifier would first refuse the type) and reported once (keep-going mode)."""
        if argument is None:
            argument = next((v for v in op.operands if v in self.unread), None)
            if argument is None:
                return
            index = list(op.operands).index(argument)
            message = f"operand {index} (%{value_name(argument)}): {self.unread.pop(argument)}"
        else:
            message = f"argument %{value_name(argument)}: {self.unread.pop(argument)}"
        self._report(op, message)

    def _report(self, op: Operation, message: str) -> None:
        """A problem at op's line: raised, or listed in keep-going mode."""
        diagnostic = Diagnostic(*self.parsed.where(op), message)
        if self.diagnostics is None:
            raise MlirError([diagnostic])
        self.diagnostics.append(diagnostic)

    def _import_guarded(self, op: Operation) -> None:
        if self.unread:
            self._refuse_unread(op)
        if self.diagnostics is None:
            with self._at(op):
                self._import_op(op)
            return
        if not _importable(op) or any(v not in self.values for v in op.operands):
            self._stand_in(op)  # already reported: unsupported, or downstream of an unsupported type
            return
        try:
            with self._at(op):
                self._import_op(op)
        except (MlirError, MlirShapeError) as error:
            self.diagnostics.extend(error.diagnostics)
            self._stand_in(op)

    def _stand_in(self, op: Operation) -> None:
        """Bind op's results to values of their annotated types, outside the builder's ops."""
        for result in op.results:
            try:
                ty = vitir_type(result.type)
            except Unsupported:
                continue
            value = Value(self.name(result), ty)
            value.owner = self.fb
            self.values[result] = value

    def _at(self, op: Operation):
        return _Located(self.parsed, op)

    def _import_op(self, op: Operation) -> None:
        if isinstance(op, func.CallOp):
            self._inline(op)
            return
        cls = declaration(op)
        if cls is None:
            raise Unsupported(f"op '{op.name}' is not supported by vitir")
        self._sibling_args[op] = {}
        try:
            values = fields(op, self.get, self._region)
        finally:
            del self._sibling_args[op]
        results = op.results
        if len(results) == 1:
            name = self.name(results[0])
        elif not results:  # custom_call's `-> ()`: nothing to name
            name = ()
        elif all((value_name(r) or "").partition("#")[2] == str(i) for i, r in enumerate(results)):
            name = self.name(results[0]).partition("#")[0]
        else:
            name = tuple(self.name(r) for r in results)
        node = cls(name, **values, path=self.fb.path, location=self._location(op))
        node.spelling = SPELLINGS.get(op)
        self.origins[node] = op  # where a check of the whole function finds a problem with it
        built = self.fb.emit(node)
        check_node(node, self.meshes, self.shardings, self.manual, read_attribute_text)
        built = built if isinstance(built, tuple) else (built,)
        for value, written in zip(built, results, strict=True):
            annotated = vitir_type(written.type)
            if value.type is not annotated:
                if compatible_types(value.type, annotated):  # `?` on one side: the text's type stands
                    value.type = annotated
                    self.values[written] = value
                    continue
                raise ShapeError(f"result type annotation {annotated} differs from the inferred {value.type}"
                                 + quantized_result_note(annotated, value.type),
                                 op=op.name, ssa=value.ssa, operand_types=[v.type for v in node.operands])
            self.values[written] = value

    def _location(self, op):
        """The op's (or a region argument's) written location (None: none written); inside an inlined
        call, the call site's too, as MLIR's inliner writes it (`callsite(<op's> at <call's>)`,
        `location.inlined_at`)."""
        if not self.parsed.locations:  # a text without locations
            return None
        loc = self.parsed.locations.get(op)
        for site in reversed(self._call_sites):
            loc = inlined_at(loc or UNKNOWN, site)
        return loc

    def _placed_as_owner(self, region) -> bool:
        """Whether a body's arguments and ops (its return too) are located where the op holding it is
        (or none is located): the one place a compact body holds, as the fast reader's `placed_as`.
        A body located otherwise is kept whole, with its places. (The body the compact syntax makes
        has its ops at the reduce's place and its arguments unrecorded: the reduce's too.)"""
        locations = self.parsed.locations
        if not locations:
            return True
        own = locations.get(region.parent_op())
        return all(locations.get(node, own) == own for block in region.blocks for node in (*block.args, *block.ops))

    def _region(self, region, compact: bool):
        """A region of the op being imported: a BinaryRegion for reduce's compact body, else a
        Region built by a builder of the function's (its ops may use the function's values)."""
        if compact and self._placed_as_owner(region):
            binary = compact_region(region, compact)
            if binary is not None:
                return binary
        if len(region.blocks) != 1:
            raise Unsupported("regions of several blocks are not supported by vitir")
        block = region.blocks[0]
        ops = list(block.ops)
        if not ops or not isinstance(ops[-1], TERMINATORS):
            raise Unsupported("a region must end in stablehlo.return")
        outer, self.fb, around = self.fb, self.fb.region(), self.manual
        owner = region.parent_op()
        if owner is not None and owner.name == "sdy.manual_computation":
            axes = owner.properties.get("manual_axes") or owner.attributes.get("manual_axes")
            self.manual = around | frozenset(read_attribute_text(MANUAL_AXES, axes.text.data))
        try:
            locations = self.parsed.locations
            for arg in block.args:
                self.values[arg] = self.fb.arg(self._region_arg_name(arg), vitir_type(arg.type))
                if arg in locations:  # inside an inlined call, at its call site too, as an op
                    self.values[arg].location = self._location(arg)
            for inner in ops[:-1]:
                with self._at(inner):
                    self._import_op(inner)
            returned = [self.get(v) for v in ops[-1].operands]
            self.fb.ops[:] = fold_compounds(self.fb.ops, self.fb, returned)
            made = self.fb.ret(*returned)
            made.location = self._location(ops[-1]) or UNKNOWN
            return made
        finally:
            self.fb, self.manual = outer, around

    def _region_arg_name(self, arg: SSAValue) -> str:
        """A region argument's name; in an op whose syntax names its regions' arguments once (a
        while's cond and body: SHARED_REGION_ARGUMENTS), the first region's argument at its place
        in every region, as MLIR's generic form may name them apart."""
        holder = arg.owner.parent_op()
        if not getattr(declaration(holder), "SHARED_REGION_ARGUMENTS", False):
            return self.name(arg)
        siblings = self._sibling_args[holder]
        name = siblings.get(arg.index)
        if name is None:
            name = siblings[arg.index] = self.name(arg)
        self.names[arg] = name
        return name

    def _inline(self, call: func.CallOp) -> None:
        """Import the callee's body in place of the call (JAX wraps jnp.where and
        others in private functions); the AST has no calls."""
        name = call.callee.string_value()
        callee = self.callees.get(name)
        if callee is None:
            raise Unsupported(f"call to @{name}, which this module does not define")
        if name in self._inlining:
            raise Unsupported(f"recursive call to @{name} is not supported by vitir")
        if len(callee.body.blocks) != 1:
            raise Unsupported(f"@{name} has several blocks; vitir inlines single-block functions only")
        block = callee.body.blocks[0]
        for value in _defined_values(callee):  # a callee inlined before: its values get new names
            self.names.pop(value, None)
            self.values.pop(value, None)
        for arg, operand in zip(block.args, call.arguments, strict=True):
            self.values[arg] = self.get(operand)
        self._calls += 1
        outer_prefix = self._prefix
        self._prefix = f"{_IDENTIFIER_RUN.sub('_', name).strip('_') or 'f'}_c{self._calls}_"  # @"<lambda>": lambda_c1_
        self._inlining.append(name)
        call_site = self.parsed.locations.get(call)
        self._call_sites.append(call_site if call_site is not None else UNKNOWN)
        for v in _defined_values(callee):  # a second call of the callee names its values afresh
            self.names.pop(v, None)
        try:
            ops = list(block.ops)
            for op in ops[:-1]:
                self._import_guarded(op)
            for result, returned in zip(call.results, ops[-1].operands, strict=True):
                if returned in self.values:  # absent after a reported error in keep-going mode
                    self.values[result] = self.get(returned)
                    self.call_results.add(self.values[result])
        finally:
            self._prefix = outer_prefix
            self._inlining.pop()
            self._call_sites.pop()


_IDENTIFIER_RUN = re.compile(r"[^\w$.]+")  # what may not stand in an SSA name


class _Located:
    """Turns errors raised while importing one op into errors that name its line."""

    def __init__(self, parsed: ParsedModule, op: Operation):
        self.parsed, self.op = parsed, op

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if error is None or isinstance(error, (MlirShapeError, MlirError)):
            return False
        if not isinstance(error, (Unsupported, ShapeError)):
            verify_module(self.parsed)  # unverified IR the importer tripped on: report what is wrong with it
            return False
        line, col = self.parsed.where(self.op)
        if isinstance(error, Unsupported):
            raise MlirError([Diagnostic(line, col, str(error))]) from None
        raise MlirShapeError(error, line, col, self.parsed.locations.get(self.op)) from None


_FUNCTION_PROPERTIES = frozenset({"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"})


def attribute_pairs(attributes) -> tuple:
    """An xDSL attribute dictionary as the AST keeps one: (name, MLIR text or None) pairs."""
    from xdsl.dialects.builtin import UnitAttr

    from .kinds import attribute_text_value

    return tuple(sorted((name, None if isinstance(a, UnitAttr) else attribute_text_value(a))
                        for name, a in attributes.items()))


def _pairs(attrs) -> list:
    """An xDSL function's argument (or result) attribute dictionaries as (name, text) pairs."""
    return [attribute_pairs(d.data) for d in attrs.data] if attrs is not None else []


def _with_attributes(fn: Function, op: func.FuncOp) -> Function:
    """`fn` with the attributes the function, its arguments and its results carry in the text."""
    own = {k: v for k, v in {**op.properties, **op.attributes}.items() if k not in _FUNCTION_PROPERTIES}
    args, results = _pairs(op.arg_attrs), _pairs(op.res_attrs)
    if not (own or any(args) or any(results)):
        return fn
    return Function(fn.name, fn.args, fn.ops, fn.ret, attribute_pairs(own), args, results, fn.location)


def _importable(op: Operation) -> bool:
    """An op of the dialect, or a call (inlined)."""
    return isinstance(op, (DeclaredOp, func.CallOp))


def _unsupported_ops(parsed: ParsedModule) -> list[Diagnostic]:
    """Every top-level op no declaration takes, reported together before anything is built."""
    found = []
    for top in parsed.module.ops:
        if _module_level(top):
            continue
        if not isinstance(top, func.FuncOp):
            if isinstance(top, DeclaredOp):  # a module-level symbol (sdy.mesh): Module.symbols holds it
                continue
            found.append(Diagnostic(*parsed.where(top), f"op '{top.name}' is not supported by vitir"))
            continue
        for op in top.walk():
            if op is top or isinstance(op, (func.ReturnOp, *TERMINATORS)):
                continue
            if not _importable(op):
                found.append(Diagnostic(*parsed.where(op), f"op '{op.name}' is not supported by vitir"))
    return found


@gc_paused
def import_module(parsed: ParsedModule, keep_going: bool = False) -> Module:
    """vitir's AST of a parsed module; MlirError or MlirShapeError name the line of a
    problem. Shape rules run here, through FunctionBuilder, whether or not the
    xDSL module was verified.

    keep_going: check every op even after a failing one (each result taking its
    annotated type) and raise one MlirError listing every problem in line order.
    """
    module: ModuleOp = parsed.module
    unparsed = _unparsed_shardy_attributes(parsed)
    if unparsed:  # MLIR parses before it verifies: the first attribute that does not parse is the error
        raise MlirError(unparsed[:1])
    unsupported = _unsupported_ops(parsed)
    if unsupported and not keep_going:
        raise MlirError(unsupported)
    diagnostics = list(unsupported) if keep_going else None
    defined = {fn.sym_name.data: fn for fn in module.ops if isinstance(fn, func.FuncOp)}
    symbols = [_module_op(parsed, op) for op in module.ops if _module_level(op)]
    table = meshes(symbols)
    # Entry points: functions no other function calls; the rest are inlined where called.
    called = {op.callee.string_value() for name, fn in defined.items() for op in fn.walk()
              if isinstance(op, func.CallOp) and op.callee.string_value() != name}
    if defined and called >= defined.keys():
        raise MlirError([Diagnostic(*parsed.where(next(iter(defined.values()))),
                                    "no entry function: every function is called by another (recursion is not "
                                    "supported by vitir)")])
    functions = []
    for name, fn in defined.items():
        if name in called:
            continue
        try:
            functions.append(_FunctionImporter(parsed, fn, diagnostics, defined, table).run())
        except (MlirError, MlirShapeError) as error:  # a function's signature or its return
            if diagnostics is None:
                raise
            diagnostics.extend(error.diagnostics)
    if diagnostics:
        raise MlirError(sorted(set(diagnostics), key=lambda d: (d.line, d.col)))
    name = module.sym_name.data if module.sym_name is not None else "m"
    return Module(functions, name, attribute_pairs(module.attributes), symbols,
                  location=parsed.locations.get(module, UNKNOWN))


def _unparsed_shardy_attributes(parsed: ParsedModule) -> list[Diagnostic]:
    """Each of Shardy's attributes that xDSL kept as text (vitir's kinds read them) and that does not read,
    at its op's line (a function's for its arguments' and results'), in line order."""
    from .attributes import AttributeTextAttr, ShardyTextAttr

    found = []
    for op in parsed.module.walk():
        dictionaries = [op.attributes, op.properties]
        if isinstance(op, func.FuncOp):
            dictionaries += [d.data for attrs in (op.arg_attrs, op.res_attrs) if attrs is not None for d in attrs.data]
        for dictionary in dictionaries:
            for a in dictionary.values():
                if isinstance(a, (AttributeTextAttr, ShardyTextAttr)):
                    error = shardy_parse_error(a.text.data)
                    if error:
                        found.append(Diagnostic(*parsed.where(op), error))
    return sorted(found, key=lambda d: (d.line, d.col))


def _module_level(op: Operation) -> bool:
    """A declared op of the module's own body (Shardy's sdy.mesh): no operands, results or regions."""
    return declaration(op) is not None and not op.operands and not op.results and not op.regions


def _module_op(parsed: ParsedModule, op: Operation):
    with _Located(parsed, op):
        return declaration(op)((), **fields(op, None, None), location=parsed.locations.get(op))


def import_text(text: str, source: str = "<text>", keep_going: bool = False) -> Module:
    """StableHLO text (vitir's, or JAX's pretty or generic form) -> vitir's AST.
    vitir's shape rules run first (a wrong type raises vitir's ShapeError naming
    the line; with keep_going, one MlirError names every one), then xDSL verifies
    what they do not cover. A text vitir/text's reader takes in full is built by it, without xDSL;
    any other (and any with a problem) goes through xDSL's parser, which reports it."""
    from ..text import fast_import

    module = fast_import(text, source)
    if module is not None:
        return module
    parsed = parse_text(text, source, verify=False)
    module = import_module(parsed, keep_going)
    verify_module(parsed)
    return module
