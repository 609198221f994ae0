"""The constructors of vitir's ops, compiled with this module: a source -> a function
defining it (vitir/ast/precompiled.py).

Written by `python -m vitir.ast.generate`; do not edit."""

from __future__ import annotations


def _0():
    def __init__(self, name, lhs, rhs, comparison_direction, compare_type=_default_compare_type, *, path='', discardable=(), location=None):
        if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)
        if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)
        self.operands = (lhs, rhs)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.lhs = lhs
        self.rhs = rhs
        try:
            comparison_direction = _coerce_comparison_direction(comparison_direction)
            if compare_type is not None: compare_type = _coerce_compare_type(compare_type)
            self.comparison_direction = comparison_direction
            self.compare_type = compare_type
            key = (lhs.type, rhs.type, comparison_direction, compare_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _1():
    def __init__(self, name, pred, on_true, on_false, *, path='', discardable=(), location=None):
        if type(pred) is not Value: _not_a_value(self, name, 'pred', pred, path)
        if type(on_true) is not Value: _not_a_value(self, name, 'on_true', on_true, path)
        if type(on_false) is not Value: _not_a_value(self, name, 'on_false', on_false, path)
        self.operands = (pred, on_true, on_false)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.pred = pred
        self.on_true = on_true
        self.on_false = on_false
        try:
            key = (pred.type, on_true.type, on_false.type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _2():
    def __init__(self, name, operand, replicas, names, over_partitions=_default_over_partitions, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            replicas = _coerce_replicas(replicas)
            names = _coerce_names(names)
            if over_partitions is not None: over_partitions = _coerce_over_partitions(over_partitions)
            self.replicas = replicas
            self.names = names
            self.over_partitions = over_partitions
            key = (operand.type, replicas, names, over_partitions)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _3():
    def __init__(self, name, theta, grad, m, v, b1, ob1, b2, ob2, bc1, bc2, lr, eps, wd, names, *, path='', discardable=(), location=None):
        if type(theta) is not Value: _not_a_value(self, name, 'theta', theta, path)
        if type(grad) is not Value: _not_a_value(self, name, 'grad', grad, path)
        if type(m) is not Value: _not_a_value(self, name, 'm', m, path)
        if type(v) is not Value: _not_a_value(self, name, 'v', v, path)
        if type(b1) is not Value: _not_a_value(self, name, 'b1', b1, path)
        if type(ob1) is not Value: _not_a_value(self, name, 'ob1', ob1, path)
        if type(b2) is not Value: _not_a_value(self, name, 'b2', b2, path)
        if type(ob2) is not Value: _not_a_value(self, name, 'ob2', ob2, path)
        if type(bc1) is not Value: _not_a_value(self, name, 'bc1', bc1, path)
        if type(bc2) is not Value: _not_a_value(self, name, 'bc2', bc2, path)
        if type(lr) is not Value: _not_a_value(self, name, 'lr', lr, path)
        if type(eps) is not Value: _not_a_value(self, name, 'eps', eps, path)
        if type(wd) is not Value: _not_a_value(self, name, 'wd', wd, path)
        self.operands = (theta, grad, m, v, b1, ob1, b2, ob2, bc1, bc2, lr, eps, wd)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.theta = theta
        self.grad = grad
        self.m = m
        self.v = v
        self.b1 = b1
        self.ob1 = ob1
        self.b2 = b2
        self.ob2 = ob2
        self.bc1 = bc1
        self.bc2 = bc2
        self.lr = lr
        self.eps = eps
        self.wd = wd
        try:
            names = _coerce_names(names)
            self.names = names
            key = (theta.type, grad.type, m.type, v.type, b1.type, ob1.type, b2.type, ob2.type, bc1.type, bc2.type, lr.type, eps.type, wd.type, names)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _4():
    def __init__(self, name, value, result_type, *, path='', discardable=(), location=None):
        self.operands = ()
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        try:
            value = _coerce_value(value)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.value = value
            self.result_type = result_type
            key = (value, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _5():
    def __init__(self, name, iota_dimension, result_type, *, path='', discardable=(), location=None):
        self.operands = ()
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        try:
            iota_dimension = _coerce_iota_dimension(iota_dimension)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.iota_dimension = iota_dimension
            self.result_type = result_type
            key = (iota_dimension, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _6():
    def __init__(self, name, lhs, rhs, dimension_numbers, precision_config=_default_precision_config, algorithm=_default_algorithm, result_type=_default_result_type, *, path='', discardable=(), location=None):
        if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)
        if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)
        self.operands = (lhs, rhs)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.lhs = lhs
        self.rhs = rhs
        try:
            dimension_numbers = _coerce_dimension_numbers(dimension_numbers)
            if precision_config is not None: precision_config = _coerce_precision_config(precision_config)
            if algorithm is not None: algorithm = _coerce_algorithm(algorithm)
            if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.dimension_numbers = dimension_numbers
            self.precision_config = precision_config
            self.algorithm = algorithm
            self.result_type = result_type
            key = (lhs.type, rhs.type, dimension_numbers, precision_config, algorithm, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _7():
    def __init__(self, name, lhs, rhs, stride=_default_stride, padding=_default_padding, lhs_dilate=_default_lhs_dilate, rhs_dilate=_default_rhs_dilate, reverse=_default_reverse, layouts=_default_layouts, feature_group_count=_default_feature_group_count, batch_group_count=_default_batch_group_count, precision_config=_default_precision_config, result_type=_default_result_type, *, path='', discardable=(), location=None):
        if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)
        if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)
        self.operands = (lhs, rhs)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.lhs = lhs
        self.rhs = rhs
        try:
            if stride is not None: stride = _coerce_stride(stride)
            if padding is not None: padding = _coerce_padding(padding)
            if lhs_dilate is not None: lhs_dilate = _coerce_lhs_dilate(lhs_dilate)
            if rhs_dilate is not None: rhs_dilate = _coerce_rhs_dilate(rhs_dilate)
            if reverse is not None: reverse = _coerce_reverse(reverse)
            layouts = _coerce_layouts(layouts)
            feature_group_count = _coerce_feature_group_count(feature_group_count)
            batch_group_count = _coerce_batch_group_count(batch_group_count)
            if precision_config is not None: precision_config = _coerce_precision_config(precision_config)
            if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.stride = stride
            self.padding = padding
            self.lhs_dilate = lhs_dilate
            self.rhs_dilate = rhs_dilate
            self.reverse = reverse
            self.layouts = layouts
            self.feature_group_count = feature_group_count
            self.batch_group_count = batch_group_count
            self.precision_config = precision_config
            self.result_type = result_type
            key = (lhs.type, rhs.type, stride, padding, lhs_dilate, rhs_dilate, reverse, layouts, feature_group_count, batch_group_count, precision_config, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _8():
    def __init__(self, name, lhs, rhs, precision_config=_default_precision_config, result_type=_default_result_type, *, path='', discardable=(), location=None):
        if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)
        if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)
        self.operands = (lhs, rhs)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.lhs = lhs
        self.rhs = rhs
        try:
            if precision_config is not None: precision_config = _coerce_precision_config(precision_config)
            if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.precision_config = precision_config
            self.result_type = result_type
            key = (lhs.type, rhs.type, precision_config, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _9():
    def __init__(self, name, lhs, rhs, padding, layouts, feature_group_count, batch_group_count, result_type, stride=_default_stride, lhs_dilate=_default_lhs_dilate, rhs_dilate=_default_rhs_dilate, reverse=_default_reverse, precision_config=_default_precision_config, *, path='', discardable=(), location=None):
        if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)
        if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)
        if type(padding) is not Value: _not_a_value(self, name, 'padding', padding, path)
        self.operands = (lhs, rhs, padding)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.lhs = lhs
        self.rhs = rhs
        self.padding = padding
        try:
            layouts = _coerce_layouts(layouts)
            feature_group_count = _coerce_feature_group_count(feature_group_count)
            batch_group_count = _coerce_batch_group_count(batch_group_count)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            if stride is not None: stride = _coerce_stride(stride)
            if lhs_dilate is not None: lhs_dilate = _coerce_lhs_dilate(lhs_dilate)
            if rhs_dilate is not None: rhs_dilate = _coerce_rhs_dilate(rhs_dilate)
            if reverse is not None: reverse = _coerce_reverse(reverse)
            if precision_config is not None: precision_config = _coerce_precision_config(precision_config)
            self.layouts = layouts
            self.feature_group_count = feature_group_count
            self.batch_group_count = batch_group_count
            self.result_type = result_type
            self.stride = stride
            self.lhs_dilate = lhs_dilate
            self.rhs_dilate = rhs_dilate
            self.reverse = reverse
            self.precision_config = precision_config
            key = (lhs.type, rhs.type, padding.type, layouts, feature_group_count, batch_group_count, result_type, stride, lhs_dilate, rhs_dilate, reverse, precision_config)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _10():
    def __init__(self, name, lhs, rhs, *, path='', discardable=(), location=None):
        if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)
        if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)
        self.operands = (lhs, rhs)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.lhs = lhs
        self.rhs = rhs
        try:
            key = (lhs.type, rhs.type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _11():
    def __init__(self, name, min, operand, max, *, path='', discardable=(), location=None):
        if type(min) is not Value: _not_a_value(self, name, 'min', min, path)
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(max) is not Value: _not_a_value(self, name, 'max', max, path)
        self.operands = (min, operand, max)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.min = min
        self.operand = operand
        self.max = max
        try:
            key = (min.type, operand.type, max.type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _12():
    def __init__(self, name, operand, result_accuracy=_default_result_accuracy, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            if result_accuracy is not None: result_accuracy = _coerce_result_accuracy(result_accuracy)
            self.result_accuracy = result_accuracy
            key = (operand.type, result_accuracy)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _13():
    def __init__(self, name, operand, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            key = (operand.type,)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _14():
    def __init__(self, name, operand, result_type, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.result_type = result_type
            key = (operand.type, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _15():
    def __init__(self, name, inputs, init_values, dimensions, body, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        if type(init_values) is not tuple or not all([type(v) is Value for v in init_values]): init_values = _values(self, name, 'init_values', init_values, path)
        self.operands = inputs + init_values
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        self.init_values = init_values
        try:
            dimensions = _coerce_dimensions(dimensions)
            if type(body) is not _Region and type(body) is not _BinaryRegion: body = _region(self, 'body', body, True)
            self.dimensions = dimensions
            self.body = body
            key = (tuple([v.type for v in inputs]), tuple([v.type for v in init_values]), dimensions, body.signature)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _16():
    def __init__(self, name, operand, dims, shape, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            dims = _coerce_dims(dims)
            if type(shape) is not TensorType: shape = _given_shape(shape, operand)
            self.dims = dims
            self.shape = shape
            key = (operand.type, dims, shape)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _17():
    def __init__(self, name, operand, shape, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            if type(shape) is not TensorType: shape = _given_shape(shape, operand)
            self.shape = shape
            key = (operand.type, shape)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _18():
    def __init__(self, name, operand, perm, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            perm = _coerce_perm(perm)
            self.perm = perm
            key = (operand.type, perm)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _19():
    def __init__(self, name, operand, start, limit, strides, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            start = _coerce_start(start)
            limit = _coerce_limit(limit)
            strides = _coerce_strides(strides)
            self.start = start
            self.limit = limit
            self.strides = strides
            key = (operand.type, start, limit, strides)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _20():
    def __init__(self, name, operand, padding_value, low, high, interior, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(padding_value) is not Value: _not_a_value(self, name, 'padding_value', padding_value, path)
        self.operands = (operand, padding_value)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.padding_value = padding_value
        try:
            low = _coerce_low(low)
            high = _coerce_high(high)
            interior = _coerce_interior(interior)
            self.low = low
            self.high = high
            self.interior = interior
            key = (operand.type, padding_value.type, low, high, interior)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _21():
    def __init__(self, name, inputs, dim, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            dim = _coerce_dim(dim)
            self.dim = dim
            key = (tuple([v.type for v in inputs]), dim)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


CODE = {
    "def __init__(self, name, lhs, rhs, comparison_direction, compare_type=_default_compare_type, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        comparison_direction = _coerce_comparison_direction(comparison_direction)\n        if compare_type is not None: compare_type = _coerce_compare_type(compare_type)\n        self.comparison_direction = comparison_direction\n        self.compare_type = compare_type\n        key = (lhs.type, rhs.type, comparison_direction, compare_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _0,
    "def __init__(self, name, pred, on_true, on_false, *, path='', discardable=(), location=None):\n    if type(pred) is not Value: _not_a_value(self, name, 'pred', pred, path)\n    if type(on_true) is not Value: _not_a_value(self, name, 'on_true', on_true, path)\n    if type(on_false) is not Value: _not_a_value(self, name, 'on_false', on_false, path)\n    self.operands = (pred, on_true, on_false)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.pred = pred\n    self.on_true = on_true\n    self.on_false = on_false\n    try:\n        key = (pred.type, on_true.type, on_false.type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _1,
    "def __init__(self, name, operand, replicas, names, over_partitions=_default_over_partitions, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        replicas = _coerce_replicas(replicas)\n        names = _coerce_names(names)\n        if over_partitions is not None: over_partitions = _coerce_over_partitions(over_partitions)\n        self.replicas = replicas\n        self.names = names\n        self.over_partitions = over_partitions\n        key = (operand.type, replicas, names, over_partitions)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _2,
    "def __init__(self, name, theta, grad, m, v, b1, ob1, b2, ob2, bc1, bc2, lr, eps, wd, names, *, path='', discardable=(), location=None):\n    if type(theta) is not Value: _not_a_value(self, name, 'theta', theta, path)\n    if type(grad) is not Value: _not_a_value(self, name, 'grad', grad, path)\n    if type(m) is not Value: _not_a_value(self, name, 'm', m, path)\n    if type(v) is not Value: _not_a_value(self, name, 'v', v, path)\n    if type(b1) is not Value: _not_a_value(self, name, 'b1', b1, path)\n    if type(ob1) is not Value: _not_a_value(self, name, 'ob1', ob1, path)\n    if type(b2) is not Value: _not_a_value(self, name, 'b2', b2, path)\n    if type(ob2) is not Value: _not_a_value(self, name, 'ob2', ob2, path)\n    if type(bc1) is not Value: _not_a_value(self, name, 'bc1', bc1, path)\n    if type(bc2) is not Value: _not_a_value(self, name, 'bc2', bc2, path)\n    if type(lr) is not Value: _not_a_value(self, name, 'lr', lr, path)\n    if type(eps) is not Value: _not_a_value(self, name, 'eps', eps, path)\n    if type(wd) is not Value: _not_a_value(self, name, 'wd', wd, path)\n    self.operands = (theta, grad, m, v, b1, ob1, b2, ob2, bc1, bc2, lr, eps, wd)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.theta = theta\n    self.grad = grad\n    self.m = m\n    self.v = v\n    self.b1 = b1\n    self.ob1 = ob1\n    self.b2 = b2\n    self.ob2 = ob2\n    self.bc1 = bc1\n    self.bc2 = bc2\n    self.lr = lr\n    self.eps = eps\n    self.wd = wd\n    try:\n        names = _coerce_names(names)\n        self.names = names\n        key = (theta.type, grad.type, m.type, v.type, b1.type, ob1.type, b2.type, ob2.type, bc1.type, bc2.type, lr.type, eps.type, wd.type, names)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _3,
    "def __init__(self, name, value, result_type, *, path='', discardable=(), location=None):\n    self.operands = ()\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    try:\n        value = _coerce_value(value)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.value = value\n        self.result_type = result_type\n        key = (value, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _4,
    "def __init__(self, name, iota_dimension, result_type, *, path='', discardable=(), location=None):\n    self.operands = ()\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    try:\n        iota_dimension = _coerce_iota_dimension(iota_dimension)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.iota_dimension = iota_dimension\n        self.result_type = result_type\n        key = (iota_dimension, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _5,
    "def __init__(self, name, lhs, rhs, dimension_numbers, precision_config=_default_precision_config, algorithm=_default_algorithm, result_type=_default_result_type, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        dimension_numbers = _coerce_dimension_numbers(dimension_numbers)\n        if precision_config is not None: precision_config = _coerce_precision_config(precision_config)\n        if algorithm is not None: algorithm = _coerce_algorithm(algorithm)\n        if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.dimension_numbers = dimension_numbers\n        self.precision_config = precision_config\n        self.algorithm = algorithm\n        self.result_type = result_type\n        key = (lhs.type, rhs.type, dimension_numbers, precision_config, algorithm, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _6,
    "def __init__(self, name, lhs, rhs, stride=_default_stride, padding=_default_padding, lhs_dilate=_default_lhs_dilate, rhs_dilate=_default_rhs_dilate, reverse=_default_reverse, layouts=_default_layouts, feature_group_count=_default_feature_group_count, batch_group_count=_default_batch_group_count, precision_config=_default_precision_config, result_type=_default_result_type, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        if stride is not None: stride = _coerce_stride(stride)\n        if padding is not None: padding = _coerce_padding(padding)\n        if lhs_dilate is not None: lhs_dilate = _coerce_lhs_dilate(lhs_dilate)\n        if rhs_dilate is not None: rhs_dilate = _coerce_rhs_dilate(rhs_dilate)\n        if reverse is not None: reverse = _coerce_reverse(reverse)\n        layouts = _coerce_layouts(layouts)\n        feature_group_count = _coerce_feature_group_count(feature_group_count)\n        batch_group_count = _coerce_batch_group_count(batch_group_count)\n        if precision_config is not None: precision_config = _coerce_precision_config(precision_config)\n        if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.stride = stride\n        self.padding = padding\n        self.lhs_dilate = lhs_dilate\n        self.rhs_dilate = rhs_dilate\n        self.reverse = reverse\n        self.layouts = layouts\n        self.feature_group_count = feature_group_count\n        self.batch_group_count = batch_group_count\n        self.precision_config = precision_config\n        self.result_type = result_type\n        key = (lhs.type, rhs.type, stride, padding, lhs_dilate, rhs_dilate, reverse, layouts, feature_group_count, batch_group_count, precision_config, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _7,
    "def __init__(self, name, lhs, rhs, precision_config=_default_precision_config, result_type=_default_result_type, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        if precision_config is not None: precision_config = _coerce_precision_config(precision_config)\n        if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.precision_config = precision_config\n        self.result_type = result_type\n        key = (lhs.type, rhs.type, precision_config, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _8,
    "def __init__(self, name, lhs, rhs, padding, layouts, feature_group_count, batch_group_count, result_type, stride=_default_stride, lhs_dilate=_default_lhs_dilate, rhs_dilate=_default_rhs_dilate, reverse=_default_reverse, precision_config=_default_precision_config, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    if type(padding) is not Value: _not_a_value(self, name, 'padding', padding, path)\n    self.operands = (lhs, rhs, padding)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    self.padding = padding\n    try:\n        layouts = _coerce_layouts(layouts)\n        feature_group_count = _coerce_feature_group_count(feature_group_count)\n        batch_group_count = _coerce_batch_group_count(batch_group_count)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        if stride is not None: stride = _coerce_stride(stride)\n        if lhs_dilate is not None: lhs_dilate = _coerce_lhs_dilate(lhs_dilate)\n        if rhs_dilate is not None: rhs_dilate = _coerce_rhs_dilate(rhs_dilate)\n        if reverse is not None: reverse = _coerce_reverse(reverse)\n        if precision_config is not None: precision_config = _coerce_precision_config(precision_config)\n        self.layouts = layouts\n        self.feature_group_count = feature_group_count\n        self.batch_group_count = batch_group_count\n        self.result_type = result_type\n        self.stride = stride\n        self.lhs_dilate = lhs_dilate\n        self.rhs_dilate = rhs_dilate\n        self.reverse = reverse\n        self.precision_config = precision_config\n        key = (lhs.type, rhs.type, padding.type, layouts, feature_group_count, batch_group_count, result_type, stride, lhs_dilate, rhs_dilate, reverse, precision_config)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _9,
    "def __init__(self, name, lhs, rhs, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        key = (lhs.type, rhs.type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _10,
    "def __init__(self, name, min, operand, max, *, path='', discardable=(), location=None):\n    if type(min) is not Value: _not_a_value(self, name, 'min', min, path)\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(max) is not Value: _not_a_value(self, name, 'max', max, path)\n    self.operands = (min, operand, max)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.min = min\n    self.operand = operand\n    self.max = max\n    try:\n        key = (min.type, operand.type, max.type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _11,
    "def __init__(self, name, operand, result_accuracy=_default_result_accuracy, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        if result_accuracy is not None: result_accuracy = _coerce_result_accuracy(result_accuracy)\n        self.result_accuracy = result_accuracy\n        key = (operand.type, result_accuracy)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _12,
    "def __init__(self, name, operand, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        key = (operand.type,)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _13,
    "def __init__(self, name, operand, result_type, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.result_type = result_type\n        key = (operand.type, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _14,
    "def __init__(self, name, inputs, init_values, dimensions, body, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    if type(init_values) is not tuple or not all([type(v) is Value for v in init_values]): init_values = _values(self, name, 'init_values', init_values, path)\n    self.operands = inputs + init_values\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    self.init_values = init_values\n    try:\n        dimensions = _coerce_dimensions(dimensions)\n        if type(body) is not _Region and type(body) is not _BinaryRegion: body = _region(self, 'body', body, True)\n        self.dimensions = dimensions\n        self.body = body\n        key = (tuple([v.type for v in inputs]), tuple([v.type for v in init_values]), dimensions, body.signature)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _15,
    "def __init__(self, name, operand, dims, shape, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        dims = _coerce_dims(dims)\n        if type(shape) is not TensorType: shape = _given_shape(shape, operand)\n        self.dims = dims\n        self.shape = shape\n        key = (operand.type, dims, shape)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _16,
    "def __init__(self, name, operand, shape, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        if type(shape) is not TensorType: shape = _given_shape(shape, operand)\n        self.shape = shape\n        key = (operand.type, shape)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _17,
    "def __init__(self, name, operand, perm, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        perm = _coerce_perm(perm)\n        self.perm = perm\n        key = (operand.type, perm)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _18,
    "def __init__(self, name, operand, start, limit, strides, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        start = _coerce_start(start)\n        limit = _coerce_limit(limit)\n        strides = _coerce_strides(strides)\n        self.start = start\n        self.limit = limit\n        self.strides = strides\n        key = (operand.type, start, limit, strides)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _19,
    "def __init__(self, name, operand, padding_value, low, high, interior, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(padding_value) is not Value: _not_a_value(self, name, 'padding_value', padding_value, path)\n    self.operands = (operand, padding_value)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.padding_value = padding_value\n    try:\n        low = _coerce_low(low)\n        high = _coerce_high(high)\n        interior = _coerce_interior(interior)\n        self.low = low\n        self.high = high\n        self.interior = interior\n        key = (operand.type, padding_value.type, low, high, interior)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _20,
    "def __init__(self, name, inputs, dim, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        dim = _coerce_dim(dim)\n        self.dim = dim\n        key = (tuple([v.type for v in inputs]), dim)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _21,
}
