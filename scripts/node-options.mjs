// The V8 options the product's processes start with: `npm start`, `npm run rebuild`, the e2e
// server, the benches (they run the product's code in their own process, and the product processes
// they start inherit them) and the Docker image (its ENV, kept in step by hand: a Dockerfile cannot
// import this).
//
// --max-semi-space-size=64: each half of V8's young generation may grow to 64 MiB (16 MiB by
// default on 64-bit). Projecting events allocates per event (decoded events, rows, COPY text) and
// nearly all of it dies within the batch; with room to die young it is not copied to the old
// generation first. Measured (rebuild bench at 0.2 scale, same log, order A B B A A B): the
// rebuild's node CPU 14.1-16.5 -> 12.7-13.1 s, its wall time 18.2-21.4 -> 16.7-18.0 s. It costs
// up to 96 MiB more memory per process.
export const PRODUCT_NODE_OPTIONS = '--max-semi-space-size=64';

/** `env` with the product's V8 options added to NODE_OPTIONS (the child's own kept, after ours). */
export function withProductNodeOptions(env = process.env) {
  return { ...env, NODE_OPTIONS: [PRODUCT_NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' ') };
}
