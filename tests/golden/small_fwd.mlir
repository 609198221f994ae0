module @m {
  func.func @vit_fwd(%x: tensor<2x192xf32>, %wConv: tensor<8x3x4x4xf32>, %bConv: tensor<8xf32>, %cls: tensor<8xf32>, %pos: tensor<5x8xf32>, %g1_0: tensor<8xf32>, %b1_0: tensor<8xf32>, %Wq_0: tensor<8x8xf32>, %bq_0: tensor<8xf32>, %Wk_0: tensor<8x8xf32>, %bk_0: tensor<8xf32>, %Wv_0: tensor<8x8xf32>, %bv_0: tensor<8xf32>, %Wo_0: tensor<8x8xf32>, %bo_0: tensor<8xf32>, %g2_0: tensor<8xf32>, %b2_0: tensor<8xf32>, %Wfc1_0: tensor<8x16xf32>, %bfc1_0: tensor<16xf32>, %Wfc2_0: tensor<16x8xf32>, %bfc2_0: tensor<8xf32>, %gF: tensor<8xf32>, %bF: tensor<8xf32>, %Wc: tensor<8x3xf32>, %bc: tensor<3xf32>) -> tensor<2x3xf32> {
    %sc = stablehlo.constant dense<0.0> : tensor<f32>
    %xr = stablehlo.reshape %x : (tensor<2x192xf32>) -> tensor<2x3x8x8xf32>
    %vitpec = stablehlo.convolution(%xr, %wConv)
      dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x8x8xf32>, tensor<8x3x4x4xf32>) -> tensor<2x8x2x2xf32>
    %vitpecbb = stablehlo.broadcast_in_dim %bConv, dims = [1] : (tensor<8xf32>) -> tensor<2x8x2x2xf32>
    %vitpepe = stablehlo.add %vitpec, %vitpecbb : tensor<2x8x2x2xf32>
    %vitpept = stablehlo.transpose %vitpepe, dims = [0, 2, 3, 1] : (tensor<2x8x2x2xf32>) -> tensor<2x2x2x8xf32>
    %vitpetok = stablehlo.reshape %vitpept : (tensor<2x2x2x8xf32>) -> tensor<2x4x8xf32>
    %vitcpclsb = stablehlo.broadcast_in_dim %cls, dims = [2] : (tensor<8xf32>) -> tensor<2x1x8xf32>
    %vitcpcat = stablehlo.concatenate %vitcpclsb, %vitpetok, dim = 1 : (tensor<2x1x8xf32>, tensor<2x4x8xf32>) -> tensor<2x5x8xf32>
    %vitcpposb = stablehlo.broadcast_in_dim %pos, dims = [1, 2] : (tensor<5x8xf32>) -> tensor<2x5x8xf32>
    %vitcpz = stablehlo.add %vitcpcat, %vitcpposb : tensor<2x5x8xf32>
    %vitb0_1sum = stablehlo.reduce(%vitcpz init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_1nf = stablehlo.constant dense<8.0> : tensor<2x5xf32>
    %vitb0_1mu = stablehlo.divide %vitb0_1sum, %vitb0_1nf : tensor<2x5xf32>
    %vitb0_1mub = stablehlo.broadcast_in_dim %vitb0_1mu, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_1xc = stablehlo.subtract %vitcpz, %vitb0_1mub : tensor<2x5x8xf32>
    %vitb0_1sq = stablehlo.multiply %vitb0_1xc, %vitb0_1xc : tensor<2x5x8xf32>
    %vitb0_1vsum = stablehlo.reduce(%vitb0_1sq init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_1var = stablehlo.divide %vitb0_1vsum, %vitb0_1nf : tensor<2x5xf32>
    %vitb0_1eps = stablehlo.constant dense<1.0e-5> : tensor<2x5xf32>
    %vitb0_1ve = stablehlo.add %vitb0_1var, %vitb0_1eps : tensor<2x5xf32>
    %vitb0_1istd = stablehlo.rsqrt %vitb0_1ve : tensor<2x5xf32>
    %vitb0_1istdb = stablehlo.broadcast_in_dim %vitb0_1istd, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_1xhat = stablehlo.multiply %vitb0_1xc, %vitb0_1istdb : tensor<2x5x8xf32>
    %vitb0_1gb = stablehlo.broadcast_in_dim %g1_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_1bbc = stablehlo.broadcast_in_dim %b1_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_1gx = stablehlo.multiply %vitb0_1xhat, %vitb0_1gb : tensor<2x5x8xf32>
    %vitb0_1y = stablehlo.add %vitb0_1gx, %vitb0_1bbc : tensor<2x5x8xf32>
    %vitb0_mQd = stablehlo.dot_general %vitb0_1y, %Wq_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mQbb = stablehlo.broadcast_in_dim %bq_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mQ = stablehlo.add %vitb0_mQd, %vitb0_mQbb : tensor<2x5x8xf32>
    %vitb0_mKd = stablehlo.dot_general %vitb0_1y, %Wk_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mKbb = stablehlo.broadcast_in_dim %bk_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mK = stablehlo.add %vitb0_mKd, %vitb0_mKbb : tensor<2x5x8xf32>
    %vitb0_mVd = stablehlo.dot_general %vitb0_1y, %Wv_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mVbb = stablehlo.broadcast_in_dim %bv_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mV = stablehlo.add %vitb0_mVd, %vitb0_mVbb : tensor<2x5x8xf32>
    %vitb0_mQhr = stablehlo.reshape %vitb0_mQ : (tensor<2x5x8xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mQh = stablehlo.transpose %vitb0_mQhr, dims = [0, 2, 1, 3] : (tensor<2x5x2x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mKhr = stablehlo.reshape %vitb0_mK : (tensor<2x5x8xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mKh = stablehlo.transpose %vitb0_mKhr, dims = [0, 2, 1, 3] : (tensor<2x5x2x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mVhr = stablehlo.reshape %vitb0_mV : (tensor<2x5x8xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mVh = stablehlo.transpose %vitb0_mVhr, dims = [0, 2, 1, 3] : (tensor<2x5x2x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mS = stablehlo.dot_general %vitb0_mQh, %vitb0_mKh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x4xf32>, tensor<2x2x5x4xf32>) -> tensor<2x2x5x5xf32>
    %vitb0_mscl = stablehlo.constant dense<0.5> : tensor<2x2x5x5xf32>
    %vitb0_mSs = stablehlo.multiply %vitb0_mS, %vitb0_mscl : tensor<2x2x5x5xf32>
    %vitb0_mse = stablehlo.exponential %vitb0_mSs : tensor<2x2x5x5xf32>
    %vitb0_msum = stablehlo.reduce(%vitb0_mse init: %sc) applies stablehlo.add across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %vitb0_msumb = stablehlo.broadcast_in_dim %vitb0_msum, dims = [0, 1, 2] : (tensor<2x2x5xf32>) -> tensor<2x2x5x5xf32>
    %vitb0_mW = stablehlo.divide %vitb0_mse, %vitb0_msumb : tensor<2x2x5x5xf32>
    %vitb0_mA = stablehlo.dot_general %vitb0_mW, %vitb0_mVh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x5xf32>, tensor<2x2x5x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mAT = stablehlo.transpose %vitb0_mA, dims = [0, 2, 1, 3] : (tensor<2x2x5x4xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mP = stablehlo.reshape %vitb0_mAT : (tensor<2x5x2x4xf32>) -> tensor<2x5x8xf32>
    %vitb0_mod = stablehlo.dot_general %vitb0_mP, %Wo_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mobb = stablehlo.broadcast_in_dim %bo_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mO = stablehlo.add %vitb0_mod, %vitb0_mobb : tensor<2x5x8xf32>
    %vitb0_r1 = stablehlo.add %vitcpz, %vitb0_mO : tensor<2x5x8xf32>
    %vitb0_2sum = stablehlo.reduce(%vitb0_r1 init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_2nf = stablehlo.constant dense<8.0> : tensor<2x5xf32>
    %vitb0_2mu = stablehlo.divide %vitb0_2sum, %vitb0_2nf : tensor<2x5xf32>
    %vitb0_2mub = stablehlo.broadcast_in_dim %vitb0_2mu, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_2xc = stablehlo.subtract %vitb0_r1, %vitb0_2mub : tensor<2x5x8xf32>
    %vitb0_2sq = stablehlo.multiply %vitb0_2xc, %vitb0_2xc : tensor<2x5x8xf32>
    %vitb0_2vsum = stablehlo.reduce(%vitb0_2sq init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_2var = stablehlo.divide %vitb0_2vsum, %vitb0_2nf : tensor<2x5xf32>
    %vitb0_2eps = stablehlo.constant dense<1.0e-5> : tensor<2x5xf32>
    %vitb0_2ve = stablehlo.add %vitb0_2var, %vitb0_2eps : tensor<2x5xf32>
    %vitb0_2istd = stablehlo.rsqrt %vitb0_2ve : tensor<2x5xf32>
    %vitb0_2istdb = stablehlo.broadcast_in_dim %vitb0_2istd, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_2xhat = stablehlo.multiply %vitb0_2xc, %vitb0_2istdb : tensor<2x5x8xf32>
    %vitb0_2gb = stablehlo.broadcast_in_dim %g2_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_2bbc = stablehlo.broadcast_in_dim %b2_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_2gx = stablehlo.multiply %vitb0_2xhat, %vitb0_2gb : tensor<2x5x8xf32>
    %vitb0_2y = stablehlo.add %vitb0_2gx, %vitb0_2bbc : tensor<2x5x8xf32>
    %vitb0_ph1d = stablehlo.dot_general %vitb0_2y, %Wfc1_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x16xf32>) -> tensor<2x5x16xf32>
    %vitb0_ph1bb = stablehlo.broadcast_in_dim %bfc1_0, dims = [2] : (tensor<16xf32>) -> tensor<2x5x16xf32>
    %vitb0_ph1 = stablehlo.add %vitb0_ph1d, %vitb0_ph1bb : tensor<2x5x16xf32>
    %vitb0_pgx2 = stablehlo.multiply %vitb0_ph1, %vitb0_ph1 : tensor<2x5x16xf32>
    %vitb0_pgx3 = stablehlo.multiply %vitb0_pgx2, %vitb0_ph1 : tensor<2x5x16xf32>
    %vitb0_pgck = stablehlo.constant dense<0.044715> : tensor<2x5x16xf32>
    %vitb0_pgkx3 = stablehlo.multiply %vitb0_pgck, %vitb0_pgx3 : tensor<2x5x16xf32>
    %vitb0_pginn = stablehlo.add %vitb0_ph1, %vitb0_pgkx3 : tensor<2x5x16xf32>
    %vitb0_pgcsqrt = stablehlo.constant dense<0.7978845608028654> : tensor<2x5x16xf32>
    %vitb0_pgu = stablehlo.multiply %vitb0_pgcsqrt, %vitb0_pginn : tensor<2x5x16xf32>
    %vitb0_pgt = stablehlo.tanh %vitb0_pgu : tensor<2x5x16xf32>
    %vitb0_pgone = stablehlo.constant dense<1.0> : tensor<2x5x16xf32>
    %vitb0_pgopt = stablehlo.add %vitb0_pgone, %vitb0_pgt : tensor<2x5x16xf32>
    %vitb0_pgchalf = stablehlo.constant dense<0.5> : tensor<2x5x16xf32>
    %vitb0_pghx = stablehlo.multiply %vitb0_pgchalf, %vitb0_ph1 : tensor<2x5x16xf32>
    %vitb0_pga = stablehlo.multiply %vitb0_pghx, %vitb0_pgopt : tensor<2x5x16xf32>
    %vitb0_py2d = stablehlo.dot_general %vitb0_pga, %Wfc2_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_py2bb = stablehlo.broadcast_in_dim %bfc2_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_py = stablehlo.add %vitb0_py2d, %vitb0_py2bb : tensor<2x5x8xf32>
    %vitb0_out = stablehlo.add %vitb0_r1, %vitb0_py : tensor<2x5x8xf32>
    %vitflnsum = stablehlo.reduce(%vitb0_out init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitflnnf = stablehlo.constant dense<8.0> : tensor<2x5xf32>
    %vitflnmu = stablehlo.divide %vitflnsum, %vitflnnf : tensor<2x5xf32>
    %vitflnmub = stablehlo.broadcast_in_dim %vitflnmu, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitflnxc = stablehlo.subtract %vitb0_out, %vitflnmub : tensor<2x5x8xf32>
    %vitflnsq = stablehlo.multiply %vitflnxc, %vitflnxc : tensor<2x5x8xf32>
    %vitflnvsum = stablehlo.reduce(%vitflnsq init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitflnvar = stablehlo.divide %vitflnvsum, %vitflnnf : tensor<2x5xf32>
    %vitflneps = stablehlo.constant dense<1.0e-5> : tensor<2x5xf32>
    %vitflnve = stablehlo.add %vitflnvar, %vitflneps : tensor<2x5xf32>
    %vitflnistd = stablehlo.rsqrt %vitflnve : tensor<2x5xf32>
    %vitflnistdb = stablehlo.broadcast_in_dim %vitflnistd, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitflnxhat = stablehlo.multiply %vitflnxc, %vitflnistdb : tensor<2x5x8xf32>
    %vitflngb = stablehlo.broadcast_in_dim %gF, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitflnbbc = stablehlo.broadcast_in_dim %bF, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitflngx = stablehlo.multiply %vitflnxhat, %vitflngb : tensor<2x5x8xf32>
    %vitflny = stablehlo.add %vitflngx, %vitflnbbc : tensor<2x5x8xf32>
    %vithdcls = stablehlo.slice %vitflny [0:2, 0:1, 0:8] : (tensor<2x5x8xf32>) -> tensor<2x1x8xf32>
    %vithdclsv = stablehlo.reshape %vithdcls : (tensor<2x1x8xf32>) -> tensor<2x8xf32>
    %vithdhd = stablehlo.dot_general %vithdclsv, %Wc, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x3xf32>) -> tensor<2x3xf32>
    %vithdhbb = stablehlo.broadcast_in_dim %bc, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
    %vithdlogits = stablehlo.add %vithdhd, %vithdhbb : tensor<2x3xf32>
    return %vithdlogits : tensor<2x3xf32>
  }
}
