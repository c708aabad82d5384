import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPencil, IconSearch, IconUserMinus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ORG_LEVEL_LABELS } from '@crewplan/domain/org/levels';
import { departmentChangeError, officeChangeError } from '@crewplan/domain/org/rules';
import { ApiError } from '../../lib/api-error.ts';
import { setParams } from '../../lib/url-state.ts';
import {
  orgPeopleQuery,
  refreshOrg,
  removePerson,
  useUpdatePerson,
  type OrgDetail,
  type OrgLevel,
  type OrgPerson,
  type OrgPersonChange,
  type PeopleFilters,
} from './api.ts';
import { clearedOrgParams, namesOf } from './org-rules.ts';
import { assignableLevels, pageCount, PEOPLE_PAGE_SIZE, rangeText } from './org-edit-rules.ts';
import { EmailSection, EndDateSection, LeaveAmountsEditor, PreServiceInput } from './PersonDatesAndLeave.tsx';
import { FormError } from '../../components/FormError.tsx';

/** Filter dropdowns of the people table open 300 wide (spec section 2). */
const FILTER_MENU = { width: 300, position: 'bottom-start' as const };

const live = <T extends { isDeleted: boolean }>(items: readonly T[]) => items.filter((item) => !item.isDeleted);
const options = (items: readonly { _id: string; title?: string; name?: string }[]) =>
  items.map((item) => ({ value: item._id, label: item.title ?? item.name ?? '' }));

