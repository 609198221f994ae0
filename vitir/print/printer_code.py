"""The printing functions of vitir's ops, compiled with this module: a source -> a
function defining it (vitir/ast/precompiled.py).

Written by `python -m vitir.print.generate`; do not edit."""

from __future__ import annotations


def _0():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.compare {_pretty_comparison_direction(op.comparison_direction)}, {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_compare_type + _pretty_compare_type(op.compare_type)) if op.compare_type is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _1():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.select {op.pred.ssa}, {op.on_true.ssa}, {op.on_false.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {_custom_select_type(op.pred.type, op.on_true.type, op.on_false.type, op.results[0].type)}\n"
    
    return print_op


def _2():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.iota dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text}\n"
    
    return print_op


def _3():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dot_general {op.lhs.ssa}, {op.rhs.ssa}, {_custom_dot_dimensions(op.dimension_numbers)}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else ''}{(_prefix_algorithm + _pretty_algorithm(op.algorithm)) if op.algorithm is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _4():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.convolution({op.lhs.ssa}, {op.rhs.ssa}){_break(op)}dim_numbers = {_pretty_layouts(op.layouts)},{_break(op)}window = {{{_custom_window(op.stride, op.padding, op.lhs_dilate, op.rhs_dilate, op.reverse)}}}{_break(op)}{_attr_dict(op, _skip)} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _5():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.dot {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else ''}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\n"
    
    return print_op


def _6():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.add {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _7():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.subtract {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _8():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.multiply {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _9():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.divide {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _10():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.maximum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _11():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.minimum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _12():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.power {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _13():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.remainder {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _14():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.and {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _15():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.or {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _16():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.clamp {op.min.ssa}, {op.operand.ssa}, {op.max.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.min.type is r.type and op.operand.type is r.type and op.max.type is r.type) else _functional(op)}\n"
    
    return print_op


def _17():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.exponential {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _18():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.log {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _19():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.rsqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _20():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.sqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _21():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.tanh {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _22():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.cosine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _23():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.sine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _24():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.floor {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _25():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.ceil {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _26():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.logistic {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _27():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.log_plus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _28():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.exponential_minus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _29():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.round_nearest_even {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _30():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.negate {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _31():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.abs {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _32():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.sign {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _33():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.not {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _34():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.is_finite {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _35():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.convert {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _36():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.xor {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _37():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.shift_left {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _38():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.shift_right_arithmetic {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _39():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.shift_right_logical {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _40():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.atan2 {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\n"
    
    return print_op


def _41():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.complex {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {_custom_complex_type(op.lhs.type, op.rhs.type, op.results[0].type)}\n"
    
    return print_op


def _42():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.cbrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _43():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.tan {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _44():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.round_nearest_afz {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _45():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.popcnt {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _46():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.count_leading_zeros {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _47():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.real {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _48():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.imag {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\n"
    
    return print_op


def _49():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.broadcast_in_dim {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _50():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.reshape {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _51():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.transpose {op.operand.ssa}, dims = {_pretty_perm(op.perm)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _52():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.slice {op.operand.ssa} {_custom_slice_ranges(op.start, op.limit, op.strides)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}) -> {r.type.text}\n"
    
    return print_op


def _53():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.pad {op.operand.ssa}, {op.padding_value.ssa}, low = {_pretty_low(op.low)}, high = {_pretty_high(op.high)}, interior = {_pretty_interior(op.interior)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({op.operand.type.text}, {op.padding_value.type.text}) -> {r.type.text}\n"
    
    return print_op


def _54():
    def print_op(op):
        r = op.results[0]
        return f"    {r.ssa} = stablehlo.concatenate {_ssas_then(op.inputs)}dim = {_pretty_dim(op.dim)}{(_attr_prefix + _others(op.discardable)) if op.discardable else ''} : ({_types(op.operands)}) -> {r.type.text}\n"
    
    return print_op


CODE = {
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.compare {_pretty_comparison_direction(op.comparison_direction)}, {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_compare_type + _pretty_compare_type(op.compare_type)) if op.compare_type is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _0,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.select {op.pred.ssa}, {op.on_true.ssa}, {op.on_false.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {_custom_select_type(op.pred.type, op.on_true.type, op.on_false.type, op.results[0].type)}\\n"\n': _1,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.iota dim = {_pretty_iota_dimension(op.iota_dimension)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text}\\n"\n': _2,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dot_general {op.lhs.ssa}, {op.rhs.ssa}, {_custom_dot_dimensions(op.dimension_numbers)}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else \'\'}{(_prefix_algorithm + _pretty_algorithm(op.algorithm)) if op.algorithm is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _3,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.convolution({op.lhs.ssa}, {op.rhs.ssa}){_break(op)}dim_numbers = {_pretty_layouts(op.layouts)},{_break(op)}window = {{{_custom_window(op.stride, op.padding, op.lhs_dilate, op.rhs_dilate, op.reverse)}}}{_break(op)}{_attr_dict(op, _skip)} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _4,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.dot {op.lhs.ssa}, {op.rhs.ssa}{(_prefix_precision_config + _pretty_precision_config(op.precision_config)) if op.precision_config is not None else \'\'}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.lhs.type.text}, {op.rhs.type.text}) -> {r.type.text}\\n"\n': _5,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.add {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _6,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.subtract {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _7,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.multiply {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _8,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.divide {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _9,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.maximum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _10,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.minimum {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _11,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.power {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _12,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.remainder {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _13,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.and {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _14,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.or {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _15,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.clamp {op.min.ssa}, {op.operand.ssa}, {op.max.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.min.type is r.type and op.operand.type is r.type and op.max.type is r.type) else _functional(op)}\\n"\n': _16,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.exponential {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _17,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.log {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _18,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.rsqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _19,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.sqrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _20,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.tanh {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _21,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.cosine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _22,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.sine {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _23,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.floor {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _24,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.ceil {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _25,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.logistic {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _26,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.log_plus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _27,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.exponential_minus_one {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _28,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.round_nearest_even {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _29,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.negate {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _30,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.abs {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _31,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.sign {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _32,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.not {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _33,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.is_finite {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _34,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.convert {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _35,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.xor {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _36,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.shift_left {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _37,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.shift_right_arithmetic {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _38,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.shift_right_logical {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _39,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.atan2 {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.lhs.type is r.type and op.rhs.type is r.type) else _functional(op)}\\n"\n': _40,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.complex {op.lhs.ssa}, {op.rhs.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {_custom_complex_type(op.lhs.type, op.rhs.type, op.results[0].type)}\\n"\n': _41,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.cbrt {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _42,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.tan {op.operand.ssa}{_prefixed(_attr_prefix, _attr_dict(op, _skip))} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _43,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.round_nearest_afz {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _44,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.popcnt {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _45,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.count_leading_zeros {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _46,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.real {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _47,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.imag {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : {r.type.text if (op.operand.type is r.type) else _functional(op)}\\n"\n': _48,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.broadcast_in_dim {op.operand.ssa}, dims = {_pretty_dims(op.dims)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _49,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.reshape {op.operand.ssa}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _50,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.transpose {op.operand.ssa}, dims = {_pretty_perm(op.perm)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _51,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.slice {op.operand.ssa} {_custom_slice_ranges(op.start, op.limit, op.strides)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}) -> {r.type.text}\\n"\n': _52,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.pad {op.operand.ssa}, {op.padding_value.ssa}, low = {_pretty_low(op.low)}, high = {_pretty_high(op.high)}, interior = {_pretty_interior(op.interior)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({op.operand.type.text}, {op.padding_value.type.text}) -> {r.type.text}\\n"\n': _53,
    'def print_op(op):\n    r = op.results[0]\n    return f"    {r.ssa} = stablehlo.concatenate {_ssas_then(op.inputs)}dim = {_pretty_dim(op.dim)}{(_attr_prefix + _others(op.discardable)) if op.discardable else \'\'} : ({_types(op.operands)}) -> {r.type.text}\\n"\n': _54,
}
