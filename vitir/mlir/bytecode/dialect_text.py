"""The text of StableHLO's, CHLO's and Shardy's own attribute and type entries (plain bytecode, as
jaxlib writes it), as MLIR's printer spells them in an op's generic form; vitir's importer reads the
module printed with them (vhlo.upgrade_text). Shardy's values go through vitir's own Shardy kinds
(vitir/ast/sharding.py), so they print exactly as the text importer reads them."""

from __future__ import annotations

from .encodings import entry_name
from .errors import BytecodeError
from .ir import Attribute, Type
from .vhlo import ATTRIBUTE_TEXTS, DYNAMIC, TYPE_TEXTS, _double_text, _string_text, attribute_text, type_text
from .vhlo_tables import ENUMS

# enum encodings -> the enum's mnemonic (its cases are VHLO's, which keep StableHLO's values)
_ENUMS = {"ComparisonDirectionAttr": "comparison_direction", "ComparisonTypeAttr": "comparison_type",
          "FftTypeAttr": "fft_type", "PrecisionAttr": "precision", "RngAlgorithmAttr": "rng_algorithm",
          "RngDistributionAttr": "rng_distribution", "TransposeAttr": "transpose"}
# struct attributes printed `#stablehlo.NAME<field = [..], ...>`, an empty list left out:
# encoding -> (mnemonic, field names; `*` marks a number always printed)
_STRUCTS = {
    "DotDimensionNumbersAttr": ("dot", ("lhs_batching_dimensions", "rhs_batching_dimensions",
                                        "lhs_contracting_dimensions", "rhs_contracting_dimensions")),
    "GatherDimensionNumbersAttr": ("gather", ("offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                                              "start_indices_batching_dims", "start_index_map", "*index_vector_dim")),
    "ScatterDimensionNumbersAttr": ("scatter", ("update_window_dims", "inserted_window_dims", "input_batching_dims",
                                                "scatter_indices_batching_dims", "scatter_dims_to_operand_dims",
                                                "*index_vector_dim")),
    "ChannelHandleAttr": ("channel_handle", ("*handle", "*type")),
}


def _ints(values) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _struct(mnemonic: str, names, fields) -> str:
    parts = []
    for name, value in zip(names, fields):
        if name.startswith("*"):
            parts.append(f"{name[1:]} = {value}")
        elif value:
            parts.append(f"{name} = {_ints(value)}")
    return f"#stablehlo.{mnemonic}<{', '.join(parts)}>"


def _conv_layout(batch: int, feature: int, spatial, letters: str) -> str:
    slots = [""] * (2 + len(spatial))
    slots[batch], slots[feature] = letters[0], letters[1]
    for index, dim in enumerate(spatial):
        slots[dim] = str(index)
    return "[" + ", ".join(slots) + "]"


def stablehlo_attribute_text(entry: Attribute) -> str:
    name, fields = entry_name(entry), entry.fields
    dialect = entry.dialect
    if name in _ENUMS:
        mnemonic = _ENUMS[name]
        case = ENUMS[mnemonic + "_v1"][2].get(fields[0])
        if case is None:
            raise BytecodeError(f"{dialect} {mnemonic} has no case {fields[0]}")
        return f"#{dialect}<{mnemonic} {case}>"
    if name in _STRUCTS:
        return _struct(*_STRUCTS[name], fields)
    if name == "ConvDimensionNumbersAttr":
        lhs = _conv_layout(fields[0], fields[1], fields[2], "bf")
        rhs = _conv_layout(fields[3], fields[4], fields[5], "io")
        out = _conv_layout(fields[6], fields[7], fields[8], "bf")
        return f"#stablehlo.conv<{lhs}x{rhs}->{out}>"
    if name == "TypeExtensionsAttr":
        return f"#stablehlo.bounds<{', '.join('?' if b == DYNAMIC else str(b) for b in fields[0])}>"
    if name == "OutputOperandAliasAttr":
        out, operand, inner = fields
        return (f"#stablehlo.output_operand_alias<output_tuple_indices = {_ints(out)}, operand_index = {operand}, "
                f"operand_tuple_indices = {_ints(inner)}>")
    if name == "DotAlgorithmAttr":
        lhs, rhs, accumulation, lhs_count, rhs_count, operations, imprecise = fields
        return (f"#stablehlo.dot_algorithm<lhs_precision_type = {type_text(lhs)}, rhs_precision_type = "
                f"{type_text(rhs)}, accumulation_type = {type_text(accumulation)}, lhs_component_count = "
                f"{lhs_count}, rhs_component_count = {rhs_count}, num_primitive_operations = {operations}, "
                f"allow_imprecise_accumulation = {'true' if imprecise else 'false'}>")
    if name == "ResultAccuracyModeAttr":
        return f"#stablehlo.result_accuracy_mode<{ENUMS['result_accuracy_mode_v1'][2][fields[0]]}>"
    if name == "ResultAccuracyAttr":
        atol, rtol, ulps, mode = fields
        return (f"#stablehlo.result_accuracy<atol = {_double_text(atol)}, rtol = {_double_text(rtol)}, "
                f"ulps = {ulps}, mode = {attribute_text(mode)}>")
    if name == "SubAxisInfoAttr":
        return f"({fields[0]}){fields[1]}"  # as an axis_ref prints it: `sub_axis_info = (1)2`
    if name == "AxisRefAttr":
        sub = f", sub_axis_info = {attribute_text(fields[1])}" if fields[1] is not None else ""
        return f"#stablehlo.axis_ref<name = {_string_text(fields[0])}{sub}>"
    if name == "ReplicaGroupMeshAxesAttr":
        return (f"#stablehlo.replica_group_mesh_axes<mesh = {attribute_text(fields[0])}, "
                f"axes = [{', '.join(attribute_text(a) for a in fields[1])}]>")
    if name == "MeshAxisAttr":
        return f"#stablehlo.mesh_axis<name = {_string_text(fields[0])}, size = {fields[1]}>"
    if name == "MeshAttr":
        ids = f", device_ids = {attribute_text(fields[1])}" if fields[1] is not None else ""
        return f"#stablehlo.mesh<axes = {attribute_text(fields[0])}{ids}>"
    raise BytecodeError(f"no text known for the {dialect} dialect's attribute {name}")


def stablehlo_type_text(entry: Type) -> str:
    name = entry_name(entry)
    if name == "TokenType":
        return "!stablehlo.token"
    if name == "FutureType":
        return f"!stablehlo.future<{', '.join(type_text(t) for t in entry.fields[0])}>"
    raise BytecodeError(f"no text known for the stablehlo dialect's type {name}")


# -- Shardy ------------------------------------------------------------------------------------------
def _axis_ref(entry: Attribute):
    from ...ast.sharding import AxisRef

    name, sub = entry.fields
    return AxisRef(name, None if sub is None else tuple(sub.fields))


def _mesh(entry: Attribute):
    from ...ast.sharding import Mesh, MeshAxis

    axes, device_ids = entry.fields
    return Mesh(tuple(MeshAxis(*a.fields) for a in axes), tuple(device_ids))


def _sharding(entry: Attribute):
    from ...ast.sharding import REDUCTIONS, DimSharding, TensorSharding

    mesh_or_ref, dims, replicated, *rest = entry.fields
    mesh = _mesh(mesh_or_ref) if mesh_or_ref.dialect == "sdy" else mesh_or_ref.fields[0].fields[0]
    shardings = tuple(DimSharding(tuple(map(_axis_ref, d.fields[0])), bool(d.fields[1]),
                                  d.fields[2] >> 1 if d.fields[2] & 1 else None) for d in dims)
    unreduced = tuple(map(_axis_ref, rest[0])) if rest else ()
    reduction = REDUCTIONS[rest[1]] if len(rest) > 1 else "sum"
    return TensorSharding(mesh, shardings, tuple(map(_axis_ref, replicated)), unreduced, reduction)


def _sharding_rule(fields):
    from ...ast.sharding_rule import OpShardingRule

    sizes, operands, results, *factors, custom = fields

    def mappings(tensors) -> tuple:
        return tuple(tuple(tuple(d.fields[0]) for d in t.fields[0]) for t in tensors)

    return OpShardingRule(tuple(sizes), mappings(operands), mappings(results), *map(tuple, factors), bool(custom))


def sdy_attribute_text(entry: Attribute) -> str:
    from ...ast import sharding as S

    name, fields = entry_name(entry), entry.fields
    if name == "MeshAttr":
        return S.MESH.generic(_mesh(entry))
    if name.startswith("TensorShardingAttr"):
        return S.SHARDING.generic(_sharding(entry))
    if name.startswith("TensorShardingPerValueAttr"):
        return S.SHARDING_PER_VALUE.generic(tuple(map(_sharding, fields[0])))
    if name == "ManualAxesAttr":
        return S.MANUAL_AXES.generic(tuple(a.fields[0] for a in fields[0]))
    if name == "AxisRefListAttr":
        return S.AXIS_REF_LIST.generic(tuple(map(_axis_ref, fields[0])))
    if name == "ListOfAxisRefListsAttr":
        return S.LIST_OF_AXIS_REF_LISTS.generic(tuple(tuple(map(_axis_ref, a.fields[0])) for a in fields[0]))
    if name == "AllToAllParamListAttr":
        return S.ALL_TO_ALL_PARAMS.generic(tuple(
            S.AllToAllParam(tuple(map(_axis_ref, p.fields[0])), p.fields[1], p.fields[2]) for p in fields[0]))
    if name == "OpShardingRuleAttr":
        from ...ast.sharding_rule import SHARDING_RULE

        return SHARDING_RULE.generic(_sharding_rule(fields))
    raise BytecodeError(f"no text known for the sdy dialect's attribute {name}")


# Registered into vhlo.py's tables, where its printer looks an entry's dialect up (api.py loads this module).
ATTRIBUTE_TEXTS.update({"stablehlo": stablehlo_attribute_text, "chlo": stablehlo_attribute_text,
                        "sdy": sdy_attribute_text})
TYPE_TEXTS.update({"stablehlo": stablehlo_type_text})
from . import quant  # noqa: E402,F401  (registers the quant dialect's types' texts)


# -- Shardy's values as its encodings (the inverse of the above, for the plain writer) ----------------
def _sdy(name: str, *fields) -> Attribute:
    from .encodings import code_of

    return Attribute("sdy", code_of("sdy", name, False), fields)


def _builtin(name: str, *fields) -> Attribute:
    from .encodings import code_of

    return Attribute("builtin", code_of("builtin", name, False), fields)


def _axis_ref_entry(axis) -> Attribute:
    sub = None if axis.sub_axis is None else _sdy("SubAxisInfoAttr", *axis.sub_axis)
    return _sdy("AxisRefAttr", axis.name, sub)


def _axes(axes) -> tuple:
    return tuple(map(_axis_ref_entry, axes))


def _mesh_entry(mesh) -> Attribute:
    return _sdy("MeshAttr", tuple(_sdy("MeshAxisAttr", a.name, a.size) for a in mesh.axes), tuple(mesh.device_ids))


def _sharding_entry(sharding, version: int | None = None) -> Attribute:
    """TensorShardingAttr in the version Shardy's writer picks: V1 without unreduced axes, V2 with
    them summed, V3 with another reduction."""
    from ...ast.sharding import REDUCTIONS

    if isinstance(sharding.mesh, str):
        mesh = _builtin("FlatSymbolRefAttr", _builtin("StringAttr", sharding.mesh))
    else:
        mesh = _mesh_entry(sharding.mesh)
    dims = tuple(_sdy("DimensionShardingAttr", _axes(d.axes), int(d.closed),
                      0 if d.priority is None else (d.priority << 1) | 1) for d in sharding.dims)
    fields = (mesh, dims, _axes(sharding.replicated))
    if version is None:
        version = 1 if not sharding.unreduced else 2 if sharding.reduction == "sum" else 3
    if version == 1:
        return _sdy("TensorShardingAttrV1", *fields)
    if version == 2:
        return _sdy("TensorShardingAttrV2", *fields, _axes(sharding.unreduced))
    return _sdy("TensorShardingAttrV3", *fields, _axes(sharding.unreduced), REDUCTIONS.index(sharding.reduction))


def _per_value_entry(shardings) -> Attribute:
    if any(s.unreduced for s in shardings):
        return _sdy("TensorShardingPerValueAttrV2", tuple(_sharding_entry(s, 2) for s in shardings))
    return _sdy("TensorShardingPerValueAttrV1", tuple(_sharding_entry(s, 1) for s in shardings))


def _sharding_rule_entry(rule) -> Attribute:
    def mappings(tensors) -> tuple:
        return tuple(_sdy("TensorMappingAttr", tuple(_sdy("DimMappingAttr", tuple(d)) for d in t)) for t in tensors)

    return _sdy("OpShardingRuleAttr", tuple(rule.factor_sizes), mappings(rule.operand_mappings),
                mappings(rule.result_mappings), tuple(rule.reduction), tuple(rule.need_replication),
                tuple(rule.permutation), tuple(rule.blocked_propagation), int(rule.is_custom))


def _shardy_kinds() -> dict:
    from ...ast import sharding as S
    from ...ast.sharding_rule import SHARDING_RULE

    return {
        "mesh": (S.MESH, _mesh_entry),
        "sharding": (S.SHARDING, _sharding_entry),
        "sharding_per_value": (S.SHARDING_PER_VALUE, _per_value_entry),
        "manual_axes": (S.MANUAL_AXES, lambda names: _sdy("ManualAxesAttr", tuple(
            _builtin("StringAttr", n) for n in names))),
        "axis_ref_list": (S.AXIS_REF_LIST, lambda axes: _sdy("AxisRefListAttr", _axes(axes))),
        "list_of_axis_ref_lists": (S.LIST_OF_AXIS_REF_LISTS, lambda lists: _sdy("ListOfAxisRefListsAttr", tuple(
            _sdy("AxisRefListAttr", _axes(a)) for a in lists))),
        "op_sharding_rule": (SHARDING_RULE, _sharding_rule_entry),
        "all_to_all_param_list": (S.ALL_TO_ALL_PARAMS, lambda params: _sdy("AllToAllParamListAttr", tuple(
            _sdy("AllToAllParamAttr", _axes(p.axes), p.source, p.target) for p in params))),
    }


class _Lazy(dict):
    """SHARDY_KINDS, made on first use (vitir's Shardy kinds import the AST)."""

    def get(self, key, default=None):
        if not self:
            self.update(_shardy_kinds())
        return super().get(key, default)


SHARDY_KINDS = _Lazy()  # the mnemonic in `#sdy.NAME<` or `#sdy<NAME` -> (vitir's kind, its encoder)
