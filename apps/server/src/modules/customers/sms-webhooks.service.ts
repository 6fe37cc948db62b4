import { classifyInboundSms } from '@ra/shared/customers/sms';
import { normalizePhone } from '@ra/shared/customers/customers.schemas';
import type { Clock } from '../../lib/clock.ts';
import type { CampaignsRepository } from './campaigns.repository.ts';
import { referenceOfCallback } from './sms-sender.ts';

/**
 * What the SMS provider posts back (signatures verified by the routes): each message's delivery
 * status, and inbound texts, where STOP-like words opt a number out and START-like words back in.
 */
export class SmsWebhooksService {
  constructor(private readonly deps: { repo: CampaignsRepository; clock: Clock }) {}

  private get repo() {
    return this.deps.repo;
  }

  /**
   * The provider's delivery status for one message (signed; verified by the route). `url` is the
   * callback URL as called: its `ref` names the recipient, so a message whose SID we never recorded
   * (a crash right after the provider accepted it) is attached to its row first.
   */
  async statusCallback(params: Record<string, string>, url = ''): Promise<void> {
    const sid = params.MessageSid;
    const status = params.MessageStatus;
    if (!sid || !status) return;
    const ref = referenceOfCallback(url);
    if (ref) await this.repo.recordSidByReference(ref.campaignId, ref.phone, sid, this.deps.clock.now());
    if (status === 'delivered') {
      await this.repo.markDelivered(sid, this.deps.clock.now());
    } else if (status === 'failed' || status === 'undelivered') {
      await this.repo.markUndelivered(
        sid,
        `${status}${params.ErrorCode ? ` (${params.ErrorCode})` : ''}`,
        this.deps.clock.now(),
      );
    }
  }

  /** An inbound text to the platform's number: STOP-like words opt out, START-like words opt back in. */
  async inbound(params: Record<string, string>): Promise<'optOut' | 'optIn' | 'help' | null> {
    const phone = normalizePhone(params.From);
    const body = params.Body ?? '';
    const kind = classifyInboundSms(body);
    if (!phone || !kind) return null;
    if (kind === 'help') return kind;
    const at = this.deps.clock.now();
    await this.repo.transaction(async (repo) => {
      if (kind === 'optOut') await repo.optOut(phone, at);
      else await repo.optIn(phone);
      await repo.recordOptEvent(phone, kind, body.slice(0, 160), at);
    });
    return kind;
  }
}
