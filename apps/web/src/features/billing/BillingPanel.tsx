import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { BILLING_MESSAGES, SEAT_LABELS, type BillingDetails, type SubscriptionView } from '@crewplan/domain/billing/billing';
import { TRIAL_MESSAGES } from '@crewplan/domain/org/licence';
import { FormError } from '../../components/FormError.tsx';
import { ApiError } from '../../lib/api-error.ts';
import {
  subscriptionQuery,
  usageQuery,
  useAttachMethod,
  useCancel,
  useDetachMethod,
  useRedeemCode,
  useSaveCustomer,
  useStartTrial,
  useSubscribe,
} from './api.ts';
import { dollars, newIdempotencyKey, owesPeriod, runsPaidSubscription, STATUS_LABELS, subscribedNotice } from './format.ts';
import { formatLocalDay } from '../../lib/days.ts';

// a trial is of the Unlimited plan: its status badge says 'Free trial' beside it
const PLAN_LABELS = { free: 'Free plan', trial: 'Unlimited', unlimited: 'Unlimited' } as const;

/** The subscription and billing area of an organisation (its admins): plan, seats, details, payment methods, usage. */
export default function BillingPanel({ orgId }: { orgId: string }) {
  const subscription = useQuery(subscriptionQuery(orgId));
  if (subscription.isError) return <FormError>{subscription.error.message}</FormError>;
  const view = subscription.data;
  if (!view) return <Text c="dimmed">Loading billing…</Text>;
  return (
    <Stack gap="xl" data-testid="billing-panel">
      {!view.configured && (
        <Alert color="yellow" title="Payments are not configured" data-testid="billing-not-configured">
          {BILLING_MESSAGES.notConfigured} The plan, seats and billing details below can still be read and saved.
        </Alert>
      )}
      <PlanSection orgId={orgId} view={view} />
      {!view.offerCode && <OfferCodeForm orgId={orgId} />}
      <SeatsSection view={view} />
      <DetailsSection orgId={orgId} initial={view.customer} />
      <PaymentMethodsSection orgId={orgId} view={view} />
      <UsageSection orgId={orgId} />
    </Stack>
  );
}

