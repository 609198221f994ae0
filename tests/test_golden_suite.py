"""vitir's AST printer against the independent string templates, byte for byte:
every fragment and every module kind over configs that vary batch, image,
patch, width, heads, depth and replicas; plus the reference's production golden."""

from __future__ import annotations

import hashlib

import pytest

from tests.golden import REFERENCE_GOLDEN, assert_text_equal, check_golden_file
from tests.templates import vit_text as vt
from vitir.ast import FunctionBuilder, f32
from vitir.lower import (AdamHyper, ViTConfig, adam_dp_module, adam_module, adam_packed_module,
                         adam_sched_module, fwd_module, sgd_module, vit_tiny)
from vitir.lower.layers.attention import attention_backward, attention_forward
from vitir.lower.layers.block import BLOCK, BlockParams, block_backward, block_forward
from vitir.lower.layers.cls_pos import cls_pos_backward, cls_pos_forward
from vitir.lower.layers.gelu import gelu_backward, gelu_forward
from vitir.lower.layers.head import head_backward, head_forward
from vitir.lower.layers.layernorm import layernorm_backward, layernorm_forward
from vitir.lower.layers.mlp import mlp_backward, mlp_forward
from vitir.lower.layers.patch_embed import patch_embed_backward, patch_embed_forward
from vitir.lower.vit import declare_params, vit_backward, vit_forward
from vitir.print import print_module, print_ops

GOLDEN_MD5 = "76aa9050edeac11026af7e6a3bcbcb9f"
HYPER = AdamHyper()  # the golden's: 0.9/0.1, 0.999/0.001, 1.0e-8, 0.0001, smoothing 0.1
T_HYPER = dict(b1="0.9", ob1="0.1", b2="0.999", ob2="0.001", eps="1.0e-8", wd="0.0001")

# (config, replicas): batch, image (square and not), patch, width, heads, depth 1-3, replicas 1/2/4.
CONFIGS = [
    (ViTConfig(batch=2, channels=3, image=8, patch=4, width=8, depth=1, heads=2, mlp=16, classes=3), 1),
    (ViTConfig(batch=3, channels=1, image=(12, 8), patch=4, width=12, depth=2, heads=3, mlp=24, classes=5), 2),
    (ViTConfig(batch=4, channels=3, image=16, patch=8, width=16, depth=3, heads=4, mlp=32, classes=10), 4),
    (ViTConfig(batch=1, channels=2, image=6, patch=2, width=6, depth=1, heads=1, mlp=12, classes=2), 2),
    (ViTConfig(batch=5, channels=3, image=32, patch=16, width=24, depth=2, heads=2, mlp=48, classes=7,
               eps="1.0e-6"), 4),
    (vit_tiny(batch=8, depth=1), 2),
]
IDS = [f"b{c.batch}_i{c.image[0]}x{c.image[1]}_p{c.patch}_d{c.width}_h{c.heads}_L{c.depth}_r{r}" for c, r in CONFIGS]


def tcfg(cfg: ViTConfig) -> vt.Cfg:
    ph, pw = cfg.grid
    return vt.Cfg(b=cfg.batch, ic=cfg.channels, d=cfg.width, ph=ph, pw=pw, s=cfg.patch, m=cfg.mlp, h=cfg.heads,
                  dh=cfg.head_dim, nc=cfg.classes, eps=cfg.eps, scale=cfg.scale)


# -- modules ----------------------------------------------------------------

MODULE_CASES = {
    "fwd": (lambda c, r: fwd_module(c), lambda t, L, r: vt.fwd_module(t, L)),
    "sgd": (lambda c, r: sgd_module(c, "0.05"), lambda t, L, r: vt.sgd_module(t, L, "0.05")),
    "adam": (lambda c, r: adam_module(c), lambda t, L, r: vt.adam_module(t, L)),
    "adam-packed": (lambda c, r: adam_packed_module(c, AdamHyper(lr="0.0003")),
                    lambda t, L, r: vt.adam_packed_module(t, L, "0.0003", **T_HYPER)),
    "adam-sched": (lambda c, r: adam_sched_module(c, HYPER), lambda t, L, r: vt.adam_sched_module(t, L, **T_HYPER, ls=0.1)),
    "adam-dp": (lambda c, r: adam_dp_module(c, HYPER, r),
                lambda t, L, r: vt.adam_dp_module(t, L, **T_HYPER, ls=0.1, replicas=r)),
}


@pytest.mark.parametrize("kind", list(MODULE_CASES))
@pytest.mark.parametrize("cfg,replicas", CONFIGS, ids=IDS)
def test_module_equals_templates(cfg, replicas, kind):
    build, template = MODULE_CASES[kind]
    assert_text_equal(print_module(build(cfg, replicas)), template(tcfg(cfg), cfg.depth, replicas), kind)


