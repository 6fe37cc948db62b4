import { fileTypeFromBuffer } from 'file-type';
import type { TInboxResponse, TNotificationReads, TSentNotification } from '@ra/shared/agent/agent.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { isoOrNull, num, strOrNull } from '../../db/sql-util.ts';
import type { AgentRepository } from './agent.repository.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { fieldError, refuse, type TAgentScope } from './agent-scope.ts';

/** Issue 13: a PDF or an image, its type read from its bytes, never from its name or the browser's word. */
export const NOTIFICATION_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export interface TUpload {
  fileName: string;
  bytes: Buffer;
}

/** The file's real type, or a 400 naming the field. */
export async function checkUpload(upload: TUpload): Promise<string> {
  const type = await fileTypeFromBuffer(upload.bytes);
  if (!type || !NOTIFICATION_FILE_TYPES.includes(type.mime)) throw fieldError('file', 'agent.fileType');
  return type.mime;
}

/**
 * The notification center (issue 13): an agent writes to restaurants of their subtree in English and
 * Chinese, with an optional file; one delivery row per restaurant, all in one transaction. Restaurants
 * read theirs in the top bar's bell; the agent sees who read it and when.
 */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    /** The caller's reach (restaurants and nodes of their subtree). */
    private readonly agents: AgentRepository,
    private readonly clock: Clock,
  ) {}

  async send(
    scope: TAgentScope,
    input: {
      all: boolean;
      restaurantXids: string[];
      nodeXids: string[];
      messageEn: string;
      messageZh: string;
      file: TUpload | null;
    },
    ip: string,
  ): Promise<{ ok: true; id: number; recipients: number }> {
    const targets = input.all
      ? await this.agents.allRestaurantIds(scope.path, scope.restaurantIds)
      : await this.chosen(scope, input.restaurantXids, input.nodeXids);
    if (targets.length === 0) throw fieldError('restaurantXids', 'agent.recipientsRequired');
    const mime = input.file ? await checkUpload(input.file) : null;
    const now = this.clock.now();
    return this.repo.transaction(async (repo, audit) => {
      const fileId = input.file && mime ? await repo.insertFile(scope.nodeId, input.file, mime, now) : null;
      const id = await repo.insertNotification({
        nodeId: scope.nodeId,
        userId: scope.userId,
        messageEn: input.messageEn,
        messageZh: input.messageZh,
        fileId,
        now,
      });
      await repo.insertDeliveries(id, targets);
      await audit.record({
        restaurantId: null,
        actorUserId: scope.userId,
        action: 'agent.notification.send',
        targetType: 'notification',
        targetId: String(id),
        details: { recipients: targets.length, fileId },
        ip,
        at: now,
      });
      return { ok: true as const, id, recipients: targets.length };
    });
  }

  /**
   * The restaurants picked by search (each must be in reach) and by tree: a ticked node, which must lie
   * in the caller's subtree (403 otherwise), stands for every restaurant under it that the caller
   * reaches (for a member, the assigned ones). Each restaurant once.
   */
  private async chosen(scope: TAgentScope, restaurantXids: string[], nodeXids: string[]): Promise<number[]> {
    const picked = await this.agents.restaurantsByXid(scope.path, scope.restaurantIds, restaurantXids);
    if (picked.length !== new Set(restaurantXids).size) throw fieldError('restaurantXids', 'agent.restaurantNotInTree');
    const nodes = await this.agents.nodesByXid(scope.path, scope.restaurantIds, nodeXids);
    if (nodes.length !== new Set(nodeXids).size) throw refuse('agent.nodeNotInTree');
    const under = await this.agents.restaurantIdsUnder(
      scope.path,
      scope.restaurantIds,
      nodes.map((n) => n.path),
    );
    return [...new Set([...picked.map((r) => r.id), ...under])];
  }

  private sentOf(r: Record<string, unknown>): TSentNotification {
    return {
      id: num(r.id),
      messageEn: String(r.message_en),
      messageZh: String(r.message_zh),
      fileName: strOrNull(r.file_name),
      sentAt: isoOrNull(r.created_at) ?? '',
      sender: String(r.sender ?? ''),
      recipients: num(r.recipients),
      read: num(r.read),
    };
  }

  /** An admin sees every notification of the node; a member only the ones they sent. */
  private senderFilter(scope: TAgentScope): number | null {
    return scope.teamRole === 'admin' ? null : scope.userId;
  }

  async sent(
    scope: TAgentScope,
    page: number,
    pageSize: number,
  ): Promise<{ items: TSentNotification[]; total: number }> {
    const total = await this.repo.sentCount(scope.nodeId, this.senderFilter(scope));
    const rows = await this.repo.sentPage(scope.nodeId, this.senderFilter(scope), pageSize, (page - 1) * pageSize);
    return { items: rows.map((r) => this.sentOf(r)), total };
  }

  async reads(scope: TAgentScope, id: number): Promise<TNotificationReads> {
    const row = await this.repo.sentOne(scope.nodeId, this.senderFilter(scope), id);
    if (!row) throw notFound();
    const deliveries = await this.repo.deliveries(id, scope.path);
    return {
      notification: this.sentOf(row),
      deliveries: deliveries.map((d) => ({
        restaurant: { xid: String(d.xid), name: String(d.name) },
        readAt: isoOrNull(d.read_at),
        readBy: d.read_at ? strOrNull(d.reader) : null,
      })),
    };
  }

  // --- the restaurant's side ---------------------------------------------------------------------

  async inbox(auth: AuthContext): Promise<TInboxResponse> {
    const restaurantId = requireRestaurantId(auth);
    const rows = await this.repo.inbox(restaurantId);
    const unread = await this.repo.unreadCount(restaurantId);
    return {
      unread,
      items: rows.map((r) => ({
        id: num(r.id),
        from: String(r.sender),
        messageEn: String(r.message_en),
        messageZh: String(r.message_zh),
        fileName: strOrNull(r.file_name),
        sentAt: isoOrNull(r.created_at) ?? '',
        readAt: isoOrNull(r.read_at),
      })),
    };
  }

  /** Marks the restaurant's copy read (the first reader and time are kept). */
  async markRead(auth: AuthContext, id: number): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    if (!(await this.repo.markRead(id, restaurantId, auth.userId, now))) throw notFound();
    return { ok: true };
  }

  /** The file, for a restaurant it was sent to or for the agent who sent it. */
  async file(auth: AuthContext, id: number, scope: TAgentScope | null) {
    const file = await this.repo.file(
      id,
      scope !== null ? { nodeId: scope.nodeId } : { restaurantId: requireRestaurantId(auth) },
    );
    if (!file) throw notFound();
    return file;
  }
}