export function PeopleTab({ org }: { org: OrgDetail }) {
  const [filters, setFilters] = useState<PeopleFilters>({});
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const offset = (page - 1) * PEOPLE_PAGE_SIZE;
  const people = useQuery({
    ...orgPeopleQuery(org._id, { ...filters, search: debouncedSearch, limit: PEOPLE_PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  const answeredTotal = people.data?.total;
  // a page past the end (people left, a filter narrowed) falls back to the last one
  if (answeredTotal !== undefined && page > pageCount(answeredTotal)) setPage(pageCount(answeredTotal));
  const filter = (patch: PeopleFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const [editing, setEditing] = useState<OrgPerson | null>(null);
  const [removing, setRemoving] = useState<OrgPerson | null>(null);
  const departments = live(org.departments);
  const offices = live(org.offices);
  const programs = live(org.programs);
  const roles = live(org.roles);

  return (
    <Stack>
      <Group align="end">
        <TextInput
          label="Search people"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={240}
        />
        <Select
          label="Department"
          placeholder="All departments"
          data={options(departments)}
          value={filters.department ?? null}
          onChange={(department) => filter({ department })}
          clearable
          searchable
          comboboxProps={FILTER_MENU}
          w={200}
        />
        <Select
          label="Office"
          placeholder="All offices"
          data={options(offices)}
          value={filters.office ?? null}
          onChange={(office) => filter({ office })}
          clearable
          searchable
          comboboxProps={FILTER_MENU}
          w={200}
        />
        <Select
          label="Program"
          placeholder="All programs"
          data={options(programs)}
          value={filters.program ?? null}
          onChange={(program) => filter({ program })}
          clearable
          searchable
          comboboxProps={FILTER_MENU}
          w={200}
        />
      </Group>
      {people.isError && <FormError>{people.error.message}</FormError>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-label="People of the organisation" data-testid="org-people">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Permission</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Departments</Table.Th>
              <Table.Th>Office</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.data?.people.map((person) => {
              const name = `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email;
              return (
                <Table.Tr key={person._id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={person.ref.avatar} alt="" size="sm" radius="xl" color="brand">
                        {name.charAt(0).toUpperCase()}
                      </Avatar>
                      <div>
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {person.email}
                        </Text>
                      </div>
                      {person.endDate && (
                        <Badge variant="light" color="gray" size="sm">
                          Leaves {person.endDate}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={person.level === 'ADMIN' ? 'brand' : 'gray'}>
                      {ORG_LEVEL_LABELS[person.level]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{namesOf(person.role ? [person.role] : [], org.roles).join('') || '—'}</Table.Td>
                  <Table.Td>{namesOf(person.departments, org.departments).join(', ') || '—'}</Table.Td>
                  <Table.Td>{namesOf(person.office ? [person.office] : [], org.offices).join('') || '—'}</Table.Td>
                  <Table.Td>
                    {(person.abilities.update || person.abilities.remove || person.abilities.changeEmail) && (
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
                            <IconDots size={18} aria-hidden="true" />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {(person.abilities.update || person.abilities.changeEmail) && (
                            <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(person)}>
                              Edit
                            </Menu.Item>
                          )}
                          {person.abilities.remove && (
                            <Menu.Item
                              color="red"
                              leftSection={<IconUserMinus size={16} aria-hidden="true" />}
                              onClick={() => setRemoving(person)}
                            >
                              Remove from organisation
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {people.data && people.data.people.length === 0 && <Text c="dimmed">Nobody matches these filters.</Text>}
      {people.data && people.data.total > PEOPLE_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="org-people-range">
            {rangeText(offset, people.data.people.length, people.data.total)}
          </Text>
          <Pagination
            total={pageCount(people.data.total)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
      {editing && <EditPersonModal org={org} person={editing} roles={roles} onClose={() => setEditing(null)} />}
      {removing && <RemovePersonModal org={org} person={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}

function EditPersonModal({
  org,
  person,
  roles,
  onClose,
}: {
  org: OrgDetail;
  person: OrgPerson;
  roles: OrgDetail['roles'];
  onClose: () => void;
}) {
  const update = useUpdatePerson(org._id);
  const [change, setChange] = useState<OrgPersonChange>({});
  const [tagError, setTagError] = useState<{ departments?: string; office?: string }>({});
  const value = <K extends keyof OrgPersonChange>(key: K, fallback: NonNullable<OrgPersonChange[K]> | null) =>
    (key in change ? change[key] : fallback) as OrgPersonChange[K];
  const set = (patch: OrgPersonChange) => setChange((c) => ({ ...c, ...patch }));
  const editor = org.me ?? { level: 'MEMBER' as OrgLevel, accessibleDepartments: [], accessibleOffices: [] };
  const departments = value('departments', person.departments) ?? [];
  const office = value('office', person.office) ?? null;
  const canGrant = person.abilities.grant;
  const canEdit = person.abilities.update;
  const canEditLeave = person.abilities.editLeave;
  // only the levels the server lets this editor hand out (a limited manager: member and observers)
  const levels = assignableLevels(org.me, person.level);
  const name = `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email;

  // the tag editors refuse a change the editor may not make, with the spec's words
  const changeDepartments = (next: string[]) => {
    const error = departmentChangeError(editor, departments, next);
    setTagError((e) => ({ ...e, departments: error ?? undefined }));
    if (error) notifications.show({ message: error, color: 'red' });
    else set({ departments: next });
  };
  const changeOffice = (next: string | null) => {
    const error = officeChangeError(editor, office, next);
    setTagError((e) => ({ ...e, office: error ?? undefined }));
    if (error) notifications.show({ message: error, color: 'red' });
    else set({ office: next });
  };

  const save = () =>
    update.mutate(
      { personId: person.ref._id, change: { ...change } },
      {
        onSuccess: () => {
          notifications.show({ message: `${name} is updated.` });
          onClose();
        },
      },
    );

  const detailsChanged = Object.keys(change).length > 0;
  const firstTab = canEdit ? 'details' : person.abilities.remove ? 'dates' : 'email';

  return (
    <Modal opened onClose={onClose} title={`Edit ${name}`} size="lg">
      <Tabs defaultValue={firstTab} keepMounted={false}>
        <Tabs.List mb="md">
          {canEdit && <Tabs.Tab value="details">Details</Tabs.Tab>}
          {(canEditLeave || person.abilities.remove) && <Tabs.Tab value="dates">Dates and leave</Tabs.Tab>}
          {person.abilities.changeEmail && <Tabs.Tab value="email">Email</Tabs.Tab>}
        </Tabs.List>
        {canEdit && (
          <Tabs.Panel value="details">
            <Stack>
              {canGrant && (
                <Select
                  label="Permission"
                  data={levels.map((level) => ({ value: level, label: ORG_LEVEL_LABELS[level] }))}
                  value={value('permission', person.level)}
                  onChange={(level) => level && set({ permission: level as OrgLevel })}
                  allowDeselect={false}
                />
              )}
              <Select
                label="Role"
                placeholder="No role"
                data={options(roles)}
                value={value('role', person.role)}
                onChange={(role) => set({ role })}
                clearable
                searchable
              />
              <MultiSelect
                label="Departments"
                placeholder="Add a department"
                data={options(live(org.departments))}
                value={departments}
                onChange={changeDepartments}
                searchable
              />
              {tagError.departments && <FormError>{tagError.departments}</FormError>}
              <Select
                label="Office"
                placeholder="No office"
                data={options(live(org.offices))}
                value={office}
                onChange={changeOffice}
                clearable
                searchable
              />
              {tagError.office && <FormError>{tagError.office}</FormError>}
              {canGrant && (
                <>
                  <MultiSelect
                    label="Accessible departments"
                    description="Limits what this person manages; empty means all."
                    data={options(live(org.departments))}
                    value={value('accessibleDepartments', person.accessibleDepartments) ?? []}
                    onChange={(accessibleDepartments) => set({ accessibleDepartments })}
                    searchable
                  />
                  <MultiSelect
                    label="Accessible offices"
                    description="Empty means all."
                    data={options(live(org.offices))}
                    value={value('accessibleOffices', person.accessibleOffices) ?? []}
                    onChange={(accessibleOffices) => set({ accessibleOffices })}
                    searchable
                  />
                  <Group>
                    <Checkbox
                      label="Can approve roles"
                      checked={value('canApproveRoles', person.canApproveRoles) ?? false}
                      onChange={(e) => set({ canApproveRoles: e.currentTarget.checked })}
                    />
                    <Checkbox
                      label="Can approve leaves"
                      checked={value('canApproveLeaves', person.canApproveLeaves) ?? false}
                      onChange={(e) => set({ canApproveLeaves: e.currentTarget.checked })}
                    />
                    <Checkbox
                      label="Can manage goals"
                      checked={value('canManageGoals', person.canManageGoals) ?? false}
                      onChange={(e) => set({ canManageGoals: e.currentTarget.checked })}
                    />
                    <Checkbox
                      label="Can create projects"
                      checked={value('canCreateProjects', person.canCreateProjects) ?? false}
                      onChange={(e) => set({ canCreateProjects: e.currentTarget.checked })}
                    />
                  </Group>
                </>
              )}
            </Stack>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="dates">
          <Stack>
            {canEditLeave && (
              <>
                <TextInput
                  label="Start date"
                  type="date"
                  value={value('startDate', person.startDate) ?? ''}
                  onChange={(e) => set({ startDate: e.currentTarget.value || null })}
                />
                <PreServiceInput
                  value={value('yearsOfPreService', person.yearsOfPreService) ?? null}
                  onChange={(yearsOfPreService) => set({ yearsOfPreService })}
                />
                <LeaveAmountsEditor
                  codes={org.leaveCodes}
                  value={value('leaveAmounts', person.leaveAmounts) ?? null}
                  onChange={(leaveAmounts) => set({ leaveAmounts })}
                />
              </>
            )}
            {person.abilities.remove && <EndDateSection orgId={org._id} person={person} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="email">
          <EmailSection orgId={org._id} person={person} />
        </Tabs.Panel>
      </Tabs>
      <Stack mt="md">
        {update.isError && (
          <Alert color="red" role="alert">
            {update.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {detailsChanged ? 'Cancel' : 'Done'}
          </Button>
          {canEdit && (
            <Button onClick={save} loading={update.isPending} disabled={!detailsChanged}>
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function RemovePersonModal({ org, person, onClose }: { org: OrgDetail; person: OrgPerson; onClose: () => void }) {
  const [removeFromMissions, setRemoveFromMissions] = useState(false);
  // the server says when the only admin leaves: the organisation would be deleted
  const [onlyAdminWarning, setOnlyAdminWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const name = `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email;

  const remove = async (confirmDeleteOrganisation: boolean) => {
    setPending(true);
    setError(null);
    try {
      const result = await removePerson(org._id, person.ref._id, { removeFromMissions, confirmDeleteOrganisation });
      onClose();
      if (result.organisationDeleted) {
        notifications.show({ message: `${org.title} was deleted.` });
        setParams(clearedOrgParams());
      } else notifications.show({ message: `${name} leaves the organisation tomorrow.` });
      await refreshOrg(org._id);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'org/only-admin-leaving') setOnlyAdminWarning(caught.message);
      else setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Remove ${name}?`}>
      <Stack>
        <Text size="sm">Their membership ends tomorrow.</Text>
        <Checkbox
          label="Also remove them from the organisation's projects"
          checked={removeFromMissions}
          onChange={(e) => setRemoveFromMissions(e.currentTarget.checked)}
        />
        {onlyAdminWarning && (
          <Alert color="red" role="alert" title="The organisation would be deleted">
            {onlyAdminWarning}
          </Alert>
        )}
        {error && <FormError>{error}</FormError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {onlyAdminWarning ? (
            <Button color="red" loading={pending} onClick={() => void remove(true)}>
              Delete the organisation
            </Button>
          ) : (
            <Button color="red" loading={pending} onClick={() => void remove(false)} data-autofocus>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
