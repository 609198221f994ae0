"""One training loop for the classifier and every denoiser: run directories, checkpoints, schedules,
progress and plots (vitir/train/loop.py)."""
