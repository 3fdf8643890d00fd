"""The SDK's log: one DEBUG line per attempt of a call on the ``email_delivery_api`` logger (its
method, its path as the description writes it, the status or the failure's class, the attempt, the
wait before the next), never a header's value, a parameter or a body. ``EMAIL_DELIVERY_LOG=debug``
(``_spec.LOG_VARIABLE``) turns it on without code, to stderr; else it is the application's to
configure, as any library's logger."""

from __future__ import annotations

import logging
import os
import sys

from ._spec import LOG_VARIABLE

LOGGER = logging.getLogger("email_delivery_api")


def _from_environment() -> None:
    if os.environ.get(LOG_VARIABLE, "").strip().lower() != "debug" or LOGGER.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.DEBUG)


_from_environment()


def attempt(method: str, path: str, outcome: int | str, attempt: int, wait: float | None) -> None:
    """One attempt's line: ``GET /v1/webhooks: 503, attempt 1, retry in 0.5 s``."""
    if not LOGGER.isEnabledFor(logging.DEBUG):
        return
    after = f", retry in {wait:.3g} s" if wait is not None else ""
    LOGGER.debug("%s %s: %s, attempt %d%s", method, path, outcome, attempt, after)
