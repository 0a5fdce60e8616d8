# syntax=docker/dockerfile:1
# ttrbot in a container: built with the toolchain Cargo.toml asks for, run as a non-root user on a small Debian.
#   docker build -t ttrbot .
#   docker run -d --name ttrbot -e DISCORD_TOKEN=… -v ttrbot-data:/data --restart unless-stopped ttrbot
# The image runs the bot; any other command is the binary's (`docker run --rm ttrbot maps`). With PostgreSQL:
# compose.yaml. More: docs/operators-guide.md, "Running in a container".

FROM rust:1.95-slim-bookworm AS build
WORKDIR /build
# What `cargo build` reads: the manifest and its lock, the sources, and the files built into the binary (map files,
# fonts, migrations; the message catalogs are under src/). Cargo.toml declares the benchmarks, and cargo refuses a
# manifest whose [[bench]] sources are missing whatever it builds, so benches/ comes too (none of it is compiled).
COPY Cargo.toml Cargo.lock ./
COPY src src
COPY maps maps
COPY fonts fonts
COPY migrations migrations
COPY benches benches
# The image's binary without debug information or symbols (the release profile keeps line tables for local
# backtraces; a panic still names its file and line).
ENV CARGO_PROFILE_RELEASE_DEBUG=false \
    CARGO_PROFILE_RELEASE_STRIP=true
# The registry and the target folder are kept between builds (BuildKit's cache mounts), so a rebuild after a change
# to src/ compiles the crate, not its dependencies; the binary is copied out of the cache.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/build/target \
    cargo build --release --locked --bin ttrbot \
    && cp target/release/ttrbot /usr/local/bin/ttrbot

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/*
# Maps, fonts, migrations and messages are inside the binary: it needs no other file. Its working directory /data
# holds the SQLite database (and a .env, if one is mounted there).
RUN useradd --system --user-group --uid 10001 --home-dir /data --shell /usr/sbin/nologin ttrbot \
    && mkdir /data \
    && chown ttrbot:ttrbot /data
COPY --from=build /usr/local/bin/ttrbot /usr/local/bin/ttrbot
USER ttrbot
WORKDIR /data
ENV DATABASE_URL=sqlite:///data/ttrbot.db
VOLUME /data
# Exec form: the bot is process 1 and gets `docker stop`'s SIGTERM itself (it closes the gateway and gives up its
# leases before it exits).
ENTRYPOINT ["/usr/local/bin/ttrbot"]
