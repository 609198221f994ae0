"""The printing functions of vitir's ops, compiled with this module: a source -> a
function defining it (vitir/ast/precompiled.py).
The op families imported on first use.

Written by `python -m vitir.print.generate`; do not edit."""

from __future__ import annotations


def _0():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.rng {op.a.ssa}, {op.b.ssa}, {op.shape.ssa}, distribution = {_pretty_rng_distribution(op.rng_distribution)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.a.type.text}, {op.b.type.text}, {op.shape.type.text}) -> {r.type.text}\n"
    
    return print_op


def _1():
    def print_op(op):
        return f"    {_results_prefix(op)}stablehlo.rng_bit_generator {op.initial_state.ssa}, algorithm = {_pretty_rng_algorithm(op.rng_algorithm)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.initial_state.type.text}) -> {_result_types(op)}\n"
    
    return print_op


def _2():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.bitcast_convert {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _3():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.acos {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _4():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.acosh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _5():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.asin {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _6():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.asinh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _7():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.atan {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _8():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.atanh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _9():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.cosh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _10():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.sinh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _11():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.tan {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _12():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.conj {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _13():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.square {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _14():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.bessel_i1e {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _15():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.erf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _16():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.erfc {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _17():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.erf_inv {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _18():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.lgamma {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _19():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.digamma {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _20():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.is_inf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _21():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.is_neg_inf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _22():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.is_pos_inf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.operand.type.text} -> {r.type.text}\n"
    
    return print_op


def _23():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.next_after {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\n"
    
    return print_op


def _24():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.polygamma {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\n"
    
    return print_op


def _25():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.zeta {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\n"
    
    return print_op


def _26():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.mulhi {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\n"
    
    return print_op


def _27():
    def print_op(op):
        return f"    {_results_prefix(op)}chlo.top_k({op.operand.ssa}, k = {_pretty_k(op.k)}){_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {op.operand.type.text} -> ({op.results[0].type.text}, {op.results[1].type.text})\n"
    
    return print_op


def _28():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_add {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _29():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_atan2 {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _30():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_divide {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _31():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_maximum {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _32():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_minimum {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _33():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_multiply {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _34():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_next_after {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _35():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_polygamma {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _36():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_power {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _37():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_remainder {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _38():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_shift_left {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _39():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_shift_right_arithmetic {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _40():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_shift_right_logical {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _41():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_subtract {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _42():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_zeta {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _43():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_and {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _44():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_or {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _45():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_xor {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _46():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_complex {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _47():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_compare {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _48():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = chlo.broadcast_select {op.pred.ssa}, {op.on_true.ssa}, {op.on_false.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.pred.type.text}, {op.on_true.type.text}, {op.on_false.type.text}) -> {r.type.text}\n"
    
    return print_op


def _49():
    def print_op(op):
        if op.discardable:
            return _generic(op)
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.replica_id : {r.type.text}\n"
    
    return print_op


def _50():
    def print_op(op):
        if op.discardable:
            return _generic(op)
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.partition_id : {r.type.text}\n"
    
    return print_op


def _51():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.tuple {_ssas(op.val)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {_custom_tuple_type(tuple([v.type for v in op.val]), op.results[0].type)}\n"
    
    return print_op


def _52():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.get_tuple_element {op.operand.ssa}[{_pretty_index(op.index)}]{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _53():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.after_all {_ssas(op.inputs)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (all([v.type is r.type for v in op.operands])) else _functional(op)}\n"
    
    return print_op


def _54():
    def print_op(op):
        if op.discardable:
            return _generic(op)
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.create_token : {r.type.text}\n"
    
    return print_op


def _55():
    def print_op(op):
        return f"    {_results_prefix(op)}stablehlo.composite {_pretty_composite_name(op.composite_name)} {_ssas(op.inputs)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\n"
    
    return print_op


def _56():
    def print_op(op):
        return f"    {_results_prefix(op)}stablehlo.custom_call {_custom_custom_call_target(op.call_target_name)}({_ssas(op.inputs)}){_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\n"
    
    return print_op


def _57():
    def print_op(op):
        return f"    {_results_prefix(op)}func.call {_pretty_callee(op.callee)}({_ssas(op.inputs)}){(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({_types(op.operands)}) -> {_result_types(op)}\n"
    
    return print_op


def _58():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_slice {op.operand.ssa}, {_ssas_then(op.start_indices)}sizes = {_pretty_slice_sizes(op.slice_sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({_types(op.operands)}) -> {r.type.text}\n"
    
    return print_op


def _59():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_update_slice {_custom_operands(op.operand, op.update, op.start_indices)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({_types(op.operands)}) -> {r.type.text}\n"
    
    return print_op


def _60():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.reverse {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _61():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.get_dimension_size {op.operand.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _62():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.broadcast {op.operand.ssa}, sizes = {_pretty_sizes(op.sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _63():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_iota {op.output_shape.ssa}, dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.output_shape.type.text}) -> {r.type.text}\n"
    
    return print_op


def _64():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_broadcast_in_dim {op.operand.ssa}, {op.output_dimensions.ssa}, dims = {_pretty_dims(op.dims)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.operand.type.text}, {op.output_dimensions.type.text}) -> {r.type.text}\n"
    
    return print_op


def _65():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_pad {op.operand.ssa}, {op.padding_value.ssa}, {op.edge_padding_low.ssa}, {op.edge_padding_high.ssa}, {op.interior_padding.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.padding_value.type.text}, {op.edge_padding_low.type.text}, {op.edge_padding_high.type.text}, {op.interior_padding.type.text}) -> {r.type.text}\n"
    
    return print_op


def _66():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_reshape {op.operand.ssa}, {op.output_shape.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.output_shape.type.text}) -> {r.type.text}\n"
    
    return print_op


def _67():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.set_dimension_size {op.operand.ssa}, {op.size.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.size.type.text}) -> {r.type.text}\n"
    
    return print_op


def _68():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.real_dynamic_slice {op.operand.ssa}, {op.start_indices.ssa}, {op.limit_indices.ssa}, {op.strides.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.start_indices.type.text}, {op.limit_indices.type.text}, {op.strides.type.text}) -> {r.type.text}\n"
    
    return print_op


def _69():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.einsum {op.lhs.ssa}, {op.rhs.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _70():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.unary_einsum {op.operand.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _71():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.cholesky {op.a.ssa}{(_prefix_lower + _pretty_lower(op.lower)) if op.lower is not None and op.lower != _default_lower else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.a.type is r.type) else _functional(op)}\n"
    
    return print_op


def _72():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.fft {op.operand.ssa}, type = {_pretty_fft_type(op.fft_type)}, length = {_pretty_fft_length(op.fft_length)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _73():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.reduce_precision {op.operand.ssa}, format = {_custom_exponent_mantissa(op.exponent_bits, op.mantissa_bits)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _74():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.uniform_quantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _75():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.uniform_dequantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _76():
    def print_op(op):
        return f"    {_results_prefix(op)}sdy.mesh {_pretty_sym_name(op.sym_name)} = {_pretty_mesh(op.mesh)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''}\n"
    
    return print_op


def _77():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.sharding_constraint {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _78():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.reshard {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _79():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.propagation_barrier {op.input.ssa} allowed_direction={_pretty_allowed_direction(op.allowed_direction)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _80():
    def print_op(op):
        return f"    {_results_prefix(op)}sdy.sharding_group {op.input.ssa} group_id={_pretty_group_id(op.group_id)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.input.type.text}\n"
    
    return print_op


def _81():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_gather {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _82():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_slice {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _83():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_reduce {_custom_reduction_axes(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _84():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_to_all {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _85():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.reduce_scatter {_custom_reduction_axes_per_dimension(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _86():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.collective_permute {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _87():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.sharded_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _88():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.replicated_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _89():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.data_flow_edge {op.input.ssa}{(_prefix_sharding + _pretty_sharding(op.sharding)) if op.sharding is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _90():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.func_data_flow_edge {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


CODE = {
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.rng {op.a.ssa}, {op.b.ssa}, {op.shape.ssa}, distribution = {_pretty_rng_distribution(op.rng_distribution)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.a.type.text}, {op.b.type.text}, {op.shape.type.text}) -> {r.type.text}\\n"\n': _0,
    'def print_op(op):\n    return f"    {_results_prefix(op)}stablehlo.rng_bit_generator {op.initial_state.ssa}, algorithm = {_pretty_rng_algorithm(op.rng_algorithm)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.initial_state.type.text}) -> {_result_types(op)}\\n"\n': _1,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.bitcast_convert {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _2,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.acos {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _3,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.acosh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _4,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.asin {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _5,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.asinh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _6,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.atan {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _7,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.atanh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _8,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.cosh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _9,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.sinh {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _10,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.tan {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _11,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.conj {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _12,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.square {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _13,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.bessel_i1e {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _14,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.erf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _15,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.erfc {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _16,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.erf_inv {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _17,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.lgamma {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _18,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.digamma {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _19,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.is_inf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _20,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.is_neg_inf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _21,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.is_pos_inf {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.operand.type.text} -> {r.type.text}\\n"\n': _22,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.next_after {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\\n"\n': _23,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.polygamma {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\\n"\n': _24,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.zeta {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\\n"\n': _25,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.mulhi {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.lhs.type.text}, {op.rhs.type.text} -> {r.type.text}\\n"\n': _26,
    'def print_op(op):\n    return f"    {_results_prefix(op)}chlo.top_k({op.operand.ssa}, k = {_pretty_k(op.k)}){_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {op.operand.type.text} -> ({op.results[0].type.text}, {op.results[1].type.text})\\n"\n': _27,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_add {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _28,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_atan2 {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _29,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_divide {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _30,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_maximum {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _31,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_minimum {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _32,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_multiply {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _33,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_next_after {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _34,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_polygamma {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _35,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_power {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _36,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_remainder {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _37,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_shift_left {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _38,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_shift_right_arithmetic {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _39,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_shift_right_logical {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _40,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_subtract {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _41,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_zeta {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _42,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_and {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _43,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_or {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _44,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_xor {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _45,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_complex {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _46,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_compare {op.lhs.ssa}, {op.rhs.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _47,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = chlo.broadcast_select {op.pred.ssa}, {op.on_true.ssa}, {op.on_false.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.pred.type.text}, {op.on_true.type.text}, {op.on_false.type.text}) -> {r.type.text}\\n"\n': _48,
    'def print_op(op):\n    if op.discardable:\n        return _generic(op)\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.replica_id : {r.type.text}\\n"\n': _49,
    'def print_op(op):\n    if op.discardable:\n        return _generic(op)\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.partition_id : {r.type.text}\\n"\n': _50,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.tuple {_ssas(op.val)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {_custom_tuple_type(tuple([v.type for v in op.val]), op.results[0].type)}\\n"\n': _51,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.get_tuple_element {op.operand.ssa}[{_pretty_index(op.index)}]{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _52,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.after_all {_ssas(op.inputs)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (all([v.type is r.type for v in op.operands])) else _functional(op)}\\n"\n': _53,
    'def print_op(op):\n    if op.discardable:\n        return _generic(op)\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.create_token : {r.type.text}\\n"\n': _54,
    'def print_op(op):\n    return f"    {_results_prefix(op)}stablehlo.composite {_pretty_composite_name(op.composite_name)} {_ssas(op.inputs)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\\n"\n': _55,
    'def print_op(op):\n    return f"    {_results_prefix(op)}stablehlo.custom_call {_custom_custom_call_target(op.call_target_name)}({_ssas(op.inputs)}){_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\\n"\n': _56,
    'def print_op(op):\n    return f"    {_results_prefix(op)}func.call {_pretty_callee(op.callee)}({_ssas(op.inputs)}){(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({_types(op.operands)}) -> {_result_types(op)}\\n"\n': _57,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_slice {op.operand.ssa}, {_ssas_then(op.start_indices)}sizes = {_pretty_slice_sizes(op.slice_sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({_types(op.operands)}) -> {r.type.text}\\n"\n': _58,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_update_slice {_custom_operands(op.operand, op.update, op.start_indices)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({_types(op.operands)}) -> {r.type.text}\\n"\n': _59,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.reverse {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _60,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.get_dimension_size {op.operand.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _61,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.broadcast {op.operand.ssa}, sizes = {_pretty_sizes(op.sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _62,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_iota {op.output_shape.ssa}, dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.output_shape.type.text}) -> {r.type.text}\\n"\n': _63,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_broadcast_in_dim {op.operand.ssa}, {op.output_dimensions.ssa}, dims = {_pretty_dims(op.dims)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.operand.type.text}, {op.output_dimensions.type.text}) -> {r.type.text}\\n"\n': _64,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_pad {op.operand.ssa}, {op.padding_value.ssa}, {op.edge_padding_low.ssa}, {op.edge_padding_high.ssa}, {op.interior_padding.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.padding_value.type.text}, {op.edge_padding_low.type.text}, {op.edge_padding_high.type.text}, {op.interior_padding.type.text}) -> {r.type.text}\\n"\n': _65,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_reshape {op.operand.ssa}, {op.output_shape.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.output_shape.type.text}) -> {r.type.text}\\n"\n': _66,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.set_dimension_size {op.operand.ssa}, {op.size.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.size.type.text}) -> {r.type.text}\\n"\n': _67,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.real_dynamic_slice {op.operand.ssa}, {op.start_indices.ssa}, {op.limit_indices.ssa}, {op.strides.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.start_indices.type.text}, {op.limit_indices.type.text}, {op.strides.type.text}) -> {r.type.text}\\n"\n': _68,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.einsum {op.lhs.ssa}, {op.rhs.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _69,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.unary_einsum {op.operand.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _70,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.cholesky {op.a.ssa}{(_prefix_lower + _pretty_lower(op.lower)) if op.lower is not None and op.lower != _default_lower else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.a.type is r.type) else _functional(op)}\\n"\n': _71,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.fft {op.operand.ssa}, type = {_pretty_fft_type(op.fft_type)}, length = {_pretty_fft_length(op.fft_length)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _72,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.reduce_precision {op.operand.ssa}, format = {_custom_exponent_mantissa(op.exponent_bits, op.mantissa_bits)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _73,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.uniform_quantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _74,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.uniform_dequantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _75,
    'def print_op(op):\n    return f"    {_results_prefix(op)}sdy.mesh {_pretty_sym_name(op.sym_name)} = {_pretty_mesh(op.mesh)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'}\\n"\n': _76,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.sharding_constraint {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _77,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.reshard {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _78,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.propagation_barrier {op.input.ssa} allowed_direction={_pretty_allowed_direction(op.allowed_direction)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _79,
    'def print_op(op):\n    return f"    {_results_prefix(op)}sdy.sharding_group {op.input.ssa} group_id={_pretty_group_id(op.group_id)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.input.type.text}\\n"\n': _80,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_gather {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _81,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_slice {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _82,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_reduce {_custom_reduction_axes(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _83,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_to_all {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _84,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.reduce_scatter {_custom_reduction_axes_per_dimension(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _85,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.collective_permute {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _86,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.sharded_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _87,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.replicated_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _88,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.data_flow_edge {op.input.ssa}{(_prefix_sharding + _pretty_sharding(op.sharding)) if op.sharding is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _89,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.func_data_flow_edge {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _90,
}
