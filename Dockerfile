# Slim image: installs the app's wheel, applies migrations once, then serves on port 8000 as a
# non-root user. Templates, static files and migrations ship inside the wheel.

# Build stage: the wheel, with the coach's C solver compiled, so the final image needs no
# compiler and holds no source tree.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /build
COPY pyproject.toml setup.py README.md requirements.lock ./
COPY app ./app
COPY templates ./templates
COPY static ./static
COPY migrations ./migrations
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels . \
    && python -m zipfile -l /wheels/golf_cards-*.whl | grep _fastsolve >/dev/null

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    DATABASE_URL=sqlite:////data/golf.db HOST=0.0.0.0 PORT=8000 WORKERS=1

COPY --from=build /wheels /wheels
COPY requirements.lock /tmp/requirements.lock
# The same pinned versions as `make` and CI.
RUN wheel="$(ls /wheels/golf_cards-*.whl)" \
    && pip install -c /tmp/requirements.lock "${wheel}[postgres]" \
    && rm -rf /wheels /tmp/requirements.lock \
    && useradd --create-home --uid 10001 golf \
    && mkdir -p /data && chown golf /data

USER golf
WORKDIR /home/golf
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
# Migrate once, before the server's workers start (workers never migrate by themselves).
# HOST, PORT and WORKERS are read by `golf serve` itself, and a bad value stops it here.
CMD ["sh", "-c", "golf migrate && exec golf serve"]
