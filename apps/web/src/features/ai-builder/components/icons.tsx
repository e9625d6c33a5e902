// The chat's icons: the app's own set (shared/ui/icons).
export { IconAlert, IconBookmarkBolt, IconSend, IconSparkles } from '../../../shared/ui/icons';
