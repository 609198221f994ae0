"""Scoring generated images with a classifier trained by `vitir train` on the
same data:

- the energy distance (ED) between the softmax outputs it gives the samples
  and the real test images, as the reference scores, beside its floor (the ED
  between the two halves of the test images);
- the Frechet distance (FD, FID's formula) between Gaussians fitted to its
  penultimate features (the CLS token after the final LayerNorm), with its
  floor likewise;
- per class, the samples it calls confidently (top probability at least
  CONFIDENT, which 95% of real MNIST test images reach), and the classes that
  hold at least 1% of the samples so: noise, which a classifier may still
  spread over every class, reaches almost none.

Two control rows calibrate the scale: pure noise (the samplers' start) and
real training images. Also the PNG sample grids, real test images beside the
samples of each NFE.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..backend.choice import DEFAULT_BACKEND
from ..errors import ConfigError
from ..lower.step_signature import signature
from ..train.loop import compile_graph, params_on_device
from ..train.progress import format_duration
from .metrics import energy_distance, energy_distance_floor, frechet_distance, frechet_distance_floor
from .samplers import TIME_GRIDS, TMAX, sample_ddim, sample_flow, sample_vp, start_noise
from .train_image import ImageDenoiser, samples_to_unit, to_unit

COVERAGE_FRACTION = 0.01
CONFIDENT = 0.8  # top softmax probability (the classifier is trained with label smoothing 0.1: at most ~0.91)
CLASSIFIER_DIR = "classifier"
# The VP solvers by their image-side names; "ancestral" is DDIM at eta 1.
VP_SOLVERS = {"vp-euler": "euler", "vp-heun": "heun", "vp-sde": "sde"}
FLOW_SOLVERS = ("fm-euler", "fm-heun")
IMAGE_SAMPLERS = {"ddpm": ("ddim", "ancestral", *VP_SOLVERS), "flow": FLOW_SOLVERS, "flow-ot": FLOW_SOLVERS}
DEFAULT_IMAGE_SAMPLERS = {"ddpm": ("ddim", "ancestral"), "flow": ("fm-euler",), "flow-ot": ("fm-euler",)}
GRID_IMAGES = 100  # per panel, 10 x 10


@dataclass(frozen=True)
class ImageEvalConfig:
    method: str = "ddpm"
    samplers: tuple[str, ...] = ()  # empty: DEFAULT_IMAGE_SAMPLERS of the method
    nfes: tuple[int, ...] = (10, 50)
    etas: tuple[float, ...] = (0.0,)  # DDIM only
    samples: int = 1000
    grid: str = "uniform"  # VP solvers only
    classifier: str | None = None  # a `vitir train` run directory; None trains one
    clip_x0: bool = False  # DDPM: clip the clean image each step implies to the data's range

    def __post_init__(self):
        if self.method not in IMAGE_SAMPLERS:
            raise ConfigError(f"unknown method {self.method!r} for images; have {', '.join(IMAGE_SAMPLERS)}")
        if not self.samplers:
            object.__setattr__(self, "samplers", DEFAULT_IMAGE_SAMPLERS[self.method])
        allowed = IMAGE_SAMPLERS[self.method]
        for name in self.samplers:
            if name not in allowed:
                raise ConfigError(f"sampler {name!r} does not fit method {self.method}; use {', '.join(allowed)}")
        if not self.nfes or any(n < 1 for n in self.nfes):
            raise ConfigError(f"--nfe needs positive integers, got {','.join(map(str, self.nfes))}")
        if any(n > TMAX for n in self.nfes) and {"ddim", "ancestral"} & set(self.samplers):
            raise ConfigError(f"DDIM takes at most {TMAX} NFE")
        if not self.etas or any(not (0.0 <= e <= 1.0) for e in self.etas):
            raise ConfigError(f"--eta needs values in [0, 1], got {','.join(map(str, self.etas))}")
        if not isinstance(self.samples, int) or self.samples < 1:
            raise ConfigError(f"--samples must be a positive integer, got {self.samples!r}")
        if self.grid not in TIME_GRIDS:
            raise ConfigError(f"unknown time grid {self.grid!r}; have {', '.join(TIME_GRIDS)}")
        if self.clip_x0 and self.method != "ddpm":
            raise ConfigError(f"--clip-x0 clips the clean image a DDPM step implies; method {self.method} has none")

    def variants(self) -> list[tuple[str, float | None]]:
        """(sampler, eta) in order: DDIM once per eta, ancestral at eta 1, the rest without one."""
        out = []
        for name in self.samplers:
            if name == "ddim":
                out += [(name, eta) for eta in self.etas]
            else:
                out.append((name, 1.0 if name == "ancestral" else None))
        return out


def softmax(logits: np.ndarray) -> np.ndarray:
    z = np.asarray(logits, np.float64)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@dataclass(frozen=True)
class Features:
    probs: np.ndarray  # softmax [N, classes]
    penultimate: np.ndarray  # [N, width]


class ClassifierFeatures:
    """A `vitir train` classifier as a feature map: images in [0, 1] -> its softmax and penultimate features."""

    def __init__(self, params: list[np.ndarray], train_config: dict, image_shape, classes: int,
                 backend: str = DEFAULT_BACKEND):
        from ..lower import param_specs
        from ..train.trainer import TrainConfig

        self.backend = backend  # vitir.backend.compile_module's: pjrt or iree[:platform]
        self.cfg = TrainConfig.from_dict(train_config)
        self.mean, self.std = float(train_config["mean"]), float(train_config["std"])
        self.model = self.cfg.model(tuple(image_shape), classes, self.cfg.eval_batch)
        want = [dims for _, dims in param_specs(self.model)]
        if [tuple(p.shape) for p in params] != want:
            raise ConfigError(f"the classifier's parameters do not fit {classes} classes of images "
                              f"{'x'.join(map(str, image_shape))}: was it trained on other data?")
        self.params = params
        self._exe = self._device_params = None

    @classmethod
    def from_run(cls, run_dir: str | Path, image_shape, classes: int,
                 backend: str = DEFAULT_BACKEND) -> "ClassifierFeatures":
        ck = classifier_checkpoint(run_dir)
        return cls(ck.params, ck.config, image_shape, classes, backend)

    def features(self, images: np.ndarray) -> Features:
        """Features of images [N, C, H, W] in [0, 1]."""
        from ..lower import features_module
        from ..train.rundir import standardise

        if self._exe is None:
            module = features_module(self.model)
            self._exe = compile_graph(module, backend=self.backend)
            self._inputs = signature(module).inputs
            self._device_params = params_on_device(self._exe, module, self.params)
        batch = self.model.batch
        flat = standardise(images, self.mean, self.std).reshape(len(images), -1)
        probs, penultimate = [], []
        for i in range(0, len(flat), batch):
            part = flat[i:i + batch]
            rows = len(part)
            if rows < batch:  # the module has a fixed batch: pad, then drop the padding
                part = np.concatenate([part, np.zeros((batch - rows, flat.shape[1]), np.float32)])
            logits, feats = self._exe.execute_device(self._inputs.pack(leading=[part], params=self._device_params))
            probs.append(softmax(np.asarray(logits))[:rows])
            penultimate.append(np.asarray(feats, np.float64)[:rows])
        return Features(np.concatenate(probs), np.concatenate(penultimate))

    def __call__(self, images: np.ndarray) -> np.ndarray:
        """Probabilities [N, classes] of images [N, C, H, W] in [0, 1]."""
        return self.features(images).probs


def classifier_checkpoint(run_dir: str | Path, data: str | None = None):
    """The checkpoint of the `vitir train` run in `run_dir` (--classifier), trained on `data` when given."""
    from ..train.checkpoint import CHECKPOINT, load_checkpoint

    where = f"--classifier {run_dir}"
    if not Path(run_dir).is_dir():
        raise ConfigError(f"{where}: no such folder (give a `vitir train` run directory)")
    if not (Path(run_dir) / CHECKPOINT).is_file():
        raise ConfigError(f"{where}: no {CHECKPOINT} there (give a `vitir train` run directory)")
    ck = load_checkpoint(Path(run_dir))
    if "mean" not in ck.config:
        raise ConfigError(f"{where} is not a `vitir train` run (its checkpoint has no input mean and std)")
    if data is not None and ck.config.get("dataset") != data:
        raise ConfigError(f"{where} was trained on {ck.config.get('dataset')}, not {data}")
    return ck


def _trained_on(run_dir: Path) -> str | None:
    """The dataset of the finished `vitir train` run in run_dir, None when there is none."""
    import json

    try:
        return json.loads((run_dir / "result.json").read_text())["config"]["dataset"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def classifier_for(data, data_name: str, data_dir: str | None, run_dir: Path, classifier_dir: str | None = None,
                   log=print, backend: str = DEFAULT_BACKEND) -> ClassifierFeatures:
    """The classifier of `classifier_dir`, or one trained with `vitir train`'s defaults for the data and
    cached in run_dir/classifier."""
    from ..train.trainer import Trainer, TrainConfig

    shape, classes = data.image_shape, len(data.classes)
    if classifier_dir is not None:
        return ClassifierFeatures.from_run(classifier_dir, shape, classes, backend)
    cache = Path(run_dir) / CLASSIFIER_DIR
    if _trained_on(cache) != data_name:  # none yet, cut short (result.json is written last), or other data
        cfg = TrainConfig(dataset=data_name, data_dir=data_dir)
        log(f"training the evaluation classifier (`vitir train` defaults for {data_name}: {cfg.epochs} epochs) "
            f"-> {cache}")
        result = Trainer(cfg, cache, dataset=data, log=log, backend=backend).train()
        log(f"classifier test accuracy {100 * result['test_accuracy']:.2f}%")
    return ClassifierFeatures.from_run(cache, shape, classes, backend)


@dataclass(frozen=True)
class Reference:
    """The test images' features and the floors they give."""

    features: Features
    ed_floor: float
    fd_floor: float

    @classmethod
    def of(cls, features: Features) -> "Reference":
        return cls(features, energy_distance_floor(features.probs), frechet_distance_floor(features.penultimate))


