# Two images from one build (deploy/README.md, "In containers"):
#   docker build -t proxy-console .                                    the server (the last stage)
#   docker build --target gateway -t proxy-console-gateway .           a proxy node's gateway, with v2ray
# compose.yaml runs the first as the server replicas and the second as the gateway.
# deploy/container-files.test.ts checks this file against the cluster deploy/cluster.test.ts runs.
#
# Base images are pinned to an exact release: Node 24.21.0, the Node 24 that CI runs the server's
# PostgreSQL suites on (SERVER_TEST_NODE), on Debian 12 (bookworm), whose v2ray 4.34 the gateway is
# written and tested against (trixie's v2ray 5 has no v2ctl). deploy/README.md says how to pin digests.

# --- build: every dependency, then the web client and the server and gateway compiled to JavaScript
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/gateway/package.json apps/gateway/
RUN npm ci --no-audit --no-fund
COPY . .
# Then down to what runs: the web client's libraries and every build tool are devDependencies. The
# workspace links go too (the contract is inlined in the bundles, nothing imports @proxy/* at run
# time), and each app gets a node_modules folder, empty when npm hoisted everything, for COPY below.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@proxy \
  && mkdir -p apps/server/node_modules apps/gateway/node_modules

# --- runtime: only what the server and the gateway run, root-owned, as an unprivileged user
FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/app/data
WORKDIR /app
# The bundles load their npm packages from node_modules (the app's own first, then the root's); each
# app's package.json makes its dist/*.js ES modules; the server reads the migrations and serves the
# built web client from beside its dist/ (apps/server/src/platform/config.ts, db/client.ts).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/node_modules apps/server/node_modules/
COPY --from=build /app/apps/server/dist apps/server/dist/
COPY --from=build /app/apps/server/drizzle apps/server/drizzle/
COPY --from=build /app/apps/gateway/package.json apps/gateway/
COPY --from=build /app/apps/gateway/node_modules apps/gateway/node_modules/
COPY --from=build /app/apps/gateway/dist apps/gateway/dist/
COPY --from=build /app/apps/web/dist apps/web/dist/
# Only DATA_DIR (PGlite when DATABASE_URL is unset, the gateway's spool and v2ray folder) is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node

# --- gateway: `--target gateway`; Debian's v2ray serves the vmess lines (without it, SOCKS5/HTTP only)
FROM runtime AS gateway
USER root
RUN apt-get update \
  && apt-get install -y --no-install-recommends v2ray \
  && rm -rf /var/lib/apt/lists/*
USER node
# The gateway serves no health endpoint (its entries speak only the proxy protocols): it exits when it
# cannot start, and its heartbeat shows it up or down in the operator console and `cli.js node:list`.
HEALTHCHECK NONE
CMD ["node", "apps/gateway/dist/main.js"]

# --- server: the default target, the replicas' command and readiness probe
FROM runtime AS server
ENV MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "apps/server/dist/server.js"]
