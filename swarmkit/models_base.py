"""The base class of every generated model (swarmkit/models/)."""

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """Immutable, strict about unknown keys, and keeps enum members (which compare equal to strings).

    Defaults are validated too: the generator writes an enum's default as its plain value ("all"),
    and validation turns it into the member, as it does for a value read from a file."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True, validate_default=True)
