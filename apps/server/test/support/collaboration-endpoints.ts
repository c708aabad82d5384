/**
 * The rows (method, path) of the spec's endpoint catalogue whose area is files, comments or notifications; paths there
 * are relative to /api. The unsubscribe row is served by the platform module since the foundation.
 */
export const COLLABORATION_SPEC_ENDPOINTS: [string, string][] = [
  ['GET', '/drive/file/:id'],
  ['DELETE', '/drive/file/:id'],
  ['GET', '/drive/signed/:id'],
  ['GET', '/drive/:id'],
  ['GET', '/drive/d/:id/:name'],
  ['POST', '/mission/:id/drive'],
  ['PUT', '/mission/:id/drive/:fileId'],
  ['DELETE', '/mission/:id/drive/:fileId'],
  ['POST', '/action-item/:id/drive'],
  ['POST', '/action-item/:id/drive/:fileId/copy'],
  ['GET', '/action-item/:id/drive'],
  ['PUT', '/action-item/:id/drive/:fileId'],
  ['DELETE', '/action-item/:id/drive/:fileId'],
  ['POST', '/comment/room/:room/id/:id'],
  ['GET', '/comment/room/:room/id/:id'],
  ['GET', '/comment/count/room/:room/id/:id'],
  ['GET', '/comment/replies/:id'],
  ['GET', '/comment/mission/:id'],
  ['GET', '/comment/count/mission/:id'],
  ['PUT', '/comment/:id'],
  ['DELETE', '/comment/:id'],
  ['PUT', '/comment/:id/clap'],
  ['GET', '/action-item/:id/comment'],
  ['POST', '/action-item/:id/comment'],
  ['DELETE', '/action-item/:id/comment/:commentId'],
  ['GET', '/notification'],
  ['GET', '/notification/unread/count'],
  ['PUT', '/notification/read'],
  ['PUT', '/notification/user/read'],
  ['PUT', '/notification/disable/:id'],
];

/**
 * Calls of these areas the catalogue does not list: the list of a mission's files (project and task files), an
 * organisation's storage usage, and the project-manager work space behind the board.
 */
export const COLLABORATION_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/mission/:id/drive'],
  ['GET', '/org/:orgId/drive/usage'],
  ['GET', '/board/workspace'],
];
