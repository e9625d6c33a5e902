import { BookmarkErrorType, bookmarkMessages as contractMessages, ReportErrorType } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible text of the bookmarks area (spec 002 §2, §4, §5, §8), verbatim where the spec has one. */
export const bookmarkMessages = {
  required: contractMessages.required,
  nameExists: contractMessages.nameExists,
  /** spec 002 §4. */
  confirmSave: 'Are you sure you want to save this bookmark?',
  added: 'Added bookmark',
  refreshed: 'Refreshed bookmark',
  saved: (name: string) => `Saved ${name} successfully`,
  copied: (name: string) => `Bookmark ${name} copied to clipboard`,
  noBookmarkSelected: 'No bookmark selected',
  applyNotLoaded: "Couldn't apply bookmark; report not loaded",
  /** spec 002 §2 Bookmark menu. */
  noBookmarks: 'No bookmarks',
  demo: 'Demo',
  demoTag: '(Demo)',
  /** spec 002 §8. */
  captureNotLoaded: "Couldn't capture bookmark; report not loaded; invalid report",
  errorAdding: 'Error adding bookmark',
  couldNotAdd: (name: string) => `Could not add bookmark ${name}`,
  unableToApply: 'Unable to apply bookmark',
  bookmarkNotFound: 'Bookmark not found',
  slugNotFound: (slug: string) => `${slug} not found`,
  notFoundDetail: (slug: string) => `Could not find bookmark with slug ${slug}`,
  workspaceNotSetup: 'Data not yet available. Please try again later.',
  loadFailed: 'Failed to load bookmarks. Please try again later.',

  // Our own labels (the spec names the actions, not their words).
  bookmarks: 'Bookmarks',
  saveBookmark: 'Save bookmark',
  nameLabel: 'Bookmark name',
  save: 'Save',
  cancel: 'Cancel',
  navigation: 'Navigation',
  demoBookmarks: 'Demo bookmarks',
  myBookmarks: 'Bookmarks',
  active: (name: string) => `Active: ${name}`,
  clearActive: 'Reload without the bookmark',
  apply: 'Apply',
  refresh: 'Refresh with the current view',
  rename: 'Rename',
  visibility: 'Edit visibility',
  copyLink: 'Copy link',
  copyFailed: 'The link could not be copied to the clipboard',
  setDefault: 'Set as default',
  unsetDefault: 'Remove as default',
  defaultBadge: 'Default',
  showInDemo: 'Show as a demo bookmark',
  /** Edit mode's bookmarks pane (spec 002 §4). */
  pane: 'Bookmarks pane',
  hideFromDemo: 'Stop showing as a demo bookmark',
  delete: 'Delete',
  deleteTitle: 'Delete bookmark',
  deleteMessage: (name: string) => `The bookmark "${name}" will be deleted for everyone who sees it.`,
  deleteCategoryMessage: (name: string) =>
    `The category "${name}" and every bookmark in it will be deleted for everyone who sees them.`,
  renameTitle: 'Rename bookmark',
  visibilityTitle: 'Bookmark visibility',
  private: 'Private',
  privateHint: 'Only you see it.',
  demoPrivateHint: 'Bookmarks you save in a demo organization are private.',
  visibleToAll: 'Visible to all members',
  visibleToAllHint: 'Members who join later see it too.',
  members: 'Members',
  creator: 'creator',
  you: 'you',
  ownRowHint: 'Admins choose the members who see a bookmark.',
  membersLoadFailed: 'The members could not be loaded.',
  actionsOf: (name: string) => `Actions of ${name}`,
  settingsIntro: 'Rename bookmarks, choose who sees them, or delete them.',
  noManagedBookmarks: 'No bookmarks yet. Save one from a dashboard.',
  category: 'Category',
  inactive: 'Hidden from the menu',
  hideFromMenu: 'Hide from the menu',
  showInMenu: 'Show in the menu',
  retry: 'Try again',
  privateBadge: 'Private',
  everyone: 'All members',
  sharedWith: (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`,
  onlyCreator: 'Only its creator',
  onlyYou: 'Only you',
  nameTakenHere: 'Another bookmark of this report has this name',
} as const;

export type BookmarkAction = 'create' | 'delete' | 'update';

const actioning: Record<BookmarkAction, string> = {
  create: 'creating',
  delete: 'deleting',
  update: 'updating',
};

/** spec 002 §8: 404 'Could not {action} bookmark'; otherwise 'Error {actioning} bookmark' with the detail type. */
export function bookmarkErrorMessage(error: unknown, action: BookmarkAction): string {
  if (isApiError(error) && error.status === 404) return `Could not ${action} bookmark`;
  const type = isApiError(error) ? error.type : 'unknown_error';
  return `Error ${actioning[action]} bookmark: ${type}`;
}

/** spec 002 §5: a duplicate name is refused by the server with 409 bookmark_name_exists. */
export function isNameTaken(error: unknown): boolean {
  return isApiError(error) && error.type === BookmarkErrorType.nameExists;
}

/** spec 002 §8 Load bookmarks. */
export function bookmarkLoadMessage(error: unknown): string {
  return isApiError(error) && error.type === ReportErrorType.workspaceNotSetup
    ? bookmarkMessages.workspaceNotSetup
    : bookmarkMessages.loadFailed;
}