def test_label_smoothing_and_hyperparameters_are_spliced():
    cfg, _ = CONFIGS[0]
    hyper = AdamHyper(b1="0.95", b2="0.98", eps="1.0e-6", wd="0.05", label_smoothing=0.2)
    assert hyper.ob1 == "0.05" and hyper.ob2 == "0.02"
    expected = vt.adam_sched_module(tcfg(cfg), cfg.depth, "0.95", "0.05", "0.98", "0.02", "1.0e-6", "0.05", 0.2)
    assert_text_equal(print_module(adam_sched_module(cfg, hyper)), expected, "adam-sched hyper")


def test_dp_with_one_replica_prints_no_collective():
    cfg, _ = CONFIGS[1]
    text = print_module(adam_dp_module(cfg, HYPER, 1))
    assert "all_reduce" not in text
    assert text == print_module(adam_sched_module(cfg, HYPER))


# -- the reference's production golden ---------------------------------------

@pytest.mark.skipif(not REFERENCE_GOLDEN.is_file(), reason="shared/golden is not present")
def test_production_golden_byte_for_byte():
    text = print_module(adam_sched_module(vit_tiny(batch=32, depth=12), HYPER))
    assert_text_equal(text, REFERENCE_GOLDEN.read_text(), REFERENCE_GOLDEN.name)


def test_production_golden_md5_pinned():
    """Holds even where shared/ is absent: the md5 of the golden file, pinned."""
    text = print_module(adam_sched_module(vit_tiny(batch=32, depth=12), HYPER))
    assert hashlib.md5(text.encode()).hexdigest() == GOLDEN_MD5
    assert text.count("\n") == 7457


# -- checked-in small goldens (regenerate with --update-golden) ---------------

@pytest.mark.parametrize("kind", list(MODULE_CASES))
def test_small_module_golden_files(kind):
    cfg, replicas = CONFIGS[0][0], 2
    build, _ = MODULE_CASES[kind]
    check_golden_file(print_module(build(cfg, replicas)), f"small_{kind}.mlir")


# -- fragments ----------------------------------------------------------------

def _builder():
    fb = FunctionBuilder("frag")
    fb.zero = fb.constant("sc", "0.0")
    return fb


def _text_since(fb, start):
    return print_ops(fb.ops[start:])