function PlanSection({ orgId, view }: { orgId: string; view: SubscriptionView }) {
  const subscribe = useSubscribe(orgId);
  const trial = useStartTrial(orgId);
  const cancel = useCancel(orgId);
  const [key, setKey] = useState(newIdempotencyKey);
  const [aiAddon, setAiAddon] = useState(false);
  const paid = runsPaidSubscription(view);
  const canSubscribe = view.configured && !paid && view.customer !== null;
  const startTrial = () =>
    trial.mutate(undefined, {
      onSuccess: () => notifications.show({ message: 'Your free trial has started.', color: 'green', autoClose: 4000 }),
      onError: (error) =>
        notifications.show({
          message: error.message,
          color: 'red',
          autoClose: error instanceof ApiError && error.message === TRIAL_MESSAGES.verifyFirst ? 13_000 : 3000,
        }),
    });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="billing-plan-title">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4" id="billing-plan-title">
            Plan
          </Title>
          <Group gap="xs" mt="xs">
            <Badge size="lg" variant="light" data-testid="billing-plan">
              {PLAN_LABELS[view.plan]}
            </Badge>
            <Badge
              variant="outline"
              // a deep red: the default shade's text falls below AA contrast on white
              color={owesPeriod(view) ? 'red.9' : 'gray'}
              data-testid="billing-status"
            >
              {STATUS_LABELS[view.status]}
            </Badge>
          </Group>
          {view.trialEndsAt && view.status === 'trialing' && (
            <Text size="sm" c="dimmed" mt="xs">
              The free trial ends on {formatLocalDay(view.trialEndsAt)}.
            </Text>
          )}
          {/* a subscription ended now (its period unpaid) does not renew */}
          {view.currentPeriodEnd && (paid || view.cancelAtPeriodEnd) && (
            <Text size="sm" c="dimmed" mt="xs">
              {view.cancelAtPeriodEnd ? 'Ends' : 'Renews'} on {formatLocalDay(view.currentPeriodEnd)}.
            </Text>
          )}
        </div>
        <Stack gap="xs" align="flex-end">
          {!view.trialStartedOn && view.plan === 'free' && (
            <Button variant="light" loading={trial.isPending} onClick={startTrial}>
              Start free 30-day trial
            </Button>
          )}
          {/* an offer code already gives Unlimited: paying for it as well is not offered */}
          {!paid && !view.offerCode && (
            <>
              <Checkbox
                label="AI add-on (+$8.99 per month)"
                checked={aiAddon}
                onChange={(event) => setAiAddon(event.currentTarget.checked)}
              />
              <Button
                disabled={!canSubscribe}
                loading={subscribe.isPending}
                onClick={() =>
                  subscribe.mutate(
                    { idempotencyKey: key, aiAddon },
                    {
                      onSuccess: (answer) => {
                        setKey(newIdempotencyKey());
                        notifications.show(subscribedNotice(answer));
                      },
                    },
                  )
                }
              >
                Upgrade to Unlimited
              </Button>
              {view.configured && view.customer === null && (
                <Text size="xs" c="dimmed">
                  {BILLING_MESSAGES.noCustomer}
                </Text>
              )}
            </>
          )}
          {paid && !view.cancelAtPeriodEnd && (
            <Button variant="default" color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel subscription
            </Button>
          )}
          {paid && owesPeriod(view) && (
            <Text size="xs" c="dimmed" maw={280} ta="right" data-testid="billing-cancel-ends-now">
              {BILLING_MESSAGES.cancelEndsNow}
            </Text>
          )}
        </Stack>
      </Group>
      {subscribe.isError && <FormError>{subscribe.error.message}</FormError>}
      {cancel.isError && <FormError>{cancel.error.message}</FormError>}
    </Paper>
  );
}

/**
 * Redeeming an offer code activates the licence (rule 113: organisation admins and managers). Exported for the
 * organisation screen to offer to managers, who do not see the rest of billing.
 */
export function OfferCodeForm({ orgId }: { orgId: string }) {
  const redeem = useRedeemCode(orgId);
  const [code, setCode] = useState('');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="billing-code-title">
      <Title order={2} size="h4" id="billing-code-title" mb="sm">
        Offer code
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          redeem.mutate(code.trim(), {
            onSuccess: () => {
              setCode('');
              notifications.show({ message: 'Your code is redeemed: the organization is on Unlimited.', color: 'green' });
            },
          });
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={code.trim().length < 4} loading={redeem.isPending}>
            Redeem code
          </Button>
        </Group>
      </form>
      {redeem.isError && <FormError>{redeem.error.message}</FormError>}
    </Paper>
  );
}

