"""Small hand-written StableHLO modules in vitir's printed style."""

MATMUL = """module @m {
  func.func @f(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    return %y : tensor<2x4xf32>
  }
}
"""

# Momentum SGD: m' = 0.9 m + g, w' = w - lr m'.
MOMENTUM_STEP = """module @m {
  func.func @momentum_step(%w: tensor<3xf32>, %m: tensor<3xf32>, %g: tensor<3xf32>, %lr: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
    %beta = stablehlo.constant dense<0.9> : tensor<3xf32>
    %decayed = stablehlo.multiply %m, %beta : tensor<3xf32>
    %mnew = stablehlo.add %decayed, %g : tensor<3xf32>
    %lrb = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %step = stablehlo.multiply %lrb, %mnew : tensor<3xf32>
    %wnew = stablehlo.subtract %w, %step : tensor<3xf32>
    return %wnew, %mnew : tensor<3xf32>, tensor<3xf32>
  }
}
"""

# Data-parallel step over 2 replicas, each holding 2 of the 4 rows of x:
# w' = w - column mean of the global batch; also the global mean and the local sum.
DATA_PARALLEL_STEP = """module @m {
  func.func @dp_step(%x: tensor<2x3xf32>, %w: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>, tensor<f32>) {
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %g = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
    %arsum = "stablehlo.all_reduce"(%g) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) { replica_groups = dense<[[0, 1]]> : tensor<1x2xi64> } : (tensor<3xf32>) -> tensor<3xf32>
    %quarter = stablehlo.constant dense<0.25> : tensor<3xf32>
    %colmean = stablehlo.multiply %arsum, %quarter : tensor<3xf32>
    %wnew = stablehlo.subtract %w, %colmean : tensor<3xf32>
    %colsum = stablehlo.reduce(%colmean init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %three = stablehlo.constant dense<3.0> : tensor<f32>
    %mean = stablehlo.divide %colsum, %three : tensor<f32>
    %local = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
    return %wnew, %mean, %local : tensor<3xf32>, tensor<f32>, tensor<f32>
  }
}
"""

SCALE = """module @m {
  func.func @scale(%x: tensor<2xf32>, %s: tensor<f32>) -> tensor<2xf32> {
    %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %y = stablehlo.multiply %x, %sb : tensor<2xf32>
    return %y : tensor<2xf32>
  }
}
"""

# Identity over several element types, to check dtypes survive the round trip.
PASS_THROUGH = """module @m {
  func.func @pass(%h: tensor<2xbf16>, %b: tensor<3xi1>, %n: tensor<i32>, %k: tensor<2xi64>, %f: tensor<2xf16>) -> (tensor<2xbf16>, tensor<3xi1>, tensor<i32>, tensor<2xi64>, tensor<2xf16>) {
    return %h, %b, %n, %k, %f : tensor<2xbf16>, tensor<3xi1>, tensor<i32>, tensor<2xi64>, tensor<2xf16>
  }
}
"""

# Two functions; the second is also named main, to check the chosen one runs.
TWO_FUNCTIONS = """module @m {
  func.func @double(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y = stablehlo.add %x, %x : tensor<2xf32>
    return %y : tensor<2xf32>
  }
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y = stablehlo.negate %x : tensor<2xf32>
    return %y : tensor<2xf32>
  }
}
"""
