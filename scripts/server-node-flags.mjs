/**
 * The Node options the server runs with (`npm start`, and every bench, which runs the server in its own process).
 * A larger young generation: a server allocates many short-lived objects a request (bodies, rows, answers) and
 * collected them about every millisecond under load; with 32 MiB semi-spaces a week save reached 457 saves a second
 * where the default reached 429 (three runs each, 2 cores; 64 MiB reached 420).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
