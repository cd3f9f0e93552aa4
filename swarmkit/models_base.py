"""The base class of every generated model (swarmkit/models/)."""

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """Immutable, strict about unknown keys, and keeps enum members (which compare equal to strings)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
