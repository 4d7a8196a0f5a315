# Paperbot: the compiled bot on Node.js 20, as an unprivileged user under tini.
# docker build -t paperbot . && docker run --env-file .env -v paperbot-data:/app/data -p 3000:3000 paperbot

# Build: install everything (better-sqlite3 compiles here when no prebuilt binary fits), compile
# TypeScript to dist/ and bundle it (dist/main.bundle.js), then drop the development dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bin ./bin
RUN npm run build && npm prune --omit=dev

# Run: only what the bot needs; state and index snapshots live in the data volume.
FROM node:20-bookworm-slim AS run
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
  STATE_PATH=/app/data/paperbot.db \
  CACHE_DIR=/app/data/cache \
  PORT=3000 \
  HEALTH_PORT=3000 \
  MALLOC_ARENA_MAX=2 \
  MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY seeds ./seeds
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "bin/healthcheck.js"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The heap settings of `npm start` (package.json; docs/operations.md says why).
CMD ["node", "--max-semi-space-size=1", "--heap-growing-percent=10", "dist/main.bundle.js"]
