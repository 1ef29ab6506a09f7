# The product in one container (API + projection runner + workers), built from this repository.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY eventstore/package.json eventstore/
COPY projections/package.json projections/
COPY command-api/package.json command-api/
COPY workers/package.json workers/
COPY demo/package.json demo/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build web
ENV NODE_ENV=production PORT=5000
# The product's V8 options: as scripts/node-options.mjs has them (PRODUCT_NODE_OPTIONS).
ENV NODE_OPTIONS=--max-semi-space-size=64
EXPOSE 5000
CMD ["node", "--import", "tsx", "app/src/main.ts"]
