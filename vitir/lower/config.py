"""ViT configurations: validated when made, with the ViT-Tiny preset."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..config_checks import require_positive_ints
from ..errors import ConfigError

MAX_DIMENSION = (1 << 63) - 1  # MLIR's dimensions are int64


def float_literal(x: float) -> str:
    """Shortest text that reads back as x (1/sqrt(64) -> `0.125`)."""
    return repr(float(x))


class PatchGrid:
    """The patch grid of a config with `image` (H, W), `patch`, `width` and `heads`."""

    @property
    def grid(self) -> tuple[int, int]:
        return self.image[0] // self.patch, self.image[1] // self.patch

    @property
    def patches(self) -> int:
        ph, pw = self.grid
        return ph * pw

    @property
    def head_dim(self) -> int:
        return self.width // self.heads


@dataclass(frozen=True)
class ViTConfig(PatchGrid):
    batch: int
    channels: int = 3
    image: tuple[int, int] = (224, 224)
    patch: int = 16
    width: int = 192
    depth: int = 12
    heads: int = 3
    mlp: int = 768
    classes: int = 10
    eps: str = "1.0e-5"
    scale: str = field(default="")  # attention scale literal; default 1/sqrt(head dim)

    def __post_init__(self):
        image = (self.image, self.image) if isinstance(self.image, int) else tuple(self.image)
        object.__setattr__(self, "image", image)
        require_positive_ints(self, ("batch", "channels", "patch", "width", "heads", "mlp", "classes"))
        if not isinstance(self.depth, int) or self.depth < 0:
            raise ConfigError(f"depth must be a non-negative integer, got {self.depth!r}")
        if len(image) != 2 or any(not isinstance(s, int) or s < 1 for s in image):
            raise ConfigError(f"image must be one positive size or HxW, got {self.image!r}")
        check_transformer(self)

    @property
    def tokens(self) -> int:
        return self.patches + 1

    @property
    def input_channels(self) -> int:
        """Channels the patch embedding reads."""
        return self.channels

    @property
    def input_features(self) -> int:
        return self.channels * self.image[0] * self.image[1]


def check_transformer(cfg) -> None:
    """What a ViTConfig and a DenoiserConfig both need: patches that tile the
    image, heads that split the width, float literals; fills the attention
    scale (1/sqrt(head dim)) when not given."""
    h, w = cfg.image
    if h % cfg.patch or w % cfg.patch:
        raise ConfigError(f"image {h}x{w} is not divisible by patch {cfg.patch}")
    if cfg.width % cfg.heads:
        raise ConfigError(f"width {cfg.width} is not divisible by heads {cfg.heads}")
    c, s = getattr(cfg, "channels", getattr(cfg, "image_channels", 1)), cfg.patch
    sizes = [(name, getattr(cfg, name)) for name in ("batch", "mlp", "width", "classes") if hasattr(cfg, name)]
    for what, size in (*sizes, ("channels x image", c * h * w), ("channels x patch x patch", c * s * s),
                       ("tokens", (h // s) * (w // s) + 1)):
        if size > MAX_DIMENSION:
            raise ConfigError(f"{what} {size} is too large: a tensor dimension must fit MLIR's int64 "
                              f"(at most {MAX_DIMENSION})")
    for name in ("eps", "scale"):
        text = getattr(cfg, name)
        if text:
            try:
                float(text)
            except ValueError:
                raise ConfigError(f"{name} must be a float literal, got {text!r}") from None
    if not cfg.scale:
        object.__setattr__(cfg, "scale", float_literal(1.0 / math.sqrt(cfg.width // cfg.heads)))


def vit_tiny(batch: int = 32, depth: int = 12) -> ViTConfig:
    """ViT-Tiny at 224 px: width 192, 3 heads of 64, MLP 768, patch 16, 10 classes."""
    return ViTConfig(batch=batch, depth=depth)


PRESETS = {"vit-tiny": vit_tiny}
