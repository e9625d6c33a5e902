// The bookmarks toolbar's icons: the app's own set (shared/ui/icons).
export {
  IconBookmark,
  IconBookmarkPlus,
  IconEye,
  IconFolder,
  IconLink,
  IconLock,
  IconPencil,
  IconStar,
} from '../../../shared/ui/icons';
