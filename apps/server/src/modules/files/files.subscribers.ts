import type { AppContext } from '../../plugins/types.ts';
import { removeFilesOf, type Blobs } from './files.service.ts';

/** Files go with what they are attached to: a deleted task or mission takes its file rows and their bytes along. */
export function subscribeFilesEvents(ctx: AppContext, blobs: Blobs): void {
  ctx.events.on('mission.changed', async ({ missionId, changes }) => {
    const deleted = changes.filter((change) => change.type === 'delete');
    if (deleted.some((change) => change.entity === 'missions' && change.id === missionId)) {
      await removeFilesOf(ctx, blobs, missionId, 'all');
      return;
    }
    const items = deleted.filter((change) => change.entity === 'action.items').map((change) => change.id);
    await removeFilesOf(ctx, blobs, missionId, items);
  });
}
