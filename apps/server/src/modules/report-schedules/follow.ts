// What a scheduled bookmark's delivery shows (issue 32): the bookmark's view as it is at the
// delivery, so a bookmark changed after the schedule was made is mailed as changed.
import type { ScheduleRow } from './repository';

export type FollowDeps = {
  /** The bookmark's view now; null once it is gone. */
  currentView: (
    organizationId: string,
    reportSlug: string,
    id: string,
  ) => Promise<{ state: string | null } | null>;
  /** The page a view of the report draws; throws for a view the report cannot show. */
  pageOf: (schedule: ScheduleRow, state: string | null) => Promise<string>;
};

/**
 * The schedule with its bookmark's current view (and that view's page). A bookmark deleted
 * since, or changed into a view the report can no longer show, leaves the view the schedule was
 * made with: the mail still goes out, as it was set up.
 */
export async function followBookmark(deps: FollowDeps, schedule: ScheduleRow): Promise<ScheduleRow> {
  if (schedule.bookmarkId === null) return schedule;
  try {
    const bookmark = await deps.currentView(
      schedule.organizationId,
      schedule.reportSlug,
      schedule.bookmarkId,
    );
    if (bookmark === null || bookmark.state === schedule.state) return schedule;
    return { ...schedule, state: bookmark.state, page: await deps.pageOf(schedule, bookmark.state) };
  } catch {
    return schedule;
  }
}
