# The server image (deploy/README.md). Build: `docker build -t proxy-console .`; compose.yaml runs it
# as the server replicas and, with another command, as the gateway. deploy/container-files.test.ts
# checks this file against the cluster that deploy/cluster.test.ts runs on a machine.

# --- build: every dependency, then the web client and the server and gateway compiled to JavaScript
FROM node:24-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/gateway/package.json apps/gateway/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && npm cache clean --force

# --- runtime: the built files and production dependencies only, as an unprivileged user
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app /app
# The code stays root-owned and read-only to the process; only DATA_DIR (PGlite when DATABASE_URL is
# unset, the gateway's spool) is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "apps/server/dist/server.js"]