def confident_counts(probs: np.ndarray, threshold: float = CONFIDENT) -> np.ndarray:
    """Per class, the samples whose top probability is at least `threshold` and in that class."""
    top = np.max(probs, axis=1)
    return np.bincount(np.argmax(probs, axis=1)[top >= threshold], minlength=probs.shape[1])


def feature_scores(features: Features, reference: Reference) -> dict:
    """ED and FD against the reference with their ratios to the floors, confident samples per class."""
    probs = features.probs
    classes = probs.shape[1]
    shares = np.bincount(np.argmax(probs, axis=1), minlength=classes) / len(probs)
    confident = confident_counts(probs)
    ed = energy_distance(probs, reference.features.probs)
    fd = frechet_distance(features.penultimate, reference.features.penultimate)
    return {"ed": ed, "floor": reference.ed_floor, "ratio": ed / reference.ed_floor,
            "fd": fd, "fd_floor": reference.fd_floor, "fd_ratio": fd / reference.fd_floor,
            "confident": confident.tolist(), "confident_fraction": float(confident.sum() / len(probs)),
            "confident_classes": int(np.sum(confident >= COVERAGE_FRACTION * len(probs))),
            "coverage": int(np.sum(shares >= COVERAGE_FRACTION)),
            "confidence": float(np.mean(np.max(probs, axis=1))),
            "class_shares": [round(float(s), 4) for s in shares]}


