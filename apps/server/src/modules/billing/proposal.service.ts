import { and, eq, ne } from 'drizzle-orm';
import { runMissionCommand } from '../../commands/index.ts';
import { missions, proposalPayments } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { oncePerKey } from './billing.queries.ts';
import { connectedAccountId } from './connect.service.ts';
import { callProvider, requireProvider } from './provider.ts';

export type ProposalPayment = {
  _id: string;
  mission: string;
  status: 'pending' | 'succeeded' | 'withdrawn';
  amountMinor: number;
  currency: string;
  clientSecret: string | null;
};

/**
 * `POST /mission/:id/proposal/pay` (rule 204): pays the proposal's budget, in its currency, to the organisation's
 * connected account; once per idempotency key (kept, and passed to the provider), and once per proposal until withdrawn.
 */
export async function payProposal(
  ctx: AppContext,
  access: MissionAccess,
  body: { idempotency_key: string; paymentMethodId?: string },
): Promise<ProposalPayment> {
  const provider = requireProvider(ctx);
  const mission = access.mission;
  if (!mission.isProposal) throw appError('notAProposal');
  if (!mission.budgetAvailableMinor || mission.budgetAvailableMinor <= 0) throw appError('proposalWithoutAmount');
  const orgId = mission.orgId;
  const destination = orgId ? await connectedAccountId(ctx, orgId) : null;
  if (!orgId || !destination) throw appError('proposalWithoutConnectedAccount');
  return runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    // two payers at once take turns (with no payment yet there is no row to lock): the second is told it is paid,
    // rather than charged a second time at the provider
    await tx.select({ id: missions.id }).from(missions).where(eq(missions.id, mission.id)).for('update');
    const { result } = await oncePerKey(tx, `proposal:${mission.id}`, body.idempotency_key, body, async () => {
      const [open] = await tx
        .select()
        .from(proposalPayments)
        .where(and(eq(proposalPayments.missionId, mission.id), ne(proposalPayments.status, 'withdrawn')))
        .for('update');
      if (open) throw appError('proposalAlreadyPaid');
      const id = newId();
      const intent = await callProvider(() =>
        provider.createPaymentIntent({
          amountMinor: mission.budgetAvailableMinor!,
          currency: mission.currency,
          destinationAccountId: destination,
          paymentMethodId: body.paymentMethodId,
          metadata: { proposalPaymentId: id, missionId: mission.id },
          // the provider keeps keys for its whole account: scoped to the proposal, two proposals' keys never meet
          idempotencyKey: `${mission.id}-${body.idempotency_key}`,
        }),
      );
      const status = intent.status === 'succeeded' ? 'succeeded' : 'pending';
      await tx.insert(proposalPayments).values({
        id,
        missionId: mission.id,
        orgId,
        paidBy: access.personId,
        paymentIntentId: intent.id,
        status,
        amountMinor: mission.budgetAvailableMinor!,
        currency: mission.currency,
      });
      record({
        action: 'update',
        entity: 'missions',
        id: mission.id,
        title: mission.title,
        changes: { proposalPayment: { from: null, to: status } },
      });
      return {
        _id: id,
        mission: mission.id,
        status,
        amountMinor: mission.budgetAvailableMinor!,
        currency: mission.currency,
        clientSecret: intent.clientSecret,
      };
    });
    return result as ProposalPayment;
  });
}

/** `DELETE /mission/:id/proposal/pay`: the payer withdraws the proposal's payment (cancelled, or refunded once taken). */
export async function withdrawProposalPayment(ctx: AppContext, access: MissionAccess): Promise<ProposalPayment> {
  const provider = requireProvider(ctx);
  const mission = access.mission;
  return runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    const [payment] = await tx
      .select()
      .from(proposalPayments)
      .where(and(eq(proposalPayments.missionId, mission.id), ne(proposalPayments.status, 'withdrawn')))
      .for('update');
    if (!payment) throw appError('noProposalPayment');
    if (payment.paidBy !== access.personId) throw appError('notYourPayment');
    await callProvider(() => provider.withdrawPaymentIntent(payment.paymentIntentId));
    await tx.update(proposalPayments).set({ status: 'withdrawn' }).where(eq(proposalPayments.id, payment.id));
    record({
      action: 'update',
      entity: 'missions',
      id: mission.id,
      title: mission.title,
      changes: { proposalPayment: { from: payment.status, to: 'withdrawn' } },
    });
    return {
      _id: payment.id,
      mission: mission.id,
      status: 'withdrawn',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      clientSecret: null,
    };
  });
}
