"""The pipeline stages, one module each, in pipeline order (see ``quotecalc.engine.pipeline``)."""
