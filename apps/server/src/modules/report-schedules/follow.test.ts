// A scheduled bookmark's delivery follows the bookmark: its view as it is at the delivery, and
// the view the schedule was made with when the bookmark is gone or can no longer be shown.
import { describe, expect, it } from 'vitest';
import { followBookmark, type FollowDeps } from './follow';
import type { ScheduleRow } from './repository';
import { scheduleRow } from '../../../test/support/schedules';

const BOOKMARK = '1d7f9a0e-5b2c-4e8f-9a61-3c2b1a0f9e88';

const schedule = (over: Partial<ScheduleRow> = {}): ScheduleRow =>
  scheduleRow({ bookmarkId: BOOKMARK, name: 'Weekly Meta', state: 'state-at-creation', ...over });

/** The bookmark as it is now (null: deleted); a view on page "channels" unless the state says broken. */
function deps(current: { state: string | null } | null): FollowDeps & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    currentView: async (_organizationId, reportSlug, id) => {
      asked.push(`${reportSlug}/${id}`);
      return current;
    },
    pageOf: async (_schedule, state) => {
      if (state === 'broken') throw new Error('the report has no such page');
      return 'channels';
    },
  };
}

describe('a scheduled bookmark', () => {
  it('is mailed as the bookmark is now, on the page of its view', async () => {
    const world = deps({ state: 'state-changed-since' });
    const view = await followBookmark(world, schedule());
    expect(view).toMatchObject({ state: 'state-changed-since', page: 'channels', name: 'Weekly Meta' });
    expect(world.asked).toEqual([`-maya/${BOOKMARK}`]);
  });

  it('keeps the view it was made with when the bookmark is gone or can no longer be shown', async () => {
    expect(await followBookmark(deps(null), schedule())).toEqual(schedule());
    expect(await followBookmark(deps({ state: 'broken' }), schedule())).toEqual(schedule());
  });

  it('leaves a schedule of a view alone', async () => {
    const world = deps({ state: 'state-changed-since' });
    const plain = schedule({ bookmarkId: null });
    expect(await followBookmark(world, plain)).toBe(plain);
    expect(world.asked).toEqual([]);
  });
});
