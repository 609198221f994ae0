"""vitir: typed StableHLO programs for Vision Transformers and diffusion models."""

__version__ = "0.1.0"