def draw_samples(model, sampler: str, eta: float | None, x_init: np.ndarray, nfe: int,
                 grid: str = "uniform") -> np.ndarray:
    """Images in the model's data range ([-1, 1], or [0, 1] for the UNet), unclipped, from the start
    noise x_init with one sampler."""
    if sampler in ("ddim", "ancestral"):
        return sample_ddim(model, x_init, nfe, eta)
    if sampler in VP_SOLVERS:
        return sample_vp(model, x_init, nfe, VP_SOLVERS[sampler], grid)
    return sample_flow(model, x_init, nfe, sampler)


def _as_unit(model, images: np.ndarray) -> np.ndarray:
    """A sampler's images in [0, 1] as the model's training data were scaled (a model without a config: [-1, 1])."""
    cfg = getattr(model, "cfg", None)
    return to_unit(images) if cfg is None else samples_to_unit(images, cfg)


def sampler_label(sampler: str, eta: float | None) -> str:
    return f"{sampler}-eta{eta:g}" if sampler == "ddim" else sampler


def sampling_seconds(model, ev: "ImageEvalConfig", image_shape) -> float:
    """About how long score_image_samplers will take: one chunk of the forward
    timed (after a first call that compiles it), times the evaluations asked for."""
    chunk = min(ev.samples, model.chunk)
    x = start_noise((chunk, *image_shape))
    model(x, TMAX // 2)
    start = time.perf_counter()
    model(x, TMAX // 2)
    per_chunk = time.perf_counter() - start
    evaluations = len(ev.variants()) * sum(ev.nfes)
    return evaluations * -(-ev.samples // chunk) * per_chunk


def score_image_samplers(model, classifier, reference: Reference, ev: ImageEvalConfig,
                         image_shape, log=None) -> tuple[list[dict], dict]:
    """One row per (sampler, eta, NFE); and the images [samples, c, H, W] in [0, 1] by (sampler, eta, nfe)."""
    x_init = start_noise((ev.samples, *image_shape))
    rows, images = [], {}
    for sampler, eta in ev.variants():
        for nfe in ev.nfes:
            start = time.perf_counter()
            unit = _as_unit(model, draw_samples(model, sampler, eta, x_init, nfe, ev.grid))
            seconds = time.perf_counter() - start
            row = {"sampler": sampler, "eta": eta, "nfe": nfe,
                   **feature_scores(classifier.features(unit), reference), "sample_seconds": seconds}
            rows.append(row)
            images[(sampler, eta, nfe)] = unit
            if log is not None:
                log(f"  {sampler_label(sampler, eta)} NFE {nfe}: ED {row['ed']:.5f} ({row['ratio']:.1f}x floor), "
                    f"FD {row['fd']:.3g} ({row['fd_ratio']:.1f}x), {row['confident_classes']}/"
                    f"{len(row['class_shares'])} classes with confident samples, {seconds:.0f} s")
    return rows, images


def control_rows(classifier, data, reference: Reference, samples: int) -> list[dict]:
    """Pure noise (the samplers' start, as images) and real training images, scored like samples."""
    noise = to_unit(start_noise((samples, *data.image_shape)))
    pick = np.random.default_rng(0).permutation(len(data.x_train))[:samples]
    return [{"control": "noise", "count": samples, **feature_scores(classifier.features(noise), reference)},
            {"control": "real train images", "count": len(pick),
             **feature_scores(classifier.features(data.x_train[pick]), reference)}]


def _tile(images: np.ndarray, columns: int = 10) -> np.ndarray:
    """Images [n, c, H, W] in [0, 1] side by side with one-pixel gaps: [rows (H+1) - 1, columns (W+1) - 1]."""
    n, _, h, w = images.shape
    rows = -(-n // columns)
    canvas = np.ones((rows * (h + 1) - 1, columns * (w + 1) - 1), np.float32)
    for i, image in enumerate(images):
        r, c = divmod(i, columns)
        canvas[r * (h + 1):r * (h + 1) + h, c * (w + 1):c * (w + 1) + w] = image.mean(axis=0)
    return canvas


def plot_sample_grids(images: dict, real: np.ndarray, out_dir: Path, title: str) -> list[Path]:
    """One PNG per (sampler, eta): real test images, then one panel per NFE."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    for sampler, eta in dict.fromkeys((s, e) for s, e, _ in images):
        nfes = [n for s, e, n in images if (s, e) == (sampler, eta)]
        panels = [("real test images", real[:GRID_IMAGES])]
        panels += [(f"NFE {n}", images[(sampler, eta, n)][:GRID_IMAGES]) for n in nfes]
        fig, axes = plt.subplots(1, len(panels), figsize=(4.2 * len(panels), 4.6), squeeze=False)
        for ax, (name, batch) in zip(axes[0], panels):
            ax.imshow(_tile(batch), cmap="gray", vmin=0.0, vmax=1.0, interpolation="nearest")
            ax.set_title(name, fontsize=9)
            ax.set_xticks([])
            ax.set_yticks([])
        label = sampler_label(sampler, eta)
        fig.suptitle(f"{title}: {label}", fontsize=10)
        fig.tight_layout()
        path = Path(out_dir) / f"samples-{label}.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        paths.append(path)
    return paths


class QualityMonitor:
    """Scores the denoiser every `every` epochs while it trains: `samples` images from one sampler at
    `nfe`, against the test images; the numbers go into that epoch's metrics line."""

    def __init__(self, classifier, reference: Reference, cfg, image_shape, every: int, samples: int = 250,
                 sampler: str | None = None, nfe: int = 50, log=None, backend: str = DEFAULT_BACKEND,
                 clip_x0: bool = False):
        self.classifier, self.reference, self.cfg, self.image_shape = classifier, reference, cfg, tuple(image_shape)
        self.clip_x0 = clip_x0
        self.every, self.samples, self.nfe, self.log, self.backend = every, samples, nfe, log, backend
        self.sampler = sampler or DEFAULT_IMAGE_SAMPLERS[cfg.method][-1]
        self.eta = 1.0 if self.sampler == "ancestral" else (0.0 if self.sampler == "ddim" else None)

    def __call__(self, epoch: int, weights: list[np.ndarray]) -> dict:
        if epoch % self.every:
            return {}
        start = time.perf_counter()
        model = ImageDenoiser(weights, self.cfg, self.image_shape, backend=self.backend, clip_x0=self.clip_x0)
        x_init = start_noise((self.samples, *self.image_shape))
        unit = samples_to_unit(draw_samples(model, self.sampler, self.eta, x_init, self.nfe), self.cfg)
        row = feature_scores(self.classifier.features(unit), self.reference)
        out = {"ed_ratio": row["ratio"], "fd_ratio": row["fd_ratio"], "confident_classes": row["confident_classes"],
               "monitor_seconds": time.perf_counter() - start}
        if self.log is not None:
            self.log(f"  epoch {epoch}: {self.sampler} NFE {self.nfe}, {self.samples} samples: ED "
                     f"{row['ratio']:.1f}x floor, FD {row['fd_ratio']:.1f}x, {row['confident_classes']} "
                     "confident classes")
        return out


def scoring_for(data, cfg, ev: ImageEvalConfig, out_dir: Path, log=print,
                backend: str = DEFAULT_BACKEND) -> tuple[ClassifierFeatures, Reference]:
    """The scoring classifier (trained first when none is given) and the test images' reference."""
    classifier = classifier_for(data, cfg.data, cfg.data_dir, out_dir, ev.classifier, log, backend)
    return classifier, Reference.of(classifier.features(data.x_test))


def evaluate_image_model(trainer, ev: ImageEvalConfig, out_dir: Path, log=print, scoring=None) -> dict:
    """Sample with every chosen sampler, score against the test images, write the grids."""
    cfg, data = trainer.cfg, trainer.data
    weights = "ema" if trainer.state.ema is not None else "final"
    model = ImageDenoiser(trainer.sampling_weights(), cfg, data.image_shape, backend=trainer.backend,
                          clip_x0=ev.clip_x0)
    classifier, reference = scoring or scoring_for(data, cfg, ev, out_dir, log, trainer.backend)
    log(f"scoring {ev.samples} samples per sampler and NFE against {len(data.x_test)} test images "
        f"(ED floor {reference.ed_floor:.5f}, FD floor {reference.fd_floor:.4g}, {weights} weights"
        f"{', each step clipping its x0 estimate' if ev.clip_x0 else ''})")
    estimate = sampling_seconds(model, ev, data.image_shape)
    log(f"sampling: about {format_duration(estimate)} ({len(ev.variants())} sampler(s) x NFE {sum(ev.nfes)} x "
        f"{ev.samples} samples, timed on one forward)")
    start = time.perf_counter()
    rows, images = score_image_samplers(model, classifier, reference, ev, data.image_shape, log)
    controls = control_rows(classifier, data, reference, ev.samples)
    title = f"{cfg.method} on {cfg.data}, {trainer.state.epoch} epochs"
    grids = plot_sample_grids(images, data.x_test, out_dir, title)
    test_accuracy = float(np.mean(np.argmax(reference.features.probs, axis=1) == data.y_test))
    return {"weights": weights, "samples": ev.samples, "grid": ev.grid, "clip_x0": ev.clip_x0,
            "floor": reference.ed_floor,
            "fd_floor": reference.fd_floor, "confident_threshold": CONFIDENT,
            "classifier": str(ev.classifier or Path(out_dir) / CLASSIFIER_DIR),
            "classifier_test_accuracy": test_accuracy, "test_images": len(data.x_test),
            "sample_seconds": time.perf_counter() - start, "rows": rows, "controls": controls,
            "grids": [p.name for p in grids]}
