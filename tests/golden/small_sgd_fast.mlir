module @m {
  func.func @vit_train_step(%x: tensor<2x192xf32>, %wConv: tensor<8x3x4x4xf32>, %bConv: tensor<8xf32>, %cls: tensor<8xf32>, %pos: tensor<5x8xf32>, %g1_0: tensor<8xf32>, %b1_0: tensor<8xf32>, %Wq_0: tensor<8x8xf32>, %bq_0: tensor<8xf32>, %Wk_0: tensor<8x8xf32>, %bk_0: tensor<8xf32>, %Wv_0: tensor<8x8xf32>, %bv_0: tensor<8xf32>, %Wo_0: tensor<8x8xf32>, %bo_0: tensor<8xf32>, %g2_0: tensor<8xf32>, %b2_0: tensor<8xf32>, %Wfc1_0: tensor<8x16xf32>, %bfc1_0: tensor<16xf32>, %Wfc2_0: tensor<16x8xf32>, %bfc2_0: tensor<8xf32>, %gF: tensor<8xf32>, %bF: tensor<8xf32>, %Wc: tensor<8x3xf32>, %bc: tensor<3xf32>, %onehot: tensor<2x3xf32>) -> (tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>) {
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
    %le = stablehlo.exponential %vithdlogits : tensor<2x3xf32>
    %lsum = stablehlo.reduce(%le init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %lsb = stablehlo.broadcast_in_dim %lsum, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %lsm = stablehlo.divide %le, %lsb : tensor<2x3xf32>
    %dyr = stablehlo.subtract %lsm, %onehot : tensor<2x3xf32>
    %bnc = stablehlo.constant dense<2.0> : tensor<2x3xf32>
    %dy = stablehlo.divide %dyr, %bnc : tensor<2x3xf32>
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
    %wConv_lr = stablehlo.constant dense<0.05> : tensor<8x3x4x4xf32>
    %wConv_st = stablehlo.multiply %vitpedw, %wConv_lr : tensor<8x3x4x4xf32>
    %wConvn = stablehlo.subtract %wConv, %wConv_st : tensor<8x3x4x4xf32>
    %bConv_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %bConv_st = stablehlo.multiply %vitpedb, %bConv_lr : tensor<8xf32>
    %bConvn = stablehlo.subtract %bConv, %bConv_st : tensor<8xf32>
    %cls_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %cls_st = stablehlo.multiply %vitcpdcls, %cls_lr : tensor<8xf32>
    %clsn = stablehlo.subtract %cls, %cls_st : tensor<8xf32>
    %pos_lr = stablehlo.constant dense<0.05> : tensor<5x8xf32>
    %pos_st = stablehlo.multiply %vitcpdpos, %pos_lr : tensor<5x8xf32>
    %posn = stablehlo.subtract %pos, %pos_st : tensor<5x8xf32>
    %g1_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %g1_0_st = stablehlo.multiply %vitb0_1dg, %g1_0_lr : tensor<8xf32>
    %g1_0n = stablehlo.subtract %g1_0, %g1_0_st : tensor<8xf32>
    %b1_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %b1_0_st = stablehlo.multiply %vitb0_1db, %b1_0_lr : tensor<8xf32>
    %b1_0n = stablehlo.subtract %b1_0, %b1_0_st : tensor<8xf32>
    %Wq_0_lr = stablehlo.constant dense<0.05> : tensor<8x8xf32>
    %Wq_0_st = stablehlo.multiply %vitb0_mdWQ, %Wq_0_lr : tensor<8x8xf32>
    %Wq_0n = stablehlo.subtract %Wq_0, %Wq_0_st : tensor<8x8xf32>
    %bq_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %bq_0_st = stablehlo.multiply %vitb0_mdbQ, %bq_0_lr : tensor<8xf32>
    %bq_0n = stablehlo.subtract %bq_0, %bq_0_st : tensor<8xf32>
    %Wk_0_lr = stablehlo.constant dense<0.05> : tensor<8x8xf32>
    %Wk_0_st = stablehlo.multiply %vitb0_mdWK, %Wk_0_lr : tensor<8x8xf32>
    %Wk_0n = stablehlo.subtract %Wk_0, %Wk_0_st : tensor<8x8xf32>
    %bk_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %bk_0_st = stablehlo.multiply %vitb0_mdbK, %bk_0_lr : tensor<8xf32>
    %bk_0n = stablehlo.subtract %bk_0, %bk_0_st : tensor<8xf32>
    %Wv_0_lr = stablehlo.constant dense<0.05> : tensor<8x8xf32>
    %Wv_0_st = stablehlo.multiply %vitb0_mdWV, %Wv_0_lr : tensor<8x8xf32>
    %Wv_0n = stablehlo.subtract %Wv_0, %Wv_0_st : tensor<8x8xf32>
    %bv_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %bv_0_st = stablehlo.multiply %vitb0_mdbV, %bv_0_lr : tensor<8xf32>
    %bv_0n = stablehlo.subtract %bv_0, %bv_0_st : tensor<8xf32>
    %Wo_0_lr = stablehlo.constant dense<0.05> : tensor<8x8xf32>
    %Wo_0_st = stablehlo.multiply %vitb0_mdWo, %Wo_0_lr : tensor<8x8xf32>
    %Wo_0n = stablehlo.subtract %Wo_0, %Wo_0_st : tensor<8x8xf32>
    %bo_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %bo_0_st = stablehlo.multiply %vitb0_mdbo, %bo_0_lr : tensor<8xf32>
    %bo_0n = stablehlo.subtract %bo_0, %bo_0_st : tensor<8xf32>
    %g2_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %g2_0_st = stablehlo.multiply %vitb0_2dg, %g2_0_lr : tensor<8xf32>
    %g2_0n = stablehlo.subtract %g2_0, %g2_0_st : tensor<8xf32>
    %b2_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %b2_0_st = stablehlo.multiply %vitb0_2db, %b2_0_lr : tensor<8xf32>
    %b2_0n = stablehlo.subtract %b2_0, %b2_0_st : tensor<8xf32>
    %Wfc1_0_lr = stablehlo.constant dense<0.05> : tensor<8x16xf32>
    %Wfc1_0_st = stablehlo.multiply %vitb0_pdWfc1, %Wfc1_0_lr : tensor<8x16xf32>
    %Wfc1_0n = stablehlo.subtract %Wfc1_0, %Wfc1_0_st : tensor<8x16xf32>
    %bfc1_0_lr = stablehlo.constant dense<0.05> : tensor<16xf32>
    %bfc1_0_st = stablehlo.multiply %vitb0_pdbfc1, %bfc1_0_lr : tensor<16xf32>
    %bfc1_0n = stablehlo.subtract %bfc1_0, %bfc1_0_st : tensor<16xf32>
    %Wfc2_0_lr = stablehlo.constant dense<0.05> : tensor<16x8xf32>
    %Wfc2_0_st = stablehlo.multiply %vitb0_pdWfc2, %Wfc2_0_lr : tensor<16x8xf32>
    %Wfc2_0n = stablehlo.subtract %Wfc2_0, %Wfc2_0_st : tensor<16x8xf32>
    %bfc2_0_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %bfc2_0_st = stablehlo.multiply %vitb0_pdbfc2, %bfc2_0_lr : tensor<8xf32>
    %bfc2_0n = stablehlo.subtract %bfc2_0, %bfc2_0_st : tensor<8xf32>
    %gF_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %gF_st = stablehlo.multiply %vitflndg, %gF_lr : tensor<8xf32>
    %gFn = stablehlo.subtract %gF, %gF_st : tensor<8xf32>
    %bF_lr = stablehlo.constant dense<0.05> : tensor<8xf32>
    %bF_st = stablehlo.multiply %vitflndb, %bF_lr : tensor<8xf32>
    %bFn = stablehlo.subtract %bF, %bF_st : tensor<8xf32>
    %Wc_lr = stablehlo.constant dense<0.05> : tensor<8x3xf32>
    %Wc_st = stablehlo.multiply %vithddWc, %Wc_lr : tensor<8x3xf32>
    %Wcn = stablehlo.subtract %Wc, %Wc_st : tensor<8x3xf32>
    %bc_lr = stablehlo.constant dense<0.05> : tensor<3xf32>
    %bc_st = stablehlo.multiply %vithddbc, %bc_lr : tensor<3xf32>
    %bcn = stablehlo.subtract %bc, %bc_st : tensor<3xf32>
    return %wConvn, %bConvn, %clsn, %posn, %g1_0n, %b1_0n, %Wq_0n, %bq_0n, %Wk_0n, %bk_0n, %Wv_0n, %bv_0n, %Wo_0n, %bo_0n, %g2_0n, %b2_0n, %Wfc1_0n, %bfc1_0n, %Wfc2_0n, %bfc2_0n, %gFn, %bFn, %Wcn, %bcn : tensor<8x3x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x3xf32>, tensor<3xf32>
  }
}
