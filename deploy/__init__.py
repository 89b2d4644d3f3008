"""Deployment recipes: N replicas behind HAProxy (replicas.py), Kubernetes (k8s.yaml)."""
