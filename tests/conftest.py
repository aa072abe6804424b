"""Hypothesis profiles: a reduced one for CI, a full one with SIMKIT_FULL=1."""

from hypothesis import HealthCheck, settings
from sizes import FULL

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]
settings.register_profile("ci", max_examples=25, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("full", max_examples=300, deadline=None, suppress_health_check=_QUIET)
settings.load_profile("full" if FULL else "ci")
