import { z } from 'zod';
import {
  NotificationActionSchema,
  NotificationErrorType,
  NotificationTypeSchema,
  type Notification,
  type NotificationFilter,
  type NotificationPage,
  type NotificationStatus,
  can,
  unreachable,
} from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import { actionMail } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import type { OrganizationsService } from '../organizations';
import type { UsersService } from '../users';
import { decodeCursor, encodeCursor } from './cursor';
import { notificationsRepository as repository, type NotificationView } from './repository';

/** What another module tells an organization (the ETL module on a failed data load, say). */
export const NotifyInputSchema = z.object({
  type: NotificationTypeSchema,
  title: z.string().trim().min(1).max(200),
  body: z.string().max(10_000),
  action: z.nullable(NotificationActionSchema).default(null),
});
export type NotifyInput = z.input<typeof NotifyInputSchema>;
export type NotifyOptions = {
  /** Also e-mail the organization's owners and admins whose e-mail is verified. */
  email?: boolean;
};
/** The stored notification, and how many e-mails went out or failed (the notification stays either way). */
export type NotifyResult = { id: string; emailed: number; emailFailed: number };

export type NotificationsDeps = {
  platform: Pick<Platform, 'database' | 'config' | 'mailer'>;
  organizations: Pick<OrganizationsService, 'findById' | 'members'>;
  users: Pick<UsersService, 'findMany'>;
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;

const toResponse = (view: NotificationView): Notification => ({
  id: view.id,
  title: view.title,
  body: view.body,
  created_at: view.createdAt.toISOString(),
  type: view.type,
  status: view.status,
  pinned: view.pinned,
  action: view.action,
});

const notFound = () => new AppError(404, NotificationErrorType.notFound, { message: 'Invalid notification' });

/** Why `view` may not take `status` (spec 002 §5), or null when it may. */
function refusal(view: NotificationView, status: NotificationStatus): AppError | null {
  if (status === view.status) return null;
  switch (status) {
    case 'archived':
      return view.type === 'persistent'
        ? new AppError(409, NotificationErrorType.notArchivable, {
            message: 'Persistent notifications cannot be archived',
          })
        : null;
    case 'read':
      return view.type === 'persistent' && view.action?.status === 'unfulfilled'
        ? new AppError(409, NotificationErrorType.actionUnfulfilled, {
            message: 'The notification stays unread until its action is done',
          })
        : null;
    case 'unread':
      return view.status === 'archived'
        ? new AppError(409, NotificationErrorType.invalidStatus, {
            message: 'An archived notification goes back to read',
          })
        : null;
    default: {
      return unreachable(status);
    }
  }
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db } = deps.platform.database;

  /** The owners and admins with a verified e-mail: who is e-mailed (docs/decisions.md). */
  async function mailRecipients(organizationId: string): Promise<string[]> {
    const admins = (await deps.organizations.members(organizationId)).filter((m) =>
      can({ role: m.role, isDemo: false }, 'organization.administer'),
    );
    const people = await deps.users.findMany(admins.map((m) => m.id));
    return people.filter((user) => user.isEmailVerified).map((user) => user.email);
  }

  async function email(
    organizationId: string,
    notificationId: string,
    input: z.output<typeof NotifyInputSchema>,
  ) {
    const organization = await deps.organizations.findById(organizationId);
    const recipients = organization ? await mailRecipients(organizationId) : [];
    if (!organization || recipients.length === 0) return { emailed: 0, emailFailed: 0 };
    const url = `${deps.platform.config.appUrl}/organization/${organization.slug}/notifications?notification=${notificationId}`;
    const results = await Promise.allSettled(
      recipients.map((to) =>
        deps.platform.mailer.send(
          actionMail({
            to,
            subject: `${input.title} - ${organization.name}`,
            intro: input.body === '' ? input.title : `${input.title}: ${input.body}`,
            action: 'View notification',
            url,
            outro: `You receive this as an owner or admin of ${organization.name} on Maya.`,
          }),
        ),
      ),
    );
    const emailed = results.filter((r) => r.status === 'fulfilled').length;
    return { emailed, emailFailed: results.length - emailed };
  }

  return {
    /**
     * Tells the organization: stores the notification (unread for every member) and, with
     * `email`, e-mails its owners and admins a link to the notifications page.
     */
    async notify(
      organizationId: string,
      input: NotifyInput,
      options: NotifyOptions = {},
    ): Promise<NotifyResult> {
      const parsed = NotifyInputSchema.parse(input);
      const { id } = await withOrganization(db, organizationId, (tx) =>
        repository.insert(tx, { organizationId, ...parsed }),
      );
      const mailed = options.email ? await email(organizationId, id, parsed) : { emailed: 0, emailFailed: 0 };
      return { id, ...mailed };
    },

    /** Marks a notification's action done; its persistent notification may then be read. */
    async fulfilAction(organizationId: string, notificationId: string): Promise<void> {
      const done = await withOrganization(db, organizationId, (tx) =>
        repository.fulfilAction(tx, notificationId),
      );
      if (!done) throw notFound();
    },

    async list(
      access: OrganizationAccess,
      auth: Auth,
      options: { filter: NotificationFilter; cursor: string | null; limit: number },
    ): Promise<NotificationPage> {
      const after = options.cursor === null ? null : decodeCursor(options.cursor);
      if (after === undefined)
        throw new AppError(400, NotificationErrorType.invalidCursor, { message: 'Invalid cursor' });
      const rows = await withOrganization(db, access.organizationId, (tx) =>
        repository.page(tx, auth.userId, { filter: options.filter, after, limit: options.limit }),
      );
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        notifications: page.map(toResponse),
        next_page: rows.length > options.limit && last ? encodeCursor(last) : null,
      };
    },

    async get(access: OrganizationAccess, auth: Auth, notificationId: string): Promise<Notification> {
      const view = await withOrganization(db, access.organizationId, (tx) =>
        repository.find(tx, auth.userId, notificationId),
      );
      if (!view) throw notFound();
      return toResponse(view);
    },

    async refresh(
      access: OrganizationAccess,
      auth: Auth,
      since: Date,
      limit: number,
    ): Promise<Notification[]> {
      const rows = await withOrganization(db, access.organizationId, (tx) =>
        repository.newer(tx, auth.userId, since, limit),
      );
      return rows.map(toResponse);
    },

    count(access: OrganizationAccess, auth: Auth, statuses: NotificationStatus[]): Promise<number> {
      return withOrganization(db, access.organizationId, (tx) => repository.count(tx, auth.userId, statuses));
    },

    /** Changes the caller's own status and/or pin of a notification (spec 002 §5). */
    async update(
      access: OrganizationAccess,
      auth: Auth,
      notificationId: string,
      change: { status?: NotificationStatus; pinned?: boolean },
    ): Promise<Notification> {
      const { organizationId } = access;
      return withOrganization(db, organizationId, async (tx) => {
        const current = await repository.find(tx, auth.userId, notificationId);
        if (!current) throw notFound();
        const status = change.status ?? current.status;
        const refused = refusal(current, status);
        if (refused) throw refused;
        const pinned = change.pinned ?? current.pinned;
        await repository.setState(tx, {
          organizationId,
          notificationId,
          userId: auth.userId,
          status,
          pinned,
        });
        return toResponse({ ...current, status, pinned });
      });
    },
  };
}
