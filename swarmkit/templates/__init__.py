"""Files `swarmkit init` writes (init/), shipped inside the package."""
