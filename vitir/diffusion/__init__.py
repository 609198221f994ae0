"""Diffusion and flow matching on numpy arrays: noise, schedules, samplers, metrics.

A seed gives the same numbers as the original project's C helpers (xorshift64
streams, Box–Muller in float64 stored as float32).
"""

from .assignment import min_cost_assignment
from .metrics import energy_distance, energy_distance_floor
from .ot import ot_pairing
from .rng import sample_noise
from .samplers import (
    FLOW_SAMPLER_NFE,
    SAMPLER_NFE,
    TIME_GRIDS,
    ddim_step,
    sample,
    sample_ddim,
    sample_flow,
    sample_vp,
    start_noise,
    step_noise,
    vp_time_grid,
)
from .schedule import abar_c, beta_c, cosine_schedule, ddim_coefs, sig_c, t_of_abar
from .step_inputs import flow_step_inputs, step_inputs
from .targets import TARGET_NAMES, sample_target
from .time_embed import (
    prepend_sincos_t,
    prepend_sincos_t_scalar,
    prepend_t_channel,
    prepend_t_channel_scalar,
)

__all__ = [
    "FLOW_SAMPLER_NFE",
    "SAMPLER_NFE",
    "TARGET_NAMES",
    "TIME_GRIDS",
    "abar_c",
    "beta_c",
    "cosine_schedule",
    "ddim_coefs",
    "ddim_step",
    "energy_distance",
    "energy_distance_floor",
    "flow_step_inputs",
    "min_cost_assignment",
    "ot_pairing",
    "prepend_sincos_t",
    "prepend_sincos_t_scalar",
    "prepend_t_channel",
    "prepend_t_channel_scalar",
    "sample",
    "sample_ddim",
    "sample_flow",
    "sample_noise",
    "sample_target",
    "sample_vp",
    "sig_c",
    "start_noise",
    "step_inputs",
    "step_noise",
    "t_of_abar",
    "vp_time_grid",
]
