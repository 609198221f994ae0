// RUN: sdy_opt %s -split-input-file -verify-diagnostics
// vitir's own cases of Shardy's verifier, in the form of Shardy's dialect tests (one case per part of
// the split input, each refusal an `expected-error` naming its line); scripts/shardy_cases.py runs them.

sdy.mesh @mesh = <["a"=2, "b"=4]>

// expected-error@+1 {{arg 0 - unknown axis name: "c"}}
func.func @arg_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @op_sharding_count(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{result shardings don't match number of values: 2 shardings vs 1 values}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>, <@mesh, [{}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @gather_from_argument(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{can't apply gathering axis "a" to operand sharding on dimension 0}}
  %0 = sdy.all_gather [{"a"}, {}] %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @rule_rank(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{result - mapping rank must match: 1 != 2}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=8}>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @rule_symbol(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{expecting integer after 'z_'. Received: 'z_'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, z_])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @edges_step(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{propagation edges have negative step index: -2}}
  %0 = stablehlo.negate %arg0 {sdy.propagation_edges = #sdy.propagation_edges<[{step--2 = [{"a" = operand-0 -> [result-0]}]}]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @r2u_empty(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{r2u axes must not be empty}}
  %0 = sdy.replicated_to_unreduced {} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @dropped_unreduced(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{cannot reduce 'sum' unreduced axes. Expected 'min'.}}
  %0 = sdy.all_reduce min {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @valid(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %c = sdy.constant dense<2.0> : tensor<8x8xf32>
  %0 = stablehlo.multiply %arg0, %c {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
  %1 = sdy.all_gather [{"a"}, {}] %0 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// an unranked tensor is refused where an op uses it (MLIR takes it in a signature)
func.func @unranked_argument_used(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error@+1 {{operand 0 (%arg0): type tensor<*xf32> is not supported by vitir}}
  %0 = stablehlo.multiply %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=4}>} : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

// expected-error@+1 {{arg 1 - only ranked tensors can have a sharding}}
func.func @unranked_argument_sharded(%arg0: tensor<4xf32>, %arg1: tensor<*xf32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

// -----

// a tensor arith.constant reads as the stablehlo.constant it is; it is no call's result
func.func @edge_of_a_constant() -> tensor<4xf32> {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  // expected-error@+1 {{expected operand of sdy.func_data_flow_edge to be a result of call op.}}
  %0 = sdy.func_data_flow_edge %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @twice(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @edge_of_a_call(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %0 = func.call @twice(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = sdy.func_data_flow_edge %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// the same through the fast reader's text (no arith.constant)
func.func @edge_of_an_op(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  // expected-error@+1 {{expected operand of sdy.func_data_flow_edge to be a result of call op.}}
  %1 = sdy.func_data_flow_edge %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