function SeatsSection({ view }: { view: SubscriptionView }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="billing-seats-title">
      <Title order={2} size="h4" id="billing-seats-title" mb="xs">
        Seats
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every current member is a seat by their level; limited organisation observers are free.
      </Text>
      <Table aria-label="Seats and prices" data-testid="billing-seats">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Level</Table.Th>
            <Table.Th ta="right">Seats</Table.Th>
            <Table.Th ta="right">Per month</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.price.lines.map((line) => (
            <Table.Tr key={line.kind}>
              <Table.Td>{line.kind in SEAT_LABELS ? SEAT_LABELS[line.kind as keyof typeof SEAT_LABELS] : line.label}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{dollars(line.unitMinor)}</Table.Td>
              <Table.Td ta="right">{dollars(line.amountMinor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total per month</Table.Th>
            <Table.Th ta="right" data-testid="billing-total">
              {dollars(view.price.totalMinor)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}

const EMPTY: BillingDetails = {
  billing_name: '',
  billing_email: '',
  billing_org_name: '',
  billing_country: '',
  billing_zip: '',
  vat_number: '',
};

function DetailsSection({ orgId, initial }: { orgId: string; initial: BillingDetails | null }) {
  const save = useSaveCustomer(orgId);
  const [values, setValues] = useState<BillingDetails>(initial ?? EMPTY);
  const field = (name: keyof BillingDetails) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.currentTarget.value }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="billing-details-title">
      <Title order={2} size="h4" id="billing-details-title" mb="sm">
        Billing details
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(values, { onSuccess: () => notifications.show({ message: 'Billing details saved.' }) });
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...field('billing_name')} />
          <TextInput label="Email" type="email" required {...field('billing_email')} />
          <TextInput label="Organisation" {...field('billing_org_name')} />
          <TextInput label="Country code" description="Two letters, e.g. DE" required maxLength={2} {...field('billing_country')} />
          <TextInput label="Zip" {...field('billing_zip')} />
          <TextInput label="VAT number" {...field('vat_number')} />
        </SimpleGrid>
        {save.isError && <FormError>{save.error.message}</FormError>}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending}>
            Save billing details
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function PaymentMethodsSection({ orgId, view }: { orgId: string; view: SubscriptionView }) {
  const attach = useAttachMethod(orgId);
  const detach = useDetachMethod(orgId);
  const [id, setId] = useState('');
  const [makeDefault, setMakeDefault] = useState<string | null>('default');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="billing-methods-title">
      <Title order={2} size="h4" id="billing-methods-title" mb="sm">
        Payment methods
      </Title>
      {view.paymentMethods.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment method yet.
        </Text>
      ) : (
        <Table aria-label="Payment methods" mb="md">
          <Table.Tbody>
            {view.paymentMethods.map((method) => (
              <Table.Tr key={method.id}>
                <Table.Td tt="capitalize">{method.brand}</Table.Td>
                <Table.Td>•••• {method.last4}</Table.Td>
                <Table.Td>
                  {method.expMonth}/{method.expYear}
                </Table.Td>
                <Table.Td>{method.isDefault && <Badge variant="light">Default</Badge>}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={detach.isPending && detach.variables === method.id}
                    onClick={() => detach.mutate(method.id)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" mt="sm">
        <TextInput
          label="Payment method id"
          description="The id the payment provider gave the card (pm_…)"
          value={id}
          onChange={(event) => setId(event.currentTarget.value.trim())}
          disabled={!view.configured}
          style={{ flex: 1 }}
        />
        <Select
          label="As"
          data={[
            { value: 'default', label: 'Default' },
            { value: 'replace', label: 'Default, removing the old one' },
            { value: 'extra', label: 'Extra' },
          ]}
          value={makeDefault}
          onChange={setMakeDefault}
          disabled={!view.configured}
          allowDeselect={false}
        />
        <Button
          disabled={!view.configured || !id}
          loading={attach.isPending}
          onClick={() =>
            attach.mutate(
              { id, setDefault: makeDefault !== 'extra', detachDefault: makeDefault === 'replace' },
              { onSuccess: () => setId('') },
            )
          }
        >
          Add payment method
        </Button>
      </Group>
      {attach.isError && <FormError>{attach.error.message}</FormError>}
      {detach.isError && <FormError>{detach.error.message}</FormError>}
    </Paper>
  );
}

function UsageSection({ orgId }: { orgId: string }) {
  const usage = useQuery(usageQuery(orgId));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="billing-usage-title">
      <Title order={2} size="h4" id="billing-usage-title" mb="xs">
        Usage
      </Title>
      <Text size="sm" data-testid="billing-usage">
        {usage.data
          ? `${usage.data.storageGb.toFixed(2)} GB of storage in ${usage.data.files} ${usage.data.files === 1 ? 'file' : 'files'}`
          : '…'}
      </Text>
    </Paper>
  );
}
