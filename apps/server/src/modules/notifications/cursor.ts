import { z } from 'zod';
import type { ListPosition, NotificationView } from './repository';

const PositionSchema = z.tuple([z.boolean(), z.boolean(), z.boolean(), z.iso.datetime(), z.uuid()]);

/** The list's `next_page`: the last row's sort keys, opaque to the client (base64url JSON). */
export function encodeCursor(view: NotificationView): string {
  const position = [
    view.pinned,
    view.type === 'persistent',
    view.status === 'unread',
    view.createdAt.toISOString(),
    view.id,
  ];
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one `encodeCursor` made. */
export function decodeCursor(cursor: string): ListPosition | undefined {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = PositionSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const [pinned, persistent, unread, createdAt, id] = parsed.data;
  return { pinned, persistent, unread, createdAt: new Date(createdAt), id };
}
