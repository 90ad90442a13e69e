# Slim image: installs the app, applies migrations once, then serves on port 8000 as a non-root user.

# The coach's optional C solver is compiled here, so the final image needs no compiler.
FROM python:3.11-slim AS coach
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /build
COPY app ./app
ENV XDG_CACHE_HOME=/opt/golf-cache
RUN python -c "from app.players.solitaire.accel import library; assert library() is not None"

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    DATABASE_URL=sqlite:////data/golf.db HOST=0.0.0.0 PORT=8000 \
    XDG_CACHE_HOME=/opt/golf-cache

WORKDIR /srv/golf
COPY pyproject.toml README.md ./
COPY app ./app
COPY templates ./templates
COPY static ./static
COPY migrations ./migrations
COPY --from=coach /opt/golf-cache /opt/golf-cache
RUN pip install -e '.[postgres]' \
    && useradd --create-home --uid 10001 golf \
    && mkdir -p /data && chown golf /data

USER golf
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
# Migrate once, before the server's workers start (workers never migrate by themselves).
CMD ["sh", "-c", "golf migrate && exec golf serve --host \"$HOST\" --port \"$PORT\" --workers \"${WORKERS:-1}\""]
