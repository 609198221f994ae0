"""The printing functions of vitir's ops, compiled with this module: a source -> a
function defining it (vitir/ast/precompiled.py).

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
        return f"    {r.ssa} = stablehlo.compare {_pretty_comparison_direction(op.comparison_direction)}, {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_compare_type + _pretty_compare_type(op.compare_type)) if op.compare_type is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _52():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.select {op.pred.ssa}, {op.on_true.ssa}, {op.on_false.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {_custom_select_type(op.pred.type, op.on_true.type, op.on_false.type, op.results[0].type)}\n"
    
    return print_op


def _53():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.iota dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text}\n"
    
    return print_op


def _54():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dot_general {op.lhs.ssa}, {op.rhs.ssa}, {_custom_dot_dimensions(op.dimension_numbers)}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else ''}{(_prefix_algorithm + _pretty_algorithm(op.algorithm)) if op.algorithm is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _55():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.convolution({op.lhs.ssa}, {op.rhs.ssa}){_break(op)}dim_numbers = {_pretty_layouts(op.layouts)},{_break(op)}window = {{{_custom_window(op.stride, op.padding, op.lhs_dilate, op.rhs_dilate, op.reverse)}}}{_break(op)}{_attr_dict(op, _skip)} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _56():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dot {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _57():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.tuple {_ssas(op.val)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {_custom_tuple_type(tuple([v.type for v in op.val]), op.results[0].type)}\n"
    
    return print_op


def _58():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.get_tuple_element {op.operand.ssa}[{_pretty_index(op.index)}]{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _59():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.after_all {_ssas(op.inputs)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (all([v.type is r.type for v in op.operands])) else _functional(op)}\n"
    
    return print_op


def _60():
    def print_op(op):
        if op.discardable:
            return _generic(op)
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.create_token : {r.type.text}\n"
    
    return print_op


def _61():
    def print_op(op):
        return f"    {_results_prefix(op)}stablehlo.composite {_pretty_composite_name(op.composite_name)} {_ssas(op.inputs)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\n"
    
    return print_op


def _62():
    def print_op(op):
        return f"    {_results_prefix(op)}stablehlo.custom_call {_custom_custom_call_target(op.call_target_name)}({_ssas(op.inputs)}){_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\n"
    
    return print_op


def _63():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_slice {op.operand.ssa}, {_ssas_then(op.start_indices)}sizes = {_pretty_slice_sizes(op.slice_sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({_types(op.operands)}) -> {r.type.text}\n"
    
    return print_op


def _64():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_update_slice {_custom_operands(op.operand, op.update, op.start_indices)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({_types(op.operands)}) -> {r.type.text}\n"
    
    return print_op


def _65():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.reverse {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _66():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.get_dimension_size {op.operand.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _67():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.broadcast {op.operand.ssa}, sizes = {_pretty_sizes(op.sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _68():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_iota {op.output_shape.ssa}, dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.output_shape.type.text}) -> {r.type.text}\n"
    
    return print_op


def _69():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_broadcast_in_dim {op.operand.ssa}, {op.output_dimensions.ssa}, dims = {_pretty_dims(op.dims)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.operand.type.text}, {op.output_dimensions.type.text}) -> {r.type.text}\n"
    
    return print_op


def _70():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_pad {op.operand.ssa}, {op.padding_value.ssa}, {op.edge_padding_low.ssa}, {op.edge_padding_high.ssa}, {op.interior_padding.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.padding_value.type.text}, {op.edge_padding_low.type.text}, {op.edge_padding_high.type.text}, {op.interior_padding.type.text}) -> {r.type.text}\n"
    
    return print_op


def _71():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dynamic_reshape {op.operand.ssa}, {op.output_shape.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.output_shape.type.text}) -> {r.type.text}\n"
    
    return print_op


def _72():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.set_dimension_size {op.operand.ssa}, {op.size.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.size.type.text}) -> {r.type.text}\n"
    
    return print_op


def _73():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.real_dynamic_slice {op.operand.ssa}, {op.start_indices.ssa}, {op.limit_indices.ssa}, {op.strides.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.start_indices.type.text}, {op.limit_indices.type.text}, {op.strides.type.text}) -> {r.type.text}\n"
    
    return print_op


def _74():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.einsum {op.lhs.ssa}, {op.rhs.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _75():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.unary_einsum {op.operand.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _76():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.add {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _77():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.subtract {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _78():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.multiply {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _79():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.divide {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _80():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.maximum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _81():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.minimum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _82():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.power {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _83():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.remainder {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _84():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.and {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _85():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.or {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _86():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.clamp {op.min.ssa}, {op.operand.ssa}, {op.max.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.min.type is r.type and op.operand.type is r.type and op.max.type is r.type) else _functional(op)}\n"
    
    return print_op


def _87():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.exponential {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _88():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.log {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _89():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.rsqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _90():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.sqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _91():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.tanh {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _92():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.cosine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _93():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.sine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _94():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.floor {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _95():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.ceil {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _96():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.logistic {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _97():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.log_plus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _98():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.exponential_minus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _99():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.round_nearest_even {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _100():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.negate {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _101():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.abs {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _102():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.sign {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _103():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.not {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _104():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.is_finite {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _105():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.convert {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _106():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.xor {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _107():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.shift_left {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _108():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.shift_right_arithmetic {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _109():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.shift_right_logical {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _110():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.atan2 {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _111():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.complex {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {_custom_complex_type(op.lhs.type, op.rhs.type, op.results[0].type)}\n"
    
    return print_op


def _112():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.cbrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _113():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.tan {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _114():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.round_nearest_afz {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _115():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.popcnt {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _116():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.count_leading_zeros {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _117():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.real {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _118():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.imag {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _119():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.cholesky {op.a.ssa}{(_prefix_lower + _pretty_lower(op.lower)) if op.lower is not None and op.lower != _default_lower else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.a.type is r.type) else _functional(op)}\n"
    
    return print_op


def _120():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.fft {op.operand.ssa}, type = {_pretty_fft_type(op.fft_type)}, length = {_pretty_fft_length(op.fft_length)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _121():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.reduce_precision {op.operand.ssa}, format = {_custom_exponent_mantissa(op.exponent_bits, op.mantissa_bits)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _122():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.uniform_quantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _123():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.uniform_dequantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _124():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.broadcast_in_dim {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _125():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.reshape {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _126():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.transpose {op.operand.ssa}, dims = {_pretty_perm(op.perm)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _127():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.slice {op.operand.ssa} {_custom_slice_ranges(op.start, op.limit, op.strides)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _128():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.pad {op.operand.ssa}, {op.padding_value.ssa}, low = {_pretty_low(op.low)}, high = {_pretty_high(op.high)}, interior = {_pretty_interior(op.interior)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.padding_value.type.text}) -> {r.type.text}\n"
    
    return print_op


def _129():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.concatenate {_ssas_then(op.inputs)}dim = {_pretty_dim(op.dim)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({_types(op.operands)}) -> {r.type.text}\n"
    
    return print_op


def _130():
    def print_op(op):
        return f"    {_results_prefix(op)}sdy.mesh {_pretty_sym_name(op.sym_name)} = {_pretty_mesh(op.mesh)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''}\n"
    
    return print_op


def _131():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.sharding_constraint {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _132():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.reshard {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _133():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.propagation_barrier {op.input.ssa} allowed_direction={_pretty_allowed_direction(op.allowed_direction)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _134():
    def print_op(op):
        return f"    {_results_prefix(op)}sdy.sharding_group {op.input.ssa} group_id={_pretty_group_id(op.group_id)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {op.input.type.text}\n"
    
    return print_op


def _135():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_gather {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _136():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_slice {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _137():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_reduce {_custom_reduction_axes(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _138():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.all_to_all {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _139():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.reduce_scatter {_custom_reduction_axes_per_dimension(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _140():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.collective_permute {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _141():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.sharded_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _142():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.replicated_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\n"
    
    return print_op


def _143():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = sdy.data_flow_edge {op.input.ssa}{(_prefix_sharding + _pretty_sharding(op.sharding)) if op.sharding is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.input.type is r.type) else _functional(op)}\n"
    
    return print_op


def _144():
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
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.compare {_pretty_comparison_direction(op.comparison_direction)}, {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_compare_type + _pretty_compare_type(op.compare_type)) if op.compare_type is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _51,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.select {op.pred.ssa}, {op.on_true.ssa}, {op.on_false.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {_custom_select_type(op.pred.type, op.on_true.type, op.on_false.type, op.results[0].type)}\\n"\n': _52,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.iota dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text}\\n"\n': _53,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dot_general {op.lhs.ssa}, {op.rhs.ssa}, {_custom_dot_dimensions(op.dimension_numbers)}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else \'\'}{(_prefix_algorithm + _pretty_algorithm(op.algorithm)) if op.algorithm is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _54,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.convolution({op.lhs.ssa}, {op.rhs.ssa}){_break(op)}dim_numbers = {_pretty_layouts(op.layouts)},{_break(op)}window = {{{_custom_window(op.stride, op.padding, op.lhs_dilate, op.rhs_dilate, op.reverse)}}}{_break(op)}{_attr_dict(op, _skip)} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _55,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dot {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _56,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.tuple {_ssas(op.val)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {_custom_tuple_type(tuple([v.type for v in op.val]), op.results[0].type)}\\n"\n': _57,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.get_tuple_element {op.operand.ssa}[{_pretty_index(op.index)}]{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _58,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.after_all {_ssas(op.inputs)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (all([v.type is r.type for v in op.operands])) else _functional(op)}\\n"\n': _59,
    'def print_op(op):\n    if op.discardable:\n        return _generic(op)\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.create_token : {r.type.text}\\n"\n': _60,
    'def print_op(op):\n    return f"    {_results_prefix(op)}stablehlo.composite {_pretty_composite_name(op.composite_name)} {_ssas(op.inputs)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\\n"\n': _61,
    'def print_op(op):\n    return f"    {_results_prefix(op)}stablehlo.custom_call {_custom_custom_call_target(op.call_target_name)}({_ssas(op.inputs)}){_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({_types(op.operands)}) -> {_result_types(op)}\\n"\n': _62,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_slice {op.operand.ssa}, {_ssas_then(op.start_indices)}sizes = {_pretty_slice_sizes(op.slice_sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({_types(op.operands)}) -> {r.type.text}\\n"\n': _63,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_update_slice {_custom_operands(op.operand, op.update, op.start_indices)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({_types(op.operands)}) -> {r.type.text}\\n"\n': _64,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.reverse {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _65,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.get_dimension_size {op.operand.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _66,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.broadcast {op.operand.ssa}, sizes = {_pretty_sizes(op.sizes)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _67,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_iota {op.output_shape.ssa}, dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.output_shape.type.text}) -> {r.type.text}\\n"\n': _68,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_broadcast_in_dim {op.operand.ssa}, {op.output_dimensions.ssa}, dims = {_pretty_dims(op.dims)}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : ({op.operand.type.text}, {op.output_dimensions.type.text}) -> {r.type.text}\\n"\n': _69,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_pad {op.operand.ssa}, {op.padding_value.ssa}, {op.edge_padding_low.ssa}, {op.edge_padding_high.ssa}, {op.interior_padding.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.padding_value.type.text}, {op.edge_padding_low.type.text}, {op.edge_padding_high.type.text}, {op.interior_padding.type.text}) -> {r.type.text}\\n"\n': _70,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dynamic_reshape {op.operand.ssa}, {op.output_shape.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.output_shape.type.text}) -> {r.type.text}\\n"\n': _71,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.set_dimension_size {op.operand.ssa}, {op.size.ssa}, dim = {_pretty_dimension(op.dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.size.type.text}) -> {r.type.text}\\n"\n': _72,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.real_dynamic_slice {op.operand.ssa}, {op.start_indices.ssa}, {op.limit_indices.ssa}, {op.strides.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.start_indices.type.text}, {op.limit_indices.type.text}, {op.strides.type.text}) -> {r.type.text}\\n"\n': _73,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.einsum {op.lhs.ssa}, {op.rhs.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _74,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.unary_einsum {op.operand.ssa}, config = {_pretty_einsum_config(op.einsum_config)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _75,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.add {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _76,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.subtract {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _77,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.multiply {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _78,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.divide {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _79,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.maximum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _80,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.minimum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _81,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.power {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _82,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.remainder {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _83,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.and {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _84,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.or {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _85,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.clamp {op.min.ssa}, {op.operand.ssa}, {op.max.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.min.type is r.type and op.operand.type is r.type and op.max.type is r.type) else _functional(op)}\\n"\n': _86,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.exponential {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _87,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.log {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _88,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.rsqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _89,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.sqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _90,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.tanh {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _91,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.cosine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _92,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.sine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _93,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.floor {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _94,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.ceil {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _95,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.logistic {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _96,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.log_plus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _97,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.exponential_minus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _98,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.round_nearest_even {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _99,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.negate {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _100,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.abs {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _101,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.sign {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _102,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.not {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _103,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.is_finite {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _104,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.convert {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _105,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.xor {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _106,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.shift_left {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _107,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.shift_right_arithmetic {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _108,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.shift_right_logical {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _109,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.atan2 {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _110,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.complex {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {_custom_complex_type(op.lhs.type, op.rhs.type, op.results[0].type)}\\n"\n': _111,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.cbrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _112,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.tan {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _113,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.round_nearest_afz {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _114,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.popcnt {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _115,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.count_leading_zeros {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _116,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.real {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _117,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.imag {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _118,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.cholesky {op.a.ssa}{(_prefix_lower + _pretty_lower(op.lower)) if op.lower is not None and op.lower != _default_lower else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.a.type is r.type) else _functional(op)}\\n"\n': _119,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.fft {op.operand.ssa}, type = {_pretty_fft_type(op.fft_type)}, length = {_pretty_fft_length(op.fft_length)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _120,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.reduce_precision {op.operand.ssa}, format = {_custom_exponent_mantissa(op.exponent_bits, op.mantissa_bits)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _121,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.uniform_quantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _122,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.uniform_dequantize {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _123,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.broadcast_in_dim {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _124,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.reshape {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _125,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.transpose {op.operand.ssa}, dims = {_pretty_perm(op.perm)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _126,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.slice {op.operand.ssa} {_custom_slice_ranges(op.start, op.limit, op.strides)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _127,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.pad {op.operand.ssa}, {op.padding_value.ssa}, low = {_pretty_low(op.low)}, high = {_pretty_high(op.high)}, interior = {_pretty_interior(op.interior)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.padding_value.type.text}) -> {r.type.text}\\n"\n': _128,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.concatenate {_ssas_then(op.inputs)}dim = {_pretty_dim(op.dim)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({_types(op.operands)}) -> {r.type.text}\\n"\n': _129,
    'def print_op(op):\n    return f"    {_results_prefix(op)}sdy.mesh {_pretty_sym_name(op.sym_name)} = {_pretty_mesh(op.mesh)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'}\\n"\n': _130,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.sharding_constraint {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _131,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.reshard {op.input.ssa} {_pretty_sharding(op.sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _132,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.propagation_barrier {op.input.ssa} allowed_direction={_pretty_allowed_direction(op.allowed_direction)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _133,
    'def print_op(op):\n    return f"    {_results_prefix(op)}sdy.sharding_group {op.input.ssa} group_id={_pretty_group_id(op.group_id)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {op.input.type.text}\\n"\n': _134,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_gather {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _135,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_slice {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _136,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_reduce {_custom_reduction_axes(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _137,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.all_to_all {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _138,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.reduce_scatter {_custom_reduction_axes_per_dimension(op.reduction_op, op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _139,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.collective_permute {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _140,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.sharded_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _141,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.replicated_to_unreduced {_pretty_axes(op.axes)} {op.tensor.ssa} out_sharding={_pretty_out_sharding(op.out_sharding)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.tensor.type is r.type) else _functional(op)}\\n"\n': _142,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.data_flow_edge {op.input.ssa}{(_prefix_sharding + _pretty_sharding(op.sharding)) if op.sharding is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.input.type is r.type) else _functional(op)}\\n"\n': _143,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = sdy.func_data_flow_edge {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _144,
}
