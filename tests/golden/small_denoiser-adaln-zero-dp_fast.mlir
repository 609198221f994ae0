module @m {
  func.func @denoiser_train_step(%x: tensor<2x192xf32>, %wConv: tensor<8x2x4x4xf32>, %bConv: tensor<8xf32>, %pos: tensor<6x8xf32>, %tW1: tensor<6x8xf32>, %tb1: tensor<8xf32>, %tW2: tensor<8x8xf32>, %tb2: tensor<8xf32>, %Wmod_0: tensor<8x48xf32>, %bmod_0: tensor<48xf32>, %Wq_0: tensor<8x8xf32>, %bq_0: tensor<8xf32>, %Wk_0: tensor<8x8xf32>, %bk_0: tensor<8xf32>, %Wv_0: tensor<8x8xf32>, %bv_0: tensor<8xf32>, %Wo_0: tensor<8x8xf32>, %bo_0: tensor<8xf32>, %Wfc1_0: tensor<8x16xf32>, %bfc1_0: tensor<16xf32>, %Wfc2_0: tensor<16x8xf32>, %bfc2_0: tensor<8xf32>, %Wfmod: tensor<8x16xf32>, %bfmod: tensor<16xf32>, %Wp: tensor<8x32xf32>, %bp: tensor<32xf32>, %wConvm: tensor<8x2x4x4xf32>, %bConvm: tensor<8xf32>, %posm: tensor<6x8xf32>, %tW1m: tensor<6x8xf32>, %tb1m: tensor<8xf32>, %tW2m: tensor<8x8xf32>, %tb2m: tensor<8xf32>, %Wmod_0m: tensor<8x48xf32>, %bmod_0m: tensor<48xf32>, %Wq_0m: tensor<8x8xf32>, %bq_0m: tensor<8xf32>, %Wk_0m: tensor<8x8xf32>, %bk_0m: tensor<8xf32>, %Wv_0m: tensor<8x8xf32>, %bv_0m: tensor<8xf32>, %Wo_0m: tensor<8x8xf32>, %bo_0m: tensor<8xf32>, %Wfc1_0m: tensor<8x16xf32>, %bfc1_0m: tensor<16xf32>, %Wfc2_0m: tensor<16x8xf32>, %bfc2_0m: tensor<8xf32>, %Wfmodm: tensor<8x16xf32>, %bfmodm: tensor<16xf32>, %Wpm: tensor<8x32xf32>, %bpm: tensor<32xf32>, %wConvv: tensor<8x2x4x4xf32>, %bConvv: tensor<8xf32>, %posv: tensor<6x8xf32>, %tW1v: tensor<6x8xf32>, %tb1v: tensor<8xf32>, %tW2v: tensor<8x8xf32>, %tb2v: tensor<8xf32>, %Wmod_0v: tensor<8x48xf32>, %bmod_0v: tensor<48xf32>, %Wq_0v: tensor<8x8xf32>, %bq_0v: tensor<8xf32>, %Wk_0v: tensor<8x8xf32>, %bk_0v: tensor<8xf32>, %Wv_0v: tensor<8x8xf32>, %bv_0v: tensor<8xf32>, %Wo_0v: tensor<8x8xf32>, %bo_0v: tensor<8xf32>, %Wfc1_0v: tensor<8x16xf32>, %bfc1_0v: tensor<16xf32>, %Wfc2_0v: tensor<16x8xf32>, %bfc2_0v: tensor<8xf32>, %Wfmodv: tensor<8x16xf32>, %bfmodv: tensor<16xf32>, %Wpv: tensor<8x32xf32>, %bpv: tensor<32xf32>, %lr: tensor<f32>, %bc1: tensor<f32>, %bc2: tensor<f32>, %tfeat: tensor<2x6xf32>, %target: tensor<2x2x8x12xf32>) -> (tensor<8x2x4x4xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x48xf32>, tensor<48xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<8x32xf32>, tensor<32xf32>, tensor<8x2x4x4xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x48xf32>, tensor<48xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<8x32xf32>, tensor<32xf32>, tensor<8x2x4x4xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x48xf32>, tensor<48xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<8x32xf32>, tensor<32xf32>, tensor<f32>) {
    %sc = stablehlo.constant dense<0.0> : tensor<f32>
    %b1 = stablehlo.constant dense<0.9> : tensor<f32>
    %ob1 = stablehlo.constant dense<0.1> : tensor<f32>
    %b2 = stablehlo.constant dense<0.999> : tensor<f32>
    %ob2 = stablehlo.constant dense<0.001> : tensor<f32>
    %eps = stablehlo.constant dense<1.0e-8> : tensor<f32>
    %wd = stablehlo.constant dense<0.0> : tensor<f32>
    %xr = stablehlo.reshape %x : (tensor<2x192xf32>) -> tensor<2x2x8x12xf32>
    %dnpec = stablehlo.convolution(%xr, %wConv)
      dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x2x8x12xf32>, tensor<8x2x4x4xf32>) -> tensor<2x8x2x3xf32>
    %dnpecbb = stablehlo.broadcast_in_dim %bConv, dims = [1] : (tensor<8xf32>) -> tensor<2x8x2x3xf32>
    %dnpepe = stablehlo.add %dnpec, %dnpecbb : tensor<2x8x2x3xf32>
    %dnpept = stablehlo.transpose %dnpepe, dims = [0, 2, 3, 1] : (tensor<2x8x2x3xf32>) -> tensor<2x2x3x8xf32>
    %dnpetok = stablehlo.reshape %dnpept : (tensor<2x2x3x8xf32>) -> tensor<2x6x8xf32>
    %dnpsposb = stablehlo.broadcast_in_dim %pos, dims = [1, 2] : (tensor<6x8xf32>) -> tensor<2x6x8xf32>
    %dnpsz = stablehlo.add %dnpetok, %dnpsposb : tensor<2x6x8xf32>
    %dnth1d = stablehlo.dot_general %tfeat, %tW1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x8xf32>) -> tensor<2x8xf32>
    %dnth1bb = stablehlo.broadcast_in_dim %tb1, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
    %dnth1 = stablehlo.add %dnth1d, %dnth1bb : tensor<2x8xf32>
    %dntaone = stablehlo.constant dense<1.0> : tensor<2x8xf32>
    %dntanx = stablehlo.negate %dnth1 : tensor<2x8xf32>
    %dntae = stablehlo.exponential %dntanx : tensor<2x8xf32>
    %dntaden = stablehlo.add %dntaone, %dntae : tensor<2x8xf32>
    %dntas = stablehlo.divide %dntaone, %dntaden : tensor<2x8xf32>
    %dntay = stablehlo.multiply %dnth1, %dntas : tensor<2x8xf32>
    %dntcd = stablehlo.dot_general %dntay, %tW2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %dntcbb = stablehlo.broadcast_in_dim %tb2, dims = [1] : (tensor<8xf32>) -> tensor<2x8xf32>
    %dntc = stablehlo.add %dntcd, %dntcbb : tensor<2x8xf32>
    %dncsone = stablehlo.constant dense<1.0> : tensor<2x8xf32>
    %dncsnx = stablehlo.negate %dntc : tensor<2x8xf32>
    %dncse = stablehlo.exponential %dncsnx : tensor<2x8xf32>
    %dncsden = stablehlo.add %dncsone, %dncse : tensor<2x8xf32>
    %dncss = stablehlo.divide %dncsone, %dncsden : tensor<2x8xf32>
    %dncsy = stablehlo.multiply %dntc, %dncss : tensor<2x8xf32>
    %dnb0_cmd = stablehlo.dot_general %dncsy, %Wmod_0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x48xf32>) -> tensor<2x48xf32>
    %dnb0_cmbb = stablehlo.broadcast_in_dim %bmod_0, dims = [1] : (tensor<48xf32>) -> tensor<2x48xf32>
    %dnb0_cm = stablehlo.add %dnb0_cmd, %dnb0_cmbb : tensor<2x48xf32>
    %dnb0_cm0 = stablehlo.slice %dnb0_cm [0:2, 0:8] : (tensor<2x48xf32>) -> tensor<2x8xf32>
    %dnb0_cm1 = stablehlo.slice %dnb0_cm [0:2, 8:16] : (tensor<2x48xf32>) -> tensor<2x8xf32>
    %dnb0_cm2 = stablehlo.slice %dnb0_cm [0:2, 16:24] : (tensor<2x48xf32>) -> tensor<2x8xf32>
    %dnb0_cm3 = stablehlo.slice %dnb0_cm [0:2, 24:32] : (tensor<2x48xf32>) -> tensor<2x8xf32>
    %dnb0_cm4 = stablehlo.slice %dnb0_cm [0:2, 32:40] : (tensor<2x48xf32>) -> tensor<2x8xf32>
    %dnb0_cm5 = stablehlo.slice %dnb0_cm [0:2, 40:48] : (tensor<2x48xf32>) -> tensor<2x8xf32>
    %dnb0_1sum = stablehlo.reduce(%dnpsz init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_1nf = stablehlo.constant dense<8.0> : tensor<2x6xf32>
    %dnb0_1mu = stablehlo.divide %dnb0_1sum, %dnb0_1nf : tensor<2x6xf32>
    %dnb0_1mub = stablehlo.broadcast_in_dim %dnb0_1mu, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_1xc = stablehlo.subtract %dnpsz, %dnb0_1mub : tensor<2x6x8xf32>
    %dnb0_1sq = stablehlo.multiply %dnb0_1xc, %dnb0_1xc : tensor<2x6x8xf32>
    %dnb0_1vsum = stablehlo.reduce(%dnb0_1sq init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_1var = stablehlo.divide %dnb0_1vsum, %dnb0_1nf : tensor<2x6xf32>
    %dnb0_1eps = stablehlo.constant dense<1.0e-5> : tensor<2x6xf32>
    %dnb0_1ve = stablehlo.add %dnb0_1var, %dnb0_1eps : tensor<2x6xf32>
    %dnb0_1istd = stablehlo.rsqrt %dnb0_1ve : tensor<2x6xf32>
    %dnb0_1istdb = stablehlo.broadcast_in_dim %dnb0_1istd, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_1xhat = stablehlo.multiply %dnb0_1xc, %dnb0_1istdb : tensor<2x6x8xf32>
    %dnb0_1one = stablehlo.constant dense<1.0> : tensor<2x6x8xf32>
    %dnb0_1scb = stablehlo.broadcast_in_dim %dnb0_cm1, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_1osc = stablehlo.add %dnb0_1one, %dnb0_1scb : tensor<2x6x8xf32>
    %dnb0_1shb = stablehlo.broadcast_in_dim %dnb0_cm0, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_1xs = stablehlo.multiply %dnb0_1xhat, %dnb0_1osc : tensor<2x6x8xf32>
    %dnb0_1y = stablehlo.add %dnb0_1xs, %dnb0_1shb : tensor<2x6x8xf32>
    %dnb0_mQd = stablehlo.dot_general %dnb0_1y, %Wq_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mQbb = stablehlo.broadcast_in_dim %bq_0, dims = [2] : (tensor<8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mQ = stablehlo.add %dnb0_mQd, %dnb0_mQbb : tensor<2x6x8xf32>
    %dnb0_mKd = stablehlo.dot_general %dnb0_1y, %Wk_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mKbb = stablehlo.broadcast_in_dim %bk_0, dims = [2] : (tensor<8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mK = stablehlo.add %dnb0_mKd, %dnb0_mKbb : tensor<2x6x8xf32>
    %dnb0_mVd = stablehlo.dot_general %dnb0_1y, %Wv_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mVbb = stablehlo.broadcast_in_dim %bv_0, dims = [2] : (tensor<8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mV = stablehlo.add %dnb0_mVd, %dnb0_mVbb : tensor<2x6x8xf32>
    %dnb0_mQhr = stablehlo.reshape %dnb0_mQ : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mQh = stablehlo.transpose %dnb0_mQhr, dims = [0, 2, 1, 3] : (tensor<2x6x2x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mKhr = stablehlo.reshape %dnb0_mK : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mKh = stablehlo.transpose %dnb0_mKhr, dims = [0, 2, 1, 3] : (tensor<2x6x2x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mVhr = stablehlo.reshape %dnb0_mV : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mVh = stablehlo.transpose %dnb0_mVhr, dims = [0, 2, 1, 3] : (tensor<2x6x2x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mS = stablehlo.dot_general %dnb0_mQh, %dnb0_mKh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x4xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x6xf32>
    %dnb0_mscl = stablehlo.constant dense<0.5> : tensor<2x2x6x6xf32>
    %dnb0_mSs = stablehlo.multiply %dnb0_mS, %dnb0_mscl : tensor<2x2x6x6xf32>
    %dnb0_mse = stablehlo.exponential %dnb0_mSs : tensor<2x2x6x6xf32>
    %dnb0_msum = stablehlo.reduce(%dnb0_mse init: %sc) applies stablehlo.add across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %dnb0_msumb = stablehlo.broadcast_in_dim %dnb0_msum, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x6xf32>
    %dnb0_mW = stablehlo.divide %dnb0_mse, %dnb0_msumb : tensor<2x2x6x6xf32>
    %dnb0_mA = stablehlo.dot_general %dnb0_mW, %dnb0_mVh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x6xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mAT = stablehlo.transpose %dnb0_mA, dims = [0, 2, 1, 3] : (tensor<2x2x6x4xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mP = stablehlo.reshape %dnb0_mAT : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %dnb0_mod = stablehlo.dot_general %dnb0_mP, %Wo_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mobb = stablehlo.broadcast_in_dim %bo_0, dims = [2] : (tensor<8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mO = stablehlo.add %dnb0_mod, %dnb0_mobb : tensor<2x6x8xf32>
    %dnb0_g1gb = stablehlo.broadcast_in_dim %dnb0_cm2, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_g1gh = stablehlo.multiply %dnb0_g1gb, %dnb0_mO : tensor<2x6x8xf32>
    %dnb0_g1out = stablehlo.add %dnpsz, %dnb0_g1gh : tensor<2x6x8xf32>
    %dnb0_2sum = stablehlo.reduce(%dnb0_g1out init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_2nf = stablehlo.constant dense<8.0> : tensor<2x6xf32>
    %dnb0_2mu = stablehlo.divide %dnb0_2sum, %dnb0_2nf : tensor<2x6xf32>
    %dnb0_2mub = stablehlo.broadcast_in_dim %dnb0_2mu, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_2xc = stablehlo.subtract %dnb0_g1out, %dnb0_2mub : tensor<2x6x8xf32>
    %dnb0_2sq = stablehlo.multiply %dnb0_2xc, %dnb0_2xc : tensor<2x6x8xf32>
    %dnb0_2vsum = stablehlo.reduce(%dnb0_2sq init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_2var = stablehlo.divide %dnb0_2vsum, %dnb0_2nf : tensor<2x6xf32>
    %dnb0_2eps = stablehlo.constant dense<1.0e-5> : tensor<2x6xf32>
    %dnb0_2ve = stablehlo.add %dnb0_2var, %dnb0_2eps : tensor<2x6xf32>
    %dnb0_2istd = stablehlo.rsqrt %dnb0_2ve : tensor<2x6xf32>
    %dnb0_2istdb = stablehlo.broadcast_in_dim %dnb0_2istd, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_2xhat = stablehlo.multiply %dnb0_2xc, %dnb0_2istdb : tensor<2x6x8xf32>
    %dnb0_2one = stablehlo.constant dense<1.0> : tensor<2x6x8xf32>
    %dnb0_2scb = stablehlo.broadcast_in_dim %dnb0_cm4, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_2osc = stablehlo.add %dnb0_2one, %dnb0_2scb : tensor<2x6x8xf32>
    %dnb0_2shb = stablehlo.broadcast_in_dim %dnb0_cm3, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_2xs = stablehlo.multiply %dnb0_2xhat, %dnb0_2osc : tensor<2x6x8xf32>
    %dnb0_2y = stablehlo.add %dnb0_2xs, %dnb0_2shb : tensor<2x6x8xf32>
    %dnb0_ph1d = stablehlo.dot_general %dnb0_2y, %Wfc1_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x16xf32>) -> tensor<2x6x16xf32>
    %dnb0_ph1bb = stablehlo.broadcast_in_dim %bfc1_0, dims = [2] : (tensor<16xf32>) -> tensor<2x6x16xf32>
    %dnb0_ph1 = stablehlo.add %dnb0_ph1d, %dnb0_ph1bb : tensor<2x6x16xf32>
    %dnb0_pgx2 = stablehlo.multiply %dnb0_ph1, %dnb0_ph1 : tensor<2x6x16xf32>
    %dnb0_pgx3 = stablehlo.multiply %dnb0_pgx2, %dnb0_ph1 : tensor<2x6x16xf32>
    %dnb0_pgck = stablehlo.constant dense<0.044715> : tensor<2x6x16xf32>
    %dnb0_pgkx3 = stablehlo.multiply %dnb0_pgck, %dnb0_pgx3 : tensor<2x6x16xf32>
    %dnb0_pginn = stablehlo.add %dnb0_ph1, %dnb0_pgkx3 : tensor<2x6x16xf32>
    %dnb0_pgcsqrt = stablehlo.constant dense<0.7978845608028654> : tensor<2x6x16xf32>
    %dnb0_pgu = stablehlo.multiply %dnb0_pgcsqrt, %dnb0_pginn : tensor<2x6x16xf32>
    %dnb0_pgt = stablehlo.tanh %dnb0_pgu : tensor<2x6x16xf32>
    %dnb0_pgone = stablehlo.constant dense<1.0> : tensor<2x6x16xf32>
    %dnb0_pgopt = stablehlo.add %dnb0_pgone, %dnb0_pgt : tensor<2x6x16xf32>
    %dnb0_pgchalf = stablehlo.constant dense<0.5> : tensor<2x6x16xf32>
    %dnb0_pghx = stablehlo.multiply %dnb0_pgchalf, %dnb0_ph1 : tensor<2x6x16xf32>
    %dnb0_pga = stablehlo.multiply %dnb0_pghx, %dnb0_pgopt : tensor<2x6x16xf32>
    %dnb0_py2d = stablehlo.dot_general %dnb0_pga, %Wfc2_0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<16x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_py2bb = stablehlo.broadcast_in_dim %bfc2_0, dims = [2] : (tensor<8xf32>) -> tensor<2x6x8xf32>
    %dnb0_py = stablehlo.add %dnb0_py2d, %dnb0_py2bb : tensor<2x6x8xf32>
    %dnb0_g2gb = stablehlo.broadcast_in_dim %dnb0_cm5, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_g2gh = stablehlo.multiply %dnb0_g2gb, %dnb0_py : tensor<2x6x8xf32>
    %dnb0_g2out = stablehlo.add %dnb0_g1out, %dnb0_g2gh : tensor<2x6x8xf32>
    %dnfcmd = stablehlo.dot_general %dncsy, %Wfmod, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<2x16xf32>
    %dnfcmbb = stablehlo.broadcast_in_dim %bfmod, dims = [1] : (tensor<16xf32>) -> tensor<2x16xf32>
    %dnfcm = stablehlo.add %dnfcmd, %dnfcmbb : tensor<2x16xf32>
    %dnfcm0 = stablehlo.slice %dnfcm [0:2, 0:8] : (tensor<2x16xf32>) -> tensor<2x8xf32>
    %dnfcm1 = stablehlo.slice %dnfcm [0:2, 8:16] : (tensor<2x16xf32>) -> tensor<2x8xf32>
    %dnflnsum = stablehlo.reduce(%dnb0_g2out init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnflnnf = stablehlo.constant dense<8.0> : tensor<2x6xf32>
    %dnflnmu = stablehlo.divide %dnflnsum, %dnflnnf : tensor<2x6xf32>
    %dnflnmub = stablehlo.broadcast_in_dim %dnflnmu, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnflnxc = stablehlo.subtract %dnb0_g2out, %dnflnmub : tensor<2x6x8xf32>
    %dnflnsq = stablehlo.multiply %dnflnxc, %dnflnxc : tensor<2x6x8xf32>
    %dnflnvsum = stablehlo.reduce(%dnflnsq init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnflnvar = stablehlo.divide %dnflnvsum, %dnflnnf : tensor<2x6xf32>
    %dnflneps = stablehlo.constant dense<1.0e-5> : tensor<2x6xf32>
    %dnflnve = stablehlo.add %dnflnvar, %dnflneps : tensor<2x6xf32>
    %dnflnistd = stablehlo.rsqrt %dnflnve : tensor<2x6xf32>
    %dnflnistdb = stablehlo.broadcast_in_dim %dnflnistd, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnflnxhat = stablehlo.multiply %dnflnxc, %dnflnistdb : tensor<2x6x8xf32>
    %dnflnone = stablehlo.constant dense<1.0> : tensor<2x6x8xf32>
    %dnflnscb = stablehlo.broadcast_in_dim %dnfcm1, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnflnosc = stablehlo.add %dnflnone, %dnflnscb : tensor<2x6x8xf32>
    %dnflnshb = stablehlo.broadcast_in_dim %dnfcm0, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x6x8xf32>
    %dnflnxs = stablehlo.multiply %dnflnxhat, %dnflnosc : tensor<2x6x8xf32>
    %dnflny = stablehlo.add %dnflnxs, %dnflnshb : tensor<2x6x8xf32>
    %dnhdpd = stablehlo.dot_general %dnflny, %Wp, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x32xf32>) -> tensor<2x6x32xf32>
    %dnhdpbb = stablehlo.broadcast_in_dim %bp, dims = [2] : (tensor<32xf32>) -> tensor<2x6x32xf32>
    %dnhdpix = stablehlo.add %dnhdpd, %dnhdpbb : tensor<2x6x32xf32>
    %dnhdp6 = stablehlo.reshape %dnhdpix : (tensor<2x6x32xf32>) -> tensor<2x2x3x2x4x4xf32>
    %dnhdpt = stablehlo.transpose %dnhdp6, dims = [0, 3, 1, 4, 2, 5] : (tensor<2x2x3x2x4x4xf32>) -> tensor<2x2x2x4x3x4xf32>
    %dnhdimg = stablehlo.reshape %dnhdpt : (tensor<2x2x2x4x3x4xf32>) -> tensor<2x2x8x12xf32>
    %mdiff = stablehlo.subtract %dnhdimg, %target : tensor<2x2x8x12xf32>
    %msq = stablehlo.multiply %mdiff, %mdiff : tensor<2x2x8x12xf32>
    %msum = stablehlo.reduce(%msq init: %sc) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x2x8x12xf32>, tensor<f32>) -> tensor<f32>
    %mcount = stablehlo.constant dense<384.0> : tensor<f32>
    %loss = stablehlo.divide %msum, %mcount : tensor<f32>
    %mscale = stablehlo.constant dense<0.005208333333333333> : tensor<2x2x8x12xf32>
    %dy = stablehlo.multiply %mdiff, %mscale : tensor<2x2x8x12xf32>
    %dnhddp6 = stablehlo.reshape %dy : (tensor<2x2x8x12xf32>) -> tensor<2x2x2x4x3x4xf32>
    %dnhddpt = stablehlo.transpose %dnhddp6, dims = [0, 2, 4, 1, 3, 5] : (tensor<2x2x2x4x3x4xf32>) -> tensor<2x2x3x2x4x4xf32>
    %dnhddpix = stablehlo.reshape %dnhddpt : (tensor<2x2x3x2x4x4xf32>) -> tensor<2x6x32xf32>
    %dnhddW = stablehlo.dot_general %dnflny, %dnhddpix, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x32xf32>) -> tensor<8x32xf32>
    %dnhddb = stablehlo.reduce(%dnhddpix init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x32xf32>, tensor<f32>) -> tensor<32xf32>
    %dnhddtok = stablehlo.dot_general %dnhddpix, %Wp, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x32xf32>, tensor<8x32xf32>) -> tensor<2x6x8xf32>
    %dnflndxhat = stablehlo.multiply %dnhddtok, %dnflnosc : tensor<2x6x8xf32>
    %dnflndyxh = stablehlo.multiply %dnhddtok, %dnflnxhat : tensor<2x6x8xf32>
    %dnflndsc = stablehlo.reduce(%dnflndyxh init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnflndsh = stablehlo.reduce(%dnhddtok init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnflnm1s = stablehlo.reduce(%dnflndxhat init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnflnm1 = stablehlo.divide %dnflnm1s, %dnflnnf : tensor<2x6xf32>
    %dnflndxxh = stablehlo.multiply %dnflndxhat, %dnflnxhat : tensor<2x6x8xf32>
    %dnflnm2s = stablehlo.reduce(%dnflndxxh init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnflnm2 = stablehlo.divide %dnflnm2s, %dnflnnf : tensor<2x6xf32>
    %dnflnm1b = stablehlo.broadcast_in_dim %dnflnm1, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnflnm2b = stablehlo.broadcast_in_dim %dnflnm2, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnflnt1 = stablehlo.subtract %dnflndxhat, %dnflnm1b : tensor<2x6x8xf32>
    %dnflnxm2 = stablehlo.multiply %dnflnxhat, %dnflnm2b : tensor<2x6x8xf32>
    %dnflnt2 = stablehlo.subtract %dnflnt1, %dnflnxm2 : tensor<2x6x8xf32>
    %dnflndx = stablehlo.multiply %dnflnistdb, %dnflnt2 : tensor<2x6x8xf32>
    %dnfcdm = stablehlo.concatenate %dnflndsh, %dnflndsc, dim = 1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>
    %dnfcmdW = stablehlo.dot_general %dncsy, %dnfcdm, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<2x16xf32>) -> tensor<8x16xf32>
    %dnfcmdb = stablehlo.reduce(%dnfcdm init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x16xf32>, tensor<f32>) -> tensor<16xf32>
    %dnfcmdx = stablehlo.dot_general %dnfcdm, %Wfmod, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<8x16xf32>) -> tensor<2x8xf32>
    %dnb0_g2dh = stablehlo.multiply %dnflndx, %dnb0_g2gb : tensor<2x6x8xf32>
    %dnb0_g2dgh = stablehlo.multiply %dnflndx, %dnb0_py : tensor<2x6x8xf32>
    %dnb0_g2dg = stablehlo.reduce(%dnb0_g2dgh init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnb0_pda1 = stablehlo.dot_general %dnb0_g2dh, %Wfc2_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<16x8xf32>) -> tensor<2x6x16xf32>
    %dnb0_pdWfc2 = stablehlo.dot_general %dnb0_pga, %dnb0_g2dh, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<2x6x8xf32>) -> tensor<16x8xf32>
    %dnb0_pdbfc2 = stablehlo.reduce(%dnb0_g2dh init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnb0_pgbbx2 = stablehlo.multiply %dnb0_ph1, %dnb0_ph1 : tensor<2x6x16xf32>
    %dnb0_pgbbx3 = stablehlo.multiply %dnb0_pgbbx2, %dnb0_ph1 : tensor<2x6x16xf32>
    %dnb0_pgbbck = stablehlo.constant dense<0.044715> : tensor<2x6x16xf32>
    %dnb0_pgbbkx3 = stablehlo.multiply %dnb0_pgbbck, %dnb0_pgbbx3 : tensor<2x6x16xf32>
    %dnb0_pgbbinn = stablehlo.add %dnb0_ph1, %dnb0_pgbbkx3 : tensor<2x6x16xf32>
    %dnb0_pgbbcsqrt = stablehlo.constant dense<0.7978845608028654> : tensor<2x6x16xf32>
    %dnb0_pgbbu = stablehlo.multiply %dnb0_pgbbcsqrt, %dnb0_pgbbinn : tensor<2x6x16xf32>
    %dnb0_pgbbt = stablehlo.tanh %dnb0_pgbbu : tensor<2x6x16xf32>
    %dnb0_pgbbone = stablehlo.constant dense<1.0> : tensor<2x6x16xf32>
    %dnb0_pgbbopt = stablehlo.add %dnb0_pgbbone, %dnb0_pgbbt : tensor<2x6x16xf32>
    %dnb0_pgbbchalf = stablehlo.constant dense<0.5> : tensor<2x6x16xf32>
    %dnb0_pgbbterm1 = stablehlo.multiply %dnb0_pgbbchalf, %dnb0_pgbbopt : tensor<2x6x16xf32>
    %dnb0_pgbbt2 = stablehlo.multiply %dnb0_pgbbt, %dnb0_pgbbt : tensor<2x6x16xf32>
    %dnb0_pgbbomt2 = stablehlo.subtract %dnb0_pgbbone, %dnb0_pgbbt2 : tensor<2x6x16xf32>
    %dnb0_pgbbhx = stablehlo.multiply %dnb0_pgbbchalf, %dnb0_ph1 : tensor<2x6x16xf32>
    %dnb0_pgbbhxo = stablehlo.multiply %dnb0_pgbbhx, %dnb0_pgbbomt2 : tensor<2x6x16xf32>
    %dnb0_pgbbc3b = stablehlo.constant dense<0.134145> : tensor<2x6x16xf32>
    %dnb0_pgbba3x2 = stablehlo.multiply %dnb0_pgbbc3b, %dnb0_pgbbx2 : tensor<2x6x16xf32>
    %dnb0_pgbbin2 = stablehlo.add %dnb0_pgbbone, %dnb0_pgbba3x2 : tensor<2x6x16xf32>
    %dnb0_pgbbup = stablehlo.multiply %dnb0_pgbbcsqrt, %dnb0_pgbbin2 : tensor<2x6x16xf32>
    %dnb0_pgbbterm2 = stablehlo.multiply %dnb0_pgbbhxo, %dnb0_pgbbup : tensor<2x6x16xf32>
    %dnb0_pgbbgp = stablehlo.add %dnb0_pgbbterm1, %dnb0_pgbbterm2 : tensor<2x6x16xf32>
    %dnb0_pgbdx = stablehlo.multiply %dnb0_pda1, %dnb0_pgbbgp : tensor<2x6x16xf32>
    %dnb0_pdx = stablehlo.dot_general %dnb0_pgbdx, %Wfc1_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<8x16xf32>) -> tensor<2x6x8xf32>
    %dnb0_pdWfc1 = stablehlo.dot_general %dnb0_2y, %dnb0_pgbdx, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x16xf32>) -> tensor<8x16xf32>
    %dnb0_pdbfc1 = stablehlo.reduce(%dnb0_pgbdx init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x16xf32>, tensor<f32>) -> tensor<16xf32>
    %dnb0_2dxhat = stablehlo.multiply %dnb0_pdx, %dnb0_2osc : tensor<2x6x8xf32>
    %dnb0_2dyxh = stablehlo.multiply %dnb0_pdx, %dnb0_2xhat : tensor<2x6x8xf32>
    %dnb0_2dsc = stablehlo.reduce(%dnb0_2dyxh init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnb0_2dsh = stablehlo.reduce(%dnb0_pdx init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnb0_2m1s = stablehlo.reduce(%dnb0_2dxhat init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_2m1 = stablehlo.divide %dnb0_2m1s, %dnb0_2nf : tensor<2x6xf32>
    %dnb0_2dxxh = stablehlo.multiply %dnb0_2dxhat, %dnb0_2xhat : tensor<2x6x8xf32>
    %dnb0_2m2s = stablehlo.reduce(%dnb0_2dxxh init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_2m2 = stablehlo.divide %dnb0_2m2s, %dnb0_2nf : tensor<2x6xf32>
    %dnb0_2m1b = stablehlo.broadcast_in_dim %dnb0_2m1, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_2m2b = stablehlo.broadcast_in_dim %dnb0_2m2, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_2t1 = stablehlo.subtract %dnb0_2dxhat, %dnb0_2m1b : tensor<2x6x8xf32>
    %dnb0_2xm2 = stablehlo.multiply %dnb0_2xhat, %dnb0_2m2b : tensor<2x6x8xf32>
    %dnb0_2t2 = stablehlo.subtract %dnb0_2t1, %dnb0_2xm2 : tensor<2x6x8xf32>
    %dnb0_2dx = stablehlo.multiply %dnb0_2istdb, %dnb0_2t2 : tensor<2x6x8xf32>
    %dnb0_dr1 = stablehlo.add %dnflndx, %dnb0_2dx : tensor<2x6x8xf32>
    %dnb0_g1dh = stablehlo.multiply %dnb0_dr1, %dnb0_g1gb : tensor<2x6x8xf32>
    %dnb0_g1dgh = stablehlo.multiply %dnb0_dr1, %dnb0_mO : tensor<2x6x8xf32>
    %dnb0_g1dg = stablehlo.reduce(%dnb0_g1dgh init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnb0_mdP = stablehlo.dot_general %dnb0_g1dh, %Wo_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mdWo = stablehlo.dot_general %dnb0_mP, %dnb0_g1dh, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %dnb0_mdbo = stablehlo.reduce(%dnb0_g1dh init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnb0_mdPr = stablehlo.reshape %dnb0_mdP : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mdA = stablehlo.transpose %dnb0_mdPr, dims = [0, 2, 1, 3] : (tensor<2x6x2x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mdW = stablehlo.dot_general %dnb0_mdA, %dnb0_mVh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x4xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x6xf32>
    %dnb0_mdVh = stablehlo.dot_general %dnb0_mW, %dnb0_mdA, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x6xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mpdw = stablehlo.multiply %dnb0_mW, %dnb0_mdW : tensor<2x2x6x6xf32>
    %dnb0_msrow = stablehlo.reduce(%dnb0_mpdw init: %sc) applies stablehlo.add across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %dnb0_msrowb = stablehlo.broadcast_in_dim %dnb0_msrow, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x6xf32>
    %dnb0_mdiff = stablehlo.subtract %dnb0_mdW, %dnb0_msrowb : tensor<2x2x6x6xf32>
    %dnb0_mdSs = stablehlo.multiply %dnb0_mW, %dnb0_mdiff : tensor<2x2x6x6xf32>
    %dnb0_msclb = stablehlo.constant dense<0.5> : tensor<2x2x6x6xf32>
    %dnb0_mdS = stablehlo.multiply %dnb0_mdSs, %dnb0_msclb : tensor<2x2x6x6xf32>
    %dnb0_mdQh = stablehlo.dot_general %dnb0_mdS, %dnb0_mKh, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x6xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mdKh = stablehlo.dot_general %dnb0_mdS, %dnb0_mQh, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x6xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x4xf32>
    %dnb0_mdQT = stablehlo.transpose %dnb0_mdQh, dims = [0, 2, 1, 3] : (tensor<2x2x6x4xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mdQ = stablehlo.reshape %dnb0_mdQT : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %dnb0_mdKT = stablehlo.transpose %dnb0_mdKh, dims = [0, 2, 1, 3] : (tensor<2x2x6x4xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mdK = stablehlo.reshape %dnb0_mdKT : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %dnb0_mdVT = stablehlo.transpose %dnb0_mdVh, dims = [0, 2, 1, 3] : (tensor<2x2x6x4xf32>) -> tensor<2x6x2x4xf32>
    %dnb0_mdV = stablehlo.reshape %dnb0_mdVT : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %dnb0_mdxQ = stablehlo.dot_general %dnb0_mdQ, %Wq_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mdWQ = stablehlo.dot_general %dnb0_1y, %dnb0_mdQ, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %dnb0_mdbQ = stablehlo.reduce(%dnb0_mdQ init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnb0_mdxK = stablehlo.dot_general %dnb0_mdK, %Wk_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mdWK = stablehlo.dot_general %dnb0_1y, %dnb0_mdK, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %dnb0_mdbK = stablehlo.reduce(%dnb0_mdK init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnb0_mdxV = stablehlo.dot_general %dnb0_mdV, %Wv_0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %dnb0_mdWV = stablehlo.dot_general %dnb0_1y, %dnb0_mdV, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %dnb0_mdbV = stablehlo.reduce(%dnb0_mdV init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnb0_mdxa = stablehlo.add %dnb0_mdxQ, %dnb0_mdxK : tensor<2x6x8xf32>
    %dnb0_mdx = stablehlo.add %dnb0_mdxa, %dnb0_mdxV : tensor<2x6x8xf32>
    %dnb0_1dxhat = stablehlo.multiply %dnb0_mdx, %dnb0_1osc : tensor<2x6x8xf32>
    %dnb0_1dyxh = stablehlo.multiply %dnb0_mdx, %dnb0_1xhat : tensor<2x6x8xf32>
    %dnb0_1dsc = stablehlo.reduce(%dnb0_1dyxh init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnb0_1dsh = stablehlo.reduce(%dnb0_mdx init: %sc) applies stablehlo.add across dimensions = [1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %dnb0_1m1s = stablehlo.reduce(%dnb0_1dxhat init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_1m1 = stablehlo.divide %dnb0_1m1s, %dnb0_1nf : tensor<2x6xf32>
    %dnb0_1dxxh = stablehlo.multiply %dnb0_1dxhat, %dnb0_1xhat : tensor<2x6x8xf32>
    %dnb0_1m2s = stablehlo.reduce(%dnb0_1dxxh init: %sc) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %dnb0_1m2 = stablehlo.divide %dnb0_1m2s, %dnb0_1nf : tensor<2x6xf32>
    %dnb0_1m1b = stablehlo.broadcast_in_dim %dnb0_1m1, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_1m2b = stablehlo.broadcast_in_dim %dnb0_1m2, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %dnb0_1t1 = stablehlo.subtract %dnb0_1dxhat, %dnb0_1m1b : tensor<2x6x8xf32>
    %dnb0_1xm2 = stablehlo.multiply %dnb0_1xhat, %dnb0_1m2b : tensor<2x6x8xf32>
    %dnb0_1t2 = stablehlo.subtract %dnb0_1t1, %dnb0_1xm2 : tensor<2x6x8xf32>
    %dnb0_1dx = stablehlo.multiply %dnb0_1istdb, %dnb0_1t2 : tensor<2x6x8xf32>
    %dnb0_dx = stablehlo.add %dnb0_dr1, %dnb0_1dx : tensor<2x6x8xf32>
    %dnb0_cdm = stablehlo.concatenate %dnb0_1dsh, %dnb0_1dsc, %dnb0_g1dg, %dnb0_2dsh, %dnb0_2dsc, %dnb0_g2dg, dim = 1 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x48xf32>
    %dnb0_cmdW = stablehlo.dot_general %dncsy, %dnb0_cdm, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<2x48xf32>) -> tensor<8x48xf32>
    %dnb0_cmdb = stablehlo.reduce(%dnb0_cdm init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x48xf32>, tensor<f32>) -> tensor<48xf32>
    %dnb0_cmdx = stablehlo.dot_general %dnb0_cdm, %Wmod_0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x48xf32>, tensor<8x48xf32>) -> tensor<2x8xf32>
    %dnb0_dcsum = stablehlo.add %dnfcmdx, %dnb0_cmdx : tensor<2x8xf32>
    %dncsbone = stablehlo.constant dense<1.0> : tensor<2x8xf32>
    %dncsoms = stablehlo.subtract %dncsbone, %dncss : tensor<2x8xf32>
    %dncsxoms = stablehlo.multiply %dntc, %dncsoms : tensor<2x8xf32>
    %dncsinner = stablehlo.add %dncsbone, %dncsxoms : tensor<2x8xf32>
    %dncsds = stablehlo.multiply %dncss, %dncsinner : tensor<2x8xf32>
    %dncsdx = stablehlo.multiply %dnb0_dcsum, %dncsds : tensor<2x8xf32>
    %dnt2dW = stablehlo.dot_general %dntay, %dncsdx, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
    %dnt2db = stablehlo.reduce(%dncsdx init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnt2dx = stablehlo.dot_general %dncsdx, %tW2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %dntabone = stablehlo.constant dense<1.0> : tensor<2x8xf32>
    %dntaoms = stablehlo.subtract %dntabone, %dntas : tensor<2x8xf32>
    %dntaxoms = stablehlo.multiply %dnth1, %dntaoms : tensor<2x8xf32>
    %dntainner = stablehlo.add %dntabone, %dntaxoms : tensor<2x8xf32>
    %dntads = stablehlo.multiply %dntas, %dntainner : tensor<2x8xf32>
    %dntadx = stablehlo.multiply %dnt2dx, %dntads : tensor<2x8xf32>
    %dnt1dW = stablehlo.dot_general %tfeat, %dntadx, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<2x8xf32>) -> tensor<6x8xf32>
    %dnt1db = stablehlo.reduce(%dntadx init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnpsdpos = stablehlo.reduce(%dnb0_dx init: %sc) applies stablehlo.add across dimensions = [0] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<6x8xf32>
    %dnpedb = stablehlo.reduce(%dnb0_dx init: %sc) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %dnpexp6 = stablehlo.reshape %xr : (tensor<2x2x8x12xf32>) -> tensor<2x2x2x4x3x4xf32>
    %dnpexpt = stablehlo.transpose %dnpexp6, dims = [0, 2, 4, 1, 3, 5] : (tensor<2x2x2x4x3x4xf32>) -> tensor<2x2x3x2x4x4xf32>
    %dnpexpf = stablehlo.reshape %dnpexpt : (tensor<2x2x3x2x4x4xf32>) -> tensor<2x6x32xf32>
    %dnpedwf = stablehlo.dot_general %dnb0_dx, %dnpexpf, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x32xf32>) -> tensor<8x32xf32>
    %dnpedw = stablehlo.reshape %dnpedwf : (tensor<8x32xf32>) -> tensor<8x2x4x4xf32>
    %arflatdnpedw = stablehlo.reshape %dnpedw : (tensor<8x2x4x4xf32>) -> tensor<256xf32>
    %arflatdnpedb = stablehlo.reshape %dnpedb : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnpsdpos = stablehlo.reshape %dnpsdpos : (tensor<6x8xf32>) -> tensor<48xf32>
    %arflatdnt1dW = stablehlo.reshape %dnt1dW : (tensor<6x8xf32>) -> tensor<48xf32>
    %arflatdnt1db = stablehlo.reshape %dnt1db : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnt2dW = stablehlo.reshape %dnt2dW : (tensor<8x8xf32>) -> tensor<64xf32>
    %arflatdnt2db = stablehlo.reshape %dnt2db : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnb0_cmdW = stablehlo.reshape %dnb0_cmdW : (tensor<8x48xf32>) -> tensor<384xf32>
    %arflatdnb0_cmdb = stablehlo.reshape %dnb0_cmdb : (tensor<48xf32>) -> tensor<48xf32>
    %arflatdnb0_mdWQ = stablehlo.reshape %dnb0_mdWQ : (tensor<8x8xf32>) -> tensor<64xf32>
    %arflatdnb0_mdbQ = stablehlo.reshape %dnb0_mdbQ : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnb0_mdWK = stablehlo.reshape %dnb0_mdWK : (tensor<8x8xf32>) -> tensor<64xf32>
    %arflatdnb0_mdbK = stablehlo.reshape %dnb0_mdbK : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnb0_mdWV = stablehlo.reshape %dnb0_mdWV : (tensor<8x8xf32>) -> tensor<64xf32>
    %arflatdnb0_mdbV = stablehlo.reshape %dnb0_mdbV : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnb0_mdWo = stablehlo.reshape %dnb0_mdWo : (tensor<8x8xf32>) -> tensor<64xf32>
    %arflatdnb0_mdbo = stablehlo.reshape %dnb0_mdbo : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnb0_pdWfc1 = stablehlo.reshape %dnb0_pdWfc1 : (tensor<8x16xf32>) -> tensor<128xf32>
    %arflatdnb0_pdbfc1 = stablehlo.reshape %dnb0_pdbfc1 : (tensor<16xf32>) -> tensor<16xf32>
    %arflatdnb0_pdWfc2 = stablehlo.reshape %dnb0_pdWfc2 : (tensor<16x8xf32>) -> tensor<128xf32>
    %arflatdnb0_pdbfc2 = stablehlo.reshape %dnb0_pdbfc2 : (tensor<8xf32>) -> tensor<8xf32>
    %arflatdnfcmdW = stablehlo.reshape %dnfcmdW : (tensor<8x16xf32>) -> tensor<128xf32>
    %arflatdnfcmdb = stablehlo.reshape %dnfcmdb : (tensor<16xf32>) -> tensor<16xf32>
    %arflatdnhddW = stablehlo.reshape %dnhddW : (tensor<8x32xf32>) -> tensor<256xf32>
    %arflatdnhddb = stablehlo.reshape %dnhddb : (tensor<32xf32>) -> tensor<32xf32>
    %arcat = stablehlo.concatenate %arflatdnpedw, %arflatdnpedb, %arflatdnpsdpos, %arflatdnt1dW, %arflatdnt1db, %arflatdnt2dW, %arflatdnt2db, %arflatdnb0_cmdW, %arflatdnb0_cmdb, %arflatdnb0_mdWQ, %arflatdnb0_mdbQ, %arflatdnb0_mdWK, %arflatdnb0_mdbK, %arflatdnb0_mdWV, %arflatdnb0_mdbV, %arflatdnb0_mdWo, %arflatdnb0_mdbo, %arflatdnb0_pdWfc1, %arflatdnb0_pdbfc1, %arflatdnb0_pdWfc2, %arflatdnb0_pdbfc2, %arflatdnfcmdW, %arflatdnfcmdb, %arflatdnhddW, %arflatdnhddb, dim = 0 : (tensor<256xf32>, tensor<8xf32>, tensor<48xf32>, tensor<48xf32>, tensor<8xf32>, tensor<64xf32>, tensor<8xf32>, tensor<384xf32>, tensor<48xf32>, tensor<64xf32>, tensor<8xf32>, tensor<64xf32>, tensor<8xf32>, tensor<64xf32>, tensor<8xf32>, tensor<64xf32>, tensor<8xf32>, tensor<128xf32>, tensor<16xf32>, tensor<128xf32>, tensor<8xf32>, tensor<128xf32>, tensor<16xf32>, tensor<256xf32>, tensor<32xf32>) -> tensor<1872xf32>
    %arsumgrads = "stablehlo.all_reduce"(%arcat) ({
    ^bb0(%aragrads: tensor<f32>, %arbgrads: tensor<f32>):
      %araddgrads = stablehlo.add %aragrads, %arbgrads : tensor<f32>
      stablehlo.return %araddgrads : tensor<f32>
    }) { replica_groups = dense<[[0, 1]]> : tensor<1x2xi64> } : (tensor<1872xf32>) -> tensor<1872xf32>
    %arngrads = stablehlo.constant dense<2.0> : tensor<1872xf32>
    %armeangrads = stablehlo.divide %arsumgrads, %arngrads : tensor<1872xf32>
    %arpartdnpedw = stablehlo.slice %armeangrads [0:256] : (tensor<1872xf32>) -> tensor<256xf32>
    %armeandnpedw = stablehlo.reshape %arpartdnpedw : (tensor<256xf32>) -> tensor<8x2x4x4xf32>
    %arpartdnpedb = stablehlo.slice %armeangrads [256:264] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnpedb = stablehlo.reshape %arpartdnpedb : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnpsdpos = stablehlo.slice %armeangrads [264:312] : (tensor<1872xf32>) -> tensor<48xf32>
    %armeandnpsdpos = stablehlo.reshape %arpartdnpsdpos : (tensor<48xf32>) -> tensor<6x8xf32>
    %arpartdnt1dW = stablehlo.slice %armeangrads [312:360] : (tensor<1872xf32>) -> tensor<48xf32>
    %armeandnt1dW = stablehlo.reshape %arpartdnt1dW : (tensor<48xf32>) -> tensor<6x8xf32>
    %arpartdnt1db = stablehlo.slice %armeangrads [360:368] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnt1db = stablehlo.reshape %arpartdnt1db : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnt2dW = stablehlo.slice %armeangrads [368:432] : (tensor<1872xf32>) -> tensor<64xf32>
    %armeandnt2dW = stablehlo.reshape %arpartdnt2dW : (tensor<64xf32>) -> tensor<8x8xf32>
    %arpartdnt2db = stablehlo.slice %armeangrads [432:440] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnt2db = stablehlo.reshape %arpartdnt2db : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnb0_cmdW = stablehlo.slice %armeangrads [440:824] : (tensor<1872xf32>) -> tensor<384xf32>
    %armeandnb0_cmdW = stablehlo.reshape %arpartdnb0_cmdW : (tensor<384xf32>) -> tensor<8x48xf32>
    %arpartdnb0_cmdb = stablehlo.slice %armeangrads [824:872] : (tensor<1872xf32>) -> tensor<48xf32>
    %armeandnb0_cmdb = stablehlo.reshape %arpartdnb0_cmdb : (tensor<48xf32>) -> tensor<48xf32>
    %arpartdnb0_mdWQ = stablehlo.slice %armeangrads [872:936] : (tensor<1872xf32>) -> tensor<64xf32>
    %armeandnb0_mdWQ = stablehlo.reshape %arpartdnb0_mdWQ : (tensor<64xf32>) -> tensor<8x8xf32>
    %arpartdnb0_mdbQ = stablehlo.slice %armeangrads [936:944] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnb0_mdbQ = stablehlo.reshape %arpartdnb0_mdbQ : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnb0_mdWK = stablehlo.slice %armeangrads [944:1008] : (tensor<1872xf32>) -> tensor<64xf32>
    %armeandnb0_mdWK = stablehlo.reshape %arpartdnb0_mdWK : (tensor<64xf32>) -> tensor<8x8xf32>
    %arpartdnb0_mdbK = stablehlo.slice %armeangrads [1008:1016] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnb0_mdbK = stablehlo.reshape %arpartdnb0_mdbK : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnb0_mdWV = stablehlo.slice %armeangrads [1016:1080] : (tensor<1872xf32>) -> tensor<64xf32>
    %armeandnb0_mdWV = stablehlo.reshape %arpartdnb0_mdWV : (tensor<64xf32>) -> tensor<8x8xf32>
    %arpartdnb0_mdbV = stablehlo.slice %armeangrads [1080:1088] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnb0_mdbV = stablehlo.reshape %arpartdnb0_mdbV : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnb0_mdWo = stablehlo.slice %armeangrads [1088:1152] : (tensor<1872xf32>) -> tensor<64xf32>
    %armeandnb0_mdWo = stablehlo.reshape %arpartdnb0_mdWo : (tensor<64xf32>) -> tensor<8x8xf32>
    %arpartdnb0_mdbo = stablehlo.slice %armeangrads [1152:1160] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnb0_mdbo = stablehlo.reshape %arpartdnb0_mdbo : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnb0_pdWfc1 = stablehlo.slice %armeangrads [1160:1288] : (tensor<1872xf32>) -> tensor<128xf32>
    %armeandnb0_pdWfc1 = stablehlo.reshape %arpartdnb0_pdWfc1 : (tensor<128xf32>) -> tensor<8x16xf32>
    %arpartdnb0_pdbfc1 = stablehlo.slice %armeangrads [1288:1304] : (tensor<1872xf32>) -> tensor<16xf32>
    %armeandnb0_pdbfc1 = stablehlo.reshape %arpartdnb0_pdbfc1 : (tensor<16xf32>) -> tensor<16xf32>
    %arpartdnb0_pdWfc2 = stablehlo.slice %armeangrads [1304:1432] : (tensor<1872xf32>) -> tensor<128xf32>
    %armeandnb0_pdWfc2 = stablehlo.reshape %arpartdnb0_pdWfc2 : (tensor<128xf32>) -> tensor<16x8xf32>
    %arpartdnb0_pdbfc2 = stablehlo.slice %armeangrads [1432:1440] : (tensor<1872xf32>) -> tensor<8xf32>
    %armeandnb0_pdbfc2 = stablehlo.reshape %arpartdnb0_pdbfc2 : (tensor<8xf32>) -> tensor<8xf32>
    %arpartdnfcmdW = stablehlo.slice %armeangrads [1440:1568] : (tensor<1872xf32>) -> tensor<128xf32>
    %armeandnfcmdW = stablehlo.reshape %arpartdnfcmdW : (tensor<128xf32>) -> tensor<8x16xf32>
    %arpartdnfcmdb = stablehlo.slice %armeangrads [1568:1584] : (tensor<1872xf32>) -> tensor<16xf32>
    %armeandnfcmdb = stablehlo.reshape %arpartdnfcmdb : (tensor<16xf32>) -> tensor<16xf32>
    %arpartdnhddW = stablehlo.slice %armeangrads [1584:1840] : (tensor<1872xf32>) -> tensor<256xf32>
    %armeandnhddW = stablehlo.reshape %arpartdnhddW : (tensor<256xf32>) -> tensor<8x32xf32>
    %arpartdnhddb = stablehlo.slice %armeangrads [1840:1872] : (tensor<1872xf32>) -> tensor<32xf32>
    %armeandnhddb = stablehlo.reshape %arpartdnhddb : (tensor<32xf32>) -> tensor<32xf32>
    %adb1wConv = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %adob1wConv = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %admswConv = stablehlo.multiply %adb1wConv, %wConvm : tensor<8x2x4x4xf32>
    %admgwConv = stablehlo.multiply %adob1wConv, %armeandnpedw : tensor<8x2x4x4xf32>
    %admnwConv = stablehlo.add %admswConv, %admgwConv : tensor<8x2x4x4xf32>
    %adb2wConv = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %adob2wConv = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %advswConv = stablehlo.multiply %adb2wConv, %wConvv : tensor<8x2x4x4xf32>
    %adg2wConv = stablehlo.multiply %armeandnpedw, %armeandnpedw : tensor<8x2x4x4xf32>
    %advgwConv = stablehlo.multiply %adob2wConv, %adg2wConv : tensor<8x2x4x4xf32>
    %advnwConv = stablehlo.add %advswConv, %advgwConv : tensor<8x2x4x4xf32>
    %adbc1wConv = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %adbc2wConv = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %admhwConv = stablehlo.divide %admnwConv, %adbc1wConv : tensor<8x2x4x4xf32>
    %advhwConv = stablehlo.divide %advnwConv, %adbc2wConv : tensor<8x2x4x4xf32>
    %adlrwConv = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %adepswConv = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %adsqwConv = stablehlo.sqrt %advhwConv : tensor<8x2x4x4xf32>
    %addenwConv = stablehlo.add %adsqwConv, %adepswConv : tensor<8x2x4x4xf32>
    %adratwConv = stablehlo.divide %admhwConv, %addenwConv : tensor<8x2x4x4xf32>
    %adstwConv = stablehlo.multiply %adlrwConv, %adratwConv : tensor<8x2x4x4xf32>
    %adsubwConv = stablehlo.subtract %wConv, %adstwConv : tensor<8x2x4x4xf32>
    %adwdwConv = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x2x4x4xf32>
    %adwdlrwConv = stablehlo.multiply %adwdwConv, %adlrwConv : tensor<8x2x4x4xf32>
    %adwdpwConv = stablehlo.multiply %adwdlrwConv, %wConv : tensor<8x2x4x4xf32>
    %adnewwConv = stablehlo.subtract %adsubwConv, %adwdpwConv : tensor<8x2x4x4xf32>
    %adb1bConv = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1bConv = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admsbConv = stablehlo.multiply %adb1bConv, %bConvm : tensor<8xf32>
    %admgbConv = stablehlo.multiply %adob1bConv, %armeandnpedb : tensor<8xf32>
    %admnbConv = stablehlo.add %admsbConv, %admgbConv : tensor<8xf32>
    %adb2bConv = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bConv = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbConv = stablehlo.multiply %adb2bConv, %bConvv : tensor<8xf32>
    %adg2bConv = stablehlo.multiply %armeandnpedb, %armeandnpedb : tensor<8xf32>
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
    %adb1pos = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adob1pos = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %admspos = stablehlo.multiply %adb1pos, %posm : tensor<6x8xf32>
    %admgpos = stablehlo.multiply %adob1pos, %armeandnpsdpos : tensor<6x8xf32>
    %admnpos = stablehlo.add %admspos, %admgpos : tensor<6x8xf32>
    %adb2pos = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adob2pos = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %advspos = stablehlo.multiply %adb2pos, %posv : tensor<6x8xf32>
    %adg2pos = stablehlo.multiply %armeandnpsdpos, %armeandnpsdpos : tensor<6x8xf32>
    %advgpos = stablehlo.multiply %adob2pos, %adg2pos : tensor<6x8xf32>
    %advnpos = stablehlo.add %advspos, %advgpos : tensor<6x8xf32>
    %adbc1pos = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adbc2pos = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %admhpos = stablehlo.divide %admnpos, %adbc1pos : tensor<6x8xf32>
    %advhpos = stablehlo.divide %advnpos, %adbc2pos : tensor<6x8xf32>
    %adlrpos = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adepspos = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adsqpos = stablehlo.sqrt %advhpos : tensor<6x8xf32>
    %addenpos = stablehlo.add %adsqpos, %adepspos : tensor<6x8xf32>
    %adratpos = stablehlo.divide %admhpos, %addenpos : tensor<6x8xf32>
    %adstpos = stablehlo.multiply %adlrpos, %adratpos : tensor<6x8xf32>
    %adsubpos = stablehlo.subtract %pos, %adstpos : tensor<6x8xf32>
    %adwdpos = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adwdlrpos = stablehlo.multiply %adwdpos, %adlrpos : tensor<6x8xf32>
    %adwdppos = stablehlo.multiply %adwdlrpos, %pos : tensor<6x8xf32>
    %adnewpos = stablehlo.subtract %adsubpos, %adwdppos : tensor<6x8xf32>
    %adb1tW1 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adob1tW1 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %admstW1 = stablehlo.multiply %adb1tW1, %tW1m : tensor<6x8xf32>
    %admgtW1 = stablehlo.multiply %adob1tW1, %armeandnt1dW : tensor<6x8xf32>
    %admntW1 = stablehlo.add %admstW1, %admgtW1 : tensor<6x8xf32>
    %adb2tW1 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adob2tW1 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %advstW1 = stablehlo.multiply %adb2tW1, %tW1v : tensor<6x8xf32>
    %adg2tW1 = stablehlo.multiply %armeandnt1dW, %armeandnt1dW : tensor<6x8xf32>
    %advgtW1 = stablehlo.multiply %adob2tW1, %adg2tW1 : tensor<6x8xf32>
    %advntW1 = stablehlo.add %advstW1, %advgtW1 : tensor<6x8xf32>
    %adbc1tW1 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adbc2tW1 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %admhtW1 = stablehlo.divide %admntW1, %adbc1tW1 : tensor<6x8xf32>
    %advhtW1 = stablehlo.divide %advntW1, %adbc2tW1 : tensor<6x8xf32>
    %adlrtW1 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adepstW1 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adsqtW1 = stablehlo.sqrt %advhtW1 : tensor<6x8xf32>
    %addentW1 = stablehlo.add %adsqtW1, %adepstW1 : tensor<6x8xf32>
    %adrattW1 = stablehlo.divide %admhtW1, %addentW1 : tensor<6x8xf32>
    %adsttW1 = stablehlo.multiply %adlrtW1, %adrattW1 : tensor<6x8xf32>
    %adsubtW1 = stablehlo.subtract %tW1, %adsttW1 : tensor<6x8xf32>
    %adwdtW1 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %adwdlrtW1 = stablehlo.multiply %adwdtW1, %adlrtW1 : tensor<6x8xf32>
    %adwdptW1 = stablehlo.multiply %adwdlrtW1, %tW1 : tensor<6x8xf32>
    %adnewtW1 = stablehlo.subtract %adsubtW1, %adwdptW1 : tensor<6x8xf32>
    %adb1tb1 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1tb1 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admstb1 = stablehlo.multiply %adb1tb1, %tb1m : tensor<8xf32>
    %admgtb1 = stablehlo.multiply %adob1tb1, %armeandnt1db : tensor<8xf32>
    %admntb1 = stablehlo.add %admstb1, %admgtb1 : tensor<8xf32>
    %adb2tb1 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2tb1 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advstb1 = stablehlo.multiply %adb2tb1, %tb1v : tensor<8xf32>
    %adg2tb1 = stablehlo.multiply %armeandnt1db, %armeandnt1db : tensor<8xf32>
    %advgtb1 = stablehlo.multiply %adob2tb1, %adg2tb1 : tensor<8xf32>
    %advntb1 = stablehlo.add %advstb1, %advgtb1 : tensor<8xf32>
    %adbc1tb1 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2tb1 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhtb1 = stablehlo.divide %admntb1, %adbc1tb1 : tensor<8xf32>
    %advhtb1 = stablehlo.divide %advntb1, %adbc2tb1 : tensor<8xf32>
    %adlrtb1 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepstb1 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqtb1 = stablehlo.sqrt %advhtb1 : tensor<8xf32>
    %addentb1 = stablehlo.add %adsqtb1, %adepstb1 : tensor<8xf32>
    %adrattb1 = stablehlo.divide %admhtb1, %addentb1 : tensor<8xf32>
    %adsttb1 = stablehlo.multiply %adlrtb1, %adrattb1 : tensor<8xf32>
    %adsubtb1 = stablehlo.subtract %tb1, %adsttb1 : tensor<8xf32>
    %adwdtb1 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrtb1 = stablehlo.multiply %adwdtb1, %adlrtb1 : tensor<8xf32>
    %adwdptb1 = stablehlo.multiply %adwdlrtb1, %tb1 : tensor<8xf32>
    %adnewtb1 = stablehlo.subtract %adsubtb1, %adwdptb1 : tensor<8xf32>
    %adb1tW2 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob1tW2 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admstW2 = stablehlo.multiply %adb1tW2, %tW2m : tensor<8x8xf32>
    %admgtW2 = stablehlo.multiply %adob1tW2, %armeandnt2dW : tensor<8x8xf32>
    %admntW2 = stablehlo.add %admstW2, %admgtW2 : tensor<8x8xf32>
    %adb2tW2 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2tW2 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advstW2 = stablehlo.multiply %adb2tW2, %tW2v : tensor<8x8xf32>
    %adg2tW2 = stablehlo.multiply %armeandnt2dW, %armeandnt2dW : tensor<8x8xf32>
    %advgtW2 = stablehlo.multiply %adob2tW2, %adg2tW2 : tensor<8x8xf32>
    %advntW2 = stablehlo.add %advstW2, %advgtW2 : tensor<8x8xf32>
    %adbc1tW2 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adbc2tW2 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admhtW2 = stablehlo.divide %admntW2, %adbc1tW2 : tensor<8x8xf32>
    %advhtW2 = stablehlo.divide %advntW2, %adbc2tW2 : tensor<8x8xf32>
    %adlrtW2 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adepstW2 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adsqtW2 = stablehlo.sqrt %advhtW2 : tensor<8x8xf32>
    %addentW2 = stablehlo.add %adsqtW2, %adepstW2 : tensor<8x8xf32>
    %adrattW2 = stablehlo.divide %admhtW2, %addentW2 : tensor<8x8xf32>
    %adsttW2 = stablehlo.multiply %adlrtW2, %adrattW2 : tensor<8x8xf32>
    %adsubtW2 = stablehlo.subtract %tW2, %adsttW2 : tensor<8x8xf32>
    %adwdtW2 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adwdlrtW2 = stablehlo.multiply %adwdtW2, %adlrtW2 : tensor<8x8xf32>
    %adwdptW2 = stablehlo.multiply %adwdlrtW2, %tW2 : tensor<8x8xf32>
    %adnewtW2 = stablehlo.subtract %adsubtW2, %adwdptW2 : tensor<8x8xf32>
    %adb1tb2 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob1tb2 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admstb2 = stablehlo.multiply %adb1tb2, %tb2m : tensor<8xf32>
    %admgtb2 = stablehlo.multiply %adob1tb2, %armeandnt2db : tensor<8xf32>
    %admntb2 = stablehlo.add %admstb2, %admgtb2 : tensor<8xf32>
    %adb2tb2 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2tb2 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advstb2 = stablehlo.multiply %adb2tb2, %tb2v : tensor<8xf32>
    %adg2tb2 = stablehlo.multiply %armeandnt2db, %armeandnt2db : tensor<8xf32>
    %advgtb2 = stablehlo.multiply %adob2tb2, %adg2tb2 : tensor<8xf32>
    %advntb2 = stablehlo.add %advstb2, %advgtb2 : tensor<8xf32>
    %adbc1tb2 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adbc2tb2 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %admhtb2 = stablehlo.divide %admntb2, %adbc1tb2 : tensor<8xf32>
    %advhtb2 = stablehlo.divide %advntb2, %adbc2tb2 : tensor<8xf32>
    %adlrtb2 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adepstb2 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adsqtb2 = stablehlo.sqrt %advhtb2 : tensor<8xf32>
    %addentb2 = stablehlo.add %adsqtb2, %adepstb2 : tensor<8xf32>
    %adrattb2 = stablehlo.divide %admhtb2, %addentb2 : tensor<8xf32>
    %adsttb2 = stablehlo.multiply %adlrtb2, %adrattb2 : tensor<8xf32>
    %adsubtb2 = stablehlo.subtract %tb2, %adsttb2 : tensor<8xf32>
    %adwdtb2 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adwdlrtb2 = stablehlo.multiply %adwdtb2, %adlrtb2 : tensor<8xf32>
    %adwdptb2 = stablehlo.multiply %adwdlrtb2, %tb2 : tensor<8xf32>
    %adnewtb2 = stablehlo.subtract %adsubtb2, %adwdptb2 : tensor<8xf32>
    %adb1Wmod_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %adob1Wmod_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %admsWmod_0 = stablehlo.multiply %adb1Wmod_0, %Wmod_0m : tensor<8x48xf32>
    %admgWmod_0 = stablehlo.multiply %adob1Wmod_0, %armeandnb0_cmdW : tensor<8x48xf32>
    %admnWmod_0 = stablehlo.add %admsWmod_0, %admgWmod_0 : tensor<8x48xf32>
    %adb2Wmod_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %adob2Wmod_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %advsWmod_0 = stablehlo.multiply %adb2Wmod_0, %Wmod_0v : tensor<8x48xf32>
    %adg2Wmod_0 = stablehlo.multiply %armeandnb0_cmdW, %armeandnb0_cmdW : tensor<8x48xf32>
    %advgWmod_0 = stablehlo.multiply %adob2Wmod_0, %adg2Wmod_0 : tensor<8x48xf32>
    %advnWmod_0 = stablehlo.add %advsWmod_0, %advgWmod_0 : tensor<8x48xf32>
    %adbc1Wmod_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %adbc2Wmod_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %admhWmod_0 = stablehlo.divide %admnWmod_0, %adbc1Wmod_0 : tensor<8x48xf32>
    %advhWmod_0 = stablehlo.divide %advnWmod_0, %adbc2Wmod_0 : tensor<8x48xf32>
    %adlrWmod_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %adepsWmod_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %adsqWmod_0 = stablehlo.sqrt %advhWmod_0 : tensor<8x48xf32>
    %addenWmod_0 = stablehlo.add %adsqWmod_0, %adepsWmod_0 : tensor<8x48xf32>
    %adratWmod_0 = stablehlo.divide %admhWmod_0, %addenWmod_0 : tensor<8x48xf32>
    %adstWmod_0 = stablehlo.multiply %adlrWmod_0, %adratWmod_0 : tensor<8x48xf32>
    %adsubWmod_0 = stablehlo.subtract %Wmod_0, %adstWmod_0 : tensor<8x48xf32>
    %adwdWmod_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x48xf32>
    %adwdlrWmod_0 = stablehlo.multiply %adwdWmod_0, %adlrWmod_0 : tensor<8x48xf32>
    %adwdpWmod_0 = stablehlo.multiply %adwdlrWmod_0, %Wmod_0 : tensor<8x48xf32>
    %adnewWmod_0 = stablehlo.subtract %adsubWmod_0, %adwdpWmod_0 : tensor<8x48xf32>
    %adb1bmod_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %adob1bmod_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %admsbmod_0 = stablehlo.multiply %adb1bmod_0, %bmod_0m : tensor<48xf32>
    %admgbmod_0 = stablehlo.multiply %adob1bmod_0, %armeandnb0_cmdb : tensor<48xf32>
    %admnbmod_0 = stablehlo.add %admsbmod_0, %admgbmod_0 : tensor<48xf32>
    %adb2bmod_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %adob2bmod_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %advsbmod_0 = stablehlo.multiply %adb2bmod_0, %bmod_0v : tensor<48xf32>
    %adg2bmod_0 = stablehlo.multiply %armeandnb0_cmdb, %armeandnb0_cmdb : tensor<48xf32>
    %advgbmod_0 = stablehlo.multiply %adob2bmod_0, %adg2bmod_0 : tensor<48xf32>
    %advnbmod_0 = stablehlo.add %advsbmod_0, %advgbmod_0 : tensor<48xf32>
    %adbc1bmod_0 = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %adbc2bmod_0 = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %admhbmod_0 = stablehlo.divide %admnbmod_0, %adbc1bmod_0 : tensor<48xf32>
    %advhbmod_0 = stablehlo.divide %advnbmod_0, %adbc2bmod_0 : tensor<48xf32>
    %adlrbmod_0 = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %adepsbmod_0 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %adsqbmod_0 = stablehlo.sqrt %advhbmod_0 : tensor<48xf32>
    %addenbmod_0 = stablehlo.add %adsqbmod_0, %adepsbmod_0 : tensor<48xf32>
    %adratbmod_0 = stablehlo.divide %admhbmod_0, %addenbmod_0 : tensor<48xf32>
    %adstbmod_0 = stablehlo.multiply %adlrbmod_0, %adratbmod_0 : tensor<48xf32>
    %adsubbmod_0 = stablehlo.subtract %bmod_0, %adstbmod_0 : tensor<48xf32>
    %adwdbmod_0 = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %adwdlrbmod_0 = stablehlo.multiply %adwdbmod_0, %adlrbmod_0 : tensor<48xf32>
    %adwdpbmod_0 = stablehlo.multiply %adwdlrbmod_0, %bmod_0 : tensor<48xf32>
    %adnewbmod_0 = stablehlo.subtract %adsubbmod_0, %adwdpbmod_0 : tensor<48xf32>
    %adb1Wq_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob1Wq_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %admsWq_0 = stablehlo.multiply %adb1Wq_0, %Wq_0m : tensor<8x8xf32>
    %admgWq_0 = stablehlo.multiply %adob1Wq_0, %armeandnb0_mdWQ : tensor<8x8xf32>
    %admnWq_0 = stablehlo.add %admsWq_0, %admgWq_0 : tensor<8x8xf32>
    %adb2Wq_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wq_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWq_0 = stablehlo.multiply %adb2Wq_0, %Wq_0v : tensor<8x8xf32>
    %adg2Wq_0 = stablehlo.multiply %armeandnb0_mdWQ, %armeandnb0_mdWQ : tensor<8x8xf32>
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
    %admgbq_0 = stablehlo.multiply %adob1bq_0, %armeandnb0_mdbQ : tensor<8xf32>
    %admnbq_0 = stablehlo.add %admsbq_0, %admgbq_0 : tensor<8xf32>
    %adb2bq_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bq_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbq_0 = stablehlo.multiply %adb2bq_0, %bq_0v : tensor<8xf32>
    %adg2bq_0 = stablehlo.multiply %armeandnb0_mdbQ, %armeandnb0_mdbQ : tensor<8xf32>
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
    %admgWk_0 = stablehlo.multiply %adob1Wk_0, %armeandnb0_mdWK : tensor<8x8xf32>
    %admnWk_0 = stablehlo.add %admsWk_0, %admgWk_0 : tensor<8x8xf32>
    %adb2Wk_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wk_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWk_0 = stablehlo.multiply %adb2Wk_0, %Wk_0v : tensor<8x8xf32>
    %adg2Wk_0 = stablehlo.multiply %armeandnb0_mdWK, %armeandnb0_mdWK : tensor<8x8xf32>
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
    %admgbk_0 = stablehlo.multiply %adob1bk_0, %armeandnb0_mdbK : tensor<8xf32>
    %admnbk_0 = stablehlo.add %admsbk_0, %admgbk_0 : tensor<8xf32>
    %adb2bk_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bk_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbk_0 = stablehlo.multiply %adb2bk_0, %bk_0v : tensor<8xf32>
    %adg2bk_0 = stablehlo.multiply %armeandnb0_mdbK, %armeandnb0_mdbK : tensor<8xf32>
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
    %admgWv_0 = stablehlo.multiply %adob1Wv_0, %armeandnb0_mdWV : tensor<8x8xf32>
    %admnWv_0 = stablehlo.add %admsWv_0, %admgWv_0 : tensor<8x8xf32>
    %adb2Wv_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wv_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWv_0 = stablehlo.multiply %adb2Wv_0, %Wv_0v : tensor<8x8xf32>
    %adg2Wv_0 = stablehlo.multiply %armeandnb0_mdWV, %armeandnb0_mdWV : tensor<8x8xf32>
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
    %admgbv_0 = stablehlo.multiply %adob1bv_0, %armeandnb0_mdbV : tensor<8xf32>
    %admnbv_0 = stablehlo.add %admsbv_0, %admgbv_0 : tensor<8xf32>
    %adb2bv_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bv_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbv_0 = stablehlo.multiply %adb2bv_0, %bv_0v : tensor<8xf32>
    %adg2bv_0 = stablehlo.multiply %armeandnb0_mdbV, %armeandnb0_mdbV : tensor<8xf32>
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
    %admgWo_0 = stablehlo.multiply %adob1Wo_0, %armeandnb0_mdWo : tensor<8x8xf32>
    %admnWo_0 = stablehlo.add %admsWo_0, %admgWo_0 : tensor<8x8xf32>
    %adb2Wo_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %adob2Wo_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %advsWo_0 = stablehlo.multiply %adb2Wo_0, %Wo_0v : tensor<8x8xf32>
    %adg2Wo_0 = stablehlo.multiply %armeandnb0_mdWo, %armeandnb0_mdWo : tensor<8x8xf32>
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
    %admgbo_0 = stablehlo.multiply %adob1bo_0, %armeandnb0_mdbo : tensor<8xf32>
    %admnbo_0 = stablehlo.add %admsbo_0, %admgbo_0 : tensor<8xf32>
    %adb2bo_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bo_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbo_0 = stablehlo.multiply %adb2bo_0, %bo_0v : tensor<8xf32>
    %adg2bo_0 = stablehlo.multiply %armeandnb0_mdbo, %armeandnb0_mdbo : tensor<8xf32>
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
    %adb1Wfc1_0 = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adob1Wfc1_0 = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %admsWfc1_0 = stablehlo.multiply %adb1Wfc1_0, %Wfc1_0m : tensor<8x16xf32>
    %admgWfc1_0 = stablehlo.multiply %adob1Wfc1_0, %armeandnb0_pdWfc1 : tensor<8x16xf32>
    %admnWfc1_0 = stablehlo.add %admsWfc1_0, %admgWfc1_0 : tensor<8x16xf32>
    %adb2Wfc1_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adob2Wfc1_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %advsWfc1_0 = stablehlo.multiply %adb2Wfc1_0, %Wfc1_0v : tensor<8x16xf32>
    %adg2Wfc1_0 = stablehlo.multiply %armeandnb0_pdWfc1, %armeandnb0_pdWfc1 : tensor<8x16xf32>
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
    %admgbfc1_0 = stablehlo.multiply %adob1bfc1_0, %armeandnb0_pdbfc1 : tensor<16xf32>
    %admnbfc1_0 = stablehlo.add %admsbfc1_0, %admgbfc1_0 : tensor<16xf32>
    %adb2bfc1_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adob2bfc1_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %advsbfc1_0 = stablehlo.multiply %adb2bfc1_0, %bfc1_0v : tensor<16xf32>
    %adg2bfc1_0 = stablehlo.multiply %armeandnb0_pdbfc1, %armeandnb0_pdbfc1 : tensor<16xf32>
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
    %admgWfc2_0 = stablehlo.multiply %adob1Wfc2_0, %armeandnb0_pdWfc2 : tensor<16x8xf32>
    %admnWfc2_0 = stablehlo.add %admsWfc2_0, %admgWfc2_0 : tensor<16x8xf32>
    %adb2Wfc2_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %adob2Wfc2_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %advsWfc2_0 = stablehlo.multiply %adb2Wfc2_0, %Wfc2_0v : tensor<16x8xf32>
    %adg2Wfc2_0 = stablehlo.multiply %armeandnb0_pdWfc2, %armeandnb0_pdWfc2 : tensor<16x8xf32>
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
    %admgbfc2_0 = stablehlo.multiply %adob1bfc2_0, %armeandnb0_pdbfc2 : tensor<8xf32>
    %admnbfc2_0 = stablehlo.add %admsbfc2_0, %admgbfc2_0 : tensor<8xf32>
    %adb2bfc2_0 = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %adob2bfc2_0 = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %advsbfc2_0 = stablehlo.multiply %adb2bfc2_0, %bfc2_0v : tensor<8xf32>
    %adg2bfc2_0 = stablehlo.multiply %armeandnb0_pdbfc2, %armeandnb0_pdbfc2 : tensor<8xf32>
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
    %adb1Wfmod = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adob1Wfmod = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %admsWfmod = stablehlo.multiply %adb1Wfmod, %Wfmodm : tensor<8x16xf32>
    %admgWfmod = stablehlo.multiply %adob1Wfmod, %armeandnfcmdW : tensor<8x16xf32>
    %admnWfmod = stablehlo.add %admsWfmod, %admgWfmod : tensor<8x16xf32>
    %adb2Wfmod = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adob2Wfmod = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %advsWfmod = stablehlo.multiply %adb2Wfmod, %Wfmodv : tensor<8x16xf32>
    %adg2Wfmod = stablehlo.multiply %armeandnfcmdW, %armeandnfcmdW : tensor<8x16xf32>
    %advgWfmod = stablehlo.multiply %adob2Wfmod, %adg2Wfmod : tensor<8x16xf32>
    %advnWfmod = stablehlo.add %advsWfmod, %advgWfmod : tensor<8x16xf32>
    %adbc1Wfmod = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adbc2Wfmod = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %admhWfmod = stablehlo.divide %admnWfmod, %adbc1Wfmod : tensor<8x16xf32>
    %advhWfmod = stablehlo.divide %advnWfmod, %adbc2Wfmod : tensor<8x16xf32>
    %adlrWfmod = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adepsWfmod = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adsqWfmod = stablehlo.sqrt %advhWfmod : tensor<8x16xf32>
    %addenWfmod = stablehlo.add %adsqWfmod, %adepsWfmod : tensor<8x16xf32>
    %adratWfmod = stablehlo.divide %admhWfmod, %addenWfmod : tensor<8x16xf32>
    %adstWfmod = stablehlo.multiply %adlrWfmod, %adratWfmod : tensor<8x16xf32>
    %adsubWfmod = stablehlo.subtract %Wfmod, %adstWfmod : tensor<8x16xf32>
    %adwdWfmod = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %adwdlrWfmod = stablehlo.multiply %adwdWfmod, %adlrWfmod : tensor<8x16xf32>
    %adwdpWfmod = stablehlo.multiply %adwdlrWfmod, %Wfmod : tensor<8x16xf32>
    %adnewWfmod = stablehlo.subtract %adsubWfmod, %adwdpWfmod : tensor<8x16xf32>
    %adb1bfmod = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adob1bfmod = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %admsbfmod = stablehlo.multiply %adb1bfmod, %bfmodm : tensor<16xf32>
    %admgbfmod = stablehlo.multiply %adob1bfmod, %armeandnfcmdb : tensor<16xf32>
    %admnbfmod = stablehlo.add %admsbfmod, %admgbfmod : tensor<16xf32>
    %adb2bfmod = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adob2bfmod = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %advsbfmod = stablehlo.multiply %adb2bfmod, %bfmodv : tensor<16xf32>
    %adg2bfmod = stablehlo.multiply %armeandnfcmdb, %armeandnfcmdb : tensor<16xf32>
    %advgbfmod = stablehlo.multiply %adob2bfmod, %adg2bfmod : tensor<16xf32>
    %advnbfmod = stablehlo.add %advsbfmod, %advgbfmod : tensor<16xf32>
    %adbc1bfmod = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adbc2bfmod = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %admhbfmod = stablehlo.divide %admnbfmod, %adbc1bfmod : tensor<16xf32>
    %advhbfmod = stablehlo.divide %advnbfmod, %adbc2bfmod : tensor<16xf32>
    %adlrbfmod = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adepsbfmod = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adsqbfmod = stablehlo.sqrt %advhbfmod : tensor<16xf32>
    %addenbfmod = stablehlo.add %adsqbfmod, %adepsbfmod : tensor<16xf32>
    %adratbfmod = stablehlo.divide %admhbfmod, %addenbfmod : tensor<16xf32>
    %adstbfmod = stablehlo.multiply %adlrbfmod, %adratbfmod : tensor<16xf32>
    %adsubbfmod = stablehlo.subtract %bfmod, %adstbfmod : tensor<16xf32>
    %adwdbfmod = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %adwdlrbfmod = stablehlo.multiply %adwdbfmod, %adlrbfmod : tensor<16xf32>
    %adwdpbfmod = stablehlo.multiply %adwdlrbfmod, %bfmod : tensor<16xf32>
    %adnewbfmod = stablehlo.subtract %adsubbfmod, %adwdpbfmod : tensor<16xf32>
    %adb1Wp = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %adob1Wp = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %admsWp = stablehlo.multiply %adb1Wp, %Wpm : tensor<8x32xf32>
    %admgWp = stablehlo.multiply %adob1Wp, %armeandnhddW : tensor<8x32xf32>
    %admnWp = stablehlo.add %admsWp, %admgWp : tensor<8x32xf32>
    %adb2Wp = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %adob2Wp = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %advsWp = stablehlo.multiply %adb2Wp, %Wpv : tensor<8x32xf32>
    %adg2Wp = stablehlo.multiply %armeandnhddW, %armeandnhddW : tensor<8x32xf32>
    %advgWp = stablehlo.multiply %adob2Wp, %adg2Wp : tensor<8x32xf32>
    %advnWp = stablehlo.add %advsWp, %advgWp : tensor<8x32xf32>
    %adbc1Wp = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %adbc2Wp = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %admhWp = stablehlo.divide %admnWp, %adbc1Wp : tensor<8x32xf32>
    %advhWp = stablehlo.divide %advnWp, %adbc2Wp : tensor<8x32xf32>
    %adlrWp = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %adepsWp = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %adsqWp = stablehlo.sqrt %advhWp : tensor<8x32xf32>
    %addenWp = stablehlo.add %adsqWp, %adepsWp : tensor<8x32xf32>
    %adratWp = stablehlo.divide %admhWp, %addenWp : tensor<8x32xf32>
    %adstWp = stablehlo.multiply %adlrWp, %adratWp : tensor<8x32xf32>
    %adsubWp = stablehlo.subtract %Wp, %adstWp : tensor<8x32xf32>
    %adwdWp = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<8x32xf32>
    %adwdlrWp = stablehlo.multiply %adwdWp, %adlrWp : tensor<8x32xf32>
    %adwdpWp = stablehlo.multiply %adwdlrWp, %Wp : tensor<8x32xf32>
    %adnewWp = stablehlo.subtract %adsubWp, %adwdpWp : tensor<8x32xf32>
    %adb1bp = stablehlo.broadcast_in_dim %b1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %adob1bp = stablehlo.broadcast_in_dim %ob1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %admsbp = stablehlo.multiply %adb1bp, %bpm : tensor<32xf32>
    %admgbp = stablehlo.multiply %adob1bp, %armeandnhddb : tensor<32xf32>
    %admnbp = stablehlo.add %admsbp, %admgbp : tensor<32xf32>
    %adb2bp = stablehlo.broadcast_in_dim %b2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %adob2bp = stablehlo.broadcast_in_dim %ob2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %advsbp = stablehlo.multiply %adb2bp, %bpv : tensor<32xf32>
    %adg2bp = stablehlo.multiply %armeandnhddb, %armeandnhddb : tensor<32xf32>
    %advgbp = stablehlo.multiply %adob2bp, %adg2bp : tensor<32xf32>
    %advnbp = stablehlo.add %advsbp, %advgbp : tensor<32xf32>
    %adbc1bp = stablehlo.broadcast_in_dim %bc1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %adbc2bp = stablehlo.broadcast_in_dim %bc2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %admhbp = stablehlo.divide %admnbp, %adbc1bp : tensor<32xf32>
    %advhbp = stablehlo.divide %advnbp, %adbc2bp : tensor<32xf32>
    %adlrbp = stablehlo.broadcast_in_dim %lr, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %adepsbp = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %adsqbp = stablehlo.sqrt %advhbp : tensor<32xf32>
    %addenbp = stablehlo.add %adsqbp, %adepsbp : tensor<32xf32>
    %adratbp = stablehlo.divide %admhbp, %addenbp : tensor<32xf32>
    %adstbp = stablehlo.multiply %adlrbp, %adratbp : tensor<32xf32>
    %adsubbp = stablehlo.subtract %bp, %adstbp : tensor<32xf32>
    %adwdbp = stablehlo.broadcast_in_dim %wd, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %adwdlrbp = stablehlo.multiply %adwdbp, %adlrbp : tensor<32xf32>
    %adwdpbp = stablehlo.multiply %adwdlrbp, %bp : tensor<32xf32>
    %adnewbp = stablehlo.subtract %adsubbp, %adwdpbp : tensor<32xf32>
    return %adnewwConv, %adnewbConv, %adnewpos, %adnewtW1, %adnewtb1, %adnewtW2, %adnewtb2, %adnewWmod_0, %adnewbmod_0, %adnewWq_0, %adnewbq_0, %adnewWk_0, %adnewbk_0, %adnewWv_0, %adnewbv_0, %adnewWo_0, %adnewbo_0, %adnewWfc1_0, %adnewbfc1_0, %adnewWfc2_0, %adnewbfc2_0, %adnewWfmod, %adnewbfmod, %adnewWp, %adnewbp, %admnwConv, %admnbConv, %admnpos, %admntW1, %admntb1, %admntW2, %admntb2, %admnWmod_0, %admnbmod_0, %admnWq_0, %admnbq_0, %admnWk_0, %admnbk_0, %admnWv_0, %admnbv_0, %admnWo_0, %admnbo_0, %admnWfc1_0, %admnbfc1_0, %admnWfc2_0, %admnbfc2_0, %admnWfmod, %admnbfmod, %admnWp, %admnbp, %advnwConv, %advnbConv, %advnpos, %advntW1, %advntb1, %advntW2, %advntb2, %advnWmod_0, %advnbmod_0, %advnWq_0, %advnbq_0, %advnWk_0, %advnbk_0, %advnWv_0, %advnbv_0, %advnWo_0, %advnbo_0, %advnWfc1_0, %advnbfc1_0, %advnWfc2_0, %advnbfc2_0, %advnWfmod, %advnbfmod, %advnWp, %advnbp, %loss : tensor<8x2x4x4xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x48xf32>, tensor<48xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<8x32xf32>, tensor<32xf32>, tensor<8x2x4x4xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x48xf32>, tensor<48xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<8x32xf32>, tensor<32xf32>, tensor<8x2x4x4xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x48xf32>, tensor<48xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8x16xf32>, tensor<16xf32>, tensor<8x32xf32>, tensor<32xf32>, tensor<f32>
  }
}
