module @m {
  func.func @vit_adam_train_step(%x: tensor<2x192xf32>, %wConv: tensor<8x3x4x4xf32>, %bConv: tensor<8xf32>, %cls: tensor<8xf32>, %pos: tensor<5x8xf32>, %g1_0: tensor<8xf32>, %b1_0: tensor<8xf32>, %Wq_0: tensor<8x8xf32>, %bq_0: tensor<8xf32>, %Wk_0: tensor<8x8xf32>, %bk_0: tensor<8xf32>, %Wv_0: tensor<8x8xf32>, %bv_0: tensor<8xf32>, %Wo_0: tensor<8x8xf32>, %bo_0: tensor<8xf32>, %g2_0: tensor<8xf32>, %b2_0: tensor<8xf32>, %Wfc1_0: tensor<8x16xf32>, %bfc1_0: tensor<16xf32>, %Wfc2_0: tensor<16x8xf32>, %bfc2_0: tensor<8xf32>, %gF: tensor<8xf32>, %bF: tensor<8xf32>, %Wc: tensor<8x3xf32>, %bc: tensor<3xf32>, %wConvm: tensor<8x3x4x4xf32>, %bConvm: tensor<8xf32>, %clsm: tensor<8xf32>, %posm: tensor<5x8xf32>, %g1_0m: tensor<8xf32>, %b1_0m: tensor<8xf32>, %Wq_0m: tensor<8x8xf32>, %bq_0m: tensor<8xf32>, %Wk_0m: tensor<8x8xf32>, %bk_0m: tensor<8xf32>, %Wv_0m: tensor<8x8xf32>, %bv_0m: tensor<8xf32>, %Wo_0m: tensor<8x8xf32>, %bo_0m: tensor<8xf32>, %g2_0m: tensor<8xf32>, %b2_0m: tensor<8xf32>, %Wfc1_0m: tensor<8x16xf32>, %bfc1_0m: tensor<16xf32>, %Wfc2_0m: tensor<16x8xf32>, %bfc2_0m: tensor<8xf32>, %gFm: tensor<8xf32>, %bFm: tensor<8xf32>, %Wcm: tensor<8x3xf32>, %bcm: tensor<3xf32>, %wConvv: tensor<8x3x4x4xf32>, %bConvv: tensor<8xf32>, %clsv: tensor<8xf32>, %posv: tensor<5x8xf32>, %g1_0v: tensor<8xf32>, %b1_0v: tensor<8xf32>, %Wq_0v: tensor<8x8xf32>, %bq_0v: tensor<8xf32>, %Wk_0v: tensor<8x8xf32>, %bk_0v: tensor<8xf32>, %Wv_0v: tensor<8x8xf32>, %bv_0v: tensor<8xf32>, %Wo_0v: tensor<8x8xf32>, %bo_0v: tensor<8xf32>, %g2_0v: tensor<8xf32>, %b2_0v: tensor<8xf32>, %Wfc1_0v: tensor<8x16xf32>, %bfc1_0v: tensor<16xf32>, %Wfc2_0v: tensor<16x8xf32>, %bfc2_0v: tensor<8xf32>, %gFv: tensor<8xf32>, %bFv: tensor<8xf32>, %Wcv: tensor<8x3xf32>, %bcv: tensor<3xf32>, %lr: tensor<f32>, %bc1: tensor<f32>, %bc2: tensor<f32>, %onehot: tensor<2x3xf32>) -> (tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>, tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>, tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>, tensor<f32>) {
    %sc = stablehlo.constant dense<0.0> : tensor<f32>
    %b1 = stablehlo.constant dense<0.9> : tensor<f32>
    %ob1 = stablehlo.constant dense<0.1> : tensor<f32>
    %b2 = stablehlo.constant dense<0.999> : tensor<f32>
    %ob2 = stablehlo.constant dense<0.001> : tensor<f32>
    %eps = stablehlo.constant dense<1.0e-8> : tensor<f32>
    %wd = stablehlo.constant dense<0.0001> : tensor<f32>
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
    %le = stablehlo.exponential %vithdlogits : tensor<2x3xf32>
    %lsum = stablehlo.reduce(%le init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %lsb = stablehlo.broadcast_in_dim %lsum, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %lsm = stablehlo.divide %le, %lsb : tensor<2x3xf32>
    %dyr0 = stablehlo.subtract %lsm, %onehot : tensor<2x3xf32>
    %lsa = stablehlo.constant dense<0.100000> : tensor<2x3xf32>
    %lsaoh = stablehlo.multiply %lsa, %onehot : tensor<2x3xf32>
    %dyr1 = stablehlo.add %dyr0, %lsaoh : tensor<2x3xf32>
    %lsaik = stablehlo.constant dense<0.03333333333333333> : tensor<2x3xf32>
    %dyr = stablehlo.subtract %dyr1, %lsaik : tensor<2x3xf32>
    %bnc = stablehlo.constant dense<2.0> : tensor<2x3xf32>
    %dy = stablehlo.divide %dyr, %bnc : tensor<2x3xf32>
    %llog = stablehlo.log %lsm : tensor<2x3xf32>
    %ohll = stablehlo.multiply %onehot, %llog : tensor<2x3xf32>
    %t1s = stablehlo.reduce(%ohll init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %lls = stablehlo.reduce(%llog init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %omac = stablehlo.constant dense<0.900000> : tensor<2xf32>
    %aKc = stablehlo.constant dense<0.03333333333333333> : tensor<2xf32>
    %lt1 = stablehlo.multiply %omac, %t1s : tensor<2xf32>
    %lt2 = stablehlo.multiply %aKc, %lls : tensor<2xf32>
    %lpe = stablehlo.add %lt1, %lt2 : tensor<2xf32>
    %lsum2 = stablehlo.reduce(%lpe init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %lbfc = stablehlo.constant dense<2.0> : tensor<f32>
    %lossm = stablehlo.divide %lsum2, %lbfc : tensor<f32>
    %loss = stablehlo.negate %lossm : tensor<f32>
    %vithddWc = stablehlo.dot_general %vithdclsv, %dy, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
    %vithddbc = stablehlo.reduce(%dy init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
    %vithddclsv = stablehlo.dot_general %dy, %Wc, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<8x3xf32>) -> tensor<2x8xf32>
    %vithddclsr = stablehlo.reshape %vithddclsv : (tensor<2x8xf32>) -> tensor<2x1x8xf32>
    %vithddz = stablehlo.pad %vithddclsr, %sc, low = [0, 0, 0], high = [0, 4, 0], interior = [0, 0, 0] : (tensor<2x1x8xf32>, tensor<f32>) -> tensor<2x5x8xf32>
    %vitflngbk = stablehlo.broadcast_in_dim %gF, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitflndxhat = stablehlo.multiply %vithddz, %vitflngbk : tensor<2x5x8xf32>
    %vitflndgpre = stablehlo.multiply %vithddz, %vitflnxhat : tensor<2x5x8xf32>
    %vitflndg = stablehlo.reduce(%vitflndgpre init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitflndb = stablehlo.reduce(%vithddz init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitflnm1s = stablehlo.reduce(%vitflndxhat init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitflnm1 = stablehlo.divide %vitflnm1s, %vitflnnf : tensor<2x5xf32>
    %vitflndxxh = stablehlo.multiply %vitflndxhat, %vitflnxhat : tensor<2x5x8xf32>
    %vitflnm2s = stablehlo.reduce(%vitflndxxh init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitflnm2 = stablehlo.divide %vitflnm2s, %vitflnnf : tensor<2x5xf32>
    %vitflnm1b = stablehlo.broadcast_in_dim %vitflnm1, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitflnm2b = stablehlo.broadcast_in_dim %vitflnm2, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitflnt1 = stablehlo.subtract %vitflndxhat, %vitflnm1b : tensor<2x5x8xf32>
    %vitflnxm2 = stablehlo.multiply %vitflnxhat, %vitflnm2b : tensor<2x5x8xf32>
    %vitflnt2 = stablehlo.subtract %vitflnt1, %vitflnxm2 : tensor<2x5x8xf32>
    %vitflndx = stablehlo.multiply %vitflnistdb, %vitflnt2 : tensor<2x5x8xf32>
    %vitb0_pda1 = stablehlo.dot_general %vitflndx, %Wfc2_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<16x8xf32>) -> tensor<2x5x16xf32>
    %vitb0_pdWfc2 = stablehlo.dot_general %vitb0_pga, %vitflndx, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<2x5x8xf32>) -> tensor<16x8xf32>
    %vitb0_pdbfc2 = stablehlo.reduce(%vitflndx init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_pgbbx2 = stablehlo.multiply %vitb0_ph1, %vitb0_ph1 : tensor<2x5x16xf32>
    %vitb0_pgbbx3 = stablehlo.multiply %vitb0_pgbbx2, %vitb0_ph1 : tensor<2x5x16xf32>
    %vitb0_pgbbck = stablehlo.constant dense<0.044715> : tensor<2x5x16xf32>
    %vitb0_pgbbkx3 = stablehlo.multiply %vitb0_pgbbck, %vitb0_pgbbx3 : tensor<2x5x16xf32>
    %vitb0_pgbbinn = stablehlo.add %vitb0_ph1, %vitb0_pgbbkx3 : tensor<2x5x16xf32>
    %vitb0_pgbbcsqrt = stablehlo.constant dense<0.7978845608028654> : tensor<2x5x16xf32>
    %vitb0_pgbbu = stablehlo.multiply %vitb0_pgbbcsqrt, %vitb0_pgbbinn : tensor<2x5x16xf32>
    %vitb0_pgbbt = stablehlo.tanh %vitb0_pgbbu : tensor<2x5x16xf32>
    %vitb0_pgbbone = stablehlo.constant dense<1.0> : tensor<2x5x16xf32>
    %vitb0_pgbbopt = stablehlo.add %vitb0_pgbbone, %vitb0_pgbbt : tensor<2x5x16xf32>
    %vitb0_pgbbchalf = stablehlo.constant dense<0.5> : tensor<2x5x16xf32>
    %vitb0_pgbbterm1 = stablehlo.multiply %vitb0_pgbbchalf, %vitb0_pgbbopt : tensor<2x5x16xf32>
    %vitb0_pgbbt2 = stablehlo.multiply %vitb0_pgbbt, %vitb0_pgbbt : tensor<2x5x16xf32>
    %vitb0_pgbbomt2 = stablehlo.subtract %vitb0_pgbbone, %vitb0_pgbbt2 : tensor<2x5x16xf32>
    %vitb0_pgbbhx = stablehlo.multiply %vitb0_pgbbchalf, %vitb0_ph1 : tensor<2x5x16xf32>
    %vitb0_pgbbhxo = stablehlo.multiply %vitb0_pgbbhx, %vitb0_pgbbomt2 : tensor<2x5x16xf32>
    %vitb0_pgbbc3b = stablehlo.constant dense<0.134145> : tensor<2x5x16xf32>
    %vitb0_pgbba3x2 = stablehlo.multiply %vitb0_pgbbc3b, %vitb0_pgbbx2 : tensor<2x5x16xf32>
    %vitb0_pgbbin2 = stablehlo.add %vitb0_pgbbone, %vitb0_pgbba3x2 : tensor<2x5x16xf32>
    %vitb0_pgbbup = stablehlo.multiply %vitb0_pgbbcsqrt, %vitb0_pgbbin2 : tensor<2x5x16xf32>
    %vitb0_pgbbterm2 = stablehlo.multiply %vitb0_pgbbhxo, %vitb0_pgbbup : tensor<2x5x16xf32>
    %vitb0_pgbbgp = stablehlo.add %vitb0_pgbbterm1, %vitb0_pgbbterm2 : tensor<2x5x16xf32>
    %vitb0_pgbdx = stablehlo.multiply %vitb0_pda1, %vitb0_pgbbgp : tensor<2x5x16xf32>
    %vitb0_pdx = stablehlo.dot_general %vitb0_pgbdx, %Wfc1_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<8x16xf32>) -> tensor<2x5x8xf32>
    %vitb0_pdWfc1 = stablehlo.dot_general %vitb0_2y, %vitb0_pgbdx, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x16xf32>) -> tensor<8x16xf32>
    %vitb0_pdbfc1 = stablehlo.reduce(%vitb0_pgbdx init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x16xf32>, tensor<f32>) -> tensor<16xf32>
    %vitb0_2gbk = stablehlo.broadcast_in_dim %g2_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_2dxhat = stablehlo.multiply %vitb0_pdx, %vitb0_2gbk : tensor<2x5x8xf32>
    %vitb0_2dgpre = stablehlo.multiply %vitb0_pdx, %vitb0_2xhat : tensor<2x5x8xf32>
    %vitb0_2dg = stablehlo.reduce(%vitb0_2dgpre init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_2db = stablehlo.reduce(%vitb0_pdx init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_2m1s = stablehlo.reduce(%vitb0_2dxhat init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_2m1 = stablehlo.divide %vitb0_2m1s, %vitb0_2nf : tensor<2x5xf32>
    %vitb0_2dxxh = stablehlo.multiply %vitb0_2dxhat, %vitb0_2xhat : tensor<2x5x8xf32>
    %vitb0_2m2s = stablehlo.reduce(%vitb0_2dxxh init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_2m2 = stablehlo.divide %vitb0_2m2s, %vitb0_2nf : tensor<2x5xf32>
    %vitb0_2m1b = stablehlo.broadcast_in_dim %vitb0_2m1, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_2m2b = stablehlo.broadcast_in_dim %vitb0_2m2, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_2t1 = stablehlo.subtract %vitb0_2dxhat, %vitb0_2m1b : tensor<2x5x8xf32>
    %vitb0_2xm2 = stablehlo.multiply %vitb0_2xhat, %vitb0_2m2b : tensor<2x5x8xf32>
    %vitb0_2t2 = stablehlo.subtract %vitb0_2t1, %vitb0_2xm2 : tensor<2x5x8xf32>
    %vitb0_2dx = stablehlo.multiply %vitb0_2istdb, %vitb0_2t2 : tensor<2x5x8xf32>
    %vitb0_dr1 = stablehlo.add %vitflndx, %vitb0_2dx : tensor<2x5x8xf32>
    %vitb0_mdP = stablehlo.dot_general %vitb0_dr1, %Wo_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mdWo = stablehlo.dot_general %vitb0_mP, %vitb0_dr1, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %vitb0_mdbo = stablehlo.reduce(%vitb0_dr1 init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_mdPr = stablehlo.reshape %vitb0_mdP : (tensor<2x5x8xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mdA = stablehlo.transpose %vitb0_mdPr, dims = [0, 2, 1, 3] : (tensor<2x5x2x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mdW = stablehlo.dot_general %vitb0_mdA, %vitb0_mVh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x4xf32>, tensor<2x2x5x4xf32>) -> tensor<2x2x5x5xf32>
    %vitb0_mdVh = stablehlo.dot_general %vitb0_mW, %vitb0_mdA, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x5xf32>, tensor<2x2x5x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mpdw = stablehlo.multiply %vitb0_mW, %vitb0_mdW : tensor<2x2x5x5xf32>
    %vitb0_msrow = stablehlo.reduce(%vitb0_mpdw init: %sc) applies stablehlo.add across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %vitb0_msrowb = stablehlo.broadcast_in_dim %vitb0_msrow, dims = [0, 1, 2] : (tensor<2x2x5xf32>) -> tensor<2x2x5x5xf32>
    %vitb0_mdiff = stablehlo.subtract %vitb0_mdW, %vitb0_msrowb : tensor<2x2x5x5xf32>
    %vitb0_mdSs = stablehlo.multiply %vitb0_mW, %vitb0_mdiff : tensor<2x2x5x5xf32>
    %vitb0_msclb = stablehlo.constant dense<0.5> : tensor<2x2x5x5xf32>
    %vitb0_mdS = stablehlo.multiply %vitb0_mdSs, %vitb0_msclb : tensor<2x2x5x5xf32>
    %vitb0_mdQh = stablehlo.dot_general %vitb0_mdS, %vitb0_mKh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x5xf32>, tensor<2x2x5x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mdKh = stablehlo.dot_general %vitb0_mdS, %vitb0_mQh, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x5x5xf32>, tensor<2x2x5x4xf32>) -> tensor<2x2x5x4xf32>
    %vitb0_mdQT = stablehlo.transpose %vitb0_mdQh, dims = [0, 2, 1, 3] : (tensor<2x2x5x4xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mdQ = stablehlo.reshape %vitb0_mdQT : (tensor<2x5x2x4xf32>) -> tensor<2x5x8xf32>
    %vitb0_mdKT = stablehlo.transpose %vitb0_mdKh, dims = [0, 2, 1, 3] : (tensor<2x2x5x4xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mdK = stablehlo.reshape %vitb0_mdKT : (tensor<2x5x2x4xf32>) -> tensor<2x5x8xf32>
    %vitb0_mdVT = stablehlo.transpose %vitb0_mdVh, dims = [0, 2, 1, 3] : (tensor<2x2x5x4xf32>) -> tensor<2x5x2x4xf32>
    %vitb0_mdV = stablehlo.reshape %vitb0_mdVT : (tensor<2x5x2x4xf32>) -> tensor<2x5x8xf32>
    %vitb0_mdxQ = stablehlo.dot_general %vitb0_mdQ, %Wq_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mdWQ = stablehlo.dot_general %vitb0_1y, %vitb0_mdQ, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %vitb0_mdbQ = stablehlo.reduce(%vitb0_mdQ init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_mdxK = stablehlo.dot_general %vitb0_mdK, %Wk_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mdWK = stablehlo.dot_general %vitb0_1y, %vitb0_mdK, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %vitb0_mdbK = stablehlo.reduce(%vitb0_mdK init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_mdxV = stablehlo.dot_general %vitb0_mdV, %Wv_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %vitb0_mdWV = stablehlo.dot_general %vitb0_1y, %vitb0_mdV, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %vitb0_mdbV = stablehlo.reduce(%vitb0_mdV init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_mdxa = stablehlo.add %vitb0_mdxQ, %vitb0_mdxK : tensor<2x5x8xf32>
    %vitb0_mdx = stablehlo.add %vitb0_mdxa, %vitb0_mdxV : tensor<2x5x8xf32>
    %vitb0_1gbk = stablehlo.broadcast_in_dim %g1_0, dims = [2] : (tensor<8xf32>) -> tensor<2x5x8xf32>
    %vitb0_1dxhat = stablehlo.multiply %vitb0_mdx, %vitb0_1gbk : tensor<2x5x8xf32>
    %vitb0_1dgpre = stablehlo.multiply %vitb0_mdx, %vitb0_1xhat : tensor<2x5x8xf32>
    %vitb0_1dg = stablehlo.reduce(%vitb0_1dgpre init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_1db = stablehlo.reduce(%vitb0_mdx init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitb0_1m1s = stablehlo.reduce(%vitb0_1dxhat init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_1m1 = stablehlo.divide %vitb0_1m1s, %vitb0_1nf : tensor<2x5xf32>
    %vitb0_1dxxh = stablehlo.multiply %vitb0_1dxhat, %vitb0_1xhat : tensor<2x5x8xf32>
    %vitb0_1m2s = stablehlo.reduce(%vitb0_1dxxh init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %vitb0_1m2 = stablehlo.divide %vitb0_1m2s, %vitb0_1nf : tensor<2x5xf32>
    %vitb0_1m1b = stablehlo.broadcast_in_dim %vitb0_1m1, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_1m2b = stablehlo.broadcast_in_dim %vitb0_1m2, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %vitb0_1t1 = stablehlo.subtract %vitb0_1dxhat, %vitb0_1m1b : tensor<2x5x8xf32>
    %vitb0_1xm2 = stablehlo.multiply %vitb0_1xhat, %vitb0_1m2b : tensor<2x5x8xf32>
    %vitb0_1t2 = stablehlo.subtract %vitb0_1t1, %vitb0_1xm2 : tensor<2x5x8xf32>
    %vitb0_1dx = stablehlo.multiply %vitb0_1istdb, %vitb0_1t2 : tensor<2x5x8xf32>
    %vitb0_dx = stablehlo.add %vitb0_dr1, %vitb0_1dx : tensor<2x5x8xf32>
    %vitcpdpos = stablehlo.reduce(%vitb0_dx init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<5x8xf32>
    %vitcpcslc = stablehlo.slice %vitb0_dx [0:2, 0:1, 0:8] : (tensor<2x5x8xf32>) -> tensor<2x1x8xf32>
    %vitcpcr = stablehlo.reshape %vitcpcslc : (tensor<2x1x8xf32>) -> tensor<2x8xf32>
    %vitcpdcls = stablehlo.reduce(%vitcpcr init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitcpdtok = stablehlo.slice %vitb0_dx [0:2, 1:5, 0:8] : (tensor<2x5x8xf32>) -> tensor<2x4x8xf32>
    %vitpedb = stablehlo.reduce(%vitcpdtok init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %vitpexp6 = stablehlo.reshape %xr : (tensor<2x3x8x8xf32>) -> tensor<2x3x2x4x2x4xf32>
    %vitpexpt = stablehlo.transpose %vitpexp6, dims = [0, 2, 4, 1, 3, 5] : (tensor<2x3x2x4x2x4xf32>) -> tensor<2x2x2x3x4x4xf32>
    %vitpexpf = stablehlo.reshape %vitpexpt : (tensor<2x2x2x3x4x4xf32>) -> tensor<2x4x48xf32>
    %vitpedwf = stablehlo.dot_general %vitcpdtok, %vitpexpf, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x4x48xf32>) -> tensor<8x48xf32>
    %vitpedw = stablehlo.reshape %vitpedwf : (tensor<8x48xf32>) -> tensor<8x3x4x4xf32>
    %adb1wConv = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %adob1wConv = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %admswConv = stablehlo.multiply %adb1wConv, %wConvm : tensor<8x3x4x4xf32>
    %admgwConv = stablehlo.multiply %adob1wConv, %vitpedw : tensor<8x3x4x4xf32>
    %admnwConv = stablehlo.add %admswConv, %admgwConv : tensor<8x3x4x4xf32>
    %adb2wConv = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %adob2wConv = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %advswConv = stablehlo.multiply %adb2wConv, %wConvv : tensor<8x3x4x4xf32>
    %adg2wConv = stablehlo.multiply %vitpedw, %vitpedw : tensor<8x3x4x4xf32>
    %advgwConv = stablehlo.multiply %adob2wConv, %adg2wConv : tensor<8x3x4x4xf32>
    %advnwConv = stablehlo.add %advswConv, %advgwConv : tensor<8x3x4x4xf32>
    %adbc1wConv = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %adbc2wConv = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %admhwConv = stablehlo.divide %admnwConv, %adbc1wConv : tensor<8x3x4x4xf32>
    %advhwConv = stablehlo.divide %advnwConv, %adbc2wConv : tensor<8x3x4x4xf32>
    %adlrwConv = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %adepswConv = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %adsqwConv = stablehlo.sqrt %advhwConv : tensor<8x3x4x4xf32>
    %addenwConv = stablehlo.add %adsqwConv, %adepswConv : tensor<8x3x4x4xf32>
    %adratwConv = stablehlo.divide %admhwConv, %addenwConv : tensor<8x3x4x4xf32>
    %adstwConv = stablehlo.multiply %adlrwConv, %adratwConv : tensor<8x3x4x4xf32>
    %adsubwConv = stablehlo.subtract %wConv, %adstwConv : tensor<8x3x4x4xf32>
    %adwdwConv = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x3x4x4xf32>
    %adwdlrwConv = stablehlo.multiply %adwdwConv, %adlrwConv : tensor<8x3x4x4xf32>
    %adwdpwConv = stablehlo.multiply %adwdlrwConv, %wConv : tensor<8x3x4x4xf32>
    %adnewwConv = stablehlo.subtract %adsubwConv, %adwdpwConv : tensor<8x3x4x4xf32>
    %adb1bConv = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bConv = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbConv = stablehlo.multiply %adb1bConv, %bConvm : tensor<8xf32>
    %admgbConv = stablehlo.multiply %adob1bConv, %vitpedb : tensor<8xf32>
    %admnbConv = stablehlo.add %admsbConv, %admgbConv : tensor<8xf32>
    %adb2bConv = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bConv = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbConv = stablehlo.multiply %adb2bConv, %bConvv : tensor<8xf32>
    %adg2bConv = stablehlo.multiply %vitpedb, %vitpedb : tensor<8xf32>
    %advgbConv = stablehlo.multiply %adob2bConv, %adg2bConv : tensor<8xf32>
    %advnbConv = stablehlo.add %advsbConv, %advgbConv : tensor<8xf32>
    %adbc1bConv = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2bConv = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhbConv = stablehlo.divide %admnbConv, %adbc1bConv : tensor<8xf32>
    %advhbConv = stablehlo.divide %advnbConv, %adbc2bConv : tensor<8xf32>
    %adlrbConv = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsbConv = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqbConv = stablehlo.sqrt %advhbConv : tensor<8xf32>
    %addenbConv = stablehlo.add %adsqbConv, %adepsbConv : tensor<8xf32>
    %adratbConv = stablehlo.divide %admhbConv, %addenbConv : tensor<8xf32>
    %adstbConv = stablehlo.multiply %adlrbConv, %adratbConv : tensor<8xf32>
    %adsubbConv = stablehlo.subtract %bConv, %adstbConv : tensor<8xf32>
    %adwdbConv = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrbConv = stablehlo.multiply %adwdbConv, %adlrbConv : tensor<8xf32>
    %adwdpbConv = stablehlo.multiply %adwdlrbConv, %bConv : tensor<8xf32>
    %adnewbConv = stablehlo.subtract %adsubbConv, %adwdpbConv : tensor<8xf32>
    %adb1cls = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1cls = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admscls = stablehlo.multiply %adb1cls, %clsm : tensor<8xf32>
    %admgcls = stablehlo.multiply %adob1cls, %vitcpdcls : tensor<8xf32>
    %admncls = stablehlo.add %admscls, %admgcls : tensor<8xf32>
    %adb2cls = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2cls = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advscls = stablehlo.multiply %adb2cls, %clsv : tensor<8xf32>
    %adg2cls = stablehlo.multiply %vitcpdcls, %vitcpdcls : tensor<8xf32>
    %advgcls = stablehlo.multiply %adob2cls, %adg2cls : tensor<8xf32>
    %advncls = stablehlo.add %advscls, %advgcls : tensor<8xf32>
    %adbc1cls = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2cls = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhcls = stablehlo.divide %admncls, %adbc1cls : tensor<8xf32>
    %advhcls = stablehlo.divide %advncls, %adbc2cls : tensor<8xf32>
    %adlrcls = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepscls = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqcls = stablehlo.sqrt %advhcls : tensor<8xf32>
    %addencls = stablehlo.add %adsqcls, %adepscls : tensor<8xf32>
    %adratcls = stablehlo.divide %admhcls, %addencls : tensor<8xf32>
    %adstcls = stablehlo.multiply %adlrcls, %adratcls : tensor<8xf32>
    %adsubcls = stablehlo.subtract %cls, %adstcls : tensor<8xf32>
    %adwdcls = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrcls = stablehlo.multiply %adwdcls, %adlrcls : tensor<8xf32>
    %adwdpcls = stablehlo.multiply %adwdlrcls, %cls : tensor<8xf32>
    %adnewcls = stablehlo.subtract %adsubcls, %adwdpcls : tensor<8xf32>
    %adb1pos = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %adob1pos = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %admspos = stablehlo.multiply %adb1pos, %posm : tensor<5x8xf32>
    %admgpos = stablehlo.multiply %adob1pos, %vitcpdpos : tensor<5x8xf32>
    %admnpos = stablehlo.add %admspos, %admgpos : tensor<5x8xf32>
    %adb2pos = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %adob2pos = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %advspos = stablehlo.multiply %adb2pos, %posv : tensor<5x8xf32>
    %adg2pos = stablehlo.multiply %vitcpdpos, %vitcpdpos : tensor<5x8xf32>
    %advgpos = stablehlo.multiply %adob2pos, %adg2pos : tensor<5x8xf32>
    %advnpos = stablehlo.add %advspos, %advgpos : tensor<5x8xf32>
    %adbc1pos = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %adbc2pos = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %admhpos = stablehlo.divide %admnpos, %adbc1pos : tensor<5x8xf32>
    %advhpos = stablehlo.divide %advnpos, %adbc2pos : tensor<5x8xf32>
    %adlrpos = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %adepspos = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %adsqpos = stablehlo.sqrt %advhpos : tensor<5x8xf32>
    %addenpos = stablehlo.add %adsqpos, %adepspos : tensor<5x8xf32>
    %adratpos = stablehlo.divide %admhpos, %addenpos : tensor<5x8xf32>
    %adstpos = stablehlo.multiply %adlrpos, %adratpos : tensor<5x8xf32>
    %adsubpos = stablehlo.subtract %pos, %adstpos : tensor<5x8xf32>
    %adwdpos = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %adwdlrpos = stablehlo.multiply %adwdpos, %adlrpos : tensor<5x8xf32>
    %adwdppos = stablehlo.multiply %adwdlrpos, %pos : tensor<5x8xf32>
    %adnewpos = stablehlo.subtract %adsubpos, %adwdppos : tensor<5x8xf32>
    %adb1g1_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1g1_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsg1_0 = stablehlo.multiply %adb1g1_0, %g1_0m : tensor<8xf32>
    %admgg1_0 = stablehlo.multiply %adob1g1_0, %vitb0_1dg : tensor<8xf32>
    %admng1_0 = stablehlo.add %admsg1_0, %admgg1_0 : tensor<8xf32>
    %adb2g1_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2g1_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsg1_0 = stablehlo.multiply %adb2g1_0, %g1_0v : tensor<8xf32>
    %adg2g1_0 = stablehlo.multiply %vitb0_1dg, %vitb0_1dg : tensor<8xf32>
    %advgg1_0 = stablehlo.multiply %adob2g1_0, %adg2g1_0 : tensor<8xf32>
    %advng1_0 = stablehlo.add %advsg1_0, %advgg1_0 : tensor<8xf32>
    %adbc1g1_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2g1_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhg1_0 = stablehlo.divide %admng1_0, %adbc1g1_0 : tensor<8xf32>
    %advhg1_0 = stablehlo.divide %advng1_0, %adbc2g1_0 : tensor<8xf32>
    %adlrg1_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsg1_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqg1_0 = stablehlo.sqrt %advhg1_0 : tensor<8xf32>
    %addeng1_0 = stablehlo.add %adsqg1_0, %adepsg1_0 : tensor<8xf32>
    %adratg1_0 = stablehlo.divide %admhg1_0, %addeng1_0 : tensor<8xf32>
    %adstg1_0 = stablehlo.multiply %adlrg1_0, %adratg1_0 : tensor<8xf32>
    %adsubg1_0 = stablehlo.subtract %g1_0, %adstg1_0 : tensor<8xf32>
    %adwdg1_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrg1_0 = stablehlo.multiply %adwdg1_0, %adlrg1_0 : tensor<8xf32>
    %adwdpg1_0 = stablehlo.multiply %adwdlrg1_0, %g1_0 : tensor<8xf32>
    %adnewg1_0 = stablehlo.subtract %adsubg1_0, %adwdpg1_0 : tensor<8xf32>
    %adb1b1_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1b1_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsb1_0 = stablehlo.multiply %adb1b1_0, %b1_0m : tensor<8xf32>
    %admgb1_0 = stablehlo.multiply %adob1b1_0, %vitb0_1db : tensor<8xf32>
    %admnb1_0 = stablehlo.add %admsb1_0, %admgb1_0 : tensor<8xf32>
    %adb2b1_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2b1_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsb1_0 = stablehlo.multiply %adb2b1_0, %b1_0v : tensor<8xf32>
    %adg2b1_0 = stablehlo.multiply %vitb0_1db, %vitb0_1db : tensor<8xf32>
    %advgb1_0 = stablehlo.multiply %adob2b1_0, %adg2b1_0 : tensor<8xf32>
    %advnb1_0 = stablehlo.add %advsb1_0, %advgb1_0 : tensor<8xf32>
    %adbc1b1_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2b1_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhb1_0 = stablehlo.divide %admnb1_0, %adbc1b1_0 : tensor<8xf32>
    %advhb1_0 = stablehlo.divide %advnb1_0, %adbc2b1_0 : tensor<8xf32>
    %adlrb1_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsb1_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqb1_0 = stablehlo.sqrt %advhb1_0 : tensor<8xf32>
    %addenb1_0 = stablehlo.add %adsqb1_0, %adepsb1_0 : tensor<8xf32>
    %adratb1_0 = stablehlo.divide %admhb1_0, %addenb1_0 : tensor<8xf32>
    %adstb1_0 = stablehlo.multiply %adlrb1_0, %adratb1_0 : tensor<8xf32>
    %adsubb1_0 = stablehlo.subtract %b1_0, %adstb1_0 : tensor<8xf32>
    %adwdb1_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrb1_0 = stablehlo.multiply %adwdb1_0, %adlrb1_0 : tensor<8xf32>
    %adwdpb1_0 = stablehlo.multiply %adwdlrb1_0, %b1_0 : tensor<8xf32>
    %adnewb1_0 = stablehlo.subtract %adsubb1_0, %adwdpb1_0 : tensor<8xf32>
    %adb1Wq_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob1Wq_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admsWq_0 = stablehlo.multiply %adb1Wq_0, %Wq_0m : tensor<8x8xf32>
    %admgWq_0 = stablehlo.multiply %adob1Wq_0, %vitb0_mdWQ : tensor<8x8xf32>
    %admnWq_0 = stablehlo.add %admsWq_0, %admgWq_0 : tensor<8x8xf32>
    %adb2Wq_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wq_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWq_0 = stablehlo.multiply %adb2Wq_0, %Wq_0v : tensor<8x8xf32>
    %adg2Wq_0 = stablehlo.multiply %vitb0_mdWQ, %vitb0_mdWQ : tensor<8x8xf32>
    %advgWq_0 = stablehlo.multiply %adob2Wq_0, %adg2Wq_0 : tensor<8x8xf32>
    %advnWq_0 = stablehlo.add %advsWq_0, %advgWq_0 : tensor<8x8xf32>
    %adbc1Wq_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adbc2Wq_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admhWq_0 = stablehlo.divide %admnWq_0, %adbc1Wq_0 : tensor<8x8xf32>
    %advhWq_0 = stablehlo.divide %advnWq_0, %adbc2Wq_0 : tensor<8x8xf32>
    %adlrWq_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adepsWq_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adsqWq_0 = stablehlo.sqrt %advhWq_0 : tensor<8x8xf32>
    %addenWq_0 = stablehlo.add %adsqWq_0, %adepsWq_0 : tensor<8x8xf32>
    %adratWq_0 = stablehlo.divide %admhWq_0, %addenWq_0 : tensor<8x8xf32>
    %adstWq_0 = stablehlo.multiply %adlrWq_0, %adratWq_0 : tensor<8x8xf32>
    %adsubWq_0 = stablehlo.subtract %Wq_0, %adstWq_0 : tensor<8x8xf32>
    %adwdWq_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adwdlrWq_0 = stablehlo.multiply %adwdWq_0, %adlrWq_0 : tensor<8x8xf32>
    %adwdpWq_0 = stablehlo.multiply %adwdlrWq_0, %Wq_0 : tensor<8x8xf32>
    %adnewWq_0 = stablehlo.subtract %adsubWq_0, %adwdpWq_0 : tensor<8x8xf32>
    %adb1bq_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bq_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbq_0 = stablehlo.multiply %adb1bq_0, %bq_0m : tensor<8xf32>
    %admgbq_0 = stablehlo.multiply %adob1bq_0, %vitb0_mdbQ : tensor<8xf32>
    %admnbq_0 = stablehlo.add %admsbq_0, %admgbq_0 : tensor<8xf32>
    %adb2bq_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bq_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbq_0 = stablehlo.multiply %adb2bq_0, %bq_0v : tensor<8xf32>
    %adg2bq_0 = stablehlo.multiply %vitb0_mdbQ, %vitb0_mdbQ : tensor<8xf32>
    %advgbq_0 = stablehlo.multiply %adob2bq_0, %adg2bq_0 : tensor<8xf32>
    %advnbq_0 = stablehlo.add %advsbq_0, %advgbq_0 : tensor<8xf32>
    %adbc1bq_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2bq_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhbq_0 = stablehlo.divide %admnbq_0, %adbc1bq_0 : tensor<8xf32>
    %advhbq_0 = stablehlo.divide %advnbq_0, %adbc2bq_0 : tensor<8xf32>
    %adlrbq_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsbq_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqbq_0 = stablehlo.sqrt %advhbq_0 : tensor<8xf32>
    %addenbq_0 = stablehlo.add %adsqbq_0, %adepsbq_0 : tensor<8xf32>
    %adratbq_0 = stablehlo.divide %admhbq_0, %addenbq_0 : tensor<8xf32>
    %adstbq_0 = stablehlo.multiply %adlrbq_0, %adratbq_0 : tensor<8xf32>
    %adsubbq_0 = stablehlo.subtract %bq_0, %adstbq_0 : tensor<8xf32>
    %adwdbq_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrbq_0 = stablehlo.multiply %adwdbq_0, %adlrbq_0 : tensor<8xf32>
    %adwdpbq_0 = stablehlo.multiply %adwdlrbq_0, %bq_0 : tensor<8xf32>
    %adnewbq_0 = stablehlo.subtract %adsubbq_0, %adwdpbq_0 : tensor<8xf32>
    %adb1Wk_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob1Wk_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admsWk_0 = stablehlo.multiply %adb1Wk_0, %Wk_0m : tensor<8x8xf32>
    %admgWk_0 = stablehlo.multiply %adob1Wk_0, %vitb0_mdWK : tensor<8x8xf32>
    %admnWk_0 = stablehlo.add %admsWk_0, %admgWk_0 : tensor<8x8xf32>
    %adb2Wk_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wk_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWk_0 = stablehlo.multiply %adb2Wk_0, %Wk_0v : tensor<8x8xf32>
    %adg2Wk_0 = stablehlo.multiply %vitb0_mdWK, %vitb0_mdWK : tensor<8x8xf32>
    %advgWk_0 = stablehlo.multiply %adob2Wk_0, %adg2Wk_0 : tensor<8x8xf32>
    %advnWk_0 = stablehlo.add %advsWk_0, %advgWk_0 : tensor<8x8xf32>
    %adbc1Wk_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adbc2Wk_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admhWk_0 = stablehlo.divide %admnWk_0, %adbc1Wk_0 : tensor<8x8xf32>
    %advhWk_0 = stablehlo.divide %advnWk_0, %adbc2Wk_0 : tensor<8x8xf32>
    %adlrWk_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adepsWk_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adsqWk_0 = stablehlo.sqrt %advhWk_0 : tensor<8x8xf32>
    %addenWk_0 = stablehlo.add %adsqWk_0, %adepsWk_0 : tensor<8x8xf32>
    %adratWk_0 = stablehlo.divide %admhWk_0, %addenWk_0 : tensor<8x8xf32>
    %adstWk_0 = stablehlo.multiply %adlrWk_0, %adratWk_0 : tensor<8x8xf32>
    %adsubWk_0 = stablehlo.subtract %Wk_0, %adstWk_0 : tensor<8x8xf32>
    %adwdWk_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adwdlrWk_0 = stablehlo.multiply %adwdWk_0, %adlrWk_0 : tensor<8x8xf32>
    %adwdpWk_0 = stablehlo.multiply %adwdlrWk_0, %Wk_0 : tensor<8x8xf32>
    %adnewWk_0 = stablehlo.subtract %adsubWk_0, %adwdpWk_0 : tensor<8x8xf32>
    %adb1bk_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bk_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbk_0 = stablehlo.multiply %adb1bk_0, %bk_0m : tensor<8xf32>
    %admgbk_0 = stablehlo.multiply %adob1bk_0, %vitb0_mdbK : tensor<8xf32>
    %admnbk_0 = stablehlo.add %admsbk_0, %admgbk_0 : tensor<8xf32>
    %adb2bk_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bk_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbk_0 = stablehlo.multiply %adb2bk_0, %bk_0v : tensor<8xf32>
    %adg2bk_0 = stablehlo.multiply %vitb0_mdbK, %vitb0_mdbK : tensor<8xf32>
    %advgbk_0 = stablehlo.multiply %adob2bk_0, %adg2bk_0 : tensor<8xf32>
    %advnbk_0 = stablehlo.add %advsbk_0, %advgbk_0 : tensor<8xf32>
    %adbc1bk_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2bk_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhbk_0 = stablehlo.divide %admnbk_0, %adbc1bk_0 : tensor<8xf32>
    %advhbk_0 = stablehlo.divide %advnbk_0, %adbc2bk_0 : tensor<8xf32>
    %adlrbk_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsbk_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqbk_0 = stablehlo.sqrt %advhbk_0 : tensor<8xf32>
    %addenbk_0 = stablehlo.add %adsqbk_0, %adepsbk_0 : tensor<8xf32>
    %adratbk_0 = stablehlo.divide %admhbk_0, %addenbk_0 : tensor<8xf32>
    %adstbk_0 = stablehlo.multiply %adlrbk_0, %adratbk_0 : tensor<8xf32>
    %adsubbk_0 = stablehlo.subtract %bk_0, %adstbk_0 : tensor<8xf32>
    %adwdbk_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrbk_0 = stablehlo.multiply %adwdbk_0, %adlrbk_0 : tensor<8xf32>
    %adwdpbk_0 = stablehlo.multiply %adwdlrbk_0, %bk_0 : tensor<8xf32>
    %adnewbk_0 = stablehlo.subtract %adsubbk_0, %adwdpbk_0 : tensor<8xf32>
    %adb1Wv_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob1Wv_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admsWv_0 = stablehlo.multiply %adb1Wv_0, %Wv_0m : tensor<8x8xf32>
    %admgWv_0 = stablehlo.multiply %adob1Wv_0, %vitb0_mdWV : tensor<8x8xf32>
    %admnWv_0 = stablehlo.add %admsWv_0, %admgWv_0 : tensor<8x8xf32>
    %adb2Wv_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wv_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWv_0 = stablehlo.multiply %adb2Wv_0, %Wv_0v : tensor<8x8xf32>
    %adg2Wv_0 = stablehlo.multiply %vitb0_mdWV, %vitb0_mdWV : tensor<8x8xf32>
    %advgWv_0 = stablehlo.multiply %adob2Wv_0, %adg2Wv_0 : tensor<8x8xf32>
    %advnWv_0 = stablehlo.add %advsWv_0, %advgWv_0 : tensor<8x8xf32>
    %adbc1Wv_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adbc2Wv_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admhWv_0 = stablehlo.divide %admnWv_0, %adbc1Wv_0 : tensor<8x8xf32>
    %advhWv_0 = stablehlo.divide %advnWv_0, %adbc2Wv_0 : tensor<8x8xf32>
    %adlrWv_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adepsWv_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adsqWv_0 = stablehlo.sqrt %advhWv_0 : tensor<8x8xf32>
    %addenWv_0 = stablehlo.add %adsqWv_0, %adepsWv_0 : tensor<8x8xf32>
    %adratWv_0 = stablehlo.divide %admhWv_0, %addenWv_0 : tensor<8x8xf32>
    %adstWv_0 = stablehlo.multiply %adlrWv_0, %adratWv_0 : tensor<8x8xf32>
    %adsubWv_0 = stablehlo.subtract %Wv_0, %adstWv_0 : tensor<8x8xf32>
    %adwdWv_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adwdlrWv_0 = stablehlo.multiply %adwdWv_0, %adlrWv_0 : tensor<8x8xf32>
    %adwdpWv_0 = stablehlo.multiply %adwdlrWv_0, %Wv_0 : tensor<8x8xf32>
    %adnewWv_0 = stablehlo.subtract %adsubWv_0, %adwdpWv_0 : tensor<8x8xf32>
    %adb1bv_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bv_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbv_0 = stablehlo.multiply %adb1bv_0, %bv_0m : tensor<8xf32>
    %admgbv_0 = stablehlo.multiply %adob1bv_0, %vitb0_mdbV : tensor<8xf32>
    %admnbv_0 = stablehlo.add %admsbv_0, %admgbv_0 : tensor<8xf32>
    %adb2bv_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bv_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbv_0 = stablehlo.multiply %adb2bv_0, %bv_0v : tensor<8xf32>
    %adg2bv_0 = stablehlo.multiply %vitb0_mdbV, %vitb0_mdbV : tensor<8xf32>
    %advgbv_0 = stablehlo.multiply %adob2bv_0, %adg2bv_0 : tensor<8xf32>
    %advnbv_0 = stablehlo.add %advsbv_0, %advgbv_0 : tensor<8xf32>
    %adbc1bv_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2bv_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhbv_0 = stablehlo.divide %admnbv_0, %adbc1bv_0 : tensor<8xf32>
    %advhbv_0 = stablehlo.divide %advnbv_0, %adbc2bv_0 : tensor<8xf32>
    %adlrbv_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsbv_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqbv_0 = stablehlo.sqrt %advhbv_0 : tensor<8xf32>
    %addenbv_0 = stablehlo.add %adsqbv_0, %adepsbv_0 : tensor<8xf32>
    %adratbv_0 = stablehlo.divide %admhbv_0, %addenbv_0 : tensor<8xf32>
    %adstbv_0 = stablehlo.multiply %adlrbv_0, %adratbv_0 : tensor<8xf32>
    %adsubbv_0 = stablehlo.subtract %bv_0, %adstbv_0 : tensor<8xf32>
    %adwdbv_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrbv_0 = stablehlo.multiply %adwdbv_0, %adlrbv_0 : tensor<8xf32>
    %adwdpbv_0 = stablehlo.multiply %adwdlrbv_0, %bv_0 : tensor<8xf32>
    %adnewbv_0 = stablehlo.subtract %adsubbv_0, %adwdpbv_0 : tensor<8xf32>
    %adb1Wo_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob1Wo_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admsWo_0 = stablehlo.multiply %adb1Wo_0, %Wo_0m : tensor<8x8xf32>
    %admgWo_0 = stablehlo.multiply %adob1Wo_0, %vitb0_mdWo : tensor<8x8xf32>
    %admnWo_0 = stablehlo.add %admsWo_0, %admgWo_0 : tensor<8x8xf32>
    %adb2Wo_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wo_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWo_0 = stablehlo.multiply %adb2Wo_0, %Wo_0v : tensor<8x8xf32>
    %adg2Wo_0 = stablehlo.multiply %vitb0_mdWo, %vitb0_mdWo : tensor<8x8xf32>
    %advgWo_0 = stablehlo.multiply %adob2Wo_0, %adg2Wo_0 : tensor<8x8xf32>
    %advnWo_0 = stablehlo.add %advsWo_0, %advgWo_0 : tensor<8x8xf32>
    %adbc1Wo_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adbc2Wo_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admhWo_0 = stablehlo.divide %admnWo_0, %adbc1Wo_0 : tensor<8x8xf32>
    %advhWo_0 = stablehlo.divide %advnWo_0, %adbc2Wo_0 : tensor<8x8xf32>
    %adlrWo_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adepsWo_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adsqWo_0 = stablehlo.sqrt %advhWo_0 : tensor<8x8xf32>
    %addenWo_0 = stablehlo.add %adsqWo_0, %adepsWo_0 : tensor<8x8xf32>
    %adratWo_0 = stablehlo.divide %admhWo_0, %addenWo_0 : tensor<8x8xf32>
    %adstWo_0 = stablehlo.multiply %adlrWo_0, %adratWo_0 : tensor<8x8xf32>
    %adsubWo_0 = stablehlo.subtract %Wo_0, %adstWo_0 : tensor<8x8xf32>
    %adwdWo_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adwdlrWo_0 = stablehlo.multiply %adwdWo_0, %adlrWo_0 : tensor<8x8xf32>
    %adwdpWo_0 = stablehlo.multiply %adwdlrWo_0, %Wo_0 : tensor<8x8xf32>
    %adnewWo_0 = stablehlo.subtract %adsubWo_0, %adwdpWo_0 : tensor<8x8xf32>
    %adb1bo_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bo_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbo_0 = stablehlo.multiply %adb1bo_0, %bo_0m : tensor<8xf32>
    %admgbo_0 = stablehlo.multiply %adob1bo_0, %vitb0_mdbo : tensor<8xf32>
    %admnbo_0 = stablehlo.add %admsbo_0, %admgbo_0 : tensor<8xf32>
    %adb2bo_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bo_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbo_0 = stablehlo.multiply %adb2bo_0, %bo_0v : tensor<8xf32>
    %adg2bo_0 = stablehlo.multiply %vitb0_mdbo, %vitb0_mdbo : tensor<8xf32>
    %advgbo_0 = stablehlo.multiply %adob2bo_0, %adg2bo_0 : tensor<8xf32>
    %advnbo_0 = stablehlo.add %advsbo_0, %advgbo_0 : tensor<8xf32>
    %adbc1bo_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2bo_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhbo_0 = stablehlo.divide %admnbo_0, %adbc1bo_0 : tensor<8xf32>
    %advhbo_0 = stablehlo.divide %advnbo_0, %adbc2bo_0 : tensor<8xf32>
    %adlrbo_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsbo_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqbo_0 = stablehlo.sqrt %advhbo_0 : tensor<8xf32>
    %addenbo_0 = stablehlo.add %adsqbo_0, %adepsbo_0 : tensor<8xf32>
    %adratbo_0 = stablehlo.divide %admhbo_0, %addenbo_0 : tensor<8xf32>
    %adstbo_0 = stablehlo.multiply %adlrbo_0, %adratbo_0 : tensor<8xf32>
    %adsubbo_0 = stablehlo.subtract %bo_0, %adstbo_0 : tensor<8xf32>
    %adwdbo_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrbo_0 = stablehlo.multiply %adwdbo_0, %adlrbo_0 : tensor<8xf32>
    %adwdpbo_0 = stablehlo.multiply %adwdlrbo_0, %bo_0 : tensor<8xf32>
    %adnewbo_0 = stablehlo.subtract %adsubbo_0, %adwdpbo_0 : tensor<8xf32>
    %adb1g2_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1g2_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsg2_0 = stablehlo.multiply %adb1g2_0, %g2_0m : tensor<8xf32>
    %admgg2_0 = stablehlo.multiply %adob1g2_0, %vitb0_2dg : tensor<8xf32>
    %admng2_0 = stablehlo.add %admsg2_0, %admgg2_0 : tensor<8xf32>
    %adb2g2_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2g2_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsg2_0 = stablehlo.multiply %adb2g2_0, %g2_0v : tensor<8xf32>
    %adg2g2_0 = stablehlo.multiply %vitb0_2dg, %vitb0_2dg : tensor<8xf32>
    %advgg2_0 = stablehlo.multiply %adob2g2_0, %adg2g2_0 : tensor<8xf32>
    %advng2_0 = stablehlo.add %advsg2_0, %advgg2_0 : tensor<8xf32>
    %adbc1g2_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2g2_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhg2_0 = stablehlo.divide %admng2_0, %adbc1g2_0 : tensor<8xf32>
    %advhg2_0 = stablehlo.divide %advng2_0, %adbc2g2_0 : tensor<8xf32>
    %adlrg2_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsg2_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqg2_0 = stablehlo.sqrt %advhg2_0 : tensor<8xf32>
    %addeng2_0 = stablehlo.add %adsqg2_0, %adepsg2_0 : tensor<8xf32>
    %adratg2_0 = stablehlo.divide %admhg2_0, %addeng2_0 : tensor<8xf32>
    %adstg2_0 = stablehlo.multiply %adlrg2_0, %adratg2_0 : tensor<8xf32>
    %adsubg2_0 = stablehlo.subtract %g2_0, %adstg2_0 : tensor<8xf32>
    %adwdg2_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrg2_0 = stablehlo.multiply %adwdg2_0, %adlrg2_0 : tensor<8xf32>
    %adwdpg2_0 = stablehlo.multiply %adwdlrg2_0, %g2_0 : tensor<8xf32>
    %adnewg2_0 = stablehlo.subtract %adsubg2_0, %adwdpg2_0 : tensor<8xf32>
    %adb1b2_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1b2_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsb2_0 = stablehlo.multiply %adb1b2_0, %b2_0m : tensor<8xf32>
    %admgb2_0 = stablehlo.multiply %adob1b2_0, %vitb0_2db : tensor<8xf32>
    %admnb2_0 = stablehlo.add %admsb2_0, %admgb2_0 : tensor<8xf32>
    %adb2b2_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2b2_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsb2_0 = stablehlo.multiply %adb2b2_0, %b2_0v : tensor<8xf32>
    %adg2b2_0 = stablehlo.multiply %vitb0_2db, %vitb0_2db : tensor<8xf32>
    %advgb2_0 = stablehlo.multiply %adob2b2_0, %adg2b2_0 : tensor<8xf32>
    %advnb2_0 = stablehlo.add %advsb2_0, %advgb2_0 : tensor<8xf32>
    %adbc1b2_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2b2_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhb2_0 = stablehlo.divide %admnb2_0, %adbc1b2_0 : tensor<8xf32>
    %advhb2_0 = stablehlo.divide %advnb2_0, %adbc2b2_0 : tensor<8xf32>
    %adlrb2_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsb2_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqb2_0 = stablehlo.sqrt %advhb2_0 : tensor<8xf32>
    %addenb2_0 = stablehlo.add %adsqb2_0, %adepsb2_0 : tensor<8xf32>
    %adratb2_0 = stablehlo.divide %admhb2_0, %addenb2_0 : tensor<8xf32>
    %adstb2_0 = stablehlo.multiply %adlrb2_0, %adratb2_0 : tensor<8xf32>
    %adsubb2_0 = stablehlo.subtract %b2_0, %adstb2_0 : tensor<8xf32>
    %adwdb2_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrb2_0 = stablehlo.multiply %adwdb2_0, %adlrb2_0 : tensor<8xf32>
    %adwdpb2_0 = stablehlo.multiply %adwdlrb2_0, %b2_0 : tensor<8xf32>
    %adnewb2_0 = stablehlo.subtract %adsubb2_0, %adwdpb2_0 : tensor<8xf32>
    %adb1Wfc1_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adob1Wfc1_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %admsWfc1_0 = stablehlo.multiply %adb1Wfc1_0, %Wfc1_0m : tensor<8x16xf32>
    %admgWfc1_0 = stablehlo.multiply %adob1Wfc1_0, %vitb0_pdWfc1 : tensor<8x16xf32>
    %admnWfc1_0 = stablehlo.add %admsWfc1_0, %admgWfc1_0 : tensor<8x16xf32>
    %adb2Wfc1_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adob2Wfc1_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %advsWfc1_0 = stablehlo.multiply %adb2Wfc1_0, %Wfc1_0v : tensor<8x16xf32>
    %adg2Wfc1_0 = stablehlo.multiply %vitb0_pdWfc1, %vitb0_pdWfc1 : tensor<8x16xf32>
    %advgWfc1_0 = stablehlo.multiply %adob2Wfc1_0, %adg2Wfc1_0 : tensor<8x16xf32>
    %advnWfc1_0 = stablehlo.add %advsWfc1_0, %advgWfc1_0 : tensor<8x16xf32>
    %adbc1Wfc1_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adbc2Wfc1_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %admhWfc1_0 = stablehlo.divide %admnWfc1_0, %adbc1Wfc1_0 : tensor<8x16xf32>
    %advhWfc1_0 = stablehlo.divide %advnWfc1_0, %adbc2Wfc1_0 : tensor<8x16xf32>
    %adlrWfc1_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adepsWfc1_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adsqWfc1_0 = stablehlo.sqrt %advhWfc1_0 : tensor<8x16xf32>
    %addenWfc1_0 = stablehlo.add %adsqWfc1_0, %adepsWfc1_0 : tensor<8x16xf32>
    %adratWfc1_0 = stablehlo.divide %admhWfc1_0, %addenWfc1_0 : tensor<8x16xf32>
    %adstWfc1_0 = stablehlo.multiply %adlrWfc1_0, %adratWfc1_0 : tensor<8x16xf32>
    %adsubWfc1_0 = stablehlo.subtract %Wfc1_0, %adstWfc1_0 : tensor<8x16xf32>
    %adwdWfc1_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adwdlrWfc1_0 = stablehlo.multiply %adwdWfc1_0, %adlrWfc1_0 : tensor<8x16xf32>
    %adwdpWfc1_0 = stablehlo.multiply %adwdlrWfc1_0, %Wfc1_0 : tensor<8x16xf32>
    %adnewWfc1_0 = stablehlo.subtract %adsubWfc1_0, %adwdpWfc1_0 : tensor<8x16xf32>
    %adb1bfc1_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adob1bfc1_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %admsbfc1_0 = stablehlo.multiply %adb1bfc1_0, %bfc1_0m : tensor<16xf32>
    %admgbfc1_0 = stablehlo.multiply %adob1bfc1_0, %vitb0_pdbfc1 : tensor<16xf32>
    %admnbfc1_0 = stablehlo.add %admsbfc1_0, %admgbfc1_0 : tensor<16xf32>
    %adb2bfc1_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adob2bfc1_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %advsbfc1_0 = stablehlo.multiply %adb2bfc1_0, %bfc1_0v : tensor<16xf32>
    %adg2bfc1_0 = stablehlo.multiply %vitb0_pdbfc1, %vitb0_pdbfc1 : tensor<16xf32>
    %advgbfc1_0 = stablehlo.multiply %adob2bfc1_0, %adg2bfc1_0 : tensor<16xf32>
    %advnbfc1_0 = stablehlo.add %advsbfc1_0, %advgbfc1_0 : tensor<16xf32>
    %adbc1bfc1_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adbc2bfc1_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %admhbfc1_0 = stablehlo.divide %admnbfc1_0, %adbc1bfc1_0 : tensor<16xf32>
    %advhbfc1_0 = stablehlo.divide %advnbfc1_0, %adbc2bfc1_0 : tensor<16xf32>
    %adlrbfc1_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adepsbfc1_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adsqbfc1_0 = stablehlo.sqrt %advhbfc1_0 : tensor<16xf32>
    %addenbfc1_0 = stablehlo.add %adsqbfc1_0, %adepsbfc1_0 : tensor<16xf32>
    %adratbfc1_0 = stablehlo.divide %admhbfc1_0, %addenbfc1_0 : tensor<16xf32>
    %adstbfc1_0 = stablehlo.multiply %adlrbfc1_0, %adratbfc1_0 : tensor<16xf32>
    %adsubbfc1_0 = stablehlo.subtract %bfc1_0, %adstbfc1_0 : tensor<16xf32>
    %adwdbfc1_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adwdlrbfc1_0 = stablehlo.multiply %adwdbfc1_0, %adlrbfc1_0 : tensor<16xf32>
    %adwdpbfc1_0 = stablehlo.multiply %adwdlrbfc1_0, %bfc1_0 : tensor<16xf32>
    %adnewbfc1_0 = stablehlo.subtract %adsubbfc1_0, %adwdpbfc1_0 : tensor<16xf32>
    %adb1Wfc2_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %adob1Wfc2_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %admsWfc2_0 = stablehlo.multiply %adb1Wfc2_0, %Wfc2_0m : tensor<16x8xf32>
    %admgWfc2_0 = stablehlo.multiply %adob1Wfc2_0, %vitb0_pdWfc2 : tensor<16x8xf32>
    %admnWfc2_0 = stablehlo.add %admsWfc2_0, %admgWfc2_0 : tensor<16x8xf32>
    %adb2Wfc2_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %adob2Wfc2_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %advsWfc2_0 = stablehlo.multiply %adb2Wfc2_0, %Wfc2_0v : tensor<16x8xf32>
    %adg2Wfc2_0 = stablehlo.multiply %vitb0_pdWfc2, %vitb0_pdWfc2 : tensor<16x8xf32>
    %advgWfc2_0 = stablehlo.multiply %adob2Wfc2_0, %adg2Wfc2_0 : tensor<16x8xf32>
    %advnWfc2_0 = stablehlo.add %advsWfc2_0, %advgWfc2_0 : tensor<16x8xf32>
    %adbc1Wfc2_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %adbc2Wfc2_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %admhWfc2_0 = stablehlo.divide %admnWfc2_0, %adbc1Wfc2_0 : tensor<16x8xf32>
    %advhWfc2_0 = stablehlo.divide %advnWfc2_0, %adbc2Wfc2_0 : tensor<16x8xf32>
    %adlrWfc2_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %adepsWfc2_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %adsqWfc2_0 = stablehlo.sqrt %advhWfc2_0 : tensor<16x8xf32>
    %addenWfc2_0 = stablehlo.add %adsqWfc2_0, %adepsWfc2_0 : tensor<16x8xf32>
    %adratWfc2_0 = stablehlo.divide %admhWfc2_0, %addenWfc2_0 : tensor<16x8xf32>
    %adstWfc2_0 = stablehlo.multiply %adlrWfc2_0, %adratWfc2_0 : tensor<16x8xf32>
    %adsubWfc2_0 = stablehlo.subtract %Wfc2_0, %adstWfc2_0 : tensor<16x8xf32>
    %adwdWfc2_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %adwdlrWfc2_0 = stablehlo.multiply %adwdWfc2_0, %adlrWfc2_0 : tensor<16x8xf32>
    %adwdpWfc2_0 = stablehlo.multiply %adwdlrWfc2_0, %Wfc2_0 : tensor<16x8xf32>
    %adnewWfc2_0 = stablehlo.subtract %adsubWfc2_0, %adwdpWfc2_0 : tensor<16x8xf32>
    %adb1bfc2_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bfc2_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbfc2_0 = stablehlo.multiply %adb1bfc2_0, %bfc2_0m : tensor<8xf32>
    %admgbfc2_0 = stablehlo.multiply %adob1bfc2_0, %vitb0_pdbfc2 : tensor<8xf32>
    %admnbfc2_0 = stablehlo.add %admsbfc2_0, %admgbfc2_0 : tensor<8xf32>
    %adb2bfc2_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bfc2_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbfc2_0 = stablehlo.multiply %adb2bfc2_0, %bfc2_0v : tensor<8xf32>
    %adg2bfc2_0 = stablehlo.multiply %vitb0_pdbfc2, %vitb0_pdbfc2 : tensor<8xf32>
    %advgbfc2_0 = stablehlo.multiply %adob2bfc2_0, %adg2bfc2_0 : tensor<8xf32>
    %advnbfc2_0 = stablehlo.add %advsbfc2_0, %advgbfc2_0 : tensor<8xf32>
    %adbc1bfc2_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2bfc2_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhbfc2_0 = stablehlo.divide %admnbfc2_0, %adbc1bfc2_0 : tensor<8xf32>
    %advhbfc2_0 = stablehlo.divide %advnbfc2_0, %adbc2bfc2_0 : tensor<8xf32>
    %adlrbfc2_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsbfc2_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqbfc2_0 = stablehlo.sqrt %advhbfc2_0 : tensor<8xf32>
    %addenbfc2_0 = stablehlo.add %adsqbfc2_0, %adepsbfc2_0 : tensor<8xf32>
    %adratbfc2_0 = stablehlo.divide %admhbfc2_0, %addenbfc2_0 : tensor<8xf32>
    %adstbfc2_0 = stablehlo.multiply %adlrbfc2_0, %adratbfc2_0 : tensor<8xf32>
    %adsubbfc2_0 = stablehlo.subtract %bfc2_0, %adstbfc2_0 : tensor<8xf32>
    %adwdbfc2_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrbfc2_0 = stablehlo.multiply %adwdbfc2_0, %adlrbfc2_0 : tensor<8xf32>
    %adwdpbfc2_0 = stablehlo.multiply %adwdlrbfc2_0, %bfc2_0 : tensor<8xf32>
    %adnewbfc2_0 = stablehlo.subtract %adsubbfc2_0, %adwdpbfc2_0 : tensor<8xf32>
    %adb1gF = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1gF = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsgF = stablehlo.multiply %adb1gF, %gFm : tensor<8xf32>
    %admggF = stablehlo.multiply %adob1gF, %vitflndg : tensor<8xf32>
    %admngF = stablehlo.add %admsgF, %admggF : tensor<8xf32>
    %adb2gF = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2gF = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsgF = stablehlo.multiply %adb2gF, %gFv : tensor<8xf32>
    %adg2gF = stablehlo.multiply %vitflndg, %vitflndg : tensor<8xf32>
    %advggF = stablehlo.multiply %adob2gF, %adg2gF : tensor<8xf32>
    %advngF = stablehlo.add %advsgF, %advggF : tensor<8xf32>
    %adbc1gF = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2gF = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhgF = stablehlo.divide %admngF, %adbc1gF : tensor<8xf32>
    %advhgF = stablehlo.divide %advngF, %adbc2gF : tensor<8xf32>
    %adlrgF = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsgF = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqgF = stablehlo.sqrt %advhgF : tensor<8xf32>
    %addengF = stablehlo.add %adsqgF, %adepsgF : tensor<8xf32>
    %adratgF = stablehlo.divide %admhgF, %addengF : tensor<8xf32>
    %adstgF = stablehlo.multiply %adlrgF, %adratgF : tensor<8xf32>
    %adsubgF = stablehlo.subtract %gF, %adstgF : tensor<8xf32>
    %adwdgF = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrgF = stablehlo.multiply %adwdgF, %adlrgF : tensor<8xf32>
    %adwdpgF = stablehlo.multiply %adwdlrgF, %gF : tensor<8xf32>
    %adnewgF = stablehlo.subtract %adsubgF, %adwdpgF : tensor<8xf32>
    %adb1bF = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bF = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbF = stablehlo.multiply %adb1bF, %bFm : tensor<8xf32>
    %admgbF = stablehlo.multiply %adob1bF, %vitflndb : tensor<8xf32>
    %admnbF = stablehlo.add %admsbF, %admgbF : tensor<8xf32>
    %adb2bF = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bF = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbF = stablehlo.multiply %adb2bF, %bFv : tensor<8xf32>
    %adg2bF = stablehlo.multiply %vitflndb, %vitflndb : tensor<8xf32>
    %advgbF = stablehlo.multiply %adob2bF, %adg2bF : tensor<8xf32>
    %advnbF = stablehlo.add %advsbF, %advgbF : tensor<8xf32>
    %adbc1bF = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2bF = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhbF = stablehlo.divide %admnbF, %adbc1bF : tensor<8xf32>
    %advhbF = stablehlo.divide %advnbF, %adbc2bF : tensor<8xf32>
    %adlrbF = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepsbF = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqbF = stablehlo.sqrt %advhbF : tensor<8xf32>
    %addenbF = stablehlo.add %adsqbF, %adepsbF : tensor<8xf32>
    %adratbF = stablehlo.divide %admhbF, %addenbF : tensor<8xf32>
    %adstbF = stablehlo.multiply %adlrbF, %adratbF : tensor<8xf32>
    %adsubbF = stablehlo.subtract %bF, %adstbF : tensor<8xf32>
    %adwdbF = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrbF = stablehlo.multiply %adwdbF, %adlrbF : tensor<8xf32>
    %adwdpbF = stablehlo.multiply %adwdlrbF, %bF : tensor<8xf32>
    %adnewbF = stablehlo.subtract %adsubbF, %adwdpbF : tensor<8xf32>
    %adb1Wc = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %adob1Wc = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %admsWc = stablehlo.multiply %adb1Wc, %Wcm : tensor<8x3xf32>
    %admgWc = stablehlo.multiply %adob1Wc, %vithddWc : tensor<8x3xf32>
    %admnWc = stablehlo.add %admsWc, %admgWc : tensor<8x3xf32>
    %adb2Wc = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %adob2Wc = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %advsWc = stablehlo.multiply %adb2Wc, %Wcv : tensor<8x3xf32>
    %adg2Wc = stablehlo.multiply %vithddWc, %vithddWc : tensor<8x3xf32>
    %advgWc = stablehlo.multiply %adob2Wc, %adg2Wc : tensor<8x3xf32>
    %advnWc = stablehlo.add %advsWc, %advgWc : tensor<8x3xf32>
    %adbc1Wc = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %adbc2Wc = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %admhWc = stablehlo.divide %admnWc, %adbc1Wc : tensor<8x3xf32>
    %advhWc = stablehlo.divide %advnWc, %adbc2Wc : tensor<8x3xf32>
    %adlrWc = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %adepsWc = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %adsqWc = stablehlo.sqrt %advhWc : tensor<8x3xf32>
    %addenWc = stablehlo.add %adsqWc, %adepsWc : tensor<8x3xf32>
    %adratWc = stablehlo.divide %admhWc, %addenWc : tensor<8x3xf32>
    %adstWc = stablehlo.multiply %adlrWc, %adratWc : tensor<8x3xf32>
    %adsubWc = stablehlo.subtract %Wc, %adstWc : tensor<8x3xf32>
    %adwdWc = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %adwdlrWc = stablehlo.multiply %adwdWc, %adlrWc : tensor<8x3xf32>
    %adwdpWc = stablehlo.multiply %adwdlrWc, %Wc : tensor<8x3xf32>
    %adnewWc = stablehlo.subtract %adsubWc, %adwdpWc : tensor<8x3xf32>
    %adb1bc = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %adob1bc = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %admsbc = stablehlo.multiply %adb1bc, %bcm : tensor<3xf32>
    %admgbc = stablehlo.multiply %adob1bc, %vithddbc : tensor<3xf32>
    %admnbc = stablehlo.add %admsbc, %admgbc : tensor<3xf32>
    %adb2bc = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %adob2bc = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %advsbc = stablehlo.multiply %adb2bc, %bcv : tensor<3xf32>
    %adg2bc = stablehlo.multiply %vithddbc, %vithddbc : tensor<3xf32>
    %advgbc = stablehlo.multiply %adob2bc, %adg2bc : tensor<3xf32>
    %advnbc = stablehlo.add %advsbc, %advgbc : tensor<3xf32>
    %adbc1bc = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %adbc2bc = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %admhbc = stablehlo.divide %admnbc, %adbc1bc : tensor<3xf32>
    %advhbc = stablehlo.divide %advnbc, %adbc2bc : tensor<3xf32>
    %adlrbc = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %adepsbc = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %adsqbc = stablehlo.sqrt %advhbc : tensor<3xf32>
    %addenbc = stablehlo.add %adsqbc, %adepsbc : tensor<3xf32>
    %adratbc = stablehlo.divide %admhbc, %addenbc : tensor<3xf32>
    %adstbc = stablehlo.multiply %adlrbc, %adratbc : tensor<3xf32>
    %adsubbc = stablehlo.subtract %bc, %adstbc : tensor<3xf32>
    %adwdbc = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %adwdlrbc = stablehlo.multiply %adwdbc, %adlrbc : tensor<3xf32>
    %adwdpbc = stablehlo.multiply %adwdlrbc, %bc : tensor<3xf32>
    %adnewbc = stablehlo.subtract %adsubbc, %adwdpbc : tensor<3xf32>
    return %adnewwConv, %adnewbConv, %adnewcls, %adnewpos, %adnewg1_0, %adnewb1_0, %adnewWq_0, %adnewbq_0, %adnewWk_0, %adnewbk_0, %adnewWv_0, %adnewbv_0, %adnewWo_0, %adnewbo_0, %adnewg2_0, %adnewb2_0, %adnewWfc1_0, %adnewbfc1_0, %adnewWfc2_0, %adnewbfc2_0, %adnewgF, %adnewbF, %adnewWc, %adnewbc, %admnwConv, %admnbConv, %admncls, %admnpos, %admng1_0, %admnb1_0, %admnWq_0, %admnbq_0, %admnWk_0, %admnbk_0, %admnWv_0, %admnbv_0, %admnWo_0, %admnbo_0, %admng2_0, %admnb2_0, %admnWfc1_0, %admnbfc1_0, %admnWfc2_0, %admnbfc2_0, %admngF, %admnbF, %admnWc, %admnbc, %advnwConv, %advnbConv, %advncls, %advnpos, %advng1_0, %advnb1_0, %advnWq_0, %advnbq_0, %advnWk_0, %advnbk_0, %advnWv_0, %advnbv_0, %advnWo_0, %advnbo_0, %advng2_0, %advnb2_0, %advnWfc1_0, %advnbfc1_0, %advnWfc2_0, %advnbfc2_0, %advngF, %advnbF, %advnWc, %advnbc, %loss, %bc1, %bc2 : tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>, tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>, tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>, tensor<f32>, tensor<f32>, tensor<f32>
  }
}
