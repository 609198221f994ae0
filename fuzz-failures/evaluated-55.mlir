// crash: ZeroDivisionError: integer division or modulo by zero
// rerun: PYTHONPATH=. python scripts/fuzz.py --seed 1 --only evaluated:55
module @m {
  func.func @g(%a1: tensor<2xi64>, %a2: tensor<0x3xbf16>, %a3: tensor<0xbf16>) -> (tensor<0x3xbf16>, tensor<0xbf16>, tensor<0xbf16>) {
    %t4:3 = "stablehlo.batch_norm_grad"(%a2, %a3, %a3, %a3, %a2) <{epsilon = 9.99999974E-6 : f32, feature_index = 0 : i64}> : (tensor<0x3xbf16>, tensor<0xbf16>, tensor<0xbf16>, tensor<0xbf16>, tensor<0x3xbf16>) -> (tensor<0x3xbf16>, tensor<0xbf16>, tensor<0xbf16>)
    return %t4#0, %t4#1, %t4#2 : tensor<0x3xbf16>, tensor<0xbf16>, tensor<0xbf16>
  }
}
