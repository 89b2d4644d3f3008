"""Benchmarks, each run from the repository root as `python -m benchmarks.bench_<name>`;
counterparts.py and st_client.py are helpers they share."""
