# The shop as a container image: a build stage compiles the web app and the server, the runtime
# stage keeps only the production dependencies and dist/, and runs as the unprivileged node user.
#   docker build -t semillas-shop .
#   docker compose up   (with PostgreSQL: compose.yaml)

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# DejaVu draws the text of the demo catalog's pictures.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY scripts/healthcheck.mjs ./scripts/healthcheck.mjs
# The embedded database, uploads and outbox (DATA_DIR) and the demo pictures' cache belong to node.
RUN mkdir -p /data /app/.cache && chown node:node /data /app/.cache
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# node itself, not npm start: the stop signal reaches the server, which drains within SHUTDOWN_TIMEOUT_MS.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
