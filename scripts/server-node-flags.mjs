/**
 * The Node options the server runs with (`npm start`, and every bench, which runs the server in its own process).
 * A larger young generation: each request allocates short-lived objects (bodies, rows, answers) that the young
 * generation's collections sweep; with 32 MiB semi-spaces a week save reached 457 saves a second where the default
 * reached 429 (three interleaved runs each, 2 cores; 64 MiB reached 420).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
