module @m {
  func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
    %max0 = stablehlo.maximum %y, %x : tensor<4xf32>
    %max1 = stablehlo.maximum %max0, %x : tensor<4xf32>
    %tanh2 = stablehlo.tanh %max1 : tensor<4xf32>
    %sig3 = stablehlo.logistic %tanh2 : tensor<4xf32>
    %abs4 = stablehlo.abs %sig3 : tensor<4xf32>
    %sub5 = stablehlo.subtract %abs4, %sig3 : tensor<4xf32>
    %sin6 = stablehlo.sine %sub5 : tensor<4xf32>
    %sin7 = stablehlo.sine %sin6 : tensor<4xf32>
    %sub8 = stablehlo.subtract %sin7, %sub5 : tensor<4xf32>
    %add9 = stablehlo.add %sub8, %sin7 : tensor<4xf32>
    %abs10 = stablehlo.abs %add9 : tensor<4xf32>
    %sub11 = stablehlo.subtract %abs10, %add9 : tensor<4xf32>
    %neg12 = stablehlo.negate %sub11 : tensor<4xf32>
    %exp13t = stablehlo.tanh %neg12 : tensor<4xf32>
    %exp13 = stablehlo.exponential %exp13t : tensor<4xf32>
    %tanh14 = stablehlo.tanh %exp13 : tensor<4xf32>
    %max15 = stablehlo.maximum %tanh14, %exp13 : tensor<4xf32>
    %sig16 = stablehlo.logistic %max15 : tensor<4xf32>
    %add17 = stablehlo.add %sig16, %max15 : tensor<4xf32>
    %pab = stablehlo.abs %add17 : tensor<4xf32>
    %pone = stablehlo.constant dense<1.5> : tensor<4xf32>
    %pp = stablehlo.add %pab, %pone : tensor<4xf32>
    %pn = stablehlo.convert %pp : (tensor<4xf32>) -> tensor<4xbf16>
    %plog = stablehlo.log %pn : tensor<4xbf16>
    %planted = stablehlo.convert %plog : (tensor<4xbf16>) -> tensor<4xf32>
    %sig18 = stablehlo.logistic %planted : tensor<4xf32>
    %neg19 = stablehlo.negate %sig18 : tensor<4xf32>
    %add20 = stablehlo.add %neg19, %planted : tensor<4xf32>
    %sin21 = stablehlo.sine %add20 : tensor<4xf32>
    %abs22 = stablehlo.abs %sin21 : tensor<4xf32>
    %sub23 = stablehlo.subtract %abs22, %add20 : tensor<4xf32>
    %sin24 = stablehlo.sine %sub23 : tensor<4xf32>
    %sub25 = stablehlo.subtract %sin24, %sub23 : tensor<4xf32>
    %sig26 = stablehlo.logistic %sub25 : tensor<4xf32>
    %sig27 = stablehlo.logistic %sig26 : tensor<4xf32>
    %sub28 = stablehlo.subtract %sig27, %sig26 : tensor<4xf32>
    %exp29t = stablehlo.tanh %sub28 : tensor<4xf32>
    %exp29 = stablehlo.exponential %exp29t : tensor<4xf32>
    return %exp29 : tensor<4xf32>
  }
}
