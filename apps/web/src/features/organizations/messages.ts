import { messages as fieldMessages } from '@maya/contracts';

/** Every user-visible message of the organizations area (spec 000 §2, §5, §8), verbatim. */
export const organizationMessages = {
  invalidName: fieldMessages.organizationName,
  createFailed: 'Failed creating organization',
  /** spec 000 §2 Landing redirect. */
  loadFailed: 'There was an issue loading your organizations',
  /** spec 000 §8 "User load failure". */
  userLoadFailed: 'There was an issue loading your account information.',
  tip: 'Tip: create one organization per brand, website or country.',
  addNew: 'Add new organization',
} as const;
