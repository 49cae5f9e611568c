# syntax=docker/dockerfile:1

# Pleat: the `pleat` binary serving the API and the built React site from one image.
#   docker build -t pleat .
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://... pleat
# (docker-compose.yml runs it next to PostgreSQL 15.)

# --- 1. the site -----------------------------------------------------------
FROM node:20-bookworm-slim AS site
WORKDIR /src/frontend
# Manifests first so the npm layer is reused while only sources change.
COPY frontend/package.json frontend/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

# --- 2. the server ---------------------------------------------------------
FROM rust:1-bookworm AS server
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY crates/ crates/
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p pleat-server \
    && mkdir -p /app \
    && cp target/release/pleat /app/pleat

# --- 3. runtime ------------------------------------------------------------
FROM debian:bookworm-slim AS runtime
# pg_dump and pg_restore for `pleat backup` and `pleat restore` (bookworm's
# are PostgreSQL 15's, the server docker-compose.yml runs; pg_dump must be at
# least as new as the server it dumps).
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates postgresql-client \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 pleat \
    && useradd --system --uid 10001 --gid pleat --home-dir /app --shell /usr/sbin/nologin pleat \
    && mkdir -p /data \
    && chown pleat:pleat /data
COPY --from=server /app/pleat /app/pleat
COPY --from=site /src/frontend/dist /app/site
# The app's migrations are read at start; the backend's are built into the binary.
COPY migrations/ /app/migrations/
ENV PLEAT_SITE_DIR=/app/site \
    PLEAT_MIGRATIONS_DIR=/app/migrations \
    PLEAT_ADDR=0.0.0.0:8080 \
    PLEAT_DATA_DIR=/data
# Stored files, backups (PLEAT_BACKUP_URL's default) and, when PLEAT_JWT_SECRET
# is unset, the generated secret live here.
VOLUME ["/data"]
USER pleat
WORKDIR /app
EXPOSE 8080
CMD ["/app/pleat", "serve"]
