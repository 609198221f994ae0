"""The constructors of vitir's ops, compiled with this module: a source -> a function
defining it (vitir/ast/precompiled.py).
The op families imported on first use.

Written by `python -m vitir.ast.generate`; do not edit."""

from __future__ import annotations


def _0():
    def __init__(self, name, a, b, shape, rng_distribution, result_type, *, path='', discardable=(), location=None):
        if type(a) is not Value: _not_a_value(self, name, 'a', a, path)
        if type(b) is not Value: _not_a_value(self, name, 'b', b, path)
        if type(shape) is not Value: _not_a_value(self, name, 'shape', shape, path)
        self.operands = (a, b, shape)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.a = a
        self.b = b
        self.shape = shape
        try:
            rng_distribution = _coerce_rng_distribution(rng_distribution)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.rng_distribution = rng_distribution
            self.result_type = result_type
            key = (a.type, b.type, shape.type, rng_distribution, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _1():
    def __init__(self, name, initial_state, rng_algorithm, result_types, *, path='', discardable=(), location=None):
        if type(initial_state) is not Value: _not_a_value(self, name, 'initial_state', initial_state, path)
        self.operands = (initial_state,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.initial_state = initial_state
        try:
            rng_algorithm = _coerce_rng_algorithm(rng_algorithm)
            result_types = _given(result_types, True)
            self.rng_algorithm = rng_algorithm
            self.result_types = result_types
            key = (initial_state.type, rng_algorithm, result_types)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _2():
    def __init__(self, name, operand, k, is_stable=_default_is_stable, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            k = _coerce_k(k)
            if is_stable is not None: is_stable = _coerce_is_stable(is_stable)
            self.k = k
            self.is_stable = is_stable
            key = (operand.type, k, is_stable)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _3():
    def __init__(self, name, lhs, rhs, broadcast_dimensions=_default_broadcast_dimensions, *, path='', discardable=(), location=None):
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
            if broadcast_dimensions is not None: broadcast_dimensions = _coerce_broadcast_dimensions(broadcast_dimensions)
            self.broadcast_dimensions = broadcast_dimensions
            key = (lhs.type, rhs.type, broadcast_dimensions)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _4():
    def __init__(self, name, lhs, rhs, comparison_direction, broadcast_dimensions=_default_broadcast_dimensions, compare_type=_default_compare_type, *, path='', discardable=(), location=None):
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
            if broadcast_dimensions is not None: broadcast_dimensions = _coerce_broadcast_dimensions(broadcast_dimensions)
            if compare_type is not None: compare_type = _coerce_compare_type(compare_type)
            self.comparison_direction = comparison_direction
            self.broadcast_dimensions = broadcast_dimensions
            self.compare_type = compare_type
            key = (lhs.type, rhs.type, comparison_direction, broadcast_dimensions, compare_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _5():
    def __init__(self, name, inputs, inits, dimension, body, scan_dim_size=_default_scan_dim_size, is_reverse=_default_is_reverse, is_associative=_default_is_associative, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        if type(inits) is not tuple or not all([type(v) is Value for v in inits]): inits = _values(self, name, 'inits', inits, path)
        self.operands = inputs + inits
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        self.inits = inits
        try:
            dimension = _coerce_dimension(dimension)
            if type(body) is not _Region: body = _region(self, 'body', body, False)
            if scan_dim_size is not None: scan_dim_size = _coerce_scan_dim_size(scan_dim_size)
            if is_reverse is not None: is_reverse = _coerce_is_reverse(is_reverse)
            if is_associative is not None: is_associative = _coerce_is_associative(is_associative)
            self.dimension = dimension
            self.body = body
            self.scan_dim_size = scan_dim_size
            self.is_reverse = is_reverse
            self.is_associative = is_associative
            key = (tuple([v.type for v in inputs]), tuple([v.type for v in inits]), dimension, body.signature, scan_dim_size, is_reverse, is_associative)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _6():
    def __init__(self, name, lhs, rhs, group_sizes, ragged_dot_dimension_numbers, precision_config=_default_precision_config, *, path='', discardable=(), location=None):
        if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)
        if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)
        if type(group_sizes) is not Value: _not_a_value(self, name, 'group_sizes', group_sizes, path)
        self.operands = (lhs, rhs, group_sizes)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.lhs = lhs
        self.rhs = rhs
        self.group_sizes = group_sizes
        try:
            ragged_dot_dimension_numbers = _coerce_ragged_dot_dimension_numbers(ragged_dot_dimension_numbers)
            if precision_config is not None: precision_config = _coerce_precision_config(precision_config)
            self.ragged_dot_dimension_numbers = ragged_dot_dimension_numbers
            self.precision_config = precision_config
            key = (lhs.type, rhs.type, group_sizes.type, ragged_dot_dimension_numbers, precision_config)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _7():
    def __init__(self, name, inputs, replica_groups, computation, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            replica_groups = _coerce_replica_groups(replica_groups)
            if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)
            if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)
            if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)
            self.replica_groups = replica_groups
            self.computation = computation
            self.channel_handle = channel_handle
            self.use_global_device_ids = use_global_device_ids
            key = (tuple([v.type for v in inputs]), replica_groups, computation.signature, channel_handle, use_global_device_ids)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _8():
    def __init__(self, name, inputs, all_gather_dim, replica_groups, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, result_types=_default_result_types, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            all_gather_dim = _coerce_all_gather_dim(all_gather_dim)
            replica_groups = _coerce_replica_groups(replica_groups)
            if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)
            if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)
            if result_types is not None: result_types = _given(result_types, True)
            self.all_gather_dim = all_gather_dim
            self.replica_groups = replica_groups
            self.channel_handle = channel_handle
            self.use_global_device_ids = use_global_device_ids
            self.result_types = result_types
            key = (tuple([v.type for v in inputs]), all_gather_dim, replica_groups, channel_handle, use_global_device_ids, result_types)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _9():
    def __init__(self, name, operand, scatter_dimension, replica_groups, computation, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, result_type=_default_result_type, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            scatter_dimension = _coerce_scatter_dimension(scatter_dimension)
            replica_groups = _coerce_replica_groups(replica_groups)
            if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)
            if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)
            if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)
            if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.scatter_dimension = scatter_dimension
            self.replica_groups = replica_groups
            self.computation = computation
            self.channel_handle = channel_handle
            self.use_global_device_ids = use_global_device_ids
            self.result_type = result_type
            key = (operand.type, scatter_dimension, replica_groups, computation.signature, channel_handle, use_global_device_ids, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _10():
    def __init__(self, name, inputs, split_dimension, concat_dimension, split_count, replica_groups, channel_handle=_default_channel_handle, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            split_dimension = _coerce_split_dimension(split_dimension)
            concat_dimension = _coerce_concat_dimension(concat_dimension)
            split_count = _coerce_split_count(split_count)
            replica_groups = _coerce_replica_groups(replica_groups)
            if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)
            self.split_dimension = split_dimension
            self.concat_dimension = concat_dimension
            self.split_count = split_count
            self.replica_groups = replica_groups
            self.channel_handle = channel_handle
            key = (tuple([v.type for v in inputs]), split_dimension, concat_dimension, split_count, replica_groups, channel_handle)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _11():
    def __init__(self, name, operand, source_target_pairs, channel_handle=_default_channel_handle, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            source_target_pairs = _coerce_source_target_pairs(source_target_pairs)
            if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)
            self.source_target_pairs = source_target_pairs
            self.channel_handle = channel_handle
            key = (operand.type, source_target_pairs, channel_handle)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _12():
    def __init__(self, name, inputs, replica_groups, channel_handle=_default_channel_handle, has_dynamic_root=_default_has_dynamic_root, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            replica_groups = _coerce_replica_groups(replica_groups)
            if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)
            if has_dynamic_root is not None: has_dynamic_root = _coerce_has_dynamic_root(has_dynamic_root)
            self.replica_groups = replica_groups
            self.channel_handle = channel_handle
            self.has_dynamic_root = has_dynamic_root
            key = (tuple([v.type for v in inputs]), replica_groups, channel_handle, has_dynamic_root)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _13():
    def __init__(self, name, inputs, replica_groups, computation, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, has_dynamic_root=_default_has_dynamic_root, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            replica_groups = _coerce_replica_groups(replica_groups)
            if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)
            if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)
            if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)
            if has_dynamic_root is not None: has_dynamic_root = _coerce_has_dynamic_root(has_dynamic_root)
            self.replica_groups = replica_groups
            self.computation = computation
            self.channel_handle = channel_handle
            self.use_global_device_ids = use_global_device_ids
            self.has_dynamic_root = has_dynamic_root
            key = (tuple([v.type for v in inputs]), replica_groups, computation.signature, channel_handle, use_global_device_ids, has_dynamic_root)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _14():
    def __init__(self, name, *, path='', discardable=(), location=None):
        self.operands = ()
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        try:
            key = ()
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _15():
    def __init__(self, name, inputs, token, channel_handle, is_host_transfer=_default_is_host_transfer, source_target_pairs=_default_source_target_pairs, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        if type(token) is not Value: _not_a_value(self, name, 'token', token, path)
        self.operands = inputs + (token,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        self.token = token
        try:
            channel_handle = _coerce_channel_handle(channel_handle)
            if is_host_transfer is not None: is_host_transfer = _coerce_is_host_transfer(is_host_transfer)
            if source_target_pairs is not None: source_target_pairs = _coerce_source_target_pairs(source_target_pairs)
            self.channel_handle = channel_handle
            self.is_host_transfer = is_host_transfer
            self.source_target_pairs = source_target_pairs
            key = (tuple([v.type for v in inputs]), token.type, channel_handle, is_host_transfer, source_target_pairs)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _16():
    def __init__(self, name, token, channel_handle, result_types, is_host_transfer=_default_is_host_transfer, source_target_pairs=_default_source_target_pairs, *, path='', discardable=(), location=None):
        if type(token) is not Value: _not_a_value(self, name, 'token', token, path)
        self.operands = (token,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.token = token
        try:
            channel_handle = _coerce_channel_handle(channel_handle)
            result_types = _given(result_types, True)
            if is_host_transfer is not None: is_host_transfer = _coerce_is_host_transfer(is_host_transfer)
            if source_target_pairs is not None: source_target_pairs = _coerce_source_target_pairs(source_target_pairs)
            self.channel_handle = channel_handle
            self.result_types = result_types
            self.is_host_transfer = is_host_transfer
            self.source_target_pairs = source_target_pairs
            key = (token.type, channel_handle, result_types, is_host_transfer, source_target_pairs)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _17():
    def __init__(self, name, token, result_types, infeed_config=_default_infeed_config, layout=_default_layout, *, path='', discardable=(), location=None):
        if type(token) is not Value: _not_a_value(self, name, 'token', token, path)
        self.operands = (token,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.token = token
        try:
            result_types = _given(result_types, True)
            infeed_config = _coerce_infeed_config(infeed_config)
            if layout is not None: layout = _coerce_layout(layout)
            self.result_types = result_types
            self.infeed_config = infeed_config
            self.layout = layout
            key = (token.type, result_types, infeed_config, layout)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _18():
    def __init__(self, name, inputs, token, outfeed_config=_default_outfeed_config, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        if type(token) is not Value: _not_a_value(self, name, 'token', token, path)
        self.operands = inputs + (token,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        self.token = token
        try:
            outfeed_config = _coerce_outfeed_config(outfeed_config)
            self.outfeed_config = outfeed_config
            key = (tuple([v.type for v in inputs]), token.type, outfeed_config)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _19():
    def __init__(self, name, inputs, body, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            if type(body) is not _Region: body = _region(self, 'body', body, False)
            self.body = body
            key = (tuple([v.type for v in inputs]), body.signature)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _20():
    def __init__(self, name, operand, cond, body, *, path='', discardable=(), location=None):
        if type(operand) is not tuple or not all([type(v) is Value for v in operand]): operand = _values(self, name, 'operand', operand, path)
        self.operands = operand
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            if type(cond) is not _Region: cond = _region(self, 'cond', cond, False)
            if type(body) is not _Region: body = _region(self, 'body', body, False)
            self.cond = cond
            self.body = body
            key = (tuple([v.type for v in operand]), cond.signature, body.signature)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _21():
    def __init__(self, name, pred, true_branch, false_branch, *, path='', discardable=(), location=None):
        if type(pred) is not Value: _not_a_value(self, name, 'pred', pred, path)
        self.operands = (pred,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.pred = pred
        try:
            if type(true_branch) is not _Region: true_branch = _region(self, 'true_branch', true_branch, False)
            if type(false_branch) is not _Region: false_branch = _region(self, 'false_branch', false_branch, False)
            self.true_branch = true_branch
            self.false_branch = false_branch
            key = (pred.type, true_branch.signature, false_branch.signature)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _22():
    def __init__(self, name, index, branches, *, path='', discardable=(), location=None):
        if type(index) is not Value: _not_a_value(self, name, 'index', index, path)
        self.operands = (index,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.index = index
        try:
            branches = _regions(self, 'branches', branches, False)
            self.branches = branches
            key = (index.type, tuple([r.signature for r in branches]))
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _23():
    def __init__(self, name, operand, *, path='', discardable=(), location=None):
        if type(operand) is not tuple or not all([type(v) is Value for v in operand]): operand = _values(self, name, 'operand', operand, path)
        self.operands = operand
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            key = (tuple([v.type for v in operand]),)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _24():
    def __init__(self, name, inputs, dimensions, computation, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            dimensions = _coerce_dimensions(dimensions)
            if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)
            self.dimensions = dimensions
            self.computation = computation
            key = (tuple([v.type for v in inputs]), dimensions, computation.signature)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _25():
    def __init__(self, name, val, *, path='', discardable=(), location=None):
        if type(val) is not tuple or not all([type(v) is Value for v in val]): val = _values(self, name, 'val', val, path)
        self.operands = val
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.val = val
        try:
            key = (tuple([v.type for v in val]),)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _26():
    def __init__(self, name, operand, index, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            index = _coerce_index(index)
            self.index = index
            key = (operand.type, index)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _27():
    def __init__(self, name, inputs, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            key = (tuple([v.type for v in inputs]),)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _28():
    def __init__(self, name, inputs, composite_name, decomposition, result_types, composite_attributes=_default_composite_attributes, version=_default_version, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            composite_name = _coerce_composite_name(composite_name)
            decomposition = _coerce_decomposition(decomposition)
            result_types = _given(result_types, True)
            if composite_attributes is not None: composite_attributes = _coerce_composite_attributes(composite_attributes)
            if version is not None: version = _coerce_version(version)
            self.composite_name = composite_name
            self.decomposition = decomposition
            self.result_types = result_types
            self.composite_attributes = composite_attributes
            self.version = version
            key = (tuple([v.type for v in inputs]), composite_name, decomposition, result_types, composite_attributes, version)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _29():
    def __init__(self, name, inputs, call_target_name, result_types, has_side_effect=_default_has_side_effect, backend_config=_default_backend_config, api_version=_default_api_version, called_computations=_default_called_computations, operand_layouts=_default_operand_layouts, result_layouts=_default_result_layouts, output_operand_aliases=_default_output_operand_aliases, result_tilings=_default_result_tilings, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            call_target_name = _coerce_call_target_name(call_target_name)
            result_types = _given(result_types, True)
            if has_side_effect is not None: has_side_effect = _coerce_has_side_effect(has_side_effect)
            if backend_config is not None: backend_config = _coerce_backend_config(backend_config)
            if api_version is not None: api_version = _coerce_api_version(api_version)
            if called_computations is not None: called_computations = _coerce_called_computations(called_computations)
            if operand_layouts is not None: operand_layouts = _coerce_operand_layouts(operand_layouts)
            if result_layouts is not None: result_layouts = _coerce_result_layouts(result_layouts)
            if output_operand_aliases is not None: output_operand_aliases = _coerce_output_operand_aliases(output_operand_aliases)
            if result_tilings is not None: result_tilings = _coerce_result_tilings(result_tilings)
            self.call_target_name = call_target_name
            self.result_types = result_types
            self.has_side_effect = has_side_effect
            self.backend_config = backend_config
            self.api_version = api_version
            self.called_computations = called_computations
            self.operand_layouts = operand_layouts
            self.result_layouts = result_layouts
            self.output_operand_aliases = output_operand_aliases
            self.result_tilings = result_tilings
            key = (tuple([v.type for v in inputs]), call_target_name, result_types, has_side_effect, backend_config, api_version, called_computations, operand_layouts, result_layouts, output_operand_aliases, result_tilings)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _30():
    def __init__(self, name, callee, inputs, result_types, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            callee = _coerce_callee(callee)
            result_types = _given(result_types, True)
            self.callee = callee
            self.result_types = result_types
            key = (callee, tuple([v.type for v in inputs]), result_types)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _31():
    def __init__(self, name, operand, start_indices, dimension_numbers, slice_sizes, indices_are_sorted=_default_indices_are_sorted, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(start_indices) is not Value: _not_a_value(self, name, 'start_indices', start_indices, path)
        self.operands = (operand, start_indices)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.start_indices = start_indices
        try:
            dimension_numbers = _coerce_dimension_numbers(dimension_numbers)
            slice_sizes = _coerce_slice_sizes(slice_sizes)
            if indices_are_sorted is not None: indices_are_sorted = _coerce_indices_are_sorted(indices_are_sorted)
            self.dimension_numbers = dimension_numbers
            self.slice_sizes = slice_sizes
            self.indices_are_sorted = indices_are_sorted
            key = (operand.type, start_indices.type, dimension_numbers, slice_sizes, indices_are_sorted)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _32():
    def __init__(self, name, inputs, scatter_indices, updates, scatter_dimension_numbers, update_computation, indices_are_sorted=_default_indices_are_sorted, unique_indices=_default_unique_indices, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        if type(scatter_indices) is not Value: _not_a_value(self, name, 'scatter_indices', scatter_indices, path)
        if type(updates) is not tuple or not all([type(v) is Value for v in updates]): updates = _values(self, name, 'updates', updates, path)
        self.operands = inputs + (scatter_indices,) + updates
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        self.scatter_indices = scatter_indices
        self.updates = updates
        try:
            scatter_dimension_numbers = _coerce_scatter_dimension_numbers(scatter_dimension_numbers)
            if type(update_computation) is not _Region: update_computation = _region(self, 'update_computation', update_computation, False)
            if indices_are_sorted is not None: indices_are_sorted = _coerce_indices_are_sorted(indices_are_sorted)
            if unique_indices is not None: unique_indices = _coerce_unique_indices(unique_indices)
            self.scatter_dimension_numbers = scatter_dimension_numbers
            self.update_computation = update_computation
            self.indices_are_sorted = indices_are_sorted
            self.unique_indices = unique_indices
            key = (tuple([v.type for v in inputs]), scatter_indices.type, tuple([v.type for v in updates]), scatter_dimension_numbers, update_computation.signature, indices_are_sorted, unique_indices)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _33():
    def __init__(self, name, operand, start_indices, slice_sizes, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(start_indices) is not tuple or not all([type(v) is Value for v in start_indices]): start_indices = _values(self, name, 'start_indices', start_indices, path)
        self.operands = (operand,) + start_indices
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.start_indices = start_indices
        try:
            slice_sizes = _coerce_slice_sizes(slice_sizes)
            self.slice_sizes = slice_sizes
            key = (operand.type, tuple([v.type for v in start_indices]), slice_sizes)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _34():
    def __init__(self, name, operand, update, start_indices, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(update) is not Value: _not_a_value(self, name, 'update', update, path)
        if type(start_indices) is not tuple or not all([type(v) is Value for v in start_indices]): start_indices = _values(self, name, 'start_indices', start_indices, path)
        self.operands = (operand, update) + start_indices
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.update = update
        self.start_indices = start_indices
        try:
            key = (operand.type, update.type, tuple([v.type for v in start_indices]))
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _35():
    def __init__(self, name, inputs, comparator, dimension=_default_dimension, is_stable=_default_is_stable, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            if type(comparator) is not _Region: comparator = _region(self, 'comparator', comparator, False)
            if dimension is not None: dimension = _coerce_dimension(dimension)
            if is_stable is not None: is_stable = _coerce_is_stable(is_stable)
            self.comparator = comparator
            self.dimension = dimension
            self.is_stable = is_stable
            key = (tuple([v.type for v in inputs]), comparator.signature, dimension, is_stable)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _36():
    def __init__(self, name, operand, dims, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            dims = _coerce_dims(dims)
            self.dims = dims
            key = (operand.type, dims)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _37():
    def __init__(self, name, operand, dimension, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            dimension = _coerce_dimension(dimension)
            self.dimension = dimension
            key = (operand.type, dimension)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _38():
    def __init__(self, name, operand, sizes, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            sizes = _coerce_sizes(sizes)
            self.sizes = sizes
            key = (operand.type, sizes)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _39():
    def __init__(self, name, output_shape, iota_dimension, result_type, *, path='', discardable=(), location=None):
        if type(output_shape) is not Value: _not_a_value(self, name, 'output_shape', output_shape, path)
        self.operands = (output_shape,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.output_shape = output_shape
        try:
            iota_dimension = _coerce_iota_dimension(iota_dimension)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.iota_dimension = iota_dimension
            self.result_type = result_type
            key = (output_shape.type, iota_dimension, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _40():
    def __init__(self, name, operand, output_dimensions, dims, result_type, known_expanding_dimensions=_default_known_expanding_dimensions, known_nonexpanding_dimensions=_default_known_nonexpanding_dimensions, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(output_dimensions) is not Value: _not_a_value(self, name, 'output_dimensions', output_dimensions, path)
        self.operands = (operand, output_dimensions)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.output_dimensions = output_dimensions
        try:
            dims = _coerce_dims(dims)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            if known_expanding_dimensions is not None: known_expanding_dimensions = _coerce_known_expanding_dimensions(known_expanding_dimensions)
            if known_nonexpanding_dimensions is not None: known_nonexpanding_dimensions = _coerce_known_nonexpanding_dimensions(known_nonexpanding_dimensions)
            self.dims = dims
            self.result_type = result_type
            self.known_expanding_dimensions = known_expanding_dimensions
            self.known_nonexpanding_dimensions = known_nonexpanding_dimensions
            key = (operand.type, output_dimensions.type, dims, result_type, known_expanding_dimensions, known_nonexpanding_dimensions)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _41():
    def __init__(self, name, operand, padding_value, edge_padding_low, edge_padding_high, interior_padding, result_type, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(padding_value) is not Value: _not_a_value(self, name, 'padding_value', padding_value, path)
        if type(edge_padding_low) is not Value: _not_a_value(self, name, 'edge_padding_low', edge_padding_low, path)
        if type(edge_padding_high) is not Value: _not_a_value(self, name, 'edge_padding_high', edge_padding_high, path)
        if type(interior_padding) is not Value: _not_a_value(self, name, 'interior_padding', interior_padding, path)
        self.operands = (operand, padding_value, edge_padding_low, edge_padding_high, interior_padding)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.padding_value = padding_value
        self.edge_padding_low = edge_padding_low
        self.edge_padding_high = edge_padding_high
        self.interior_padding = interior_padding
        try:
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.result_type = result_type
            key = (operand.type, padding_value.type, edge_padding_low.type, edge_padding_high.type, interior_padding.type, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _42():
    def __init__(self, name, operand, output_shape, result_type, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(output_shape) is not Value: _not_a_value(self, name, 'output_shape', output_shape, path)
        self.operands = (operand, output_shape)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.output_shape = output_shape
        try:
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.result_type = result_type
            key = (operand.type, output_shape.type, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _43():
    def __init__(self, name, operand, start_indices, slice_sizes, dimension_numbers, result_type, indices_are_sorted=_default_indices_are_sorted, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(start_indices) is not Value: _not_a_value(self, name, 'start_indices', start_indices, path)
        if type(slice_sizes) is not Value: _not_a_value(self, name, 'slice_sizes', slice_sizes, path)
        self.operands = (operand, start_indices, slice_sizes)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.start_indices = start_indices
        self.slice_sizes = slice_sizes
        try:
            dimension_numbers = _coerce_dimension_numbers(dimension_numbers)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            if indices_are_sorted is not None: indices_are_sorted = _coerce_indices_are_sorted(indices_are_sorted)
            self.dimension_numbers = dimension_numbers
            self.result_type = result_type
            self.indices_are_sorted = indices_are_sorted
            key = (operand.type, start_indices.type, slice_sizes.type, dimension_numbers, result_type, indices_are_sorted)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _44():
    def __init__(self, name, operand, size, dimension, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(size) is not Value: _not_a_value(self, name, 'size', size, path)
        self.operands = (operand, size)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.size = size
        try:
            dimension = _coerce_dimension(dimension)
            self.dimension = dimension
            key = (operand.type, size.type, dimension)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _45():
    def __init__(self, name, operand, start_indices, limit_indices, strides, result_type, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(start_indices) is not Value: _not_a_value(self, name, 'start_indices', start_indices, path)
        if type(limit_indices) is not Value: _not_a_value(self, name, 'limit_indices', limit_indices, path)
        if type(strides) is not Value: _not_a_value(self, name, 'strides', strides, path)
        self.operands = (operand, start_indices, limit_indices, strides)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.start_indices = start_indices
        self.limit_indices = limit_indices
        self.strides = strides
        try:
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.result_type = result_type
            key = (operand.type, start_indices.type, limit_indices.type, strides.type, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _46():
    def __init__(self, name, lhs, rhs, einsum_config, result_type, *, path='', discardable=(), location=None):
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
            einsum_config = _coerce_einsum_config(einsum_config)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.einsum_config = einsum_config
            self.result_type = result_type
            key = (lhs.type, rhs.type, einsum_config, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _47():
    def __init__(self, name, operand, einsum_config, result_type, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            einsum_config = _coerce_einsum_config(einsum_config)
            if type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.einsum_config = einsum_config
            self.result_type = result_type
            key = (operand.type, einsum_config, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _48():
    def __init__(self, name, operand, index, dim, batch_dims, result_type=_default_result_type, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(index) is not Value: _not_a_value(self, name, 'index', index, path)
        self.operands = (operand, index)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.index = index
        try:
            dim = _coerce_dim(dim)
            batch_dims = _coerce_batch_dims(batch_dims)
            if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)
            self.dim = dim
            self.batch_dims = batch_dims
            self.result_type = result_type
            key = (operand.type, index.type, dim, batch_dims, result_type)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _49():
    def __init__(self, name, operand, replica_groups, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            replica_groups = _coerce_replica_groups(replica_groups)
            self.replica_groups = replica_groups
            key = (operand.type, replica_groups)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _50():
    def __init__(self, name, a, b, left_side, lower, unit_diagonal, transpose_a, *, path='', discardable=(), location=None):
        if type(a) is not Value: _not_a_value(self, name, 'a', a, path)
        if type(b) is not Value: _not_a_value(self, name, 'b', b, path)
        self.operands = (a, b)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.a = a
        self.b = b
        try:
            left_side = _coerce_left_side(left_side)
            lower = _coerce_lower(lower)
            unit_diagonal = _coerce_unit_diagonal(unit_diagonal)
            transpose_a = _coerce_transpose_a(transpose_a)
            self.left_side = left_side
            self.lower = lower
            self.unit_diagonal = unit_diagonal
            self.transpose_a = transpose_a
            key = (a.type, b.type, left_side, lower, unit_diagonal, transpose_a)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _51():
    def __init__(self, name, a, lower=_default_lower, *, path='', discardable=(), location=None):
        if type(a) is not Value: _not_a_value(self, name, 'a', a, path)
        self.operands = (a,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.a = a
        try:
            lower = _coerce_lower(lower)
            self.lower = lower
            key = (a.type, lower)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _52():
    def __init__(self, name, operand, fft_type, fft_length, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            fft_type = _coerce_fft_type(fft_type)
            fft_length = _coerce_fft_length(fft_length)
            self.fft_type = fft_type
            self.fft_length = fft_length
            key = (operand.type, fft_type, fft_length)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _53():
    def __init__(self, name, operand, scale, offset, epsilon, feature_index, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(scale) is not Value: _not_a_value(self, name, 'scale', scale, path)
        if type(offset) is not Value: _not_a_value(self, name, 'offset', offset, path)
        self.operands = (operand, scale, offset)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.scale = scale
        self.offset = offset
        try:
            epsilon = _coerce_epsilon(epsilon)
            feature_index = _coerce_feature_index(feature_index)
            self.epsilon = epsilon
            self.feature_index = feature_index
            key = (operand.type, scale.type, offset.type, epsilon, feature_index)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _54():
    def __init__(self, name, operand, scale, offset, mean, variance, epsilon, feature_index, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(scale) is not Value: _not_a_value(self, name, 'scale', scale, path)
        if type(offset) is not Value: _not_a_value(self, name, 'offset', offset, path)
        if type(mean) is not Value: _not_a_value(self, name, 'mean', mean, path)
        if type(variance) is not Value: _not_a_value(self, name, 'variance', variance, path)
        self.operands = (operand, scale, offset, mean, variance)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.scale = scale
        self.offset = offset
        self.mean = mean
        self.variance = variance
        try:
            epsilon = _coerce_epsilon(epsilon)
            feature_index = _coerce_feature_index(feature_index)
            self.epsilon = epsilon
            self.feature_index = feature_index
            key = (operand.type, scale.type, offset.type, mean.type, variance.type, epsilon, feature_index)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _55():
    def __init__(self, name, operand, scale, mean, variance, grad_output, epsilon, feature_index, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(scale) is not Value: _not_a_value(self, name, 'scale', scale, path)
        if type(mean) is not Value: _not_a_value(self, name, 'mean', mean, path)
        if type(variance) is not Value: _not_a_value(self, name, 'variance', variance, path)
        if type(grad_output) is not Value: _not_a_value(self, name, 'grad_output', grad_output, path)
        self.operands = (operand, scale, mean, variance, grad_output)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.scale = scale
        self.mean = mean
        self.variance = variance
        self.grad_output = grad_output
        try:
            epsilon = _coerce_epsilon(epsilon)
            feature_index = _coerce_feature_index(feature_index)
            self.epsilon = epsilon
            self.feature_index = feature_index
            key = (operand.type, scale.type, mean.type, variance.type, grad_output.type, epsilon, feature_index)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _56():
    def __init__(self, name, operand, exponent_bits, mantissa_bits, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        self.operands = (operand,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        try:
            exponent_bits = _coerce_exponent_bits(exponent_bits)
            mantissa_bits = _coerce_mantissa_bits(mantissa_bits)
            self.exponent_bits = exponent_bits
            self.mantissa_bits = mantissa_bits
            key = (operand.type, exponent_bits, mantissa_bits)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _57():
    def __init__(self, name, sym_name, mesh, *, path='', discardable=(), location=None):
        self.operands = ()
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        try:
            sym_name = _coerce_sym_name(sym_name)
            mesh = _coerce_mesh(mesh)
            self.sym_name = sym_name
            self.mesh = mesh
            key = (sym_name, mesh)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _58():
    def __init__(self, name, input, sharding, *, path='', discardable=(), location=None):
        if type(input) is not Value: _not_a_value(self, name, 'input', input, path)
        self.operands = (input,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.input = input
        try:
            sharding = _coerce_sharding(sharding)
            self.sharding = sharding
            key = (input.type, sharding)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _59():
    def __init__(self, name, input, allowed_direction, *, path='', discardable=(), location=None):
        if type(input) is not Value: _not_a_value(self, name, 'input', input, path)
        self.operands = (input,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.input = input
        try:
            allowed_direction = _coerce_allowed_direction(allowed_direction)
            self.allowed_direction = allowed_direction
            key = (input.type, allowed_direction)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _60():
    def __init__(self, name, input, group_id, *, path='', discardable=(), location=None):
        if type(input) is not Value: _not_a_value(self, name, 'input', input, path)
        self.operands = (input,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.input = input
        try:
            group_id = _coerce_group_id(group_id)
            self.group_id = group_id
            key = (input.type, group_id)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _61():
    def __init__(self, name, tensors, in_shardings, out_shardings, manual_axes, body, result_types, *, path='', discardable=(), location=None):
        if type(tensors) is not tuple or not all([type(v) is Value for v in tensors]): tensors = _values(self, name, 'tensors', tensors, path)
        self.operands = tensors
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.tensors = tensors
        try:
            in_shardings = _coerce_in_shardings(in_shardings)
            out_shardings = _coerce_out_shardings(out_shardings)
            manual_axes = _coerce_manual_axes(manual_axes)
            if type(body) is not _Region: body = _region(self, 'body', body, False)
            result_types = _given(result_types, True)
            self.in_shardings = in_shardings
            self.out_shardings = out_shardings
            self.manual_axes = manual_axes
            self.body = body
            self.result_types = result_types
            key = (tuple([v.type for v in tensors]), in_shardings, out_shardings, manual_axes, body.signature, result_types)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _62():
    def __init__(self, name, computation_name, inputs, body, in_shardings=_default_in_shardings, out_shardings=_default_out_shardings, *, path='', discardable=(), location=None):
        if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)
        self.operands = inputs
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.inputs = inputs
        try:
            computation_name = _coerce_computation_name(computation_name)
            if type(body) is not _Region: body = _region(self, 'body', body, False)
            if in_shardings is not None: in_shardings = _coerce_in_shardings(in_shardings)
            if out_shardings is not None: out_shardings = _coerce_out_shardings(out_shardings)
            self.computation_name = computation_name
            self.body = body
            self.in_shardings = in_shardings
            self.out_shardings = out_shardings
            key = (computation_name, tuple([v.type for v in inputs]), body.signature, in_shardings, out_shardings)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _63():
    def __init__(self, name, tensor, out_sharding, axes, *, path='', discardable=(), location=None):
        if type(tensor) is not Value: _not_a_value(self, name, 'tensor', tensor, path)
        self.operands = (tensor,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.tensor = tensor
        try:
            out_sharding = _coerce_out_sharding(out_sharding)
            axes = _coerce_axes(axes)
            self.out_sharding = out_sharding
            self.axes = axes
            key = (tensor.type, out_sharding, axes)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _64():
    def __init__(self, name, tensor, out_sharding, axes, reduction_op=_default_reduction_op, *, path='', discardable=(), location=None):
        if type(tensor) is not Value: _not_a_value(self, name, 'tensor', tensor, path)
        self.operands = (tensor,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.tensor = tensor
        try:
            out_sharding = _coerce_out_sharding(out_sharding)
            axes = _coerce_axes(axes)
            reduction_op = _coerce_reduction_op(reduction_op)
            self.out_sharding = out_sharding
            self.axes = axes
            self.reduction_op = reduction_op
            key = (tensor.type, out_sharding, axes, reduction_op)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _65():
    def __init__(self, name, tensor, out_sharding, *, path='', discardable=(), location=None):
        if type(tensor) is not Value: _not_a_value(self, name, 'tensor', tensor, path)
        self.operands = (tensor,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.tensor = tensor
        try:
            out_sharding = _coerce_out_sharding(out_sharding)
            self.out_sharding = out_sharding
            key = (tensor.type, out_sharding)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _66():
    def __init__(self, name, input, sharding=_default_sharding, *, path='', discardable=(), location=None):
        if type(input) is not Value: _not_a_value(self, name, 'input', input, path)
        self.operands = (input,)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.input = input
        try:
            if sharding is not None: sharding = _coerce_sharding(sharding)
            self.sharding = sharding
            key = (input.type, sharding)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


def _67():
    def __init__(self, name, inputs, init_values, body, window_dimensions, window_strides=_default_window_strides, base_dilations=_default_base_dilations, window_dilations=_default_window_dilations, padding=_default_padding, *, path='', discardable=(), location=None):
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
            if type(body) is not _Region: body = _region(self, 'body', body, False)
            window_dimensions = _coerce_window_dimensions(window_dimensions)
            if window_strides is not None: window_strides = _coerce_window_strides(window_strides)
            if base_dilations is not None: base_dilations = _coerce_base_dilations(base_dilations)
            if window_dilations is not None: window_dilations = _coerce_window_dilations(window_dilations)
            if padding is not None: padding = _coerce_padding(padding)
            self.body = body
            self.window_dimensions = window_dimensions
            self.window_strides = window_strides
            self.base_dilations = base_dilations
            self.window_dilations = window_dilations
            self.padding = padding
            key = (tuple([v.type for v in inputs]), tuple([v.type for v in init_values]), body.signature, window_dimensions, window_strides, base_dilations, window_dilations, padding)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)
    return __init__


def _68():
    def __init__(self, name, operand, source, init_value, select, scatter, window_dimensions=_default_window_dimensions, window_strides=_default_window_strides, padding=_default_padding, *, path='', discardable=(), location=None):
        if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)
        if type(source) is not Value: _not_a_value(self, name, 'source', source, path)
        if type(init_value) is not Value: _not_a_value(self, name, 'init_value', init_value, path)
        self.operands = (operand, source, init_value)
        self.path = path
        self.spelling = None
        self._location = location
        self.discardable = _discardable(discardable, self, name) if discardable else ()
        self.operand = operand
        self.source = source
        self.init_value = init_value
        try:
            if type(select) is not _Region: select = _region(self, 'select', select, False)
            if type(scatter) is not _Region: scatter = _region(self, 'scatter', scatter, False)
            if window_dimensions is not None: window_dimensions = _coerce_window_dimensions(window_dimensions)
            if window_strides is not None: window_strides = _coerce_window_strides(window_strides)
            if padding is not None: padding = _coerce_padding(padding)
            self.select = select
            self.scatter = scatter
            self.window_dimensions = window_dimensions
            self.window_strides = window_strides
            self.padding = padding
            key = (operand.type, source.type, init_value.type, select.signature, scatter.signature, window_dimensions, window_strides, padding)
        except RuleError as e:
            _fail(self, name, str(e))
        types = cls._rule_cache.get(key)
        if types is None:
            types = _infer(self, name, key)
        self.results = (Value(name, types[0]),)
    return __init__


CODE = {
    "def __init__(self, name, a, b, shape, rng_distribution, result_type, *, path='', discardable=(), location=None):\n    if type(a) is not Value: _not_a_value(self, name, 'a', a, path)\n    if type(b) is not Value: _not_a_value(self, name, 'b', b, path)\n    if type(shape) is not Value: _not_a_value(self, name, 'shape', shape, path)\n    self.operands = (a, b, shape)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.a = a\n    self.b = b\n    self.shape = shape\n    try:\n        rng_distribution = _coerce_rng_distribution(rng_distribution)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.rng_distribution = rng_distribution\n        self.result_type = result_type\n        key = (a.type, b.type, shape.type, rng_distribution, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _0,
    "def __init__(self, name, initial_state, rng_algorithm, result_types, *, path='', discardable=(), location=None):\n    if type(initial_state) is not Value: _not_a_value(self, name, 'initial_state', initial_state, path)\n    self.operands = (initial_state,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.initial_state = initial_state\n    try:\n        rng_algorithm = _coerce_rng_algorithm(rng_algorithm)\n        result_types = _given(result_types, True)\n        self.rng_algorithm = rng_algorithm\n        self.result_types = result_types\n        key = (initial_state.type, rng_algorithm, result_types)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _1,
    "def __init__(self, name, operand, k, is_stable=_default_is_stable, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        k = _coerce_k(k)\n        if is_stable is not None: is_stable = _coerce_is_stable(is_stable)\n        self.k = k\n        self.is_stable = is_stable\n        key = (operand.type, k, is_stable)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _2,
    "def __init__(self, name, lhs, rhs, broadcast_dimensions=_default_broadcast_dimensions, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        if broadcast_dimensions is not None: broadcast_dimensions = _coerce_broadcast_dimensions(broadcast_dimensions)\n        self.broadcast_dimensions = broadcast_dimensions\n        key = (lhs.type, rhs.type, broadcast_dimensions)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _3,
    "def __init__(self, name, lhs, rhs, comparison_direction, broadcast_dimensions=_default_broadcast_dimensions, compare_type=_default_compare_type, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        comparison_direction = _coerce_comparison_direction(comparison_direction)\n        if broadcast_dimensions is not None: broadcast_dimensions = _coerce_broadcast_dimensions(broadcast_dimensions)\n        if compare_type is not None: compare_type = _coerce_compare_type(compare_type)\n        self.comparison_direction = comparison_direction\n        self.broadcast_dimensions = broadcast_dimensions\n        self.compare_type = compare_type\n        key = (lhs.type, rhs.type, comparison_direction, broadcast_dimensions, compare_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _4,
    "def __init__(self, name, inputs, inits, dimension, body, scan_dim_size=_default_scan_dim_size, is_reverse=_default_is_reverse, is_associative=_default_is_associative, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    if type(inits) is not tuple or not all([type(v) is Value for v in inits]): inits = _values(self, name, 'inits', inits, path)\n    self.operands = inputs + inits\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    self.inits = inits\n    try:\n        dimension = _coerce_dimension(dimension)\n        if type(body) is not _Region: body = _region(self, 'body', body, False)\n        if scan_dim_size is not None: scan_dim_size = _coerce_scan_dim_size(scan_dim_size)\n        if is_reverse is not None: is_reverse = _coerce_is_reverse(is_reverse)\n        if is_associative is not None: is_associative = _coerce_is_associative(is_associative)\n        self.dimension = dimension\n        self.body = body\n        self.scan_dim_size = scan_dim_size\n        self.is_reverse = is_reverse\n        self.is_associative = is_associative\n        key = (tuple([v.type for v in inputs]), tuple([v.type for v in inits]), dimension, body.signature, scan_dim_size, is_reverse, is_associative)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _5,
    "def __init__(self, name, lhs, rhs, group_sizes, ragged_dot_dimension_numbers, precision_config=_default_precision_config, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    if type(group_sizes) is not Value: _not_a_value(self, name, 'group_sizes', group_sizes, path)\n    self.operands = (lhs, rhs, group_sizes)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    self.group_sizes = group_sizes\n    try:\n        ragged_dot_dimension_numbers = _coerce_ragged_dot_dimension_numbers(ragged_dot_dimension_numbers)\n        if precision_config is not None: precision_config = _coerce_precision_config(precision_config)\n        self.ragged_dot_dimension_numbers = ragged_dot_dimension_numbers\n        self.precision_config = precision_config\n        key = (lhs.type, rhs.type, group_sizes.type, ragged_dot_dimension_numbers, precision_config)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _6,
    "def __init__(self, name, inputs, replica_groups, computation, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        replica_groups = _coerce_replica_groups(replica_groups)\n        if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)\n        if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)\n        if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)\n        self.replica_groups = replica_groups\n        self.computation = computation\n        self.channel_handle = channel_handle\n        self.use_global_device_ids = use_global_device_ids\n        key = (tuple([v.type for v in inputs]), replica_groups, computation.signature, channel_handle, use_global_device_ids)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _7,
    "def __init__(self, name, inputs, all_gather_dim, replica_groups, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, result_types=_default_result_types, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        all_gather_dim = _coerce_all_gather_dim(all_gather_dim)\n        replica_groups = _coerce_replica_groups(replica_groups)\n        if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)\n        if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)\n        if result_types is not None: result_types = _given(result_types, True)\n        self.all_gather_dim = all_gather_dim\n        self.replica_groups = replica_groups\n        self.channel_handle = channel_handle\n        self.use_global_device_ids = use_global_device_ids\n        self.result_types = result_types\n        key = (tuple([v.type for v in inputs]), all_gather_dim, replica_groups, channel_handle, use_global_device_ids, result_types)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _8,
    "def __init__(self, name, operand, scatter_dimension, replica_groups, computation, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, result_type=_default_result_type, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        scatter_dimension = _coerce_scatter_dimension(scatter_dimension)\n        replica_groups = _coerce_replica_groups(replica_groups)\n        if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)\n        if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)\n        if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)\n        if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.scatter_dimension = scatter_dimension\n        self.replica_groups = replica_groups\n        self.computation = computation\n        self.channel_handle = channel_handle\n        self.use_global_device_ids = use_global_device_ids\n        self.result_type = result_type\n        key = (operand.type, scatter_dimension, replica_groups, computation.signature, channel_handle, use_global_device_ids, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _9,
    "def __init__(self, name, inputs, split_dimension, concat_dimension, split_count, replica_groups, channel_handle=_default_channel_handle, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        split_dimension = _coerce_split_dimension(split_dimension)\n        concat_dimension = _coerce_concat_dimension(concat_dimension)\n        split_count = _coerce_split_count(split_count)\n        replica_groups = _coerce_replica_groups(replica_groups)\n        if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)\n        self.split_dimension = split_dimension\n        self.concat_dimension = concat_dimension\n        self.split_count = split_count\n        self.replica_groups = replica_groups\n        self.channel_handle = channel_handle\n        key = (tuple([v.type for v in inputs]), split_dimension, concat_dimension, split_count, replica_groups, channel_handle)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _10,
    "def __init__(self, name, operand, source_target_pairs, channel_handle=_default_channel_handle, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        source_target_pairs = _coerce_source_target_pairs(source_target_pairs)\n        if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)\n        self.source_target_pairs = source_target_pairs\n        self.channel_handle = channel_handle\n        key = (operand.type, source_target_pairs, channel_handle)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _11,
    "def __init__(self, name, inputs, replica_groups, channel_handle=_default_channel_handle, has_dynamic_root=_default_has_dynamic_root, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        replica_groups = _coerce_replica_groups(replica_groups)\n        if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)\n        if has_dynamic_root is not None: has_dynamic_root = _coerce_has_dynamic_root(has_dynamic_root)\n        self.replica_groups = replica_groups\n        self.channel_handle = channel_handle\n        self.has_dynamic_root = has_dynamic_root\n        key = (tuple([v.type for v in inputs]), replica_groups, channel_handle, has_dynamic_root)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _12,
    "def __init__(self, name, inputs, replica_groups, computation, channel_handle=_default_channel_handle, use_global_device_ids=_default_use_global_device_ids, has_dynamic_root=_default_has_dynamic_root, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        replica_groups = _coerce_replica_groups(replica_groups)\n        if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)\n        if channel_handle is not None: channel_handle = _coerce_channel_handle(channel_handle)\n        if use_global_device_ids is not None: use_global_device_ids = _coerce_use_global_device_ids(use_global_device_ids)\n        if has_dynamic_root is not None: has_dynamic_root = _coerce_has_dynamic_root(has_dynamic_root)\n        self.replica_groups = replica_groups\n        self.computation = computation\n        self.channel_handle = channel_handle\n        self.use_global_device_ids = use_global_device_ids\n        self.has_dynamic_root = has_dynamic_root\n        key = (tuple([v.type for v in inputs]), replica_groups, computation.signature, channel_handle, use_global_device_ids, has_dynamic_root)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _13,
    "def __init__(self, name, *, path='', discardable=(), location=None):\n    self.operands = ()\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    try:\n        key = ()\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _14,
    "def __init__(self, name, inputs, token, channel_handle, is_host_transfer=_default_is_host_transfer, source_target_pairs=_default_source_target_pairs, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    if type(token) is not Value: _not_a_value(self, name, 'token', token, path)\n    self.operands = inputs + (token,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    self.token = token\n    try:\n        channel_handle = _coerce_channel_handle(channel_handle)\n        if is_host_transfer is not None: is_host_transfer = _coerce_is_host_transfer(is_host_transfer)\n        if source_target_pairs is not None: source_target_pairs = _coerce_source_target_pairs(source_target_pairs)\n        self.channel_handle = channel_handle\n        self.is_host_transfer = is_host_transfer\n        self.source_target_pairs = source_target_pairs\n        key = (tuple([v.type for v in inputs]), token.type, channel_handle, is_host_transfer, source_target_pairs)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _15,
    "def __init__(self, name, token, channel_handle, result_types, is_host_transfer=_default_is_host_transfer, source_target_pairs=_default_source_target_pairs, *, path='', discardable=(), location=None):\n    if type(token) is not Value: _not_a_value(self, name, 'token', token, path)\n    self.operands = (token,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.token = token\n    try:\n        channel_handle = _coerce_channel_handle(channel_handle)\n        result_types = _given(result_types, True)\n        if is_host_transfer is not None: is_host_transfer = _coerce_is_host_transfer(is_host_transfer)\n        if source_target_pairs is not None: source_target_pairs = _coerce_source_target_pairs(source_target_pairs)\n        self.channel_handle = channel_handle\n        self.result_types = result_types\n        self.is_host_transfer = is_host_transfer\n        self.source_target_pairs = source_target_pairs\n        key = (token.type, channel_handle, result_types, is_host_transfer, source_target_pairs)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _16,
    "def __init__(self, name, token, result_types, infeed_config=_default_infeed_config, layout=_default_layout, *, path='', discardable=(), location=None):\n    if type(token) is not Value: _not_a_value(self, name, 'token', token, path)\n    self.operands = (token,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.token = token\n    try:\n        result_types = _given(result_types, True)\n        infeed_config = _coerce_infeed_config(infeed_config)\n        if layout is not None: layout = _coerce_layout(layout)\n        self.result_types = result_types\n        self.infeed_config = infeed_config\n        self.layout = layout\n        key = (token.type, result_types, infeed_config, layout)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _17,
    "def __init__(self, name, inputs, token, outfeed_config=_default_outfeed_config, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    if type(token) is not Value: _not_a_value(self, name, 'token', token, path)\n    self.operands = inputs + (token,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    self.token = token\n    try:\n        outfeed_config = _coerce_outfeed_config(outfeed_config)\n        self.outfeed_config = outfeed_config\n        key = (tuple([v.type for v in inputs]), token.type, outfeed_config)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _18,
    "def __init__(self, name, inputs, body, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        if type(body) is not _Region: body = _region(self, 'body', body, False)\n        self.body = body\n        key = (tuple([v.type for v in inputs]), body.signature)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _19,
    "def __init__(self, name, operand, cond, body, *, path='', discardable=(), location=None):\n    if type(operand) is not tuple or not all([type(v) is Value for v in operand]): operand = _values(self, name, 'operand', operand, path)\n    self.operands = operand\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        if type(cond) is not _Region: cond = _region(self, 'cond', cond, False)\n        if type(body) is not _Region: body = _region(self, 'body', body, False)\n        self.cond = cond\n        self.body = body\n        key = (tuple([v.type for v in operand]), cond.signature, body.signature)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _20,
    "def __init__(self, name, pred, true_branch, false_branch, *, path='', discardable=(), location=None):\n    if type(pred) is not Value: _not_a_value(self, name, 'pred', pred, path)\n    self.operands = (pred,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.pred = pred\n    try:\n        if type(true_branch) is not _Region: true_branch = _region(self, 'true_branch', true_branch, False)\n        if type(false_branch) is not _Region: false_branch = _region(self, 'false_branch', false_branch, False)\n        self.true_branch = true_branch\n        self.false_branch = false_branch\n        key = (pred.type, true_branch.signature, false_branch.signature)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _21,
    "def __init__(self, name, index, branches, *, path='', discardable=(), location=None):\n    if type(index) is not Value: _not_a_value(self, name, 'index', index, path)\n    self.operands = (index,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.index = index\n    try:\n        branches = _regions(self, 'branches', branches, False)\n        self.branches = branches\n        key = (index.type, tuple([r.signature for r in branches]))\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _22,
    "def __init__(self, name, operand, *, path='', discardable=(), location=None):\n    if type(operand) is not tuple or not all([type(v) is Value for v in operand]): operand = _values(self, name, 'operand', operand, path)\n    self.operands = operand\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        key = (tuple([v.type for v in operand]),)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _23,
    "def __init__(self, name, inputs, dimensions, computation, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        dimensions = _coerce_dimensions(dimensions)\n        if type(computation) is not _Region: computation = _region(self, 'computation', computation, False)\n        self.dimensions = dimensions\n        self.computation = computation\n        key = (tuple([v.type for v in inputs]), dimensions, computation.signature)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _24,
    "def __init__(self, name, val, *, path='', discardable=(), location=None):\n    if type(val) is not tuple or not all([type(v) is Value for v in val]): val = _values(self, name, 'val', val, path)\n    self.operands = val\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.val = val\n    try:\n        key = (tuple([v.type for v in val]),)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _25,
    "def __init__(self, name, operand, index, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        index = _coerce_index(index)\n        self.index = index\n        key = (operand.type, index)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _26,
    "def __init__(self, name, inputs, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        key = (tuple([v.type for v in inputs]),)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _27,
    "def __init__(self, name, inputs, composite_name, decomposition, result_types, composite_attributes=_default_composite_attributes, version=_default_version, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        composite_name = _coerce_composite_name(composite_name)\n        decomposition = _coerce_decomposition(decomposition)\n        result_types = _given(result_types, True)\n        if composite_attributes is not None: composite_attributes = _coerce_composite_attributes(composite_attributes)\n        if version is not None: version = _coerce_version(version)\n        self.composite_name = composite_name\n        self.decomposition = decomposition\n        self.result_types = result_types\n        self.composite_attributes = composite_attributes\n        self.version = version\n        key = (tuple([v.type for v in inputs]), composite_name, decomposition, result_types, composite_attributes, version)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _28,
    "def __init__(self, name, inputs, call_target_name, result_types, has_side_effect=_default_has_side_effect, backend_config=_default_backend_config, api_version=_default_api_version, called_computations=_default_called_computations, operand_layouts=_default_operand_layouts, result_layouts=_default_result_layouts, output_operand_aliases=_default_output_operand_aliases, result_tilings=_default_result_tilings, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        call_target_name = _coerce_call_target_name(call_target_name)\n        result_types = _given(result_types, True)\n        if has_side_effect is not None: has_side_effect = _coerce_has_side_effect(has_side_effect)\n        if backend_config is not None: backend_config = _coerce_backend_config(backend_config)\n        if api_version is not None: api_version = _coerce_api_version(api_version)\n        if called_computations is not None: called_computations = _coerce_called_computations(called_computations)\n        if operand_layouts is not None: operand_layouts = _coerce_operand_layouts(operand_layouts)\n        if result_layouts is not None: result_layouts = _coerce_result_layouts(result_layouts)\n        if output_operand_aliases is not None: output_operand_aliases = _coerce_output_operand_aliases(output_operand_aliases)\n        if result_tilings is not None: result_tilings = _coerce_result_tilings(result_tilings)\n        self.call_target_name = call_target_name\n        self.result_types = result_types\n        self.has_side_effect = has_side_effect\n        self.backend_config = backend_config\n        self.api_version = api_version\n        self.called_computations = called_computations\n        self.operand_layouts = operand_layouts\n        self.result_layouts = result_layouts\n        self.output_operand_aliases = output_operand_aliases\n        self.result_tilings = result_tilings\n        key = (tuple([v.type for v in inputs]), call_target_name, result_types, has_side_effect, backend_config, api_version, called_computations, operand_layouts, result_layouts, output_operand_aliases, result_tilings)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _29,
    "def __init__(self, name, callee, inputs, result_types, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        callee = _coerce_callee(callee)\n        result_types = _given(result_types, True)\n        self.callee = callee\n        self.result_types = result_types\n        key = (callee, tuple([v.type for v in inputs]), result_types)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _30,
    "def __init__(self, name, operand, start_indices, dimension_numbers, slice_sizes, indices_are_sorted=_default_indices_are_sorted, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(start_indices) is not Value: _not_a_value(self, name, 'start_indices', start_indices, path)\n    self.operands = (operand, start_indices)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.start_indices = start_indices\n    try:\n        dimension_numbers = _coerce_dimension_numbers(dimension_numbers)\n        slice_sizes = _coerce_slice_sizes(slice_sizes)\n        if indices_are_sorted is not None: indices_are_sorted = _coerce_indices_are_sorted(indices_are_sorted)\n        self.dimension_numbers = dimension_numbers\n        self.slice_sizes = slice_sizes\n        self.indices_are_sorted = indices_are_sorted\n        key = (operand.type, start_indices.type, dimension_numbers, slice_sizes, indices_are_sorted)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _31,
    "def __init__(self, name, inputs, scatter_indices, updates, scatter_dimension_numbers, update_computation, indices_are_sorted=_default_indices_are_sorted, unique_indices=_default_unique_indices, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    if type(scatter_indices) is not Value: _not_a_value(self, name, 'scatter_indices', scatter_indices, path)\n    if type(updates) is not tuple or not all([type(v) is Value for v in updates]): updates = _values(self, name, 'updates', updates, path)\n    self.operands = inputs + (scatter_indices,) + updates\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    self.scatter_indices = scatter_indices\n    self.updates = updates\n    try:\n        scatter_dimension_numbers = _coerce_scatter_dimension_numbers(scatter_dimension_numbers)\n        if type(update_computation) is not _Region: update_computation = _region(self, 'update_computation', update_computation, False)\n        if indices_are_sorted is not None: indices_are_sorted = _coerce_indices_are_sorted(indices_are_sorted)\n        if unique_indices is not None: unique_indices = _coerce_unique_indices(unique_indices)\n        self.scatter_dimension_numbers = scatter_dimension_numbers\n        self.update_computation = update_computation\n        self.indices_are_sorted = indices_are_sorted\n        self.unique_indices = unique_indices\n        key = (tuple([v.type for v in inputs]), scatter_indices.type, tuple([v.type for v in updates]), scatter_dimension_numbers, update_computation.signature, indices_are_sorted, unique_indices)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _32,
    "def __init__(self, name, operand, start_indices, slice_sizes, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(start_indices) is not tuple or not all([type(v) is Value for v in start_indices]): start_indices = _values(self, name, 'start_indices', start_indices, path)\n    self.operands = (operand,) + start_indices\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.start_indices = start_indices\n    try:\n        slice_sizes = _coerce_slice_sizes(slice_sizes)\n        self.slice_sizes = slice_sizes\n        key = (operand.type, tuple([v.type for v in start_indices]), slice_sizes)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _33,
    "def __init__(self, name, operand, update, start_indices, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(update) is not Value: _not_a_value(self, name, 'update', update, path)\n    if type(start_indices) is not tuple or not all([type(v) is Value for v in start_indices]): start_indices = _values(self, name, 'start_indices', start_indices, path)\n    self.operands = (operand, update) + start_indices\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.update = update\n    self.start_indices = start_indices\n    try:\n        key = (operand.type, update.type, tuple([v.type for v in start_indices]))\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _34,
    "def __init__(self, name, inputs, comparator, dimension=_default_dimension, is_stable=_default_is_stable, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        if type(comparator) is not _Region: comparator = _region(self, 'comparator', comparator, False)\n        if dimension is not None: dimension = _coerce_dimension(dimension)\n        if is_stable is not None: is_stable = _coerce_is_stable(is_stable)\n        self.comparator = comparator\n        self.dimension = dimension\n        self.is_stable = is_stable\n        key = (tuple([v.type for v in inputs]), comparator.signature, dimension, is_stable)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _35,
    "def __init__(self, name, operand, dims, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        dims = _coerce_dims(dims)\n        self.dims = dims\n        key = (operand.type, dims)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _36,
    "def __init__(self, name, operand, dimension, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        dimension = _coerce_dimension(dimension)\n        self.dimension = dimension\n        key = (operand.type, dimension)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _37,
    "def __init__(self, name, operand, sizes, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        sizes = _coerce_sizes(sizes)\n        self.sizes = sizes\n        key = (operand.type, sizes)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _38,
    "def __init__(self, name, output_shape, iota_dimension, result_type, *, path='', discardable=(), location=None):\n    if type(output_shape) is not Value: _not_a_value(self, name, 'output_shape', output_shape, path)\n    self.operands = (output_shape,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.output_shape = output_shape\n    try:\n        iota_dimension = _coerce_iota_dimension(iota_dimension)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.iota_dimension = iota_dimension\n        self.result_type = result_type\n        key = (output_shape.type, iota_dimension, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _39,
    "def __init__(self, name, operand, output_dimensions, dims, result_type, known_expanding_dimensions=_default_known_expanding_dimensions, known_nonexpanding_dimensions=_default_known_nonexpanding_dimensions, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(output_dimensions) is not Value: _not_a_value(self, name, 'output_dimensions', output_dimensions, path)\n    self.operands = (operand, output_dimensions)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.output_dimensions = output_dimensions\n    try:\n        dims = _coerce_dims(dims)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        if known_expanding_dimensions is not None: known_expanding_dimensions = _coerce_known_expanding_dimensions(known_expanding_dimensions)\n        if known_nonexpanding_dimensions is not None: known_nonexpanding_dimensions = _coerce_known_nonexpanding_dimensions(known_nonexpanding_dimensions)\n        self.dims = dims\n        self.result_type = result_type\n        self.known_expanding_dimensions = known_expanding_dimensions\n        self.known_nonexpanding_dimensions = known_nonexpanding_dimensions\n        key = (operand.type, output_dimensions.type, dims, result_type, known_expanding_dimensions, known_nonexpanding_dimensions)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _40,
    "def __init__(self, name, operand, padding_value, edge_padding_low, edge_padding_high, interior_padding, result_type, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(padding_value) is not Value: _not_a_value(self, name, 'padding_value', padding_value, path)\n    if type(edge_padding_low) is not Value: _not_a_value(self, name, 'edge_padding_low', edge_padding_low, path)\n    if type(edge_padding_high) is not Value: _not_a_value(self, name, 'edge_padding_high', edge_padding_high, path)\n    if type(interior_padding) is not Value: _not_a_value(self, name, 'interior_padding', interior_padding, path)\n    self.operands = (operand, padding_value, edge_padding_low, edge_padding_high, interior_padding)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.padding_value = padding_value\n    self.edge_padding_low = edge_padding_low\n    self.edge_padding_high = edge_padding_high\n    self.interior_padding = interior_padding\n    try:\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.result_type = result_type\n        key = (operand.type, padding_value.type, edge_padding_low.type, edge_padding_high.type, interior_padding.type, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _41,
    "def __init__(self, name, operand, output_shape, result_type, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(output_shape) is not Value: _not_a_value(self, name, 'output_shape', output_shape, path)\n    self.operands = (operand, output_shape)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.output_shape = output_shape\n    try:\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.result_type = result_type\n        key = (operand.type, output_shape.type, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _42,
    "def __init__(self, name, operand, start_indices, slice_sizes, dimension_numbers, result_type, indices_are_sorted=_default_indices_are_sorted, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(start_indices) is not Value: _not_a_value(self, name, 'start_indices', start_indices, path)\n    if type(slice_sizes) is not Value: _not_a_value(self, name, 'slice_sizes', slice_sizes, path)\n    self.operands = (operand, start_indices, slice_sizes)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.start_indices = start_indices\n    self.slice_sizes = slice_sizes\n    try:\n        dimension_numbers = _coerce_dimension_numbers(dimension_numbers)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        if indices_are_sorted is not None: indices_are_sorted = _coerce_indices_are_sorted(indices_are_sorted)\n        self.dimension_numbers = dimension_numbers\n        self.result_type = result_type\n        self.indices_are_sorted = indices_are_sorted\n        key = (operand.type, start_indices.type, slice_sizes.type, dimension_numbers, result_type, indices_are_sorted)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _43,
    "def __init__(self, name, operand, size, dimension, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(size) is not Value: _not_a_value(self, name, 'size', size, path)\n    self.operands = (operand, size)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.size = size\n    try:\n        dimension = _coerce_dimension(dimension)\n        self.dimension = dimension\n        key = (operand.type, size.type, dimension)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _44,
    "def __init__(self, name, operand, start_indices, limit_indices, strides, result_type, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(start_indices) is not Value: _not_a_value(self, name, 'start_indices', start_indices, path)\n    if type(limit_indices) is not Value: _not_a_value(self, name, 'limit_indices', limit_indices, path)\n    if type(strides) is not Value: _not_a_value(self, name, 'strides', strides, path)\n    self.operands = (operand, start_indices, limit_indices, strides)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.start_indices = start_indices\n    self.limit_indices = limit_indices\n    self.strides = strides\n    try:\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.result_type = result_type\n        key = (operand.type, start_indices.type, limit_indices.type, strides.type, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _45,
    "def __init__(self, name, lhs, rhs, einsum_config, result_type, *, path='', discardable=(), location=None):\n    if type(lhs) is not Value: _not_a_value(self, name, 'lhs', lhs, path)\n    if type(rhs) is not Value: _not_a_value(self, name, 'rhs', rhs, path)\n    self.operands = (lhs, rhs)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.lhs = lhs\n    self.rhs = rhs\n    try:\n        einsum_config = _coerce_einsum_config(einsum_config)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.einsum_config = einsum_config\n        self.result_type = result_type\n        key = (lhs.type, rhs.type, einsum_config, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _46,
    "def __init__(self, name, operand, einsum_config, result_type, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        einsum_config = _coerce_einsum_config(einsum_config)\n        if type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.einsum_config = einsum_config\n        self.result_type = result_type\n        key = (operand.type, einsum_config, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _47,
    "def __init__(self, name, operand, index, dim, batch_dims, result_type=_default_result_type, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(index) is not Value: _not_a_value(self, name, 'index', index, path)\n    self.operands = (operand, index)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.index = index\n    try:\n        dim = _coerce_dim(dim)\n        batch_dims = _coerce_batch_dims(batch_dims)\n        if result_type is not None and type(result_type) is not TensorType: result_type = _given(result_type, False)\n        self.dim = dim\n        self.batch_dims = batch_dims\n        self.result_type = result_type\n        key = (operand.type, index.type, dim, batch_dims, result_type)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _48,
    "def __init__(self, name, operand, replica_groups, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        replica_groups = _coerce_replica_groups(replica_groups)\n        self.replica_groups = replica_groups\n        key = (operand.type, replica_groups)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _49,
    "def __init__(self, name, a, b, left_side, lower, unit_diagonal, transpose_a, *, path='', discardable=(), location=None):\n    if type(a) is not Value: _not_a_value(self, name, 'a', a, path)\n    if type(b) is not Value: _not_a_value(self, name, 'b', b, path)\n    self.operands = (a, b)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.a = a\n    self.b = b\n    try:\n        left_side = _coerce_left_side(left_side)\n        lower = _coerce_lower(lower)\n        unit_diagonal = _coerce_unit_diagonal(unit_diagonal)\n        transpose_a = _coerce_transpose_a(transpose_a)\n        self.left_side = left_side\n        self.lower = lower\n        self.unit_diagonal = unit_diagonal\n        self.transpose_a = transpose_a\n        key = (a.type, b.type, left_side, lower, unit_diagonal, transpose_a)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _50,
    "def __init__(self, name, a, lower=_default_lower, *, path='', discardable=(), location=None):\n    if type(a) is not Value: _not_a_value(self, name, 'a', a, path)\n    self.operands = (a,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.a = a\n    try:\n        lower = _coerce_lower(lower)\n        self.lower = lower\n        key = (a.type, lower)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _51,
    "def __init__(self, name, operand, fft_type, fft_length, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        fft_type = _coerce_fft_type(fft_type)\n        fft_length = _coerce_fft_length(fft_length)\n        self.fft_type = fft_type\n        self.fft_length = fft_length\n        key = (operand.type, fft_type, fft_length)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _52,
    "def __init__(self, name, operand, scale, offset, epsilon, feature_index, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(scale) is not Value: _not_a_value(self, name, 'scale', scale, path)\n    if type(offset) is not Value: _not_a_value(self, name, 'offset', offset, path)\n    self.operands = (operand, scale, offset)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.scale = scale\n    self.offset = offset\n    try:\n        epsilon = _coerce_epsilon(epsilon)\n        feature_index = _coerce_feature_index(feature_index)\n        self.epsilon = epsilon\n        self.feature_index = feature_index\n        key = (operand.type, scale.type, offset.type, epsilon, feature_index)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _53,
    "def __init__(self, name, operand, scale, offset, mean, variance, epsilon, feature_index, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(scale) is not Value: _not_a_value(self, name, 'scale', scale, path)\n    if type(offset) is not Value: _not_a_value(self, name, 'offset', offset, path)\n    if type(mean) is not Value: _not_a_value(self, name, 'mean', mean, path)\n    if type(variance) is not Value: _not_a_value(self, name, 'variance', variance, path)\n    self.operands = (operand, scale, offset, mean, variance)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.scale = scale\n    self.offset = offset\n    self.mean = mean\n    self.variance = variance\n    try:\n        epsilon = _coerce_epsilon(epsilon)\n        feature_index = _coerce_feature_index(feature_index)\n        self.epsilon = epsilon\n        self.feature_index = feature_index\n        key = (operand.type, scale.type, offset.type, mean.type, variance.type, epsilon, feature_index)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _54,
    "def __init__(self, name, operand, scale, mean, variance, grad_output, epsilon, feature_index, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(scale) is not Value: _not_a_value(self, name, 'scale', scale, path)\n    if type(mean) is not Value: _not_a_value(self, name, 'mean', mean, path)\n    if type(variance) is not Value: _not_a_value(self, name, 'variance', variance, path)\n    if type(grad_output) is not Value: _not_a_value(self, name, 'grad_output', grad_output, path)\n    self.operands = (operand, scale, mean, variance, grad_output)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.scale = scale\n    self.mean = mean\n    self.variance = variance\n    self.grad_output = grad_output\n    try:\n        epsilon = _coerce_epsilon(epsilon)\n        feature_index = _coerce_feature_index(feature_index)\n        self.epsilon = epsilon\n        self.feature_index = feature_index\n        key = (operand.type, scale.type, mean.type, variance.type, grad_output.type, epsilon, feature_index)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _55,
    "def __init__(self, name, operand, exponent_bits, mantissa_bits, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    self.operands = (operand,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    try:\n        exponent_bits = _coerce_exponent_bits(exponent_bits)\n        mantissa_bits = _coerce_mantissa_bits(mantissa_bits)\n        self.exponent_bits = exponent_bits\n        self.mantissa_bits = mantissa_bits\n        key = (operand.type, exponent_bits, mantissa_bits)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _56,
    "def __init__(self, name, sym_name, mesh, *, path='', discardable=(), location=None):\n    self.operands = ()\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    try:\n        sym_name = _coerce_sym_name(sym_name)\n        mesh = _coerce_mesh(mesh)\n        self.sym_name = sym_name\n        self.mesh = mesh\n        key = (sym_name, mesh)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _57,
    "def __init__(self, name, input, sharding, *, path='', discardable=(), location=None):\n    if type(input) is not Value: _not_a_value(self, name, 'input', input, path)\n    self.operands = (input,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.input = input\n    try:\n        sharding = _coerce_sharding(sharding)\n        self.sharding = sharding\n        key = (input.type, sharding)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _58,
    "def __init__(self, name, input, allowed_direction, *, path='', discardable=(), location=None):\n    if type(input) is not Value: _not_a_value(self, name, 'input', input, path)\n    self.operands = (input,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.input = input\n    try:\n        allowed_direction = _coerce_allowed_direction(allowed_direction)\n        self.allowed_direction = allowed_direction\n        key = (input.type, allowed_direction)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _59,
    "def __init__(self, name, input, group_id, *, path='', discardable=(), location=None):\n    if type(input) is not Value: _not_a_value(self, name, 'input', input, path)\n    self.operands = (input,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.input = input\n    try:\n        group_id = _coerce_group_id(group_id)\n        self.group_id = group_id\n        key = (input.type, group_id)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _60,
    "def __init__(self, name, tensors, in_shardings, out_shardings, manual_axes, body, result_types, *, path='', discardable=(), location=None):\n    if type(tensors) is not tuple or not all([type(v) is Value for v in tensors]): tensors = _values(self, name, 'tensors', tensors, path)\n    self.operands = tensors\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.tensors = tensors\n    try:\n        in_shardings = _coerce_in_shardings(in_shardings)\n        out_shardings = _coerce_out_shardings(out_shardings)\n        manual_axes = _coerce_manual_axes(manual_axes)\n        if type(body) is not _Region: body = _region(self, 'body', body, False)\n        result_types = _given(result_types, True)\n        self.in_shardings = in_shardings\n        self.out_shardings = out_shardings\n        self.manual_axes = manual_axes\n        self.body = body\n        self.result_types = result_types\n        key = (tuple([v.type for v in tensors]), in_shardings, out_shardings, manual_axes, body.signature, result_types)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _61,
    "def __init__(self, name, computation_name, inputs, body, in_shardings=_default_in_shardings, out_shardings=_default_out_shardings, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    self.operands = inputs\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    try:\n        computation_name = _coerce_computation_name(computation_name)\n        if type(body) is not _Region: body = _region(self, 'body', body, False)\n        if in_shardings is not None: in_shardings = _coerce_in_shardings(in_shardings)\n        if out_shardings is not None: out_shardings = _coerce_out_shardings(out_shardings)\n        self.computation_name = computation_name\n        self.body = body\n        self.in_shardings = in_shardings\n        self.out_shardings = out_shardings\n        key = (computation_name, tuple([v.type for v in inputs]), body.signature, in_shardings, out_shardings)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _62,
    "def __init__(self, name, tensor, out_sharding, axes, *, path='', discardable=(), location=None):\n    if type(tensor) is not Value: _not_a_value(self, name, 'tensor', tensor, path)\n    self.operands = (tensor,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.tensor = tensor\n    try:\n        out_sharding = _coerce_out_sharding(out_sharding)\n        axes = _coerce_axes(axes)\n        self.out_sharding = out_sharding\n        self.axes = axes\n        key = (tensor.type, out_sharding, axes)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _63,
    "def __init__(self, name, tensor, out_sharding, axes, reduction_op=_default_reduction_op, *, path='', discardable=(), location=None):\n    if type(tensor) is not Value: _not_a_value(self, name, 'tensor', tensor, path)\n    self.operands = (tensor,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.tensor = tensor\n    try:\n        out_sharding = _coerce_out_sharding(out_sharding)\n        axes = _coerce_axes(axes)\n        reduction_op = _coerce_reduction_op(reduction_op)\n        self.out_sharding = out_sharding\n        self.axes = axes\n        self.reduction_op = reduction_op\n        key = (tensor.type, out_sharding, axes, reduction_op)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _64,
    "def __init__(self, name, tensor, out_sharding, *, path='', discardable=(), location=None):\n    if type(tensor) is not Value: _not_a_value(self, name, 'tensor', tensor, path)\n    self.operands = (tensor,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.tensor = tensor\n    try:\n        out_sharding = _coerce_out_sharding(out_sharding)\n        self.out_sharding = out_sharding\n        key = (tensor.type, out_sharding)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _65,
    "def __init__(self, name, input, sharding=_default_sharding, *, path='', discardable=(), location=None):\n    if type(input) is not Value: _not_a_value(self, name, 'input', input, path)\n    self.operands = (input,)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.input = input\n    try:\n        if sharding is not None: sharding = _coerce_sharding(sharding)\n        self.sharding = sharding\n        key = (input.type, sharding)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _66,
    "def __init__(self, name, inputs, init_values, body, window_dimensions, window_strides=_default_window_strides, base_dilations=_default_base_dilations, window_dilations=_default_window_dilations, padding=_default_padding, *, path='', discardable=(), location=None):\n    if type(inputs) is not tuple or not all([type(v) is Value for v in inputs]): inputs = _values(self, name, 'inputs', inputs, path)\n    if type(init_values) is not tuple or not all([type(v) is Value for v in init_values]): init_values = _values(self, name, 'init_values', init_values, path)\n    self.operands = inputs + init_values\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.inputs = inputs\n    self.init_values = init_values\n    try:\n        if type(body) is not _Region: body = _region(self, 'body', body, False)\n        window_dimensions = _coerce_window_dimensions(window_dimensions)\n        if window_strides is not None: window_strides = _coerce_window_strides(window_strides)\n        if base_dilations is not None: base_dilations = _coerce_base_dilations(base_dilations)\n        if window_dilations is not None: window_dilations = _coerce_window_dilations(window_dilations)\n        if padding is not None: padding = _coerce_padding(padding)\n        self.body = body\n        self.window_dimensions = window_dimensions\n        self.window_strides = window_strides\n        self.base_dilations = base_dilations\n        self.window_dilations = window_dilations\n        self.padding = padding\n        key = (tuple([v.type for v in inputs]), tuple([v.type for v in init_values]), body.signature, window_dimensions, window_strides, base_dilations, window_dilations, padding)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),) if len(types) == 1 and type(name) is str else _results(self, name, types)": _67,
    "def __init__(self, name, operand, source, init_value, select, scatter, window_dimensions=_default_window_dimensions, window_strides=_default_window_strides, padding=_default_padding, *, path='', discardable=(), location=None):\n    if type(operand) is not Value: _not_a_value(self, name, 'operand', operand, path)\n    if type(source) is not Value: _not_a_value(self, name, 'source', source, path)\n    if type(init_value) is not Value: _not_a_value(self, name, 'init_value', init_value, path)\n    self.operands = (operand, source, init_value)\n    self.path = path\n    self.spelling = None\n    self._location = location\n    self.discardable = _discardable(discardable, self, name) if discardable else ()\n    self.operand = operand\n    self.source = source\n    self.init_value = init_value\n    try:\n        if type(select) is not _Region: select = _region(self, 'select', select, False)\n        if type(scatter) is not _Region: scatter = _region(self, 'scatter', scatter, False)\n        if window_dimensions is not None: window_dimensions = _coerce_window_dimensions(window_dimensions)\n        if window_strides is not None: window_strides = _coerce_window_strides(window_strides)\n        if padding is not None: padding = _coerce_padding(padding)\n        self.select = select\n        self.scatter = scatter\n        self.window_dimensions = window_dimensions\n        self.window_strides = window_strides\n        self.padding = padding\n        key = (operand.type, source.type, init_value.type, select.signature, scatter.signature, window_dimensions, window_strides, padding)\n    except RuleError as e:\n        _fail(self, name, str(e))\n    types = cls._rule_cache.get(key)\n    if types is None:\n        types = _infer(self, name, key)\n    self.results = (Value(name, types[0]),)": _68,
}
