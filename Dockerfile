# The Classifier Playground as one container: `docker build -t playground .` then
# `docker run -p 8501:8501 playground` and open http://localhost:8501. The container runs one
# app process per core it may use (`--cpus` caps them), behind HAProxy on 8501 with sticky
# sessions (deploy/replicas.py): one Python process runs scripts on one core at a time.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The app runs as this user: it can read the code (owned by root) but not change it.
RUN useradd --create-home --uid 10001 playground
# Without PLAYGROUND_POLL_DB the polls live in an SQLite file in this folder, which the user owns
# (the code's folder is read-only to it). Mount a volume here to keep them across containers.
ENV PLAYGROUND_DATA_DIR=/home/playground/data

# HAProxy: the balancer in front of the container's app processes.
RUN apt-get update && apt-get install -y --no-install-recommends haproxy && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# The runtime dependencies (what Streamlit Community Cloud installs) and the PostgreSQL driver
# (replicas keep their polls in one PostgreSQL: deploy/compose.yaml), in their own layer so a
# code change does not reinstall them.
COPY requirements.txt deploy/requirements-postgres.txt ./
RUN pip install -r requirements.txt -r requirements-postgres.txt

COPY . .
# Numeric, so Kubernetes' runAsNonRoot can check it (deploy/k8s.yaml).
USER 10001

EXPOSE 8501
# Streamlit answers "ok" on /_stcore/health once it serves (here through HAProxy, so it checks
# the balancer and a live process); python's urllib, since slim has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4).read() != b'ok')"]
# The processes listen on loopback (8601, 8602, ...); only HAProxy is reached from outside. Its
# sticky cookie is PROCESS, so a balancer in front of several containers keeps its own SERVERID.
CMD ["python", "deploy/replicas.py", "--bind", "0.0.0.0", "--port", "8501", "--cookie", "PROCESS"]