@pytest.mark.parametrize("cfg,replicas", CONFIGS, ids=IDS)
def test_fragments_equal_templates(cfg, replicas):
    b, n, d, m, h, dh = cfg.batch, cfg.tokens, cfg.width, cfg.mlp, cfg.heads, cfg.head_dim
    t = tcfg(cfg)
    fb = _builder()
    x = fb.arg("xin", f32(b, n, d))
    g, beta = fb.arg("g", f32(d)), fb.arg("beta", f32(d))
    dy = fb.arg("dy", f32(b, n, d))

    # LayerNorm
    k = len(fb.ops)
    ln = layernorm_forward(fb, "L", x, g, beta, cfg.eps)
    assert_text_equal(_text_since(fb, k), vt.ln_fwd("L", "%xin", "%g", "%beta", b, n, d, cfg.eps), "lnFwd")
    k = len(fb.ops)
    layernorm_backward(fb, "L", ln, g, dy)
    assert_text_equal(_text_since(fb, k), vt.ln_back("L", "%g", "%dy", b, n, d), "lnBack")

    # GELU
    hpre, dh_in = fb.arg("hpre", f32(b, n, m)), fb.arg("dhm", f32(b, n, m))
    k = len(fb.ops)
    gelu_forward(fb, "G", hpre)
    assert_text_equal(_text_since(fb, k), vt.gelu_fwd("G", "%hpre", b, n, m), "geluActF")
    k = len(fb.ops)
    gelu_backward(fb, "G", hpre, dh_in)
    assert_text_equal(_text_since(fb, k), vt.gelu_back("G", "%hpre", "%dhm", b, n, m), "geluActBack")

    # MLP
    w1, b1, w2, b2 = fb.arg("w1", f32(d, m)), fb.arg("b1", f32(m)), fb.arg("w2", f32(m, d)), fb.arg("b2", f32(d))
    k = len(fb.ops)
    mlp = mlp_forward(fb, "M", x, w1, b1, w2, b2)
    assert_text_equal(_text_since(fb, k), vt.mlp_fwd("M", "%xin", "%w1", "%b1", "%w2", "%b2", b, n, d, m), "mlpFwd")
    k = len(fb.ops)
    mlp_backward(fb, "M", x, mlp, w1, w2, dy)
    assert_text_equal(_text_since(fb, k), vt.mlp_back("M", "%xin", "%w1", "%w2", "%dy", b, n, d, m), "mlpBack")

    # attention
    names = ["wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo"]
    aw = {nm: fb.arg(nm, f32(d, d) if nm[0] == "w" else f32(d)) for nm in names}
    k = len(fb.ops)
    att = attention_forward(fb, "A", x, *(aw[nm] for nm in names), h, cfg.scale)
    assert_text_equal(_text_since(fb, k), vt.mhsa_fwd("A", "%xin", *("%" + nm for nm in names), b, n, d, h, dh,
                                                      cfg.scale), "mhsaFwd")
    k = len(fb.ops)
    attention_backward(fb, "A", x, att, aw["wq"], aw["wk"], aw["wv"], aw["wo"], dy, h, cfg.scale)
    assert_text_equal(_text_since(fb, k), vt.mhsa_back("A", "%xin", "%wq", "%wk", "%wv", "%wo", "%dy", b, n, d, h,
                                                       dh, cfg.scale), "mhsaBack")

    # block (parameters named as in the modules, block 7)
    bnames = vt.block_params(7)
    bdims = [p.dims(cfg) for p in BLOCK.params]  # the block's own declarations
    bp = BlockParams(*(fb.arg(nm[1:], f32(*dims)) for nm, dims in zip(bnames, bdims)))
    k = len(fb.ops)
    blk = block_forward(fb, "B7_", x, bp, h, cfg.eps, cfg.scale)
    assert_text_equal(_text_since(fb, k), vt.block_fwd("B7_", "%xin", bnames, b, n, d, m, h, dh, cfg.eps, cfg.scale),
                      "blockFwd")
    k = len(fb.ops)
    _, grads = block_backward(fb, "B7_", blk, bp, dy, h, cfg.scale)
    assert_text_equal(_text_since(fb, k), vt.block_back("B7_", "%dy", bnames, b, n, d, m, h, dh, cfg.scale),
                      "blockBack")
    assert [v.ssa for v in grads] == vt.block_grad_names("B7_")

    # patch embed, CLS + position, head
    ph, pw = cfg.grid
    img = fb.arg("img", f32(b, cfg.channels, *cfg.image))
    wconv, bconv = fb.arg("wc", f32(d, cfg.channels, cfg.patch, cfg.patch)), fb.arg("bcv", f32(d))
    k = len(fb.ops)
    tok = patch_embed_forward(fb, "P", img, wconv, bconv)
    assert_text_equal(_text_since(fb, k), vt.patch_embed_fwd("P", "%img", "%wc", "%bcv", b, cfg.channels, d, ph, pw,
                                                             cfg.patch), "patchEmbedFwd")
    dtok = fb.arg("dtok", f32(b, cfg.patches, d))
    k = len(fb.ops)
    patch_embed_backward(fb, "P", img, dtok, wconv)
    assert_text_equal(_text_since(fb, k), vt.patch_embed_back("P", "%img", "%dtok", b, cfg.channels, d, ph, pw,
                                                              cfg.patch), "patchEmbedBack")
    cls, pos = fb.arg("clsv0", f32(d)), fb.arg("posv", f32(n, d))
    k = len(fb.ops)
    cls_pos_forward(fb, "C", tok, cls, pos)
    assert_text_equal(_text_since(fb, k), vt.cls_pos_fwd("C", "%Ptok", "%clsv0", "%posv", b, cfg.patches, d),
                      "clsPosFwd")
    k = len(fb.ops)
    cls_pos_backward(fb, "C", dy)
    assert_text_equal(_text_since(fb, k), vt.cls_pos_back("C", "%dy", b, cfg.patches, d), "clsPosBack")
    wc, bc = fb.arg("Wcls", f32(d, cfg.classes)), fb.arg("bcls", f32(cfg.classes))
    dlog = fb.arg("dlog", f32(b, cfg.classes))
    k = len(fb.ops)
    hs = head_forward(fb, "H", x, wc, bc)
    assert_text_equal(_text_since(fb, k), vt.head_fwd("H", "%xin", "%Wcls", "%bcls", b, n, d, cfg.classes), "headFwd")
    k = len(fb.ops)
    head_backward(fb, "H", hs, wc, dlog, n)
    assert_text_equal(_text_since(fb, k), vt.head_back("H", "%Wcls", "%dlog", b, n, d, cfg.classes), "headBack")


@pytest.mark.parametrize("cfg,replicas", CONFIGS, ids=IDS)
def test_whole_vit_fragments_equal_templates(cfg, replicas):
    fb = _builder()
    img = fb.arg("xr", f32(cfg.batch, cfg.channels, *cfg.image))
    params = declare_params(fb, cfg)
    dlog = fb.arg("dy", f32(cfg.batch, cfg.classes))
    k = len(fb.ops)
    saved = vit_forward(fb, "vit", img, params, cfg)
    assert_text_equal(_text_since(fb, k), vt.vit_fwd("vit", "%xr", tcfg(cfg), cfg.depth), "vitFwd")
    k = len(fb.ops)
    grads = vit_backward(fb, "vit", saved, params, img, dlog, cfg)
    assert_text_equal(_text_since(fb, k), vt.vit_back("vit", "%dy", "%xr", tcfg(cfg), cfg.depth), "vitBack")
    assert [v.ssa for v in grads] == vt.vit_grad_names("vit", cfg.depth)
    assert ["%" + p.name for p in params.flat()] == vt.vit_param_names(cfg.depth)
    assert [list(p.shape) for p in params.flat()] == [list(ds) for ds in vt.vit_param_dims(tcfg(cfg), cfg.depth)]
