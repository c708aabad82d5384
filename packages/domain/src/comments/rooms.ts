// Kept free of schemas so that the realtime client can read it without loading zod.

/** Comment rooms (rule 251): what a room id names. */
export const COMMENT_ROOM_NAMES = ['Mission', 'MissionPlan', 'Action', 'ActionItem'] as const;
export type CommentRoomName = (typeof COMMENT_ROOM_NAMES)[number];
/** The realtime room of a chat: `comment/<Room>/<id>` (rule 251). */
export const commentRoomChannel = (room: CommentRoomName, id: string) => `comment/${room}/${id}`;
