# syntax=docker/dockerfile:1
# Build stage: all dependencies, compile the server and bundle the client.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies, the build output and the migrations only.
FROM node:24-bookworm-slim AS runtime
# pg_dump for `npm run respaldo` with DATABASE_URL (PostgreSQL 15's; README, «Operación»).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
# What `npm run respaldo`, `restaurar`, `usuarios` and `migrate` run.
COPY scripts/run.mjs scripts/ensure-built.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database lives here when DATABASE_URL is not set.
VOLUME /data
EXPOSE 3000
# DICOM worklist and MPPS, when DICOM_PORT=11112 is set (docs/dicom.md).
EXPOSE 11112
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
